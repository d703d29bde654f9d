// NoticeBar: the tint is mixed from the palette's window colour so it stays readable in light and dark
// themes.
#include "noticebar.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace idx::gui {

namespace {
QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}
} // namespace

NoticeBar::NoticeBar(QWidget* parent) : QFrame(parent)
{
    setAutoFillBackground(true);
    setFrameShape(QFrame::StyledPanel);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(8, 4, 4, 4);
    m_icon = new QLabel(this);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buttons = new QHBoxLayout;
    auto* close = new QToolButton(this);
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Hide this message"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    row->addWidget(m_icon);
    row->addWidget(m_text, 1);
    row->addLayout(m_buttons);
    row->addWidget(close);
    hide();
}

void NoticeBar::showMessage(Kind kind, const QString& text)
{
    const QStyle::StandardPixmap sp = kind == Kind::Error     ? QStyle::SP_MessageBoxCritical
                                      : kind == Kind::Warning ? QStyle::SP_MessageBoxWarning
                                                              : QStyle::SP_MessageBoxInformation;
    const int s = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()->standardIcon(sp).pixmap(QSize(s, s), devicePixelRatioF()));
    const QColor accent = kind == Kind::Error     ? QColor(218, 68, 83)
                          : kind == Kind::Warning ? QColor(246, 176, 0)
                                                  : QColor(61, 174, 233);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, mix(parentWidget() ? parentWidget()->palette().color(QPalette::Window)
                                                      : pal.color(QPalette::Window),
                                       accent, 0.22));
    setPalette(pal);
    m_text->setText(text);
    show();
}

QAction* NoticeBar::addAction(const QString& text)
{
    auto* action = new QAction(text, this);
    auto* button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_buttons->addWidget(button);
    return action;
}

void NoticeBar::clearActions()
{
    while (QLayoutItem* item = m_buttons->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    qDeleteAll(findChildren<QAction*>(Qt::FindDirectChildrenOnly));
}

QString NoticeBar::text() const
{
    return isHidden() ? QString() : m_text->text();
}

} // namespace idx::gui
