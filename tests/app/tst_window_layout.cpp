// The window opens where it last closed, at the size it had, maximized if it was, with its
// splits as the user left them; a place no screen shows any more is not restored.
#include "window_layout.h"

#include <QGuiApplication>
#include <QQuickWindow>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using bonework::editor::WindowLayout;

class TestWindowLayout : public QObject {
    Q_OBJECT
    QRect screen() const { return QGuiApplication::primaryScreen()->availableGeometry(); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_window_layout");
    }
    void init() { WindowLayout::forget(); }

    void theWindowOpensWhereItClosed()
    {
        const QRect place(screen().topLeft() + QPoint(40, 30), QSize(500, 400));
        {
            QQuickWindow window;
            window.setGeometry(screen().topLeft().x(), screen().topLeft().y(), 300, 200);
            WindowLayout layout;
            layout.restoreWindow(&window); // nothing kept: the window stays as it is
            QCOMPARE(window.size(), QSize(300, 200));
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.setGeometry(place);
            QTRY_COMPARE(window.geometry(), place);
            layout.saveWindow();
        }
        QQuickWindow next;
        next.setGeometry(screen().topLeft().x(), screen().topLeft().y(), 300, 200);
        WindowLayout layout;
        layout.restoreWindow(&next);
        QCOMPARE(next.geometry(), place);
        QVERIFY(!(next.windowStates() & Qt::WindowMaximized));
    }

    void aMaximizedWindowKeepsItsNormalPlace()
    {
        const QRect place(screen().topLeft() + QPoint(20, 20), QSize(400, 300));
        {
            QQuickWindow window;
            window.setGeometry(place);
            WindowLayout layout;
            layout.restoreWindow(&window);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.setWindowStates(Qt::WindowMaximized);
            QTRY_VERIFY(window.windowStates() & Qt::WindowMaximized);
            layout.saveWindow();
        }
        QCOMPARE(QSettings().value("layout/windowGeometry").toRect(), place); // what un-maximizing returns to
        QQuickWindow next;
        WindowLayout layout;
        layout.restoreWindow(&next);
        QCOMPARE(next.geometry(), place);
        QVERIFY(next.windowStates() & Qt::WindowMaximized);
    }

    void aPlaceNoScreenShowsIsNotRestored()
    {
        QSettings().setValue("layout/windowGeometry", QRect(screen().right() + 5000, 0, 400, 300));
        QQuickWindow window;
        const QRect start(screen().topLeft(), QSize(300, 200));
        window.setGeometry(start);
        WindowLayout layout;
        layout.restoreWindow(&window);
        QCOMPARE(window.geometry(), start);
        QVERIFY(WindowLayout::onSomeScreen(QRect(screen().topLeft(), QSize(200, 100))));
        QVERIFY(!WindowLayout::onSomeScreen(QRect(screen().topLeft() - QPoint(0, 500), QSize(200, 100)))); // title bar above
        QVERIFY(!WindowLayout::onSomeScreen(QRect()));
    }

    void aPlaceLargerThanTheScreenShrinksToIt()
    {
        QSettings().setValue("layout/windowGeometry", QRect(screen().topLeft(), screen().size() * 3));
        QQuickWindow window;
        WindowLayout layout;
        layout.restoreWindow(&window);
        QVERIFY(window.width() <= screen().width() && window.height() <= screen().height());
    }

    // Nothing kept, and the default size larger than the screen (the editor's 1400 x 880 on a
    // 1024 x 768 screen): the window fits the screen; smaller, it keeps its size.
    void theDefaultSizeFitsTheScreen()
    {
        QQuickWindow window;
        window.resize(screen().size() + QSize(400, 300));
        WindowLayout layout;
        layout.restoreWindow(&window);
        QCOMPARE(window.size(), screen().size());
        QCOMPARE(window.position(), screen().topLeft());
        QQuickWindow small;
        small.resize(300, 200);
        layout.restoreWindow(&small);
        QCOMPARE(small.size(), QSize(300, 200));
    }

    void splitStatesAreKept()
    {
        WindowLayout layout;
        QVERIFY(layout.splitState("main").isEmpty());
        layout.setSplitState("main", QByteArray("state one"));
        layout.setSplitState("canvas", QByteArray("state two"));
        QCOMPARE(WindowLayout().splitState("main"), QByteArray("state one"));
        QCOMPARE(WindowLayout().splitState("canvas"), QByteArray("state two"));
        WindowLayout::forget();
        QVERIFY(WindowLayout().splitState("main").isEmpty());
    }
};

QTEST_MAIN(TestWindowLayout)
#include "tst_window_layout.moc"
