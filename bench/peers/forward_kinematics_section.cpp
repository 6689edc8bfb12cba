// bonework::forwardKinematics against plain loops over the parent array (see sections.h), on
// the rigs of bench_forward_kinematics: random trees and single lines of 1k, 10k and 100k
// joints, limits on. Each sample is a batch of whole passes (at least ~100k joints' worth);
// the three take turns, their order rotating from round to round.
#include "plain_references.h"
#include "sections.h"
#include "timing.h"

#include "random_rigs.h"

#include "bonework/forward_kinematics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bonework::peers {

std::vector<FkRow> runForwardKinematicsSection(const Options& options)
{
    const int rounds = options.rounds > 0 ? options.rounds : (options.quick ? 5 : 41);
    std::vector<FkRow> rows;
    for (int shape = 0; shape < 2; ++shape) {
        for (int joints : {1000, 10000, 100000}) {
            if (options.quick && joints == 100000)
                continue;
            testing::Engine rng(static_cast<std::uint64_t>(joints) * 2 + static_cast<std::uint64_t>(shape));
            testing::RigOptions o;
            o.limits = true;
            const Rig rig = shape == 0 ? testing::randomTree(rng, joints, o) : testing::randomChain(rng, joints - 1, o);
            const PlainRig plain = plainRigOf(rig);
            std::vector<WorldTransform> world(rig.jointCount());
            std::vector<PlainWorld> cached(rig.jointCount());
            std::vector<Vec2> position(rig.jointCount());
            std::vector<double> worldAngle(rig.jointCount());
            const int passes = std::max(1, 100000 / joints);
            auto run = [&](int which) {
                const double t0 = nowNs();
                for (int p = 0; p < passes; ++p) {
                    if (which == 0) {
                        forwardKinematics(rig, world);
                        escape(world.data());
                    } else if (which == 1) {
                        plainForwardKinematicsCached(plain, cached);
                        escape(cached.data());
                    } else {
                        plainForwardKinematicsTrig(plain, position, worldAngle);
                        escape(position.data());
                    }
                }
                return (nowNs() - t0) / (double(passes) * joints);
            };
            std::vector<double> t[3], toCached, toTrig;
            for (int r = -1; r < rounds; ++r) { // round -1 warms up
                double sample[3];
                for (int k = 0; k < 3; ++k) {
                    const int which = (k + r + 1) % 3;
                    sample[which] = run(which);
                }
                if (r < 0)
                    continue;
                for (int k = 0; k < 3; ++k)
                    t[k].push_back(sample[k]);
                toCached.push_back(sample[0] / sample[1]);
                toTrig.push_back(sample[0] / sample[2]);
            }
            FkRow row;
            // The loops must agree on what they compute, or the ratio means nothing.
            forwardKinematics(rig, world);
            plainForwardKinematicsCached(plain, cached);
            plainForwardKinematicsTrig(plain, position, worldAngle);
            for (std::size_t j = 0; j < world.size(); ++j) {
                const Vec2 p = world[j].position;
                row.largestDifference = std::max({row.largestDifference, std::fabs(p.x - cached[j].x), std::fabs(p.y - cached[j].y),
                                                  std::fabs(p.x - position[j].x), std::fabs(p.y - position[j].y)});
            }
            row.shape = shape == 0 ? "tree" : "line";
            row.joints = joints;
            row.boneworkNsPerJoint = median(t[0]);
            row.cachedNsPerJoint = median(t[1]);
            row.trigNsPerJoint = median(t[2]);
            row.ratioToCached = median(toCached);
            row.ratioToTrig = median(toTrig);
            rows.push_back(row);
        }
    }
    std::fprintf(stderr, "  forward kinematics done\n");
    return rows;
}

} // namespace bonework::peers
