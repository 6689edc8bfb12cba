#include "document_view.h"

#include "document.h"
#include "follow_document.h"

namespace bonework::editor {

void DocumentView::setDocument(Document* document)
{
    if (!switchDocument(this, m_document, document))
        return;
    if (m_document) {
        connect(m_document, &Document::rigChanged, this, &DocumentView::changed);
        connect(m_document, &Document::selectionChanged, this, &DocumentView::changed);
        connect(m_document, &Document::slotImagesChanged, this, &DocumentView::changed);
    }
    emit documentChanged();
    emit changed();
}

} // namespace bonework::editor
