#include "timeline_model.h"

#include "animation_player.h"
#include "document.h"

#include <algorithm>
#include <cmath>

namespace bonework::editor {
namespace {

using animation::Channel;
using animation::KeyRef;
using animation::Owner;
using animation::TrackRef;

bool sameTime(double a, double b) { return std::fabs(a - b) < animation::kSameTime; }

QString kindName(Owner owner)
{
    switch (owner) {
    case Owner::Joint: return QStringLiteral("joint");
    case Owner::Chain: return QStringLiteral("chain");
    case Owner::Slot: return QStringLiteral("slot");
    }
    return {};
}

// The channels a joint, chain or slot can be keyed on, for its row before it has keys.
std::vector<TrackRef> channelsOf(const Rig& rig, Owner owner, int index)
{
    if (owner == Owner::Joint) {
        const std::string name = rig.jointName(index);
        if (rig.isRoot(index))
            return {{owner, name, Channel::X}, {owner, name, Channel::Y}, {owner, name, Channel::Rotation}};
        return {{owner, name, Channel::Angle}};
    }
    if (owner == Owner::Slot) {
        const std::string name = rig.slotList()[static_cast<std::size_t>(index)].name;
        return {{owner, name, Channel::Visible}, {owner, name, Channel::Opacity}, {owner, name, Channel::Image}};
    }
    const std::string name = rig.chains()[static_cast<std::size_t>(index)].name;
    return {{owner, name, Channel::Target}, {owner, name, Channel::Mix}};
}

} // namespace

TimelineModel::TimelineModel(QObject* parent) : QAbstractListModel(parent) {}

void TimelineModel::setDocument(Document* document)
{
    if (m_document == document)
        return;
    if (m_document) {
        disconnect(m_document, nullptr, this, nullptr);
        disconnect(m_document->animation(), nullptr, this, nullptr);
    }
    m_document = document;
    if (m_document) {
        connect(m_document, &Document::rigChanged, this, &TimelineModel::refresh);
        connect(m_document, &Document::selectionChanged, this, &TimelineModel::refresh);
        connect(m_document->animation(), &AnimationPlayer::currentChanged, this, &TimelineModel::refresh);
    }
    m_shown.reset();
    refresh();
    emit documentChanged();
}

const animation::Clip* TimelineModel::clip() const
{
    if (!m_document)
        return nullptr;
    const int current = m_document->animation()->current();
    const auto& clips = m_document->rig().animations();
    return current >= 0 && current < static_cast<int>(clips.size()) ? &clips[static_cast<std::size_t>(current)] : nullptr;
}

void TimelineModel::refresh()
{
    const animation::Clip* open = clip();
    const int joint = m_document ? m_document->selectedJoint() : -1;
    const int chain = m_document ? m_document->selectedChain() : -1;
    const int slot = m_document ? m_document->selectedSlot() : -1;
    const int current = m_document ? m_document->animation()->current() : -1;
    const bool same = open ? (m_shown && *m_shown == *open) : !m_shown;
    if (same && current == m_shownClip && joint == m_shownJoint && chain == m_shownChain && slot == m_shownSlot)
        return; // a played frame or a pose: the keys are as they were
    // The selection belongs to the clip it was made in: another clip open (picked, a duplicate,
    // the last one deleted) starts with none, or Delete would take keys never clicked (QA).
    const bool otherClip = current != m_shownClip;
    m_shownClip = current;
    m_shownJoint = joint;
    m_shownChain = chain;
    m_shownSlot = slot;
    if (open)
        m_shown = *open;
    else
        m_shown.reset();
    rebuildRows(!otherClip);
    emit selectedCurveKindChanged();
}

void TimelineModel::rebuildRows(bool keepSelection)
{
    beginResetModel();
    m_rows.clear();
    if (m_shown) {
        const Rig& rig = m_document->rig();
        const animation::Clip& c = *m_shown;
        const std::vector<TrackRef> tracks = animation::keyedTracks(c);
        Row summary{tr("All keys"), QStringLiteral("summary"), -1, tracks, {}};
        m_rows.push_back(summary);
        for (const TrackRef& track : tracks) {
            if (m_rows.size() == 1 || m_rows.back().kind != kindName(track.owner) || m_rows.back().name != QString::fromStdString(track.name)) {
                const int target = track.owner == Owner::Joint   ? rig.findJoint(track.name)
                                   : track.owner == Owner::Chain ? rig.findChain(track.name)
                                                                 : rig.findSlot(track.name);
                m_rows.push_back({QString::fromStdString(track.name), kindName(track.owner), target, {}, {}});
            }
            m_rows.back().tracks.push_back(track);
        }
        // The selected joint, chain and image have a row even before their first key.
        auto addUnkeyed = [&](Owner owner, int index) {
            const QString kind = kindName(owner);
            for (const Row& row : m_rows)
                if (row.kind == kind && row.target == index)
                    return;
            const auto channels = channelsOf(rig, owner, index);
            m_rows.push_back({QString::fromStdString(channels.front().name), kind, index, channels, {}});
        };
        if (rig.isValidJoint(m_shownJoint))
            addUnkeyed(Owner::Joint, m_shownJoint);
        if (m_shownChain >= 0 && m_shownChain < static_cast<int>(rig.chains().size()))
            addUnkeyed(Owner::Chain, m_shownChain);
        if (m_shownSlot >= 0 && m_shownSlot < static_cast<int>(rig.slotList().size()))
            addUnkeyed(Owner::Slot, m_shownSlot);
        for (Row& row : m_rows) {
            for (const TrackRef& track : row.tracks)
                for (double t : animation::keyTimes(c, track))
                    row.times.push_back(t);
            std::sort(row.times.begin(), row.times.end());
            row.times.erase(std::unique(row.times.begin(), row.times.end(), sameTime), row.times.end());
        }
    }
    endResetModel();
    emit keysChanged();
    // The selection keeps the keys that are still there.
    std::vector<KeyRef> kept;
    if (m_shown && keepSelection)
        for (const KeyRef& key : m_selection) {
            const std::vector<double> times = animation::keyTimes(*m_shown, key.track);
            if (std::any_of(times.begin(), times.end(), [&](double t) { return sameTime(t, key.time); }))
                kept.push_back(key);
        }
    setSelection(std::move(kept));
}

int TimelineModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }

QVariant TimelineModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size()))
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole: return row.name;
    case KindRole: return row.kind;
    case TargetRole: return row.target;
    case KeysRole: {
        QVariantList keys;
        for (double t : row.times)
            keys.append(t);
        return keys;
    }
    default: return {};
    }
}

QHash<int, QByteArray> TimelineModel::roleNames() const
{
    return {{NameRole, "name"}, {KindRole, "kind"}, {KeysRole, "keys"}, {TargetRole, "target"}};
}

std::vector<KeyRef> TimelineModel::keysOf(const Row& row, double time) const
{
    std::vector<KeyRef> keys;
    if (!m_shown)
        return keys;
    for (const TrackRef& track : row.tracks)
        for (double t : animation::keyTimes(*m_shown, track))
            if (sameTime(t, time))
                keys.push_back({track, t});
    return keys;
}

bool TimelineModel::isKeySelected(int row, double time) const
{
    if (row < 0 || row >= static_cast<int>(m_rows.size()))
        return false;
    const Row& r = m_rows[static_cast<std::size_t>(row)];
    return std::any_of(m_selection.begin(), m_selection.end(), [&](const KeyRef& key) {
        return sameTime(key.time, time) && std::find(r.tracks.begin(), r.tracks.end(), key.track) != r.tracks.end();
    });
}

void TimelineModel::setSelection(std::vector<KeyRef> keys)
{
    if (keys == m_selection)
        return;
    m_selection = std::move(keys);
    ++m_selectionRevision;
    emit selectionChanged();
    emit selectedCurveKindChanged();
}

void TimelineModel::selectKey(int row, double time, bool extend)
{
    if (row < 0 || row >= static_cast<int>(m_rows.size()))
        return;
    const std::vector<KeyRef> keys = keysOf(m_rows[static_cast<std::size_t>(row)], time);
    if (!extend) {
        setSelection(keys);
        return;
    }
    std::vector<KeyRef> selection = m_selection;
    if (isKeySelected(row, time)) { // a second click with Shift or Ctrl takes it out
        std::erase_if(selection, [&](const KeyRef& key) { return std::find(keys.begin(), keys.end(), key) != keys.end(); });
    } else {
        for (const KeyRef& key : keys)
            if (std::find(selection.begin(), selection.end(), key) == selection.end())
                selection.push_back(key);
    }
    setSelection(std::move(selection));
}

void TimelineModel::selectBox(int firstRow, int lastRow, double from, double to, bool extend)
{
    if (firstRow > lastRow)
        std::swap(firstRow, lastRow);
    if (from > to)
        std::swap(from, to);
    std::vector<KeyRef> selection = extend ? m_selection : std::vector<KeyRef>{};
    for (int r = std::max(firstRow, 0); r <= lastRow && r < static_cast<int>(m_rows.size()); ++r) {
        const Row& row = m_rows[static_cast<std::size_t>(r)];
        for (double t : row.times)
            if (t >= from - animation::kSameTime && t <= to + animation::kSameTime)
                for (const KeyRef& key : keysOf(row, t))
                    if (std::find(selection.begin(), selection.end(), key) == selection.end())
                        selection.push_back(key);
    }
    setSelection(std::move(selection));
}

void TimelineModel::clearSelection() { setSelection({}); }

bool TimelineModel::edit(const QString& text, const std::function<void(animation::Clip&)>& change)
{
    if (!m_document || !clip())
        return false;
    return m_document->editClip(m_document->animation()->current(), text, change);
}

bool TimelineModel::deleteSelected()
{
    if (m_selection.empty())
        return false;
    const std::vector<KeyRef> keys = m_selection;
    return edit(keys.size() == 1 ? tr("Delete a key") : tr("Delete %n keys", nullptr, static_cast<int>(keys.size())),
                [&](animation::Clip& c) { animation::deleteKeys(c, keys); });
}

bool TimelineModel::moveSelected(double seconds)
{
    if (m_selection.empty() || !std::isfinite(seconds) || seconds == 0.0)
        return false;
    const std::vector<KeyRef> keys = m_selection;
    // The undo text says where one key went, or by how much several did (the shift the keys
    // can take: they stay inside the clip).
    const AnimationPlayer* player = m_document->animation();
    const double shift = movableShift(seconds);
    if (shift == 0.0)
        return false; // at the clip's edge already
    const QString text = keys.size() == 1 ? tr("Move a key to %1").arg(player->timeText(keys.front().time + shift))
                         : shift > 0      ? tr("Move %n keys later by %1", nullptr, static_cast<int>(keys.size())).arg(player->spanText(shift))
                                          : tr("Move %n keys earlier by %1", nullptr, static_cast<int>(keys.size())).arg(player->spanText(-shift));
    animation::MoveResult moved;
    const bool done = edit(text, [&](animation::Clip& c) { moved = animation::moveKeys(c, keys, seconds); });
    if (done)
        setSelection(moved.moved);
    return done;
}

double TimelineModel::movableShift(double seconds) const
{
    const animation::Clip* open = clip();
    if (m_selection.empty() || !open || !std::isfinite(seconds))
        return 0.0;
    const auto [earliest, latest] = std::minmax_element(m_selection.begin(), m_selection.end(),
                                                        [](const KeyRef& a, const KeyRef& b) { return a.time < b.time; });
    return std::clamp(seconds, -earliest->time, std::max(0.0, open->duration - latest->time));
}

bool TimelineModel::copySelected()
{
    if (m_selection.empty() || !m_shown)
        return false;
    m_clipboard = animation::copyKeys(*m_shown, m_selection);
    emit clipboardChanged();
    return true;
}

bool TimelineModel::paste()
{
    if (!m_clipboard || !m_document || !clip())
        return false;
    const double at = m_document->animation()->time();
    const Rig& rig = m_document->rig();
    std::vector<KeyRef> pasted;
    const double duration = clip()->duration;
    const bool done = edit(tr("Paste keys at %1").arg(m_document->animation()->timeText(at)),
                           [&](animation::Clip& c) { pasted = animation::pasteKeys(c, rig, *m_clipboard, at); });
    if (done)
        setSelection(pasted);
    // Keys left out are said (QA: three of five pasted keys vanished without a word): those
    // that would land after the clip's end, and those that do not fit here.
    std::vector<double> times;
    for (const TrackRef& track : animation::keyedTracks(m_clipboard->keys))
        for (double t : animation::keyTimes(m_clipboard->keys, track))
            times.push_back(t);
    if (pasted.size() < times.size()) {
        const double earliest = *std::min_element(times.begin(), times.end());
        const auto late = std::count_if(times.begin(), times.end(),
                                        [&](double t) { return at + (t - earliest) > duration + animation::kSameTime; });
        const auto unfit = static_cast<qsizetype>(times.size() - pasted.size()) - late;
        QStringList why;
        if (late > 0)
            why << tr("%n would land after the clip's end (%1)", nullptr, int(late)).arg(m_document->animation()->timeText(duration));
        if (unfit > 0)
            why << tr("%n do not fit here (another joint's channel, or beyond reach)", nullptr, int(unfit));
        emit m_document->notice(tr("Pasted %1 of %2 keys: %3").arg(pasted.size()).arg(times.size()).arg(why.join(QStringLiteral("; "))));
    }
    return done && !pasted.empty();
}

bool TimelineModel::setSelectedCurve(const QString& kind)
{
    animation::Curve curve;
    if (kind == QLatin1String("stepped"))
        curve.kind = animation::Curve::Kind::Stepped;
    else if (kind != QLatin1String("linear"))
        return false;
    if (m_selection.empty())
        return false;
    const std::vector<KeyRef> keys = m_selection;
    return edit(keys.size() == 1 ? tr("Set the curve of a key") : tr("Set the curve of %n keys", nullptr, static_cast<int>(keys.size())),
                [&](animation::Clip& c) { animation::setCurve(c, keys, curve); });
}

bool TimelineModel::setSelectedBezier(double x1, double y1, double x2, double y2)
{
    const animation::Curve curve = animation::Curve::bezier(x1, y1, x2, y2);
    if (m_selection.empty() || !animation::isValidCurve(curve))
        return false;
    const std::vector<KeyRef> keys = m_selection;
    return edit(keys.size() == 1 ? tr("Set the curve of a key") : tr("Set the curve of %n keys", nullptr, static_cast<int>(keys.size())),
                [&](animation::Clip& c) { animation::setCurve(c, keys, curve); });
}

QString TimelineModel::selectedCurveKind() const
{
    if (!m_shown)
        return {};
    for (const KeyRef& key : m_selection)
        if (const auto curve = animation::curveOf(*m_shown, key)) {
            switch (curve->kind) {
            case animation::Curve::Kind::Linear: return QStringLiteral("linear");
            case animation::Curve::Kind::Stepped: return QStringLiteral("stepped");
            case animation::Curve::Kind::Bezier: return QStringLiteral("bezier");
            }
        }
    return {};
}

QVariantList TimelineModel::selectedBezier() const
{
    if (m_shown)
        for (const KeyRef& key : m_selection)
            if (const auto curve = animation::curveOf(*m_shown, key)) {
                if (curve->kind == animation::Curve::Kind::Bezier)
                    return {curve->x1, curve->y1, curve->x2, curve->y2};
                return {0.0, 0.0, 1.0, 1.0}; // a straight line, as Bezier numbers
            }
    return {};
}

} // namespace bonework::editor
