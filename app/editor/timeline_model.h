#pragma once
// The Timeline's rows and keys for the clip open in animate mode (document.animation): a
// summary row with every key time of the clip, then one row per joint, chain and slot that has
// keys (and the selected joint, chain or image, keyed or not, so the user sees where keys go).
// Each row lists its key times (a diamond each; a joint's x, y and rotation keys at one time
// are one diamond). The model keeps the key selection and does the Timeline's key edits on it:
// select (click, box), move, copy, paste, delete and set the curve, each one undo step
// (Document::editClip on animation/clip_edit.h). Rows change when the clip, the open clip or
// the selected joint change, not on every played frame.

#include "bonework/animation/clip_edit.h"

#include <QAbstractListModel>
#include <QPointer>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <optional>
#include <vector>

namespace bonework::editor {

class Document;

class TimelineModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_MOC_INCLUDE("document.h")
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_PROPERTY(int selectedKeyCount READ selectedKeyCount NOTIFY selectionChanged)
    // Changes with every change of the selection: QML bindings of isKeySelected() read it, so
    // a click re-reads the diamonds' looks without making them anew (a drag may be starting).
    Q_PROPERTY(int selectionRevision READ selectionRevision NOTIFY selectionChanged)
    // The first selected key's curve: "linear", "stepped" or "bezier", and its numbers.
    Q_PROPERTY(QString selectedCurveKind READ selectedCurveKind NOTIFY selectedCurveKindChanged)
    Q_PROPERTY(QVariantList selectedBezier READ selectedBezier NOTIFY selectionChanged)
    Q_PROPERTY(bool canPaste READ canPaste NOTIFY clipboardChanged)
    // How many key times the open clip has (the summary row's diamonds; 0 for a new clip).
    Q_PROPERTY(int keyCount READ keyCount NOTIFY keysChanged)

public:
    // name: what the row shows; kind: "summary", "joint", "chain" or "slot"; keys: its key
    // times in order (whether one is selected: isKeySelected); target: the joint, chain or slot
    // index (-1 for the summary).
    enum Role { NameRole = Qt::UserRole + 1, KindRole, KeysRole, TargetRole };

    explicit TimelineModel(QObject* parent = nullptr);
    Document* document() const { return m_document; }
    void setDocument(Document* document);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Selecting keys: the diamond at (row, time) (a summary diamond: every key at that time);
    // `extend` adds to (or, for a selected diamond, takes from) the selection.
    Q_INVOKABLE void selectKey(int row, double time, bool extend);
    // Every diamond of rows firstRow..lastRow within [from, to] seconds.
    Q_INVOKABLE void selectBox(int firstRow, int lastRow, double from, double to, bool extend);
    Q_INVOKABLE void clearSelection();
    Q_INVOKABLE bool isKeySelected(int row, double time) const;
    int selectedKeyCount() const { return static_cast<int>(m_selection.size()); }
    int selectionRevision() const { return m_selectionRevision; }

    // Key edits on the selection, each one undo step; false when there was nothing to do.
    Q_INVOKABLE bool deleteSelected();
    // Moves the selected keys by `seconds` (the Timeline snaps it to frames); the selection
    // follows them. A key moved onto another replaces it.
    Q_INVOKABLE bool moveSelected(double seconds);
    // The part of `seconds` a move of the selected keys takes: they stay within the clip, as
    // moveSelected keeps them, so a drag shows them where they will land.
    Q_INVOKABLE double movableShift(double seconds) const;
    Q_INVOKABLE bool copySelected();
    // Pastes what was copied with its first key at the playhead; the pasted keys are selected.
    Q_INVOKABLE bool paste();
    // "linear", "stepped", or a Bezier from its four numbers (each within [0, 1]).
    Q_INVOKABLE bool setSelectedCurve(const QString& kind);
    Q_INVOKABLE bool setSelectedBezier(double x1, double y1, double x2, double y2);
    QString selectedCurveKind() const;
    QVariantList selectedBezier() const;
    bool canPaste() const { return m_clipboard.has_value(); }
    int keyCount() const { return m_rows.empty() ? 0 : static_cast<int>(m_rows.front().times.size()); }

signals:
    void documentChanged();
    void selectionChanged();
    void clipboardChanged();
    void keysChanged(); // the rows were made anew
    // The selected keys' curve may read otherwise: another selection, or the keys edited (a
    // curve applied, undone).
    void selectedCurveKindChanged();

private:
    struct Row {
        QString name;
        QString kind; // "summary", "joint", "chain", "slot"
        int target = -1;
        std::vector<animation::TrackRef> tracks; // the row's channels (every track for the summary)
        std::vector<double> times;               // the union of their key times, in order
    };
    const animation::Clip* clip() const; // the open clip, or null
    void refresh();
    // `keepSelection`: the selected keys still there stay selected (the same clip open).
    void rebuildRows(bool keepSelection);
    // The keys a diamond stands for: every channel of the row with a key at that time.
    std::vector<animation::KeyRef> keysOf(const Row& row, double time) const;
    bool edit(const QString& text, const std::function<void(animation::Clip&)>& change);
    void setSelection(std::vector<animation::KeyRef> keys);

    QPointer<Document> m_document;
    std::vector<Row> m_rows;
    std::optional<animation::Clip> m_shown; // the clip the rows were made from
    int m_shownClip = -2;  // the open clip's index (m_shown is a copy of it)
    int m_shownJoint = -2; // the selected joint, chain and slot they were made for
    int m_shownChain = -2;
    int m_shownSlot = -2;
    std::vector<animation::KeyRef> m_selection;
    int m_selectionRevision = 0;
    std::optional<animation::KeyClipboard> m_clipboard;
};

} // namespace bonework::editor
