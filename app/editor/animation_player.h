#pragma once
// Playing the rig's animation clips in the editor: pick a clip, scrub its time or play it
// (looping or not), and the canvas shows the sampled pose (animation/clip_sampler.h: keys
// interpolated, chains holding) as a preview, as Play mode shows the motion preview: edits wait
// until it stops, and stopping puts the pose from before back. The Timeline panel drives it.

#include "bonework/animation/clip_sampler.h"
#include "bonework/rig.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace bonework::editor {

class Document;

class AnimationPlayer : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_MOC_INCLUDE("document.h") // the document property's type, complete for the meta-type
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)
    // The rig's clips by name, in file order.
    Q_PROPERTY(QStringList animations READ animations NOTIFY animationsChanged)
    // The clip shown (-1: none); changing it stops showing the one before.
    Q_PROPERTY(int current READ current WRITE setCurrent NOTIFY currentChanged)
    Q_PROPERTY(double duration READ duration NOTIFY currentChanged)
    // Seconds into the clip; setting it scrubs (snapped to whole frames while `snap` is on).
    Q_PROPERTY(double time READ time WRITE setTime NOTIFY timeChanged)
    Q_PROPERTY(int fps READ fps WRITE setFps NOTIFY settingsChanged)
    Q_PROPERTY(bool snap READ snap WRITE setSnap NOTIFY settingsChanged)
    Q_PROPERTY(bool loop READ loop WRITE setLoop NOTIFY settingsChanged)
    Q_PROPERTY(bool playing READ isPlaying NOTIFY stateChanged)
    // A clip's pose is on the canvas (scrubbed or playing) instead of the rig's own.
    Q_PROPERTY(bool active READ isActive NOTIFY stateChanged)

public:
    explicit AnimationPlayer(QObject* parent = nullptr);
    ~AnimationPlayer() override;

    Document* document() const { return m_document; }
    void setDocument(Document* document);
    QStringList animations() const;
    int current() const { return m_current; }
    void setCurrent(int index);
    double duration() const;
    double time() const { return m_time; }
    void setTime(double seconds);
    int fps() const { return m_fps; }
    void setFps(int fps);
    bool snap() const { return m_snap; }
    void setSnap(bool snap);
    bool loop() const { return m_loop; }
    void setLoop(bool loop);
    bool isPlaying() const { return m_timer.isActive(); }
    bool isActive() const { return m_sampler != nullptr; }

    Q_INVOKABLE void play();
    Q_INVOKABLE void pause();
    Q_INVOKABLE void togglePlay();
    // Stops showing the clip: the canvas shows the rig's own pose again.
    Q_INVOKABLE void stop();
    // For tests: plays `seconds` as if that much time had passed.
    void advance(double seconds);

signals:
    void documentChanged();
    void animationsChanged();
    void currentChanged();
    void timeChanged();
    void settingsChanged();
    void stateChanged();

private:
    // Starts showing the current clip (binds the sampler to a copy of the rig); false when
    // there is no clip or the document is busy with another preview.
    bool begin();
    void show();
    void tick();

    QPointer<Document> m_document;
    int m_current = -1;
    double m_time = 0.0;
    int m_fps = 30;
    bool m_snap = true;
    bool m_loop = true;
    std::unique_ptr<Rig> m_setup; // the rig as it was when showing began: the sampler reads it
    std::unique_ptr<Rig> m_pose;
    std::unique_ptr<animation::ClipSampler> m_sampler;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace bonework::editor
