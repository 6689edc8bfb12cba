#include "report.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace bonework::peers {
namespace {

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}
std::string percent(double share) { return fixed(100.0 * share, 1) + "%"; }
std::string ratio(double r) { return fixed(r, r < 0.1 ? 3 : 2) + "x"; }
std::string nanoseconds(double ns)
{
    if (ns >= 1e6)
        return fixed(ns / 1e6, 2) + " ms";
    if (ns >= 1e4)
        return fixed(ns / 1e3, 1) + " us";
    if (ns >= 1e3)
        return fixed(ns / 1e3, 2) + " us";
    return fixed(ns, 0) + " ns";
}

// A Markdown table with padded columns (readable as text, pasteable into the docs).
class Table {
public:
    explicit Table(std::vector<std::string> header) : m_rows{std::move(header)} {}
    void add(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }
    void print(std::FILE* out) const
    {
        std::vector<std::size_t> width(m_rows.front().size(), 3);
        for (const auto& row : m_rows)
            for (std::size_t i = 0; i < row.size(); ++i)
                width[i] = std::max(width[i], row[i].size());
        for (std::size_t r = 0; r < m_rows.size(); ++r) {
            std::fputs("|", out);
            for (std::size_t i = 0; i < width.size(); ++i)
                std::fprintf(out, " %-*s |", static_cast<int>(width[i]), m_rows[r][i].c_str());
            std::fputs("\n", out);
            if (r == 0) {
                std::fputs("|", out);
                for (std::size_t w : width)
                    std::fprintf(out, "%s|", std::string(w + 2, '-').c_str());
                std::fputs("\n", out);
            }
        }
        std::fputs("\n", out);
    }

private:
    std::vector<std::vector<std::string>> m_rows;
};

const ColdRow* findCold(const PeerResults& r, const std::string& name, int bones, bool limits)
{
    for (const ColdRow& row : r.cold)
        if (row.contender == name && row.bones == bones && row.limits == limits)
            return &row;
    return nullptr;
}

} // namespace

std::vector<Goal> judgeGoals(const PeerResults& r)
{
    std::vector<Goal> goals;
    {
        Goal g;
        g.goal = "every solver's cold reach on limited chains >= KDL LMA's, at <= 0.3x its time";
        double worst = 0.0;
        std::string worstWhere, misses;
        double lmaLegalLow = 1.0, lmaLegalHigh = 0.0;
        for (const ColdRow& row : r.cold) {
            if (row.contender == "KDL LMA" && row.limits) {
                lmaLegalLow = std::min(lmaLegalLow, row.legal);
                lmaLegalHigh = std::max(lmaLegalHigh, row.legal);
            }
        }
        const std::string lmaLegal = percent(lmaLegalLow) + " to " + percent(lmaLegalHigh) + " of the cases";
        for (const ColdRow& row : r.cold) {
            if (!row.bonework || !row.limits)
                continue;
            const ColdRow* lma = findCold(r, "KDL LMA", row.bones, true);
            if (!lma)
                continue;
            g.judged = true;
            const std::string where = row.contender + "/" + std::to_string(row.bones);
            if (row.ratioToLma > worst) {
                worst = row.ratioToLma;
                worstWhere = where;
            }
            if (row.reach + 1e-12 < lma->reach)
                misses += " " + where + " reaches " + percent(row.reach) + " < " + percent(lma->reach) + ";";
            if (row.ratioToLma > 0.3)
                misses += " " + where + " at " + ratio(row.ratioToLma) + ";";
        }
        g.met = g.judged && misses.empty();
        g.measured = "largest time ratio " + ratio(worst) + " (" + worstWhere + ")" + (misses.empty() ? "; reach never below LMA's" : ";" + misses)
                     + " (LMA's poses keep the limits in " + lmaLegal + ")";
        goals.push_back(g);
    }
    for (bool limits : {true, false}) {
        Goal g;
        const double bound = limits ? 1.5 : 1.2;
        g.goal = std::string("two-bone ") + (limits ? "with limits <= 1.5x" : "without limits <= 1.2x")
                 + " the plain law of cosines as a solve";
        std::string parts, bare;
        bool met = true;
        for (const TwoBoneRow& row : r.twoBone) {
            if (row.limits != limits)
                continue;
            g.judged = true;
            parts += (parts.empty() ? "" : ", ") + row.targets + " " + ratio(row.ratioToSolve);
            bare += (bare.empty() ? "" : ", ") + row.targets + " " + ratio(row.ratio);
            met = met && row.ratioToSolve <= bound;
        }
        g.met = g.judged && met;
        g.measured = parts + " (the function alone: " + bare + ")";
        goals.push_back(g);
    }
    {
        Goal g;
        g.goal = "forward kinematics <= 1.3x the plain loop (over each joint's cos/sin)";
        double worst = 0.0, best = 1e300;
        for (const FkRow& row : r.forwardKinematics) {
            g.judged = true;
            worst = std::max(worst, row.ratioToCached);
            best = std::min(best, row.ratioToCached);
        }
        g.met = g.judged && worst <= 1.3;
        if (g.judged)
            g.measured = ratio(best) + " to " + ratio(worst) + " over the rigs";
        goals.push_back(g);
    }
    return goals;
}

int illegalBoneworkResults(const PeerResults& r)
{
    int illegal = 0;
    for (const ColdRow& row : r.cold)
        if (row.bonework)
            illegal += static_cast<int>(std::lround((1.0 - row.legal) * row.cases));
    for (const TwoBoneRow& row : r.twoBone)
        if (row.targets != "all")
            illegal += static_cast<int>(std::lround((1.0 - row.boneworkLegal) * row.solves));
    for (const MovingRow& row : r.moving)
        if (row.bonework)
            illegal += static_cast<int>(std::lround((1.0 - row.legal) * row.frames * row.chains));
    return illegal;
}

void printReport(std::FILE* out, const PeerResults& r, const std::vector<Goal>& goals)
{
    std::fprintf(out, "# Peers in one run%s\n\nTimes are medians; ratios are medians of ratios paired per case or "
                      "round in this run. Clock cost taken off single-solve times: %.0f ns.\n\n",
                 r.quick ? " (--quick: a smoke run, too few cases for figures)" : "", r.clockOverheadNs);
    if (!r.cold.empty()) {
        std::fputs("## Cold solves to reachable targets (tolerance 0.01 px)\n\n", out);
        Table t({"chain", "contender", "cases", "median time", "x KDL LMA", "x KDL NR_JL", "reach", "legal", "reach and legal",
                 "iterations"});
        for (const ColdRow& row : r.cold)
            t.add({std::to_string(row.bones) + (row.limits ? " limits" : " free"), row.contender, std::to_string(row.cases),
                   nanoseconds(row.medianNs), ratio(row.ratioToLma), ratio(row.ratioToNrJl), percent(row.reach),
                   percent(row.legal), percent(row.legalReach), fixed(row.meanIterations, 1)});
        t.print(out);
    }
    if (!r.twoBone.empty()) {
        std::fputs("## two-bone against the plain law of cosines (clamped on limited arms), as a solve and alone\n\n", out);
        Table t({"arm", "targets", "solves", "two-bone", "plain solve", "ratio", "plain alone", "ratio alone",
                 "reach two-bone / plain", "mean error two-bone / plain", "two-bone no farther", "legal two-bone / plain"});
        for (const TwoBoneRow& row : r.twoBone)
            t.add({row.limits ? "limits" : "free", row.targets, std::to_string(row.solves), nanoseconds(row.boneworkNs),
                   nanoseconds(row.plainSolveNs), ratio(row.ratioToSolve), nanoseconds(row.plainNs), ratio(row.ratio),
                   row.targets == "unreachable" || row.targets == "all" ? "" : percent(row.boneworkReach) + " / " + percent(row.plainReach),
                   fixed(row.boneworkMeanError, 2) + " / " + fixed(row.plainMeanError, 2) + " px", percent(row.boneworkNoFarther),
                   percent(row.boneworkLegal) + " / " + percent(row.plainLegal)});
        t.print(out);
    }
    if (!r.forwardKinematics.empty()) {
        std::fputs("## Forward kinematics against plain loops (ns per joint)\n\n", out);
        Table t({"rig", "joints", "bonework", "plain cos/sin loop", "plain loop from angles", "x cos/sin loop", "x loop from angles",
                 "largest difference"});
        for (const FkRow& row : r.forwardKinematics)
            t.add({row.shape, std::to_string(row.joints), fixed(row.boneworkNsPerJoint, 2), fixed(row.cachedNsPerJoint, 2),
                   fixed(row.trigNsPerJoint, 2), ratio(row.ratioToCached), ratio(row.ratioToTrig),
                   fixed(row.largestDifference * 1e9, 2) + " npx"});
        t.print(out);
    }
    if (!r.moving.empty()) {
        std::fputs("## A target circling at 120 Hz, warm starts, limited chains (at most 20 iterations a frame)\n\n", out);
        Table t({"bones", "contender", "chains x frames", "time per frame", "x KDL LMA", "reach", "iterations", "largest turn",
                 "mean largest turn", "mean turn", "legal"});
        for (const MovingRow& row : r.moving)
            t.add({std::to_string(row.bones), row.contender, std::to_string(row.chains) + " x " + std::to_string(row.frames),
                   nanoseconds(row.nsPerFrame), ratio(row.ratioToLma), percent(row.reach), fixed(row.meanIterations, 1),
                   fixed(row.largestTurn, 2) + " deg", fixed(row.meanLargestTurn, 2) + " deg", fixed(row.meanTurn, 3) + " deg",
                   percent(row.legal)});
        t.print(out);
    }
    std::fputs("## Goals (ratios in this run)\n\n", out);
    Table t({"goal", "measured", "met?"});
    for (const Goal& g : goals)
        t.add({g.goal, g.judged ? g.measured : "(not run)", !g.judged ? "-" : g.met ? "yes" : "no"});
    t.print(out);
    for (const ColdRow& row : r.cold)
        if (row.bonework && !row.firstIllegal.empty())
            std::fprintf(out, "ILLEGAL: %s on %d bones: %s\n", row.contender.c_str(), row.bones, row.firstIllegal.c_str());
    for (const MovingRow& row : r.moving)
        if (row.bonework && !row.firstIllegal.empty())
            std::fprintf(out, "ILLEGAL: %s moving on %d bones: %s\n", row.contender.c_str(), row.bones, row.firstIllegal.c_str());
}

nlohmann::json toJson(const PeerResults& r, const std::vector<Goal>& goals)
{
    using nlohmann::json;
    json j;
    j["quick"] = r.quick;
    j["clock_overhead_ns"] = r.clockOverheadNs;
    for (const ColdRow& row : r.cold)
        j["cold"].push_back({{"contender", row.contender}, {"bonework", row.bonework}, {"bones", row.bones}, {"limits", row.limits},
                             {"cases", row.cases}, {"median_ns", row.medianNs}, {"ratio_to_kdl_lma", row.ratioToLma},
                             {"ratio_to_kdl_nr_jl", row.ratioToNrJl}, {"reach", row.reach}, {"legal_reach", row.legalReach},
                             {"mean_iterations", row.meanIterations},
                             {"legal", row.legal}, {"first_illegal", row.firstIllegal}});
    for (const TwoBoneRow& row : r.twoBone)
        j["two_bone"].push_back({{"limits", row.limits}, {"targets", row.targets}, {"solves", row.solves},
                                 {"two_bone_ns", row.boneworkNs}, {"plain_ns", row.plainNs}, {"ratio", row.ratio},
                                 {"plain_solve_ns", row.plainSolveNs}, {"ratio_to_solve", row.ratioToSolve},
                                 {"two_bone_reach", row.boneworkReach}, {"plain_reach", row.plainReach},
                                 {"two_bone_mean_error", row.boneworkMeanError}, {"plain_mean_error", row.plainMeanError},
                                 {"two_bone_no_farther", row.boneworkNoFarther}, {"two_bone_legal", row.boneworkLegal},
                                 {"plain_legal", row.plainLegal}});
    for (const FkRow& row : r.forwardKinematics)
        j["forward_kinematics"].push_back({{"shape", row.shape}, {"joints", row.joints},
                                           {"bonework_ns_per_joint", row.boneworkNsPerJoint},
                                           {"plain_cached_ns_per_joint", row.cachedNsPerJoint},
                                           {"plain_trig_ns_per_joint", row.trigNsPerJoint}, {"ratio_to_cached", row.ratioToCached},
                                           {"ratio_to_trig", row.ratioToTrig}, {"largest_difference", row.largestDifference}});
    for (const MovingRow& row : r.moving)
        j["moving"].push_back({{"contender", row.contender}, {"bonework", row.bonework}, {"bones", row.bones}, {"chains", row.chains},
                               {"frames", row.frames}, {"ns_per_frame", row.nsPerFrame}, {"ratio_to_kdl_lma", row.ratioToLma},
                               {"reach", row.reach}, {"mean_iterations", row.meanIterations}, {"largest_turn_deg", row.largestTurn},
                               {"mean_largest_turn_deg", row.meanLargestTurn}, {"mean_turn_deg", row.meanTurn},
                               {"legal", row.legal}, {"first_illegal", row.firstIllegal}});
    for (const Goal& g : goals)
        j["goals"].push_back({{"goal", g.goal}, {"measured", g.measured}, {"met", g.met}, {"judged", g.judged}});
    return j;
}

} // namespace bonework::peers
