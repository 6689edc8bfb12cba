// The editor at scale: drags a joint of a big rig in the real editor window and reports the
// medians of what each frame cost. Run it under X (Xvfb with Mesa, as the goal is stated), not
// from ctest:
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/bench/bench_editor_drag --rig=1k
//   ... --rig=10k | --arms=N --bones=N   [--frames=N] [--warmup=N] [--size=WxH]
//   build/bench/bench_editor_drag --rig=10k --write=arms-10k.rig.json   (for View > Show Frame Time)
// The rigs are arm_rig.h's: one root, arms fanned out, each arm ending in a chain that holds.
// The drag takes the middle joint of arm 0 round a circle with the drag solver (follow), so
// every frame poses the whole tree and then every chain holds.
#include "editor_drag/arm_rig.h"
#include "editor_drag/cpu_time.h"
#include "editor_drag/drag_driver.h"
#include "editor_drag/frame_probe.h"

#include "autosave.h"
#include "document.h"
#include "editor_window.h"
#include "renderer_choice.h"
#include "rig_canvas.h"
#include "solver_comparison_model.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTemporaryDir>
#include <QTimer>
#include <QEventLoop>
#include <QtQml/qqmlextensionplugin.h>

#include <algorithm>
#include <cstdio>
#include <vector>

Q_IMPORT_QML_PLUGIN(Bonework_EditorPlugin)
Q_IMPORT_QML_PLUGIN(BoneworkPlugin)

using namespace bonework;

namespace {

struct Options {
    bench::ArmRigShape shape;
    int warmup = 60;
    int frames = 300;
    QSize size{1400, 880};
    QString write;
    QString screenshot;
    bool frameTime = false;
    bool compareSolvers = false;
};

Options parseOptions(const QCoreApplication& app)
{
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOptions({{"rig", "1k (20 arms of 50 bones) or 10k (100 arms of 100 bones).", "size", "1k"},
                       {"arms", "Arms of the rig.", "n"},
                       {"bones", "Bones per arm.", "n"},
                       {"frames", "Frames measured.", "n", "300"},
                       {"warmup", "Frames dragged before measuring.", "n", "60"},
                       {"size", "Window size.", "WxH", "1400x880"},
                       {"write", "Save the rig to this file and exit.", "file"},
                       {"screenshot", "Save the window, as the last frame measured showed it, to this PNG file.", "file"},
                       {"frame-time", "Show the frame time on the canvas (View > Show Frame Time)."},
                       {"compare-solvers", "Select chain 0 and show Compare Solvers' ghosts."}});
    parser.process(app);
    Options o;
    if (parser.value("rig") == "10k")
        o.shape = {100, 100};
    if (parser.isSet("arms"))
        o.shape.arms = parser.value("arms").toInt();
    if (parser.isSet("bones"))
        o.shape.bones = parser.value("bones").toInt();
    o.frames = std::max(10, parser.value("frames").toInt());
    o.warmup = std::max(0, parser.value("warmup").toInt());
    const QStringList wh = parser.value("size").split('x');
    if (wh.size() == 2)
        o.size = QSize(wh[0].toInt(), wh[1].toInt());
    o.write = parser.value("write");
    o.screenshot = parser.value("screenshot");
    o.frameTime = parser.isSet("frame-time");
    o.compareSolvers = parser.isSet("compare-solvers");
    return o;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0.0;
    const auto k = static_cast<std::ptrdiff_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    std::nth_element(v.begin(), v.begin() + k, v.end());
    return v[static_cast<std::size_t>(k)];
}

void printRow(const char* what, const std::vector<double>& samples)
{
    std::printf("| %-38s | %8.2f | %8.2f | %6zu |\n", what, percentile(samples, 0.5), percentile(samples, 0.9),
                samples.size());
}

// Runs the event loop until `done` (checked every 20 ms) or `ms` passed; false on timeout. It
// sleeps between checks: a busy loop would take a core from the render thread.
template <typename Done>
bool waitFor(Done done, int ms)
{
    QEventLoop loop;
    QElapsedTimer clock;
    clock.start();
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done() || clock.elapsed() > ms)
            loop.quit();
    });
    check.start(20);
    if (!done())
        loop.exec();
    return done();
}

} // namespace

int main(int argc, char* argv[])
{
    QGuiApplication app(argc, argv);
    // Settings of its own, so a run neither reads nor changes the editor's (Compare Solvers, ...).
    QCoreApplication::setOrganizationName(QStringLiteral("BoneworkBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_editor_drag"));
    const Options options = parseOptions(app);
    const Rig rig = bench::armRig(options.shape);
    QTemporaryDir dir;
    const QString file = options.write.isEmpty() ? dir.filePath("arms.rig.json") : options.write;
    std::string error;
    if (!io::saveRigFile(rig, file.toStdString(), &error)) {
        std::fprintf(stderr, "cannot write %s: %s\n", qPrintable(file), error.c_str());
        return 1;
    }
    if (!options.write.isEmpty()) {
        std::printf("%s: %zu joints, %zu chains\n", qPrintable(file), rig.jointCount(), rig.chains().size());
        return 0;
    }

    qputenv("BONEWORK_RECOVERY_DIR", dir.filePath("recovery").toUtf8());
    editor::useEditorStyle();
    editor::applyRendererChoice(); // as `bonework` does: BONEWORK_RENDERER=hardware forces OpenGL
    editor::Document document;
    editor::Autosave autosave(&document);
    QQmlApplicationEngine engine;
    QString loadError;
    if (!editor::loadEditorWindow(engine, {{"document", QVariant::fromValue(&document)}, {"autosave", QVariant::fromValue(&autosave)}},
                                  &loadError)) {
        std::fprintf(stderr, "%s\n", qPrintable(loadError));
        return 1;
    }
    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
    auto* canvas = window->findChild<editor::RigCanvas*>("canvas");
    window->resize(options.size);
    if (!waitFor([&] { return window->isExposed(); }, 10000) || !canvas) {
        std::fprintf(stderr, "the window did not show (run under X: xvfb-run)\n");
        return 1;
    }
    if (!document.files()->open(file))
        return 1;
    canvas->setTool(editor::RigCanvas::Pose);
    canvas->setShowFrameTime(options.frameTime);
    document.comparison()->setEnabled(options.compareSolvers);
    if (options.compareSolvers)
        document.setSelectedChain(0);
    waitFor([&] { return false; }, 1000); // settle: the first frames build the scene

    unsigned long long paintsSeen = canvas->frameStats().framesRecorded();
    bench::FrameProbe probe(window, [&] {
        const unsigned long long painted = canvas->frameStats().framesRecorded();
        const bool paintedNow = painted != paintsSeen;
        paintsSeen = painted;
        return paintedNow ? canvas->frameStats().lastPaintMs() : -1.0;
    });
    bench::DragDriver driver(window, canvas, probe);
    const JointIndex joint = bench::armDragJoint(options.shape);
    const Vec2 at = worldTransformOf(document.rig(), joint).position;
    const double reach = options.shape.bones * options.shape.boneLength;
    driver.start(QPointF(at.x, at.y), 0.15 * reach, 180);
    waitFor([&] { return driver.moves() >= options.warmup; }, 120000);
    probe.takeFrames();
    const std::size_t movesBefore = driver.moveTimes().size();
    std::vector<bench::FrameRecord> frames;
    QElapsedTimer wall;
    wall.start();
    const bench::CpuTimes cpuBefore = bench::sampleCpuTimes();
    const bool finished = waitFor([&] {
        for (const bench::FrameRecord& f : probe.takeFrames())
            if (f.paintMs >= 0) // frames the canvas painted: the drag's frames
                frames.push_back(f);
        return static_cast<int>(frames.size()) > options.frames;
    }, 300000);
    const double wallMs = wall.nsecsElapsed() / 1e6;
    const bench::CpuTimes cpu = bench::cpuTimesSince(cpuBefore);
    if (!options.screenshot.isEmpty())
        window->grabWindow().save(options.screenshot); // before the release: mid-drag
    driver.release();
    if (!finished) {
        std::fprintf(stderr, "timed out after %zu frames\n", frames.size());
        return 1;
    }

    std::vector<double> interval, sync, paint, renderSwap;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        if (i > 0)
            interval.push_back(frames[i].swappedMs - frames[i - 1].swappedMs);
        sync.push_back(frames[i].syncEndMs - frames[i].syncStartMs);
        paint.push_back(frames[i].paintMs);
        renderSwap.push_back(frames[i].swappedMs - frames[i].syncEndMs);
    }
    const std::vector<double> moves(driver.moveTimes().begin() + static_cast<std::ptrdiff_t>(movesBefore), driver.moveTimes().end());
    const double medianInterval = percentile(interval, 0.5);
    std::printf("%zu joints, %zu chains (%d arms of %d bones), window %dx%d, %s\n", rig.jointCount(), rig.chains().size(),
                options.shape.arms, options.shape.bones, window->width(), window->height(),
                qPrintable(editor::RendererChoice::active()));
    std::printf("| %-38s | %8s | %8s | %6s |\n|---|---:|---:|---:|\n", "per drag frame (ms)", "median", "p90", "n");
    printRow("frame interval (swap to swap)", interval);
    printRow("move: solve, hold, models, FK (GUI)", moves);
    printRow("sync (GUI thread waits)", sync);
    printRow("canvas draw (paint or mesh)", paint);
    printRow("render + swap (render thread)", renderSwap);
    std::printf("CPU per frame (ms):");
    for (const auto& [group, ms] : cpu)
        std::printf(" %s %.2f", qPrintable(group), ms / static_cast<double>(frames.size()));
    std::printf("\n");
    std::printf("fps: %.1f from the median interval, %.1f overall (%zu frames in %.0f ms, %zu moves)\n",
                medianInterval > 0 ? 1000.0 / medianInterval : 0.0, 1000.0 * static_cast<double>(interval.size()) / wallMs,
                frames.size(), wallMs, moves.size());
    return 0;
}
