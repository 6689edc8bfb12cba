#include "animation_player.h"

#include "document.h"
#include "pose_controller.h"

#include <algorithm>
#include <cmath>

namespace bonework::editor {

AnimationPlayer::AnimationPlayer(QObject* parent) : QObject(parent)
{
    m_timer.setInterval(16); // about 60 Hz; the time advances by the real time elapsed
    connect(&m_timer, &QTimer::timeout, this, &AnimationPlayer::tick);
}

AnimationPlayer::~AnimationPlayer() { stop(); }

void AnimationPlayer::setDocument(Document* document)
{
    if (m_document == document)
        return;
    stop();
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) {
        // A clip added, renamed or removed (Record, undo, another file) changes the list.
        connect(m_document, &Document::rigChanged, this, [this] {
            if (!isActive())
                emit animationsChanged();
        });
    }
    m_current = -1;
    emit documentChanged();
    emit animationsChanged();
    emit currentChanged();
}

QStringList AnimationPlayer::animations() const
{
    QStringList names;
    if (m_document)
        for (const animation::Clip& clip : m_document->rig().animations())
            names << QString::fromStdString(clip.name);
    return names;
}

void AnimationPlayer::setCurrent(int index)
{
    if (index == m_current)
        return;
    stop();
    m_current = index;
    m_time = 0.0;
    emit currentChanged();
    emit timeChanged();
}

double AnimationPlayer::duration() const
{
    if (!m_document || m_current < 0 || m_current >= static_cast<int>(m_document->rig().animations().size()))
        return 0.0;
    return m_document->rig().animations()[static_cast<std::size_t>(m_current)].duration;
}

void AnimationPlayer::setTime(double seconds)
{
    if (!std::isfinite(seconds))
        return;
    double t = std::clamp(seconds, 0.0, duration());
    if (m_snap && m_fps > 0)
        t = std::min(std::round(t * m_fps) / m_fps, duration());
    if (!isActive() && !begin())
        return;
    m_time = t;
    show();
    emit timeChanged();
}

void AnimationPlayer::setFps(int fps)
{
    if (fps < 1 || fps > 240 || fps == m_fps)
        return;
    m_fps = fps;
    emit settingsChanged();
}

void AnimationPlayer::setSnap(bool snap)
{
    if (snap == m_snap)
        return;
    m_snap = snap;
    emit settingsChanged();
}

void AnimationPlayer::setLoop(bool loop)
{
    if (loop == m_loop)
        return;
    m_loop = loop;
    emit settingsChanged();
}

bool AnimationPlayer::begin()
{
    if (!m_document || m_current < 0 || m_current >= static_cast<int>(m_document->rig().animations().size()))
        return false;
    if (m_document->posing()->isPreviewing())
        return false; // Play mode is showing the motion preview
    m_setup = std::make_unique<Rig>(m_document->rig());
    m_pose = std::make_unique<Rig>(*m_setup);
    m_sampler = std::make_unique<animation::ClipSampler>();
    if (!m_sampler->bind(*m_setup, m_setup->animations()[static_cast<std::size_t>(m_current)]).empty()) {
        m_sampler.reset(); // the loader and the rig checked the clip: not expected
        return false;
    }
    m_document->posing()->beginPreview();
    emit stateChanged();
    return true;
}

void AnimationPlayer::show()
{
    m_sampler->sample(m_time, *m_pose);
    m_document->posing()->showPreview(*m_pose);
}

void AnimationPlayer::play()
{
    if (!isActive() && !begin())
        return;
    if (m_time >= duration())
        m_time = 0.0; // from the start again
    m_clock.restart();
    m_timer.start();
    show();
    emit stateChanged();
}

void AnimationPlayer::pause()
{
    m_timer.stop();
    emit stateChanged();
}

void AnimationPlayer::togglePlay() { isPlaying() ? pause() : play(); }

void AnimationPlayer::stop()
{
    m_timer.stop();
    if (!m_sampler)
        return;
    m_sampler.reset();
    m_pose.reset();
    m_setup.reset();
    if (m_document)
        m_document->posing()->endPreview(false);
    emit stateChanged();
    emit animationsChanged();
}

void AnimationPlayer::advance(double seconds)
{
    if (!isActive())
        return;
    const double d = duration();
    double t = m_time + std::max(0.0, seconds);
    if (t > d) {
        if (m_loop && d > 0.0) {
            t = std::fmod(t, d);
        } else {
            t = d;
            m_timer.stop();
            emit stateChanged();
        }
    }
    m_time = t;
    show();
    emit timeChanged();
}

void AnimationPlayer::tick()
{
    const double elapsed = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
    m_clock.restart();
    advance(elapsed);
}

} // namespace bonework::editor
