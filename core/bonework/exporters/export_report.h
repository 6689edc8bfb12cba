#pragma once
// What an export could not carry into the target format (the game runtime's IK has no angle
// limits, no pins, at most two bones per chain, ...). Exports never drop anything silently:
// every loss is listed here, and the CLI and the editor show the list.

#include <QString>
#include <QStringList>

namespace bonework::exporters {

struct ExportReport {
    QString format;          // "spine" or "dragonbones"
    QStringList losses;      // one readable line per thing the format could not carry
    QString toText() const;  // "N thing(s) not carried by FORMAT:\n  - ..." or "nothing lost"
};

} // namespace bonework::exporters
