#include "export_job.h"

#include <QMetaObject>

namespace bonework::editor {

ExportJob::~ExportJob()
{
    if (m_thread.joinable())
        m_thread.join();
}

bool ExportJob::start(const formats::FileFormat* format, const Rig& rig, const io::EditorSettings& editor, const QString& path,
                      const formats::SaveOptions& options)
{
    if (m_running)
        return false;
    if (m_thread.joinable())
        m_thread.join(); // the last export's thread, finished already
    m_running = true;
    m_thread = std::thread([this, format, rig, editor, path, options] {
        exporters::ExportReport report;
        QString error;
        if (!formats::saveWithPagesThatFit(*format, rig, editor, path, report, &error, options) && error.isEmpty())
            error = tr("the exporter gave no reason");
        // Back on the GUI thread: the job outlives the thread (the destructor joins it).
        QMetaObject::invokeMethod(
            this,
            [this, path, report, error] {
                m_running = false;
                emit finished(path, report, error);
            },
            Qt::QueuedConnection);
    });
    return true;
}

} // namespace bonework::editor
