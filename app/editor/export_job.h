#pragma once
// An export run off the GUI thread: packing a texture atlas of many large images takes more
// than a moment, and the window keeps drawing (the Export dialog shows a progress bar) while
// it runs. The job exports a copy of the rig, so editing on meanwhile changes nothing in it.

#include "bonework/exporters/export_report.h"
#include "file_format.h"
#include "bonework/io/editor_settings.h"
#include "bonework/rig.h"

#include <QObject>
#include <QString>

#include <thread>

namespace bonework::editor {

class ExportJob : public QObject {
    Q_OBJECT

public:
    explicit ExportJob(QObject* parent = nullptr) : QObject(parent) {}
    ~ExportJob() override; // waits for a running export

    bool isRunning() const { return m_running; }
    // Starts exporting `rig` (copied) to `path` with `format`; false when one is running.
    bool start(const formats::FileFormat* format, const Rig& rig, const io::EditorSettings& editor, const QString& path,
               const formats::SaveOptions& options);

signals:
    // On the GUI thread, once the export is done: `error` empty on success.
    void finished(const QString& path, const exporters::ExportReport& report, const QString& error);

private:
    std::thread m_thread;
    bool m_running = false;
};

} // namespace bonework::editor
