#pragma once
// The editor's bundled examples for app tests: the catalogue index of an example by its file
// name, for FileService::openExample (which opens it as a user does, untitled, with its art).
#include "document.h"
#include "file_service.h"

#include <QString>
#include <QVariantList>

namespace bonework::testing {

inline int exampleIndex(editor::Document& doc, const QString& file)
{
    const QVariantList examples = doc.files()->examples();
    for (int i = 0; i < examples.size(); ++i)
        if (examples[i].toMap().value("file").toString() == file)
            return i;
    return -1;
}

} // namespace bonework::testing
