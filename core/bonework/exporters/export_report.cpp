#include "bonework/exporters/export_report.h"

#include "bonework/exporters/message_text.h"

#include <algorithm>

namespace bonework::exporters {

void ExportReport::add(std::string kind, std::string subject, std::string line)
{
    losses.push_back(std::move(line));
    m_entries.push_back({std::move(kind), std::move(subject)});
}

void ExportReport::clear()
{
    losses.clear();
    files.clear();
    leftOver.clear();
    decisions.clear();
    m_entries.clear();
}

std::string ExportReport::toText() const
{
    std::string text = lossesText();
    if (!decisions.empty()) {
        text += "decisions:\n";
        for (const std::string& decision : decisions)
            text += "  - " + decision + '\n';
    }
    for (const std::string& file : files)
        text += "wrote " + file + '\n';
    for (const std::string& file : leftOver)
        text += "left " + file + ": an earlier export's, not part of this one (delete it unless it is yours)\n";
    return text;
}

std::string ExportReport::lossesText() const
{
    if (losses.empty())
        return format + " export: nothing lost\n";
    std::string text = format + " export: " + countText(static_cast<long long>(losses.size()))
                       + (losses.size() == 1 ? " thing the format cannot carry:\n" : " things the format cannot carry:\n");
    // Kinds in the order they first appear; a kind listed line by line while it is short.
    std::vector<std::string> kinds;
    for (const Entry& e : m_entries)
        if (std::find(kinds.begin(), kinds.end(), e.kind) == kinds.end())
            kinds.push_back(e.kind);
    for (const std::string& kind : kinds) {
        std::vector<std::size_t> of;
        for (std::size_t i = 0; i < losses.size() && i < m_entries.size(); ++i)
            if (m_entries[i].kind == kind)
                of.push_back(i);
        if (of.size() <= static_cast<std::size_t>(kListedPerKind)) {
            for (std::size_t i : of)
                text += "  - " + losses[i] + '\n';
            continue;
        }
        std::string shown;
        for (std::size_t k = 0; k < static_cast<std::size_t>(kListedPerKind); ++k)
            shown += (k ? ", " : "") + m_entries[of[k]].subject;
        text += "  - " + kind + " (" + countText(static_cast<long long>(of.size())) + "): " + shown + ", ... ("
                + countText(static_cast<long long>(of.size()) - kListedPerKind) + " more)\n";
    }
    return text;
}

} // namespace bonework::exporters
