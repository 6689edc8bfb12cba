#pragma once
// A rig file (JSON text) of one limited chain with a fabrik chain from its root to its tip, its
// lengths, angles and limits drawn from a seed by a small generator of its own, so the rig is
// the same wherever a test reads it (the C API's tests load it from bytes, the editor's from a
// file). Seed 20261128 with 10 bones circling its target (tests/capi/tst_c_api.cpp) refolds by
// 104 degrees in one frame when its solves are told nothing of the last target.

#include <QByteArray>
#include <QString>

#include <cmath>
#include <cstdint>

namespace bonework::testing {

inline QByteArray limitedChainJson(std::uint64_t seed, int bones)
{
    std::uint64_t state = seed;
    const auto next = [&](double lo, double hi) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return lo + (hi - lo) * double(state >> 11) / double(1ull << 53);
    };
    QByteArray json = R"({"format": "bonework.rig", "version": 1, "name": "limited", "joints": [)"
                      R"({"name": "j0", "x": 500, "y": 400, "rotation": 0})";
    for (int j = 1; j <= bones; ++j) {
        const double min = next(-150.0, -10.0), max = next(10.0, 150.0);
        json += QStringLiteral(R"(, {"name": "j%1", "parent": "j%2", "length": %3, "angle": %4, "min": %5, "max": %6})")
                    .arg(j).arg(j - 1).arg(next(20.0, 60.0)).arg(next(0.3, 0.7) * (max - min) + min).arg(min).arg(max)
                    .toUtf8();
    }
    json += QStringLiteral(R"(], "chains": [{"name": "tail", "root": "j0", "tip": "j%1", "solver": "fabrik", )"
                           R"("iterations": 20, "tolerance": 0.01, "target": {"x": 600, "y": 400}}]})")
                .arg(bones)
                .toUtf8();
    return json;
}

// Where a target circling (650, 400) at radius 120 is at `frame`, 240 frames a turn: the path
// on which that chain refolds.
inline void circlingTarget(int frame, double& x, double& y)
{
    const double t = 2.0 * 3.14159265358979323846 * frame / 240.0;
    x = 650.0 + 120.0 * std::cos(t);
    y = 400.0 + 120.0 * std::sin(t);
}

} // namespace bonework::testing
