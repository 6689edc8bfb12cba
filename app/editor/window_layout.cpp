#include "window_layout.h"

#include <QGuiApplication>
#include <QQuickWindow>
#include <QScreen>
#include <QSettings>

namespace bonework::editor {
namespace {

constexpr char kGroup[] = "layout";
constexpr char kGeometryKey[] = "layout/windowGeometry";
constexpr char kMaximizedKey[] = "layout/windowMaximized";
constexpr char kSplitPrefix[] = "layout/split/";
// How much of the title bar must lie on a screen for a restored place to count.
constexpr int kGrabbable = 64;

} // namespace

WindowLayout::WindowLayout(QObject* parent) : QObject(parent) {}

namespace {

// The screen that shows enough of the title bar of a window at `rect` to grab it by.
QScreen* screenShowing(const QRect& rect)
{
    if (!rect.isValid())
        return nullptr;
    const QRect titleBar(rect.topLeft(), QSize(rect.width(), kGrabbable));
    for (QScreen* screen : QGuiApplication::screens()) {
        const QRect shown = screen->availableGeometry().intersected(titleBar);
        if (shown.width() >= kGrabbable && shown.height() >= kGrabbable / 4)
            return screen;
    }
    return nullptr;
}

} // namespace

bool WindowLayout::onSomeScreen(const QRect& rect) { return screenShowing(rect) != nullptr; }

void WindowLayout::restoreWindow(QQuickWindow* window)
{
    if (!window)
        return;
    m_window = window;
    const QSettings settings;
    const QRect kept = settings.value(kGeometryKey).toRect();
    if (const QScreen* screen = screenShowing(kept)) {
        // No larger than the screen it is on: a window kept on a bigger monitor still fits.
        window->setGeometry(QRect(kept.topLeft(), kept.size().boundedTo(screen->availableGeometry().size())));
    } else if (const QScreen* own = window->screen()) {
        // The default size fits the screen too: at 1400 x 880 on a 1366 x 768 laptop the panels
        // and the status bar were off-screen (QA, at 1024 x 768).
        const QRect room = own->availableGeometry();
        if (window->width() > room.width() || window->height() > room.height())
            window->setGeometry(QRect(room.topLeft(), window->size().boundedTo(room.size())));
    }
    m_normal = window->geometry();
    if (settings.value(kMaximizedKey, false).toBool())
        window->setWindowStates(Qt::WindowMaximized);
    const auto note = [this] { noteGeometry(); };
    connect(window, &QWindow::xChanged, this, note);
    connect(window, &QWindow::yChanged, this, note);
    connect(window, &QWindow::widthChanged, this, note);
    connect(window, &QWindow::heightChanged, this, note);
}

void WindowLayout::noteGeometry()
{
    if (m_window && m_window->windowStates() == Qt::WindowNoState && m_window->isVisible())
        m_normal = m_window->geometry();
}

void WindowLayout::saveWindow()
{
    if (!m_window)
        return;
    noteGeometry();
    QSettings settings;
    settings.setValue(kGeometryKey, m_normal);
    settings.setValue(kMaximizedKey, bool(m_window->windowStates() & (Qt::WindowMaximized | Qt::WindowFullScreen)));
}

QByteArray WindowLayout::splitState(const QString& name) const
{
    return QSettings().value(QLatin1String(kSplitPrefix) + name).toByteArray();
}

void WindowLayout::setSplitState(const QString& name, const QByteArray& state)
{
    QSettings().setValue(QLatin1String(kSplitPrefix) + name, state);
}

void WindowLayout::forget()
{
    QSettings().remove(QLatin1String(kGroup));
}

} // namespace bonework::editor
