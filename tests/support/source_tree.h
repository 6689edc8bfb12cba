#pragma once
// Where the test's files live in the source tree: BONEWORK_SOURCE_DIR when set (ctest sets it),
// else the tree the test was built from, so a test run by hand (build/tests/.../tst_x) finds
// them too.

#include <QString>

namespace bonework::testing {

inline QString sourceTree()
{
    const QString set = qEnvironmentVariable("BONEWORK_SOURCE_DIR");
#ifdef BONEWORK_TEST_SOURCE_TREE
    if (set.isEmpty())
        return QStringLiteral(BONEWORK_TEST_SOURCE_TREE);
#endif
    return set;
}

} // namespace bonework::testing
