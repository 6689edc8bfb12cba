#pragma once
// What the peers benchmark found: its sections' rows, the ratio goals judged on them, printed
// as Markdown tables (ready for docs/benchmarks.md) or as JSON.

#include "sections.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace bonework::peers {

struct PeerResults {
    bool quick = false;
    double clockOverheadNs = 0.0;
    std::vector<ColdRow> cold;
    std::vector<TwoBoneRow> twoBone;
    std::vector<FkRow> forwardKinematics;
    std::vector<MovingRow> moving;
};

struct Goal {
    std::string goal;
    std::string measured;
    bool met = false;
    bool judged = false; // false when the sections it needs did not run
};

std::vector<Goal> judgeGoals(const PeerResults& results);

// How many Bonework results (cold cases, two-bone solves, moving frames) were not legal.
int illegalBoneworkResults(const PeerResults& results);

void printReport(std::FILE* out, const PeerResults& results, const std::vector<Goal>& goals);
nlohmann::json toJson(const PeerResults& results, const std::vector<Goal>& goals);

} // namespace bonework::peers
