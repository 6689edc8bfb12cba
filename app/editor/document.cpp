#include "document.h"

#include "example_catalogue.h"
#include "recent_files.h"
#include "add_joint_command.h"
#include "pose_command.h"
#include "rig_edit_command.h"
#include "rig_snapshot_command.h"

#include "bonework/angles.h"
#include "bonework/bone_placement.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/export/export_format.h"
#include "bonework/io/rig_file.h"
#include "bonework/solvers/stuck_drag.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSettings>

#include <algorithm>
#include <cmath>

namespace bonework::editor {
namespace {

constexpr char kExamplesIndex[] = ":/examples/examples.json";

Rig untitledRig()
{
    Rig rig;
    rig.setName("untitled");
    return rig;
}

bool sameStructure(const Rig& a, const Rig& b)
{
    if (a.jointCount() != b.jointCount())
        return false;
    for (std::size_t i = 0; i < a.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (a.jointName(j) != b.jointName(j) || a.parent(j) != b.parent(j))
            return false;
    }
    return true;
}

} // namespace

Document::Document(QObject* parent)
    : QObject(parent), m_rig(untitledRig()), m_savedRig(m_rig), m_posing(new PoseController(this))
{
    connect(&m_undo, &QUndoStack::cleanChanged, this, &Document::modifiedChanged);
    connect(&m_undo, &QUndoStack::indexChanged, this, &Document::undoStateChanged);
    connect(&m_undo, &QUndoStack::cleanChanged, this, &Document::undoStateChanged);
    m_undo.setUndoLimit(1000);
}

Document::~Document() = default;

QString Document::displayName() const
{
    if (m_filePath.isEmpty())
        return m_rig.name().empty() ? tr("untitled") : QString::fromStdString(m_rig.name());
    return QFileInfo(m_filePath).fileName();
}

void Document::setSelectedJoint(int joint)
{
    if (!m_rig.isValidJoint(joint))
        joint = -1;
    if (joint == m_selectedJoint)
        return;
    m_selectedJoint = joint;
    emit selectionChanged();
}

void Document::setSelectedChain(int chain)
{
    if (chain < 0 || chain >= chainCount())
        chain = -1;
    if (chain == m_selectedChain)
        return;
    m_selectedChain = chain;
    emit selectionChanged();
}

QStringList Document::recentFiles() const { return RecentFiles::list(); }

QString Document::recentFileLabel(const QString& path) const { return RecentFiles::label(path); }

QString Document::nodeShape() const { return QString::fromLatin1(nodeShapeName(m_rig.nodeShape())); }

// --- Files ---------------------------------------------------------------------------------

void Document::setFile(const QString& path)
{
    m_filePath = path;
    emit fileChanged();
}

void Document::replaceRig(const Rig& rig)
{
    const QString selected = m_selectedJoint >= 0 ? QString::fromStdString(m_rig.jointName(m_selectedJoint)) : QString();
    const bool sameJoints = m_rig.jointCount() == rig.jointCount();
    m_rig = rig;
    ++m_revision;
    restoreSelection(selected, sameJoints);
    if (m_selectedChain >= chainCount())
        setSelectedChain(-1);
    emit rigChanged();
}

void Document::restoreSelection(const QString& jointName, bool sameJoints)
{
    // Follow the joint by name (indices shift when joints come and go); a rename being undone
    // changes the name instead, so then keep the index.
    int j = jointName.isEmpty() ? -1 : m_rig.findJoint(jointName.toStdString());
    if (j < 0 && sameJoints && !jointName.isEmpty() && m_rig.isValidJoint(m_selectedJoint))
        j = m_selectedJoint;
    if (j != m_selectedJoint) {
        m_selectedJoint = j;
        emit selectionChanged();
    }
}

void Document::adopt(const Rig& rig, const QString& filePath, const QVariantMap& playHint)
{
    m_undo.clear();
    m_savedRig = rig;
    m_selectedJoint = -1;
    m_selectedChain = -1;
    m_playHint = playHint;
    replaceRig(m_savedRig);
    emit selectionChanged();
    setFile(filePath);
    emit undoStateChanged();
    emit modifiedChanged();
}

void Document::newRig() { adopt(untitledRig(), QString(), {}); }

bool Document::open(const QString& path)
{
    const io::LoadResult loaded = io::loadRigFile(path);
    if (!loaded.ok()) {
        emit loadFailed(loaded.error.toString());
        return false;
    }
    // An example keeps the way it is meant to be played however it is opened (menu, command
    // line, Open, Open Recent): the catalogue knows it by its file name.
    adopt(*loaded.rig, QFileInfo(path).absoluteFilePath(), ExampleCatalogue::hintForFile(QFileInfo(path).fileName()));
    RecentFiles::add(m_filePath);
    emit fileChanged(); // the recent list changed too
    return true;
}

bool Document::openExample(int index)
{
    const QVariantList list = examples();
    if (index < 0 || index >= list.size())
        return false;
    const QVariantMap example = list[index].toMap();
    const io::LoadResult loaded = io::loadRigFile(ExampleCatalogue::resourcePath(example));
    if (!loaded.ok()) {
        emit loadFailed(loaded.error.toString());
        return false;
    }
    adopt(*loaded.rig, QString(), example); // an example is a template: saving asks where
    return true;
}

QVariantList Document::examples() const { return ExampleCatalogue::entries(); }

bool Document::save()
{
    if (m_filePath.isEmpty())
        return false;
    return saveAs(m_filePath);
}

bool Document::saveAs(const QString& path)
{
    if (path.isEmpty())
        return false;
    QString error;
    if (!io::saveRigFile(m_rig, path, &error)) {
        emit saveFailed(error);
        return false;
    }
    m_savedRig = m_rig;
    m_undo.setClean();
    setFile(QFileInfo(path).absoluteFilePath());
    RecentFiles::add(m_filePath);
    return true;
}

bool Document::revert()
{
    if (m_filePath.isEmpty()) {
        m_undo.setIndex(m_undo.cleanIndex() >= 0 ? m_undo.cleanIndex() : 0);
        return true;
    }
    return open(m_filePath);
}

bool Document::exportTo(const QUrl& url, const QString& format)
{
    const QString path = url.isLocalFile() ? url.toLocalFile() : url.toString();
    if (io::isRigPath(path, m_filePath)) {
        emit saveFailed(tr("An export never replaces a Bonework rig: choose a name that does not end in .rig.json"));
        return false;
    }
    const io::ExportFormat* exporter = io::findExportFormat(format);
    if (!exporter)
        return false;
    io::ExportReport report;
    QString error;
    if (!io::writeExport(*exporter, m_rig, path, report, &error)) {
        emit saveFailed(tr("Cannot write %1: %2").arg(path, error));
        return false;
    }
    QSettings settings;
    settings.setValue("export/format", format);
    settings.setValue("export/folder", QFileInfo(path).absolutePath());
    m_lastExportReport = report.toText();
    return true;
}

QVariantList Document::exportFormats() const
{
    QVariantList list;
    for (const io::ExportFormat& f : io::exportFormats())
        list.append(QVariantMap{{"id", f.id},
                                {"label", QStringLiteral("%1 (%2)").arg(f.displayName, f.nameFilter)},
                                {"globs", QStringList{f.nameFilter}},
                                {"suffix", f.suffix}});
    return list;
}

QString Document::lastExportFormat() const { return QSettings().value("export/format", "spine").toString(); }

QUrl Document::lastExportFolder() const
{
    const QString folder = QSettings().value("export/folder").toString();
    if (!folder.isEmpty())
        return QUrl::fromLocalFile(folder);
    return m_filePath.isEmpty() ? QUrl() : QUrl::fromLocalFile(QFileInfo(m_filePath).absolutePath());
}

bool Document::restoreRecovered(const QByteArray& json, const QString& originalPath)
{
    const io::LoadResult loaded = io::parseRig(json, tr("recovered work"));
    if (!loaded.ok()) {
        emit loadFailed(loaded.error.toString());
        return false;
    }
    newRig();
    // The recovered rig comes back as an unsaved change on top of its original file.
    if (!originalPath.isEmpty()) {
        const io::LoadResult original = io::loadRigFile(originalPath);
        if (original.ok()) {
            m_savedRig = *original.rig;
            replaceRig(m_savedRig);
            setFile(originalPath);
        }
    }
    m_undo.push(new RigSnapshotCommand(this, tr("Recover unsaved work"), m_rig, *loaded.rig));
    return true;
}

void Document::undo()
{
    if (!m_posing->isPreviewing())
        m_undo.undo();
}

void Document::redo()
{
    if (!m_posing->isPreviewing())
        m_undo.redo();
}

// --- Edits ---------------------------------------------------------------------------------

template <typename Edit>
bool Document::applyEdit(const QString& text, Edit edit, quint64 mergeKey)
{
    if (m_posing->isPreviewing()) {
        emit editRefused(tr("Stop playing to edit the rig"));
        return false;
    }
    Rig changed = m_rig;
    const EditResult result = edit(changed);
    if (!result.ok()) {
        emit editRefused(QString::fromStdString(result.error));
        return false;
    }
    if (changed == m_rig)
        return true;
    // An edit that keeps the skeleton keeps only what it changed; one that changes it, both rigs.
    if (auto command = RigEditCommand::between(this, text, m_rig, changed); command && mergeKey == 0)
        m_undo.push(command.release());
    else
        m_undo.push(new RigSnapshotCommand(this, text, m_rig, std::move(changed), mergeKey));
    return true;
}

void Document::applyRigEdit(const RigEditCommand& command, bool after)
{
    command.apply(m_rig, after);
    ++m_revision;
    if (m_selectedChain >= chainCount())
        setSelectedChain(-1);
    emit rigChanged();
}

QString Document::jointLabel(int joint) const
{
    return m_rig.isValidJoint(joint) ? QString::fromStdString(m_rig.jointName(joint)) : QString();
}

std::string Document::newJointName(const char* prefix) const
{
    std::string name;
    int n = static_cast<int>(m_rig.jointCount());
    do
        name = prefix + std::to_string(++n);
    while (m_rig.findJoint(name) != kNoJoint);
    return name;
}

int Document::addJoint(const JointDesc& joint, const QString& text)
{
    if (m_posing->isPreviewing()) {
        emit editRefused(tr("Stop playing to edit the rig"));
        return -1;
    }
    JointIndex added = kNoJoint;
    const EditResult result = m_rig.addJoint(joint, &added); // a refusal changes nothing
    if (!result.ok()) {
        emit editRefused(QString::fromStdString(result.error));
        return -1;
    }
    notifyRigChanged();
    m_undo.push(new AddJointCommand(this, text, joint, true));
    setSelectedJoint(added);
    return added;
}

void Document::applyJointAdded(const JointDesc& joint, bool added)
{
    const QString selected = m_selectedJoint >= 0 ? jointLabel(m_selectedJoint) : QString();
    if (added)
        m_rig.addJoint(joint);
    else
        m_rig.removeJoint(static_cast<JointIndex>(m_rig.jointCount() - 1));
    restoreSelection(selected, false);
    notifyRigChanged();
}

int Document::addRoot(double x, double y)
{
    JointDesc d;
    d.name = newJointName("root");
    d.position = {x, y};
    return addJoint(d, tr("Add %1").arg(QString::fromStdString(d.name)));
}

int Document::addBone(int parent, double x, double y)
{
    if (!m_rig.isValidJoint(parent)) {
        emit editRefused(tr("Pick a joint to grow the bone from"));
        return -1;
    }
    const std::optional<BonePlacement> placed = boneTo(worldTransformOf(m_rig, parent), {x, y});
    if (!placed) {
        emit editRefused(tr("Drag further: a bone needs a length"));
        return -1;
    }
    JointDesc d;
    d.name = newJointName("joint");
    d.parent = parent;
    d.length = placed->length;
    d.angle = placed->angle;
    return addJoint(d, tr("Add bone %1").arg(QString::fromStdString(d.name)));
}

bool Document::removeJoint(int joint)
{
    // The selection moves to a neighbour, as in a file manager: the next sibling, else the
    // previous one, else the parent. Names survive the index shift of the removal.
    QString neighbour;
    if (m_rig.isValidJoint(joint)) {
        JointIndex previous = kNoJoint, next = kNoJoint;
        const JointIndex parent = m_rig.parent(joint);
        bool seen = false;
        for (std::size_t i = 0; i < m_rig.jointCount(); ++i) {
            const auto j = static_cast<JointIndex>(i);
            if (m_rig.parent(j) != parent)
                continue;
            if (j == joint)
                seen = true;
            else if (!seen)
                previous = j;
            else if (next == kNoJoint)
                next = j;
        }
        const JointIndex pick = next != kNoJoint ? next : previous != kNoJoint ? previous : parent;
        neighbour = jointLabel(pick);
    }
    if (!applyEdit(tr("Delete %1").arg(jointLabel(joint)), [&](Rig& r) { return r.removeJoint(joint); }))
        return false;
    setSelectedJoint(neighbour.isEmpty() ? -1 : findJoint(neighbour));
    return true;
}

bool Document::renameJoint(int joint, const QString& name)
{
    return applyEdit(tr("Rename %1 to %2").arg(jointLabel(joint), name),
                     [&](Rig& r) { return r.renameJoint(joint, name.trimmed().toStdString()); });
}

bool Document::reparentJoint(int joint, int newParent)
{
    return applyEdit(tr("Reparent %1").arg(jointLabel(joint)),
                     [&](Rig& r) { return r.reparentJoint(joint, newParent < 0 ? kNoJoint : newParent); });
}

bool Document::setLength(int joint, double length)
{
    return applyEdit(tr("Set length of %1").arg(jointLabel(joint)), [&](Rig& r) { return r.setLength(joint, length); });
}

bool Document::setAngle(int joint, double degrees)
{
    return applyEdit(tr("Set angle of %1").arg(jointLabel(joint)), [&](Rig& r) { return r.setAngle(joint, degrees); });
}

bool Document::setLimits(int joint, double min, double max)
{
    return applyEdit(tr("Set limits of %1").arg(jointLabel(joint)),
                     [&](Rig& r) { return r.setLimits(joint, min, max); });
}

bool Document::setRootPosition(int joint, double x, double y)
{
    return applyEdit(tr("Move %1").arg(jointLabel(joint)), [&](Rig& r) { return r.setRootPosition(joint, {x, y}); });
}

bool Document::setRootRotation(int joint, double degrees)
{
    return applyEdit(tr("Rotate %1").arg(jointLabel(joint)),
                     [&](Rig& r) { return r.setRootRotation(joint, degrees); });
}

bool Document::setPinned(int joint, bool pinned)
{
    return applyEdit((pinned ? tr("Pin %1") : tr("Unpin %1")).arg(jointLabel(joint)),
                     [&](Rig& r) { return r.setPinned(joint, pinned); });
}

bool Document::togglePin(int joint)
{
    if (!m_rig.isValidJoint(joint))
        return false;
    return setPinned(joint, !m_rig.isPinned(joint));
}

bool Document::setNodeShape(const QString& shape)
{
    const auto kind = nodeShapeFromName(shape.toStdString());
    if (!kind)
        return false;
    return applyEdit(tr("Draw nodes as %1").arg(shape), [&](Rig& r) {
        r.setNodeShape(*kind);
        return EditResult::success();
    });
}

QVariantMap Document::joint(int j) const
{
    if (!m_rig.isValidJoint(j))
        return {};
    const WorldTransform w = worldTransformOf(m_rig, j);
    const JointDesc d = m_rig.joint(j);
    return {{"index", j},
            {"name", QString::fromStdString(d.name)},
            {"parent", d.parent},
            {"parentName", d.parent == kNoJoint ? QString() : QString::fromStdString(m_rig.jointName(d.parent))},
            {"isRoot", d.parent == kNoJoint},
            {"length", d.length},
            {"angle", d.angle},
            {"min", d.minAngle},
            {"max", d.maxAngle},
            {"pinned", d.pinned},
            {"x", d.position.x},
            {"y", d.position.y},
            {"rotation", d.angle},
            {"worldX", w.position.x},
            {"worldY", w.position.y},
            {"chain", chainWithTip(j)}};
}

QStringList Document::jointNames() const
{
    QStringList names;
    for (std::size_t i = 0; i < m_rig.jointCount(); ++i)
        names.append(QString::fromStdString(m_rig.jointName(static_cast<JointIndex>(i))));
    return names;
}

int Document::findJoint(const QString& name) const { return m_rig.findJoint(name.toStdString()); }

QVariantList Document::ancestors(int joint) const
{
    QVariantList list;
    if (!m_rig.isValidJoint(joint))
        return list;
    for (JointIndex p = m_rig.parent(joint); p != kNoJoint; p = m_rig.parent(p))
        list.append(QVariantMap{{"index", p}, {"name", QString::fromStdString(m_rig.jointName(p))}});
    return list;
}

// --- Chains --------------------------------------------------------------------------------

QVariantMap Document::chain(int index) const
{
    if (index < 0 || index >= chainCount())
        return {};
    const Chain& c = m_rig.chains()[index];
    const QPointF target = chainTarget(index);
    return {{"index", index},
            {"name", QString::fromStdString(c.name)},
            {"root", c.root},
            {"tip", c.tip},
            {"rootName", QString::fromStdString(m_rig.jointName(c.root))},
            {"tipName", QString::fromStdString(m_rig.jointName(c.tip))},
            {"solver", QString::fromLatin1(solverName(c.solver))},
            {"iterations", c.iterations},
            {"tolerance", c.tolerance},
            {"bend", QString::fromLatin1(bendName(c.bend))},
            {"attachedTo", c.target.isAttached() ? QString::fromStdString(m_rig.jointName(c.target.joint)) : QString()},
            {"targetX", target.x()},
            {"targetY", target.y()}};
}

QStringList Document::solverNames() const
{
    QStringList names;
    for (SolverKind k : kAllSolvers)
        names.append(QString::fromLatin1(solverName(k)));
    return names;
}

int Document::defaultChainRoot(int tip) const { return bonework::defaultChainRoot(m_rig, tip); }

int Document::addChain(int tip, int root)
{
    if (!m_rig.isValidJoint(tip) || !m_rig.isValidJoint(root) || !m_rig.isAncestor(root, tip)) {
        emit editRefused(tr("A chain runs from a joint down to one of its descendants"));
        return -1;
    }
    Chain c;
    int n = chainCount();
    do
        c.name = "chain" + std::to_string(++n);
    while (m_rig.findChain(c.name) >= 0);
    c.root = root;
    c.tip = tip;
    const bool twoBones = m_rig.parent(tip) != kNoJoint && m_rig.parent(m_rig.parent(tip)) == root;
    c.solver = twoBones ? SolverKind::TwoBone : SolverKind::Fabrik;
    c.target.point = worldTransformOf(m_rig, tip).position;
    if (!applyEdit(tr("Add chain %1").arg(QString::fromStdString(c.name)), [&](Rig& r) { return r.addChain(c); }))
        return -1;
    setSelectedChain(chainCount() - 1);
    return chainCount() - 1;
}

bool Document::removeChain(int index)
{
    const QString name = index >= 0 && index < chainCount() ? QString::fromStdString(m_rig.chains()[index].name) : QString();
    return applyEdit(tr("Delete chain %1").arg(name), [&](Rig& r) { return r.removeChain(index); });
}

template <typename Change>
static EditResult changeChain(Rig& r, int index, Change change)
{
    if (index < 0 || index >= static_cast<int>(r.chains().size()))
        return EditResult::refused("no such chain");
    Chain c = r.chains()[index];
    change(c);
    return r.setChain(index, c);
}

bool Document::renameChain(int index, const QString& name)
{
    return applyEdit(tr("Rename chain to %1").arg(name), [&](Rig& r) {
        return changeChain(r, index, [&](Chain& c) { c.name = name.trimmed().toStdString(); });
    });
}

bool Document::setChainSolver(int index, const QString& solver)
{
    const auto kind = solverFromName(solver.toStdString());
    if (!kind) {
        emit editRefused(tr("Unknown solver %1").arg(solver));
        return false;
    }
    return applyEdit(tr("Set solver to %1").arg(solver),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.solver = *kind; }); });
}

bool Document::setChainIterations(int index, int iterations)
{
    return applyEdit(tr("Set iterations"),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.iterations = iterations; }); });
}

bool Document::setChainTolerance(int index, double tolerance)
{
    return applyEdit(tr("Set tolerance"),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.tolerance = tolerance; }); });
}

bool Document::setChainBend(int index, const QString& bend)
{
    const auto b = bendFromName(bend.toStdString());
    if (!b)
        return false;
    return applyEdit(tr("Set bend %1").arg(bend),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.bend = *b; }); });
}

int Document::chainWithTip(int joint) const
{
    for (int i = 0; i < chainCount(); ++i)
        if (m_rig.chains()[i].tip == joint)
            return i;
    return -1;
}

QPointF Document::chainTarget(int index) const
{
    if (index < 0 || index >= chainCount())
        return {};
    const Chain& c = m_rig.chains()[index];
    const Vec2 p = c.target.isAttached() ? worldTransformOf(m_rig, c.target.joint).position : c.target.point;
    return {p.x, p.y};
}

// --- Posing --------------------------------------------------------------------------------

void Document::applyPoseChange(const PoseChange& change, bool after)
{
    change.apply(m_rig, after);
    ++m_revision;
    emit rigChanged();
}

bool Document::isPreviewing() const { return m_posing->isPreviewing(); }

bool Document::skeletonMatchesSaved() const { return sameStructure(m_rig, m_savedRig); }

} // namespace bonework::editor
