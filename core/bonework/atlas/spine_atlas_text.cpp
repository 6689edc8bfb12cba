#include "bonework/atlas/spine_atlas_text.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace bonework::atlas {
namespace {

// A name is a whole line: a colon would make a reader take it for a property, a line break or a
// blank name would end it early, and readers may trim surrounding spaces.
std::string checkName(const std::string& name, const char* what)
{
    const std::string quoted = std::string(what) + " '" + name + "'";
    if (name.empty())
        return std::string("a ") + what + " has no name";
    if (name.find_first_of(":\r\n") != std::string::npos)
        return quoted + " holds a colon or a line break, which a Spine atlas cannot hold in a name";
    if (name.front() == ' ' || name.front() == '\t' || name.back() == ' ' || name.back() == '\t')
        return quoted + " starts or ends with a space, which the Spine atlas format cannot keep";
    return {};
}

std::string numbers(std::initializer_list<int> values)
{
    std::string s;
    for (int v : values) {
        if (!s.empty())
            s += ", ";
        s += std::to_string(v);
    }
    return s;
}

std::string_view trimmed(std::string_view s)
{
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = s.find_last_not_of(" \t");
    return s.substr(first, last - first + 1);
}

struct Entry {
    std::string key;
    std::vector<std::string_view> values;
};

// "key: a, b, c" (spaces optional); nullopt for a line without a colon (a name or a blank).
std::optional<Entry> entryOf(std::string_view line)
{
    const auto colon = line.find(':');
    if (colon == std::string_view::npos)
        return std::nullopt;
    Entry e{std::string(trimmed(line.substr(0, colon))), {}};
    std::string_view rest = line.substr(colon + 1);
    while (true) {
        const auto comma = rest.find(',');
        e.values.push_back(trimmed(rest.substr(0, comma)));
        if (comma == std::string_view::npos)
            break;
        rest = rest.substr(comma + 1);
    }
    return e;
}

class Reader {
public:
    explicit Reader(std::string_view text) : m_text(text) {}

    SpineAtlasReadResult read()
    {
        SpineAtlasReadResult out;
        std::optional<std::string_view> line = next();
        while (line) {
            if (trimmed(*line).empty()) {
                line = next();
                continue;
            }
            // A page: its name, its properties, then its regions up to a blank line or the end.
            if (entryOf(*line))
                return fail(out, "a page name was expected, not a property");
            out.atlas.pages.push_back({});
            SpineAtlasPage& page = out.atlas.pages.back();
            page.name = std::string(trimmed(*line));
            while ((line = next()) && entryOf(*line)) {
                if (!pageProperty(page, *entryOf(*line)))
                    return fail(out, m_error);
            }
            while (line && !trimmed(*line).empty()) {
                SpineAtlasRegion region;
                region.page = static_cast<int>(out.atlas.pages.size()) - 1;
                region.name = std::string(*line);
                bool hasOriginal = false;
                while ((line = next()) && entryOf(*line)) {
                    if (!regionProperty(region, *entryOf(*line), hasOriginal))
                        return fail(out, m_error);
                }
                if (!hasOriginal) { // no offsets: nothing was trimmed
                    region.originalWidth = region.width;
                    region.originalHeight = region.height;
                }
                out.atlas.regions.push_back(std::move(region));
            }
        }
        return out;
    }

private:
    std::optional<std::string_view> next()
    {
        if (m_pos > m_text.size())
            return std::nullopt;
        auto end = m_text.find('\n', m_pos);
        if (end == std::string_view::npos)
            end = m_text.size();
        std::string_view line = m_text.substr(m_pos, end - m_pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        m_pos = end + 1;
        ++m_line;
        return line;
    }

    SpineAtlasReadResult& fail(SpineAtlasReadResult& out, const std::string& why)
    {
        out = {};
        out.error = "line " + std::to_string(m_line) + ": " + why;
        return out;
    }

    bool ints(const Entry& e, std::size_t count, std::initializer_list<int*> into)
    {
        if (e.values.size() != count)
            return error("'" + e.key + "' needs " + std::to_string(count) + " values");
        auto it = e.values.begin();
        for (int* target : into) {
            const std::string_view v = *it++;
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), *target);
            if (ec != std::errc() || end != v.data() + v.size() || v.empty())
                return error("'" + e.key + "' has a value that is not an integer: '" + std::string(v) + "'");
        }
        return true;
    }

    bool pageProperty(SpineAtlasPage& page, const Entry& e)
    {
        if (e.key == "size")
            return ints(e, 2, {&page.width, &page.height});
        if (e.key == "format" && e.values.size() == 1) {
            page.format = std::string(e.values[0]);
            return true;
        }
        if (e.key == "filter" && e.values.size() == 2) {
            page.minFilter = std::string(e.values[0]);
            page.magFilter = std::string(e.values[1]);
            return true;
        }
        if (e.key == "repeat" && e.values.size() == 1) {
            page.repeat = std::string(e.values[0]);
            return true;
        }
        if (e.key == "pma" && e.values.size() == 1 && (e.values[0] == "true" || e.values[0] == "false")) {
            page.pma = e.values[0] == "true";
            return true;
        }
        return error("unknown or malformed page property '" + e.key + "'");
    }

    bool regionProperty(SpineAtlasRegion& r, const Entry& e, bool& hasOriginal)
    {
        if (e.key == "bounds")
            return ints(e, 4, {&r.x, &r.y, &r.width, &r.height});
        if (e.key == "offsets") {
            hasOriginal = true;
            return ints(e, 4, {&r.offsetX, &r.offsetY, &r.originalWidth, &r.originalHeight});
        }
        if (e.key == "xy")
            return ints(e, 2, {&r.x, &r.y});
        if (e.key == "size")
            return ints(e, 2, {&r.width, &r.height});
        if (e.key == "offset")
            return ints(e, 2, {&r.offsetX, &r.offsetY});
        if (e.key == "orig") {
            hasOriginal = true;
            return ints(e, 2, {&r.originalWidth, &r.originalHeight});
        }
        if (e.key == "index")
            return ints(e, 1, {&r.index});
        if (e.key == "rotate" && e.values.size() == 1) {
            if (e.values[0] == "true" || e.values[0] == "false") {
                r.degrees = e.values[0] == "true" ? 90 : 0;
                return true;
            }
            return ints(e, 1, {&r.degrees});
        }
        return error("unknown or malformed region property '" + e.key + "'");
    }

    bool error(std::string why)
    {
        m_error = std::move(why);
        return false;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_line = 0;
    std::string m_error;
};

} // namespace

SpineAtlas spineAtlasOf(const AtlasLayout& layout, const std::vector<std::string>& pageNames)
{
    SpineAtlas atlas;
    for (std::size_t p = 0; p < layout.pages.size(); ++p) {
        SpineAtlasPage page;
        page.name = p < pageNames.size() ? pageNames[p] : std::string();
        page.width = layout.pages[p].width;
        page.height = layout.pages[p].height;
        page.minFilter = page.magFilter = "Linear";
        atlas.pages.push_back(std::move(page));
    }
    for (const AtlasRegion& r : layout.regions) {
        const Trim& t = r.trim;
        atlas.regions.push_back({r.name, r.page, r.x, r.y, t.width, t.height, t.left, t.bottom(), t.originalWidth,
                                 t.originalHeight, 0, -1});
    }
    // The text lists regions under their page.
    std::stable_sort(atlas.regions.begin(), atlas.regions.end(),
                     [](const SpineAtlasRegion& a, const SpineAtlasRegion& b) { return a.page < b.page; });
    return atlas;
}

SpineAtlasText writeSpineAtlas(const SpineAtlas& atlas)
{
    SpineAtlasText out;
    for (const SpineAtlasPage& page : atlas.pages) {
        if (std::string e = checkName(page.name, "page"); !e.empty())
            return {{}, e};
    }
    for (const SpineAtlasRegion& r : atlas.regions) {
        if (std::string e = checkName(r.name, "region"); !e.empty())
            return {{}, e};
        if (r.page < 0 || r.page >= static_cast<int>(atlas.pages.size()))
            return {{}, "region '" + r.name + "' is on no page"};
    }
    std::string& s = out.text;
    for (std::size_t p = 0; p < atlas.pages.size(); ++p) {
        const SpineAtlasPage& page = atlas.pages[p];
        if (p > 0)
            s += '\n'; // a blank line ends the previous page
        s += page.name + '\n';
        s += "  size: " + numbers({page.width, page.height}) + '\n';
        s += "  format: " + page.format + '\n';
        s += "  filter: " + page.minFilter + ", " + page.magFilter + '\n';
        s += "  repeat: " + page.repeat + '\n';
        s += std::string("  pma: ") + (page.pma ? "true" : "false") + '\n';
        for (const SpineAtlasRegion& r : atlas.regions) {
            if (r.page != static_cast<int>(p))
                continue;
            s += r.name + '\n';
            s += "  bounds: " + numbers({r.x, r.y, r.width, r.height}) + '\n';
            const bool trimmed = r.offsetX != 0 || r.offsetY != 0 || r.originalWidth != r.width ||
                                 r.originalHeight != r.height;
            if (trimmed)
                s += "  offsets: " + numbers({r.offsetX, r.offsetY, r.originalWidth, r.originalHeight}) + '\n';
            if (r.degrees != 0)
                s += "  rotate: " + std::to_string(r.degrees) + '\n';
            if (r.index != -1)
                s += "  index: " + std::to_string(r.index) + '\n';
        }
    }
    return out;
}

SpineAtlasReadResult readSpineAtlas(std::string_view text)
{
    return Reader(text).read();
}

} // namespace bonework::atlas
