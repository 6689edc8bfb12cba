#pragma once
// Play mode: runs the motion-preview simulation (core/bonework/sim) on the document's rig at a
// fixed 60 Hz step, independent of the frame rate, and shows each pose on the canvas. A driver
// moves the effector: the cursor, a bouncing ball, or the arrow keys (steering). Stopping goes
// back to the pose before play, or keeps the played pose as one undo step. Record captures the
// solved pose every frame into a new animation clip (animation/clip_recorder.h, keys within
// 0.1 px), added to the rig as one undo step when play stops.

#include "bonework/animation/clip_recorder.h"
#include "bonework/sim/simulation.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointF>
#include <QPointer>
#include <QRectF>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>

namespace bonework::editor {

class Document;

class PlayController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_PROPERTY(bool active READ isActive NOTIFY stateChanged)   // a simulation exists (playing or paused)
    Q_PROPERTY(bool playing READ isPlaying NOTIFY stateChanged)
    Q_PROPERTY(bool recording READ isRecording NOTIFY stateChanged)
    Q_PROPERTY(QString driver READ driver WRITE setDriver NOTIFY driverChanged)
    // What play mode can drive, for the tool bar: {text (shown), value (driver's name)}.
    Q_PROPERTY(QVariantList drivers READ drivers CONSTANT)
    Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY speedChanged)
    Q_PROPERTY(QString status READ status NOTIFY frameAdvanced)
    Q_PROPERTY(QString bend READ bend NOTIFY frameAdvanced)
    // Whether the driven solve has a bend to flip (a two-bone chain or solver): Flip Bend's state.
    Q_PROPERTY(bool bendApplies READ bendApplies NOTIFY stateChanged)
    Q_PROPERTY(bool ballVisible READ ballVisible NOTIFY frameAdvanced)
    Q_PROPERTY(QPointF ballPosition READ ballPosition NOTIFY frameAdvanced)
    Q_PROPERTY(double ballRadius READ ballRadius NOTIFY frameAdvanced)
    Q_PROPERTY(double gravity READ gravity WRITE setGravity NOTIFY settingsChanged)
    Q_PROPERTY(double restitution READ restitution WRITE setRestitution NOTIFY settingsChanged)
    Q_PROPERTY(double ballSize READ ballSize WRITE setBallSize NOTIFY settingsChanged)

public:
    explicit PlayController(QObject* parent = nullptr);
    ~PlayController() override;

    Document* document() const { return m_document; }
    void setDocument(Document* document);
    bool isActive() const { return m_sim != nullptr; }
    bool isPlaying() const { return m_timer.isActive(); }
    bool isRecording() const { return m_recorder != nullptr; }
    QString driver() const;
    static QVariantList drivers();
    void setDriver(const QString& name);
    double speed() const { return m_speed; }
    void setSpeed(double speed);
    QString status() const;
    QString bend() const;
    bool bendApplies() const;
    bool ballVisible() const;
    QPointF ballPosition() const;
    double ballRadius() const;
    double gravity() const { return m_settings.ball.gravity; }
    void setGravity(double value);
    double restitution() const { return m_settings.ball.restitution; }
    void setRestitution(double value);
    double ballSize() const { return m_settings.ball.radius; }
    void setBallSize(double value);

    // The area (in rig coordinates) the ball and the steered joint stay in: the visible canvas.
    Q_INVOKABLE void setBounds(const QRectF& area);
    Q_INVOKABLE void setCursor(double x, double y);
    // Arrow keys for steering: Qt::Key_Up, Key_Left, Key_Right.
    Q_INVOKABLE bool setKey(int key, bool down);

    Q_INVOKABLE void play();
    Q_INVOKABLE void pause();
    Q_INVOKABLE void togglePlay();
    Q_INVOKABLE void stepOnce();
    // Flips the driven two-bone solve's bend direction while playing (the S5 elbow switch).
    Q_INVOKABLE void flipBend();
    // Leaves play mode: keep = true keeps the played pose as one undo step. A recording ends
    // here: its clip ("Recording N") is added to the rig as one more undo step.
    Q_INVOKABLE void stop(bool keep = false);
    // Starts recording (and playing) from the current frame; while recording, ends the
    // recording and play mode (stop()).
    Q_INVOKABLE void toggleRecord();

    // For tests: runs `steps` fixed steps as if that much time had passed.
    void runSteps(int steps);
    const sim::Simulation* simulation() const { return m_sim.get(); }

signals:
    void documentChanged();
    void stateChanged();
    void driverChanged();
    void speedChanged();
    void settingsChanged();
    void frameAdvanced();
    // A recording was added to the rig: what it holds, for the status bar.
    void recorded(const QString& message);

private:
    bool start();
    // The recorded clip, named after the first free "Recording N"; empty when nothing moved.
    std::optional<animation::Clip> finishRecording();
    void tick();
    void publish();
    sim::DrivenEffector chooseEffector(QString* why) const;

    QPointer<Document> m_document;
    sim::SimulationSettings m_settings;
    std::unique_ptr<sim::Simulation> m_sim;
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_speed = 1.0;
    sim::SteeringKeys m_keys;
    Vec2 m_cursor{600, 400};
    QString m_problem;
    std::unique_ptr<Rig> m_recordSetup; // the rig the recorder reads (kept while it records)
    std::unique_ptr<animation::ClipRecorder> m_recorder;
    std::uint64_t m_recordStart = 0;    // the step the recording began at
};

} // namespace bonework::editor
