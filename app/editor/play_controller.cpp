#include "play_controller.h"

#include "animation_player.h"

#include "document.h"

#include <QtGlobal>

namespace bonework::editor {

PlayController::PlayController(QObject* parent) : QObject(parent)
{
    m_settings.driver = sim::DriverKind::Cursor;
    // A knock that sends the ball flying (S4) rather than a nudge per touching step.
    m_settings.ball.upwardKick = 260.0;
    m_settings.ball.sidewaysKick = 220.0;
    m_timer.setInterval(8); // polls faster than the 60 Hz steps; the clock decides how many run
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &PlayController::tick);
}

PlayController::~PlayController()
{
    if (m_sim && m_document)
        m_document->posing()->endPreview(false);
}

void PlayController::setDocument(Document* document)
{
    if (m_document == document)
        return;
    stop(false);
    m_document = document;
    if (m_document)
        connect(m_document, &Document::playStopRequested, this, [this] { stop(false); });
    emit documentChanged();
}

QString PlayController::driver() const { return QString::fromLatin1(sim::driverName(m_settings.driver)); }

QVariantList PlayController::drivers()
{
    QVariantList list;
    for (sim::DriverKind kind : sim::kAllDrivers) {
        QString text;
        switch (kind) {
        case sim::DriverKind::None: continue; // play always drives something
        case sim::DriverKind::Cursor: text = tr("Cursor"); break;
        case sim::DriverKind::BouncingBall: text = tr("Ball"); break;
        case sim::DriverKind::Steering: text = tr("Steering"); break;
        }
        list.append(QVariantMap{{"text", text}, {"value", QString::fromLatin1(sim::driverName(kind))}});
    }
    return list;
}

void PlayController::setDriver(const QString& name)
{
    const auto kind = sim::driverFromName(name.toStdString());
    if (!kind || *kind == m_settings.driver)
        return;
    m_settings.driver = *kind;
    emit driverChanged();
    if (m_sim) { // a new driver starts the preview afresh from the pose before play
        const bool wasPlaying = isPlaying();
        stop(false);
        if (wasPlaying)
            play();
    }
}

void PlayController::setSpeed(double speed)
{
    speed = qBound(0.05, speed, 8.0);
    if (qFuzzyCompare(speed, m_speed))
        return;
    m_speed = speed;
    emit speedChanged();
}

void PlayController::setGravity(double value)
{
    m_settings.ball.gravity = value;
    if (m_sim)
        m_sim->setBallSettings(m_settings.ball);
    emit settingsChanged();
}

void PlayController::setRestitution(double value)
{
    m_settings.ball.restitution = qBound(0.0, value, 1.0);
    if (m_sim)
        m_sim->setBallSettings(m_settings.ball);
    emit settingsChanged();
}

void PlayController::setBallSize(double value)
{
    m_settings.ball.radius = qMax(1.0, value);
    if (m_sim)
        m_sim->setBallSettings(m_settings.ball);
    emit settingsChanged();
}

void PlayController::setBounds(const QRectF& area)
{
    if (!area.isValid())
        return;
    m_settings.bounds = {area.left(), area.top(), area.right(), area.bottom()};
    if (m_sim)
        m_sim->setBounds(m_settings.bounds);
}

void PlayController::setCursor(double x, double y)
{
    m_cursor = {x, y};
    if (m_sim)
        m_sim->setCursor(m_cursor);
}

bool PlayController::setKey(int key, bool down)
{
    switch (key) {
    case Qt::Key_Up: m_keys.up = down; break;
    case Qt::Key_Left: m_keys.left = down; break;
    case Qt::Key_Right: m_keys.right = down; break;
    default: return false;
    }
    if (m_sim)
        m_sim->setKeys(m_keys);
    return m_settings.driver == sim::DriverKind::Steering;
}

// What the driver moves: the selected chain, else the selected joint with the default drag
// solver, else what the open example suggests.
sim::DrivenEffector PlayController::chooseEffector(QString* why) const
{
    sim::DrivenEffector e;
    const Rig& rig = m_document->rig();
    // "rotate" turns one bone by hand; a driver needs a solver, so it drives with follow then.
    const SolverKind defaultSolver = m_document->posing()->defaultSolverKind();
    if (m_document->selectedChain() >= 0) {
        e.chain = m_document->selectedChain();
        return e;
    }
    if (m_document->selectedJoint() >= 0) {
        const int chain = m_document->chainWithTip(m_document->selectedJoint());
        if (chain >= 0)
            e.chain = chain;
        else {
            e.joint = m_document->selectedJoint();
            e.solver = defaultSolver;
        }
        return e;
    }
    const QVariantMap hint = m_document->playHint();
    if (!hint.value("chain").toString().isEmpty()) {
        e.chain = rig.findChain(hint.value("chain").toString().toStdString());
        if (e.chain >= 0)
            return e;
    }
    if (!hint.value("joint").toString().isEmpty()) {
        e.joint = rig.findJoint(hint.value("joint").toString().toStdString());
        e.solver = solverFromName(hint.value("solver").toString().toStdString()).value_or(defaultSolver);
        if (e.joint != kNoJoint)
            return e;
    }
    if (!rig.chains().empty()) {
        e.chain = 0;
        return e;
    }
    *why = tr("Select a joint or a chain to drive");
    return e;
}

bool PlayController::start()
{
    if (!m_document)
        return false;
    // Said on the status bar: Play, Step or Record that does nothing looked broken (QA).
    if (m_document->jointCount() == 0) {
        emit m_document->notice(tr("Nothing to play: the rig has no bones yet"));
        return false;
    }
    QString why;
    m_settings.effector = chooseEffector(&why);
    if (!why.isEmpty()) {
        m_problem = why;
        emit m_document->notice(why);
        emit frameAdvanced();
        return false;
    }
    m_document->animation()->stop(); // the motion preview starts from the rig's own pose
    m_document->posing()->beginPreview();
    m_sim = std::make_unique<sim::Simulation>(m_document->rig(), m_settings);
    m_sim->setCursor(m_cursor);
    m_sim->setKeys(m_keys);
    m_problem = QString::fromStdString(m_sim->error());
    emit stateChanged();
    return m_sim->runnable();
}

void PlayController::play()
{
    if (!m_sim && !start())
        return;
    m_clock.restart();
    m_timer.start();
    emit stateChanged();
}

void PlayController::pause()
{
    m_timer.stop();
    emit stateChanged();
}

void PlayController::togglePlay() { isPlaying() ? pause() : play(); }

void PlayController::stepOnce()
{
    if (!m_sim && !start())
        return;
    pause();
    m_sim->step();
    publish();
}

bool PlayController::bendApplies() const
{
    if (!m_sim || !m_document)
        return false;
    const sim::DrivenEffector& e = m_settings.effector;
    const auto& chains = m_document->rig().chains();
    const SolverKind solver = e.chain >= 0 && e.chain < static_cast<int>(chains.size()) ? chains[static_cast<std::size_t>(e.chain)].solver
                                                                                         : e.solver;
    return solver == SolverKind::TwoBone;
}

void PlayController::flipBend()
{
    if (!m_sim && !start())
        return;
    if (!bendApplies())
        return;
    m_sim->setDrivenBend(m_sim->drivenBend() == BendDirection::Positive ? BendDirection::Negative : BendDirection::Positive);
    emit frameAdvanced();
}

QString PlayController::bend() const
{
    return m_sim ? QString::fromLatin1(bendName(m_sim->drivenBend())) : QString();
}

void PlayController::runSteps(int steps)
{
    if (!m_sim && !start())
        return;
    for (int i = 0; i < steps; ++i)
        m_sim->step();
    publish();
}

void PlayController::stop(bool keep)
{
    m_timer.stop();
    if (!m_sim)
        return;
    std::optional<animation::Clip> clip = finishRecording();
    m_sim.reset();
    if (m_document) {
        m_document->posing()->endPreview(keep);
        if (clip && m_document->addAnimation(*clip)) {
            std::size_t keys = 0;
            for (const animation::JointTracks& t : clip->joints)
                keys += t.angle.size() + t.x.size() + t.y.size() + t.rotation.size();
            emit recorded(tr("New clip \"%1\": %2 s, %3 keys").arg(QString::fromStdString(clip->name)).arg(clip->duration, 0, 'f', 2).arg(keys));
            // The new clip opens in the Timeline at its start: a recording is made to be
            // watched and edited next.
            m_document->animation()->setCurrent(m_document->rig().findAnimation(clip->name));
        }
    }
    emit stateChanged();
    emit frameAdvanced();
}

void PlayController::toggleRecord()
{
    if (m_recorder) {
        stop(false);
        return;
    }
    if (!m_sim && !start())
        return;
    m_recordSetup = std::make_unique<Rig>(m_sim->poseBeforePlay());
    m_recorder = std::make_unique<animation::ClipRecorder>(*m_recordSetup);
    m_recordStart = m_sim->stepCount();
    m_recorder->capture(0.0, m_sim->rig());
    if (!isPlaying())
        play();
    emit stateChanged();
}

std::optional<animation::Clip> PlayController::finishRecording()
{
    if (!m_recorder)
        return std::nullopt;
    std::optional<animation::Clip> clip;
    if (m_recorder->frameCount() > 1) {
        int n = 1;
        while (m_recordSetup->findAnimation(tr("Recording %1").arg(n).toStdString()) >= 0
               || (m_document && m_document->rig().findAnimation(tr("Recording %1").arg(n).toStdString()) >= 0))
            ++n;
        clip = m_recorder->finish(tr("Recording %1").arg(n).toStdString(), 0.1);
    }
    m_recorder.reset();
    m_recordSetup.reset();
    return clip;
}

void PlayController::tick()
{
    if (!m_sim)
        return;
    const double elapsed = m_clock.nsecsElapsed() / 1e9;
    m_clock.restart();
    if (m_sim->advance(elapsed, m_speed) > 0)
        publish();
}

void PlayController::publish()
{
    // Every shown frame is recorded at its simulated time (steps since the recording began).
    if (m_recorder)
        m_recorder->capture(static_cast<double>(m_sim->stepCount() - m_recordStart) * m_sim->stepSeconds(), m_sim->rig());
    if (m_document)
        m_document->posing()->showPreview(m_sim->rig());
    emit frameAdvanced();
}

QString PlayController::status() const
{
    if (!m_problem.isEmpty())
        return m_problem;
    if (!m_sim)
        return {};
    const solvers::SolveResult& r = m_sim->lastSolve();
    // The bend only where it means something: a two-bone solve (reach and follow have none).
    QString s = bendApplies() ? tr("step %1 · error %2 · bend %3").arg(m_sim->stepCount()).arg(r.error, 0, 'f', 2).arg(bend())
                              : tr("step %1 · error %2").arg(m_sim->stepCount()).arg(r.error, 0, 'f', 2);
    if (m_recorder)
        s = tr("● recording %1 s · ").arg(static_cast<double>(m_sim->stepCount() - m_recordStart) * m_sim->stepSeconds(), 0, 'f', 1) + s;
    if (m_settings.driver == sim::DriverKind::BouncingBall)
        s += tr(" · kicks %1").arg(m_sim->ball().kicks);
    return s;
}

bool PlayController::ballVisible() const { return m_sim && m_settings.driver == sim::DriverKind::BouncingBall; }

QPointF PlayController::ballPosition() const
{
    if (!m_sim)
        return {};
    return {m_sim->ball().position.x, m_sim->ball().position.y};
}

double PlayController::ballRadius() const { return m_settings.ball.radius; }

} // namespace bonework::editor
