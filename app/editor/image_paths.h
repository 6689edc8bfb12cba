#pragma once
// Rules for the image paths a rig stores, relative to its folder: whether a file lies inside
// that folder, and the free name an image takes when the one it wants is taken. Import names a
// second hand.png from elsewhere by the same rule as a save names a copy that would land on
// another file, so the two never disagree.

#include <QString>

#include <functional>

namespace bonework::editor {

// Whether `file` lies inside `folder` (both absolute, cleaned). A resource folder (":/...")
// holds nothing a rig on disk can name.
bool isInsideFolder(const QString& file, const QString& folder);

// `wanted` ("art/hand.png") if it is not taken, else the first of "art/hand-2.png",
// "art/hand-3.png", ... that is not.
QString uniqueImagePath(const QString& wanted, const std::function<bool(const QString&)>& taken);

// Whether two files hold the same bytes (images are small enough to read whole): such a file
// where a path leads is used as it is, never copied beside itself under another name.
bool sameFileBytes(const QString& a, const QString& b);

} // namespace bonework::editor
