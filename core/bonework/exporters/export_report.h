#pragma once
// What an export could not carry into the target format (the game runtime's IK has no angle
// limits, no pins, at most two bones per chain, ...). Exports never drop anything silently:
// every loss is listed here, and the CLI and the editor show the list. Text is UTF-8.

#include <string>
#include <vector>

namespace bonework::exporters {

struct ExportReport {
    // More losses of one kind than this are shown as one line (a 100,000-joint rig's limits
    // would otherwise be 100,000 lines).
    static constexpr int kListedPerKind = 10;

    std::string format;              // "spine" or "dragonbones"
    std::vector<std::string> losses; // one readable line per thing the format could not carry
    // The files an export wrote, in the order written: atlas pages and atlas files first, the
    // skeleton last (export_files.h). Empty when nothing was written to disk.
    std::vector<std::string> files;
    // Atlas files of an earlier export by this one's names that it did not write (pages past
    // its last): they no longer belong to it, and are named, not deleted (export_files.h).
    std::vector<std::string> leftOver;
    // How the export carried what it could, where there was a choice (animations: channels
    // baked, chains switched off, durations rounded to frames). Empty for rigs without clips.
    std::vector<std::string> decisions;

    // Records a loss: its line, and its kind ("angle limits") and subject ("elbow [-20, 20]")
    // for the grouped text.
    void add(std::string kind, std::string subject, std::string line);
    void decide(std::string line) { decisions.push_back(std::move(line)); }
    void clear();
    // "FORMAT export: N things the format cannot carry:" and a line a loss, or one line a
    // kind with more than kListedPerKind ("angle limits of 100,000 joints: ..., (99,990 more)");
    // "FORMAT export: nothing lost" when nothing was. Then "decisions:" and a line a decision,
    // when there were any, and "wrote FILE", a line per file written, and a line per file left
    // over from an earlier export.
    std::string toText() const;

private:
    std::string lossesText() const;
    struct Entry {
        std::string kind;
        std::string subject;
    };
    std::vector<Entry> m_entries; // parallel to `losses`
};

} // namespace bonework::exporters
