#pragma once
// Reads the contrast of every text on screen from a grab of the real window (WCAG 2 contrast
// ratio): the background is the most common colour in the text's box, the text the pixel that
// stands out most from it, so opacity, palettes and styles all count as rendered. While a popup
// (menu or dialog) is open only its texts are read: what lies under it is covered or dimmed.
#include <QColor>
#include <QHash>
#include <QImage>
#include <QQuickItem>
#include <QQuickWindow>
#include <QStringList>

#include <cmath>

namespace bonework::testing {

inline double relativeLuminance(QRgb c)
{
    auto channel = [](int v) {
        const double s = v / 255.0;
        return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(qRed(c)) + 0.7152 * channel(qGreen(c)) + 0.0722 * channel(qBlue(c));
}

inline double contrastRatio(QRgb a, QRgb b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

namespace detail {

inline bool isText(const QQuickItem* item)
{
    return item->inherits("QQuickText") || item->inherits("QQuickTextInput") || item->inherits("QQuickTextEdit");
}

inline void collectTexts(QQuickItem* item, QList<QQuickItem*>& out)
{
    if (!item->isVisible() || item->opacity() <= 0.0)
        return;
    if (isText(item) && !item->property("text").toString().trimmed().isEmpty())
        out.append(item);
    for (QQuickItem* child : item->childItems())
        collectTexts(child, out);
}

} // namespace detail

// Texts that read below `minimum` : 1 (`disabledMinimum` : 1 for the text of a disabled control,
// which WCAG exempts; we still want it legible), each described with its ratio and colours.
inline QStringList lowContrastTexts(QQuickWindow* window, double minimum, double disabledMinimum = 3.0)
{
    const QImage image = window->grabWindow().convertToFormat(QImage::Format_RGB32);
    const qreal scale = image.width() / std::max<qreal>(1, window->width());
    QQuickItem* root = window->contentItem(); // the root item: the window's items and the popup overlay

    QList<QQuickItem*> popups;
    for (QQuickItem* child : root->childItems()) {
        if (child->inherits("QQuickOverlay"))
            for (QQuickItem* p : child->childItems())
                if (p->isVisible() && p->inherits("QQuickPopupItem"))
                    popups.append(p);
    }
    QList<QQuickItem*> texts;
    if (popups.isEmpty())
        detail::collectTexts(root, texts);
    else
        for (QQuickItem* p : popups)
            detail::collectTexts(p, texts);

    QStringList failures;
    for (QQuickItem* text : texts) {
        const QRectF whole = text->mapRectToScene(QRectF(0, 0, text->width(), text->height()));
        QRectF box = whole;
        for (QQuickItem* up = text->parentItem(); up; up = up->parentItem())
            if (up->clip()) // what a clipping ancestor cuts off is not on screen
                box &= up->mapRectToScene(QRectF(0, 0, up->width(), up->height()));
        // A text scrolled mostly out of a panel shows a sliver of its margin, not its letters.
        if (box.height() < 0.6 * whole.height())
            continue;
        const QRect pixels = QRect((box.topLeft() * scale).toPoint(), (box.bottomRight() * scale).toPoint())
                                 .intersected(image.rect());
        if (pixels.width() < 3 || pixels.height() < 3)
            continue;
        QHash<QRgb, int> counts;
        for (int y = pixels.top(); y <= pixels.bottom(); ++y)
            for (int x = pixels.left(); x <= pixels.right(); ++x)
                ++counts[image.pixel(x, y)];
        QRgb background = 0;
        int most = -1;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            if (it.value() > most) {
                most = it.value();
                background = it.key();
            }
        QRgb ink = background;
        double best = 1.0;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
            const double r = contrastRatio(it.key(), background);
            if (r > best) {
                best = r;
                ink = it.key();
            }
        }
        if (best < (text->isEnabled() ? minimum : disabledMinimum))
            failures << QStringLiteral("\"%1\" (%2): %3:1, %4 on %5")
                            .arg(text->property("text").toString().left(40), QString::fromLatin1(text->metaObject()->className()))
                            .arg(best, 0, 'f', 2)
                            .arg(QColor(ink).name(), QColor(background).name());
    }
    return failures;
}

} // namespace bonework::testing
