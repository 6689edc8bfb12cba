// Peers in one run: Bonework's solvers, Orocos KDL (LMA and joint-limited NR_JL) and plain
// scalar FABRIK, CCD, law of cosines and forward kinematics on the same seeded cases,
// interleaved in this one process, reported as medians and ratios (time, iterations, reach,
// frame-to-frame turn, legality). Absolute times drift on a shared machine; ratios measured
// side by side do not, so the goals are ratios (docs/benchmarks.md, "Peers in one run").
//
//   build/bench/bench_peers                 the whole run (several minutes), Markdown tables
//   build/bench/bench_peers --quick         a smoke run (seconds): too few cases for figures
//   build/bench/bench_peers --json=out.json also writes the results as JSON (--json: to stdout)
//   build/bench/bench_peers --only=two-bone,fk   some sections (cold, two-bone, fk, moving)
//   build/bench/bench_peers --rounds=N      rounds per section instead of its default
//
// Exit code 0; 2 when any Bonework solve returned an illegal pose (that is a bug, not noise).
#include "peers/report.h"
#include "peers/sections.h"
#include "peers/timing.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

using namespace bonework::peers;

bool Options::wants(const std::string& section) const
{
    if (only.empty())
        return true;
    std::stringstream list(only);
    std::string item;
    while (std::getline(list, item, ','))
        if (item == section)
            return true;
    return false;
}

int main(int argc, char** argv)
{
    Options options;
    bool json = false;
    std::string jsonPath;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--quick") {
            options.quick = true;
        } else if (arg == "--json") {
            json = true;
        } else if (arg.rfind("--json=", 0) == 0) {
            json = true;
            jsonPath = arg.substr(7);
        } else if (arg.rfind("--only=", 0) == 0) {
            options.only = arg.substr(7);
        } else if (arg.rfind("--rounds=", 0) == 0) {
            options.rounds = std::stoi(arg.substr(9));
        } else {
            std::fprintf(stderr, "usage: %s [--quick] [--json[=FILE]] [--only=cold,two-bone,fk,moving] [--rounds=N]\n", argv[0]);
            return arg == "--help" || arg == "-h" ? 0 : 1;
        }
    }

    PeerResults results;
    results.quick = options.quick;
    results.clockOverheadNs = clockOverheadNs();
    if (options.wants("two-bone"))
        results.twoBone = runTwoBoneSection(options);
    if (options.wants("fk"))
        results.forwardKinematics = runForwardKinematicsSection(options);
    if (options.wants("cold"))
        results.cold = runColdSection(options, results.clockOverheadNs);
    if (options.wants("moving"))
        results.moving = runMovingSection(options, results.clockOverheadNs);

    const std::vector<Goal> goals = judgeGoals(results);
    printReport(stdout, results, goals);
    if (json) {
        const std::string text = toJson(results, goals).dump(2);
        if (jsonPath.empty()) {
            std::printf("%s\n", text.c_str());
        } else {
            std::ofstream(jsonPath) << text << "\n";
        }
    }
    const int illegal = illegalBoneworkResults(results);
    if (illegal > 0) {
        std::fprintf(stderr, "%d Bonework results were not legal poses\n", illegal);
        return 2;
    }
    return 0;
}
