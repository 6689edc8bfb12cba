#pragma once
// Base of the objects that show part of the open document to QML as properties (the selected
// joint, the selected chain): point one at a document and its `changed` signal fires whenever
// the rig or the selection does, so bindings re-read it; nothing is copied or polled.

#include <QObject>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

class Document;

class DocumentView : public QObject {
    Q_OBJECT
    QML_ANONYMOUS
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_MOC_INCLUDE("document.h")

public:
    Document* document() const { return m_document; }
    void setDocument(Document* document);

signals:
    void documentChanged();
    void changed();

protected:
    explicit DocumentView(QObject* parent) : QObject(parent) {}
    QPointer<Document> m_document;
};

} // namespace bonework::editor
