#pragma once
// Rigs for the rig file tests: the valid corpus (tests/io/valid, found through
// source_tree.h), loading and parsing that must succeed, and random rigs that use every
// field of the format.

#include "bonework/io/rig_file.h"
#include "std_text.h"

#include "random_rigs.h"
#include "source_tree.h"

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <string>

namespace bonework::testing {

inline QString corpus(const QString& name)
{
    return bonework::testing::sourceTree() + QStringLiteral("/tests/io/valid/") + name;
}

inline Rig load(const QString& path)
{
    const io::LoadResult r = io::loadRigFile(localPath(path));
    if (!r.ok())
        qFatal("%s", r.error.toString().c_str());
    return *r.rig;
}

inline Rig reparse(const QByteArray& json, const QString& context)
{
    const io::LoadResult r = io::parseRig(json.toStdString(), context.toStdString());
    if (!r.ok())
        qFatal("%s: %s", qPrintable(context), r.error.toString().c_str());
    return *r.rig;
}

// A random forest with limits, pins, awkward names, and chains of every solver and target kind.
inline Rig randomRig(Engine& rng, int joints)
{
    testing::RigOptions o;
    o.limits = true;
    o.pinChance = 0.2;
    Rig rig = testing::randomTree(rng, std::max(1, joints - joints / 4 - 1), o);
    JointIndex second = kNoJoint;
    rig.addJoint(testing::randomRoot(rng, "second root"), &second);
    for (int i = 0; i < joints / 4; ++i) {
        const auto parent = static_cast<JointIndex>(testing::uniformInt(rng, second, static_cast<int>(rig.jointCount()) - 1));
        rig.addJoint(testing::randomBone(rng, "s" + std::to_string(i), parent, o));
    }
    rig.setName("rig \"" + std::to_string(rng() % 1000) + "\" \\ é");
    rig.renameJoint(1, "q\"uote\\back\nline\ttab\x01ctl é 😀");
    if (rng() % 2)
        rig.setPinned(0, true);
    // Some joints posed as a solver leaves them: the rig holds their rotations and works the
    // degrees out when read, which is what the file must get.
    for (std::size_t i = 0; i < rig.jointCount(); ++i)
        if (rng() % 3 == 0)
            rig.setRotationClamped(static_cast<JointIndex>(i), Rotation::fromDegrees(testing::uniform(rng, -180.0, 180.0)) * Rotation{std::cos(1e-13), std::sin(1e-13)});

    for (int c = 0; c < 6; ++c) {
        Chain chain;
        chain.name = "chain " + std::to_string(c);
        chain.tip = static_cast<JointIndex>(testing::uniformInt(rng, 0, static_cast<int>(rig.jointCount()) - 1));
        chain.root = chain.tip;
        const int up = testing::uniformInt(rng, 0, 4);
        for (int k = 0; k < up && !rig.isRoot(chain.root); ++k)
            chain.root = rig.parent(chain.root);
        const SolverKind solvers[] = {SolverKind::Follow, SolverKind::Reach, SolverKind::Fabrik, SolverKind::Ccd,
                                      SolverKind::TwoBone, SolverKind::Relax};
        chain.solver = solvers[rng() % 6];
        if (!rig.checkChain(chain).empty())
            chain.solver = chain.root == chain.tip ? SolverKind::Follow : SolverKind::Fabrik;
        chain.iterations = testing::uniformInt(rng, 1, 500);
        chain.tolerance = testing::uniform(rng, 0.0, 1.0);
        chain.bend = rng() % 2 ? BendDirection::Positive : BendDirection::Negative;
        const auto mixKind = rng() % 3; // the default (not written), off, or any blend
        chain.mix = mixKind == 0 ? 1.0 : mixKind == 1 ? 0.0 : testing::uniform(rng, 0.0, 1.0);
        if (rng() % 2)
            chain.target.joint = static_cast<JointIndex>(rng() % rig.jointCount());
        else
            chain.target.point = {testing::uniform(rng, -1e3, 1e3), testing::uniform(rng, -1e3, 1e3)};
        if (auto r = rig.addChain(chain); !r)
            qFatal("test rig: %s", r.error.c_str());
    }
    return rig;
}

} // namespace bonework::testing
