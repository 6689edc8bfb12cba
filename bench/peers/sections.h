#pragma once
// The four sections of the peers benchmark and what each measures. Every section interleaves
// its contenders (A B C, then B C A, ...) over repeated rounds in this one process and reports
// medians, and ratios paired per case or round: absolute times drift on a shared machine,
// ratios measured side by side do not.

#include <string>
#include <vector>

namespace bonework::peers {

struct Options {
    bool quick = false;
    int rounds = 0;     // 0: the section's default
    std::string only;   // empty: every section; else a comma list of cold,two-bone,fk,moving
    bool wants(const std::string& section) const;
};

// Cold solves: every contender from the same start pose to the same reachable target.
struct ColdRow {
    std::string contender;
    bool bonework = false;
    int bones = 0;
    bool limits = false;
    int cases = 0;
    double medianNs = 0.0;      // median over cases of each case's median solve time
    double ratioToLma = 0.0;    // median over cases of (this / KDL LMA), same case, same run
    double ratioToNrJl = 0.0;
    double reach = 0.0;         // share of cases within the tolerance
    double legalReach = 0.0;    // share of cases within the tolerance with a legal pose
    double meanIterations = 0.0;
    double legal = 0.0;         // share of cases whose pose keeps the limits (and lengths, base)
    std::string firstIllegal;   // why the first illegal pose was illegal
};
std::vector<ColdRow> runColdSection(const Options& options, double clockOverhead);

// two-bone against the plain law of cosines (free, or with simple clamping on limited arms):
// the function alone (the angles), and the function doing the rest of what a solve must (the
// pose in rig form, the error and the limited joints: plainLawOfCosinesSolve).
struct TwoBoneRow {
    bool limits = false;
    std::string targets;        // reachable, unreachable, moving, all
    int solves = 0;             // per round
    double boneworkNs = 0.0;    // median over rounds, per solve
    double plainNs = 0.0;       // the function alone
    double plainSolveNs = 0.0;  // the function as a solve
    double ratio = 0.0;         // median over rounds of bonework / plain
    double ratioToSolve = 0.0;  // median over rounds of bonework / plain solve (the goals)
    double boneworkReach = 0.0; // share of reachable targets reached (reachable and moving sets)
    double plainReach = 0.0;
    double boneworkMeanError = 0.0; // px
    double plainMeanError = 0.0;
    double boneworkNoFarther = 0.0; // share of solves where two-bone ends no farther than plain
    double boneworkLegal = 0.0;
    double plainLegal = 0.0;
};
std::vector<TwoBoneRow> runTwoBoneSection(const Options& options);

// bonework::forwardKinematics against plain loops over the parent array.
struct FkRow {
    std::string shape; // tree or line
    int joints = 0;
    double boneworkNsPerJoint = 0.0;
    double cachedNsPerJoint = 0.0; // the plain loop over cos/sin per joint (the ratio goal)
    double trigNsPerJoint = 0.0;   // the plain loop from angles (a cos and a sin per joint)
    double ratioToCached = 0.0;    // median over rounds
    double ratioToTrig = 0.0;
    double largestDifference = 0.0; // px, between Bonework's positions and either loop's
};
std::vector<FkRow> runForwardKinematicsSection(const Options& options);

// A target circling at 120 Hz, warm starts, limited chains.
struct MovingRow {
    std::string contender;
    bool bonework = false;
    int bones = 0;
    int chains = 0;
    int frames = 0;              // measured frames per chain
    double nsPerFrame = 0.0;     // median over rounds (per chain), then over chains
    double ratioToLma = 0.0;
    double reach = 0.0;          // share of frames within the tolerance
    double meanIterations = 0.0;
    double largestTurn = 0.0;    // degrees: the largest turn of any bone in any frame
    double meanLargestTurn = 0.0;// mean over frames of that frame's largest turn
    double meanTurn = 0.0;       // mean over frames and bones
    double legal = 0.0;          // share of frames with a legal pose
    std::string firstIllegal;
};
std::vector<MovingRow> runMovingSection(const Options& options, double clockOverhead);

} // namespace bonework::peers
