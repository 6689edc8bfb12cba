#pragma once
// What an export could not carry into the target format (the game runtime's IK has no angle
// limits, no pins, at most two bones per chain, ...). Exports never drop anything silently:
// every loss is listed here, and the CLI and the editor show the list.

#include <QString>
#include <QStringList>

#include <vector>

namespace bonework::exporters {

struct ExportReport {
    // More losses of one kind than this are shown as one line (a 100,000-joint rig's limits
    // would otherwise be 100,000 lines).
    static constexpr int kListedPerKind = 10;

    QString format;          // "spine" or "dragonbones"
    QStringList losses;      // one readable line per thing the format could not carry
    // The files an export wrote, in the order written: atlas pages and atlas files first, the
    // skeleton last (export_files.h). Empty when nothing was written to disk.
    QStringList files;
    // How the export carried what it could, where there was a choice (animations: channels
    // baked, chains switched off, durations rounded to frames). Empty for rigs without clips.
    QStringList decisions;

    // Records a loss: its line, and its kind ("angle limits") and subject ("elbow [-20, 20]")
    // for the grouped text.
    void add(const QString& kind, const QString& subject, const QString& line);
    void decide(const QString& line) { decisions << line; }
    void clear();
    // "FORMAT export: N things the format cannot carry:" and a line a loss, or one line a
    // kind with more than kListedPerKind ("angle limits of 100,000 joints: ..., (99,990 more)");
    // "FORMAT export: nothing lost" when nothing was. Then "decisions:" and a line a decision,
    // when there were any, and "wrote FILE", a line per file written.
    QString toText() const;

private:
    QString lossesText() const;
    struct Entry {
        QString kind;
        QString subject;
    };
    std::vector<Entry> m_entries; // parallel to `losses`
};

} // namespace bonework::exporters
