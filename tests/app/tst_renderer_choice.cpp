// How the editor chooses its renderer before the first window (renderer_choice.h): the software
// scene graph where OpenGL rasterises on the CPU, the user's preference (View > Renderer, kept
// in QSettings, applied at the next start), and the environment's overrides.
#include "renderer_choice.h"

#include <QQuickWindow>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace bonework::editor;

class TestRendererChoice : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("BoneworkTests");
        QCoreApplication::setApplicationName("tst_renderer_choice");
        QSettings().clear();
        qunsetenv("QT_QUICK_BACKEND");
        qunsetenv("QSG_RHI_BACKEND");
        qunsetenv("QT_QPA_UPDATE_IDLE_TIME");
    }

    void softwareIsAppliedBeforeTheFirstWindow()
    {
        qputenv("BONEWORK_RENDERER", "software");
        applyRendererChoice();
        QCOMPARE(QQuickWindow::sceneGraphBackend(), QStringLiteral("software"));
        QCOMPARE(qgetenv("QT_QPA_UPDATE_IDLE_TIME"), QByteArray("0")); // no 5 ms wait per frame
        QCOMPARE(RendererChoice::active(), QStringLiteral("software (View > Renderer)"));
        qunsetenv("BONEWORK_RENDERER");
    }

    void qtsOwnOverrideWinsAndIsNamed()
    {
        qputenv("QT_QUICK_BACKEND", "software");
        qputenv("BONEWORK_RENDERER", "hardware");
        applyRendererChoice();
        QCOMPARE(RendererChoice::active(), QStringLiteral("as QT_QUICK_BACKEND=software asks"));
        qunsetenv("QT_QUICK_BACKEND");
        qunsetenv("BONEWORK_RENDERER");
    }

    void cpuRasterisersAreKnownByName()
    {
        QVERIFY(isCpuRasteriser("llvmpipe (LLVM 15.0.6, 256 bits)"));
        QVERIFY(isCpuRasteriser("softpipe"));
        QVERIFY(isCpuRasteriser("Google SwiftShader"));
        QVERIFY(!isCpuRasteriser("NVIDIA GeForce RTX 3070/PCIe/SSE2"));
        QVERIFY(!isCpuRasteriser("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
        QVERIFY(!isCpuRasteriser(""));
    }

    void thePreferenceIsKeptAndAppliesAtTheNextStart()
    {
        applyRendererChoice(); // this run's start, with nothing saved: Automatic
        RendererChoice choice;
        QCOMPARE(choice.preference(), QStringLiteral("auto"));
        QVERIFY(!choice.restartNeeded());
        QSignalSpy changed(&choice, &RendererChoice::preferenceChanged);
        choice.setPreference("software");
        QCOMPARE(changed.count(), 1);
        QCOMPARE(QSettings().value("view/renderer").toString(), QStringLiteral("software"));
        QVERIFY(choice.restartNeeded()); // this run's scene graph is already chosen
        choice.setPreference("software");
        QCOMPARE(changed.count(), 1); // no change, no signal
        choice.setPreference("no such renderer"); // read as Automatic
        QCOMPARE(choice.preference(), QStringLiteral("auto"));
        QVERIFY(!choice.restartNeeded());
        QCOMPARE(changed.count(), 2);
    }
};

QTEST_MAIN(TestRendererChoice)
#include "tst_renderer_choice.moc"
