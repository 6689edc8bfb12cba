#include "selected_slot.h"

#include "document.h"

namespace bonework::editor {

SelectedSlot::SelectedSlot(QObject* parent) : DocumentView(parent) {}

const Slot* SelectedSlot::slot() const
{
    if (!m_document)
        return nullptr;
    const int i = m_document->selectedSlot();
    const auto& list = m_document->rig().slotList();
    return i >= 0 && i < static_cast<int>(list.size()) ? &list[static_cast<std::size_t>(i)] : nullptr;
}

double SelectedSlot::field(double Slot::*member) const
{
    const Slot* s = slot();
    return s ? s->*member : 0.0;
}

bool SelectedSlot::valid() const { return slot() != nullptr; }
int SelectedSlot::index() const { return valid() ? m_document->selectedSlot() : -1; }
QString SelectedSlot::name() const { return valid() ? QString::fromStdString(slot()->name) : QString(); }
int SelectedSlot::joint() const { return valid() ? slot()->joint : -1; }
QString SelectedSlot::image() const { return valid() ? QString::fromStdString(slot()->image) : QString(); }
bool SelectedSlot::shown() const { return valid() && slot()->visible; }
bool SelectedSlot::missing() const { return valid() && m_document->isImageMissing(image()); }
QString SelectedSlot::problem() const { return missing() ? m_document->imageProblem(image()) : QString(); }

} // namespace bonework::editor
