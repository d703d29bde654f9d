// WelcomePage: a centred column; the icon is the application's SVG drawn at the screen's pixel ratio.
#include "welcomepage.h"

#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace idx::gui {

WelcomePage::WelcomePage(QWidget* parent) : QWidget(parent)
{
    auto* column = new QVBoxLayout(this);
    column->addStretch(2);
    auto* icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/idxscope.svg")).pixmap(QSize(96, 96), devicePixelRatioF()));
    icon->setAlignment(Qt::AlignCenter);
    column->addWidget(icon);
    auto* title = new QLabel(tr("IdxScope"), this);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.8);
    f.setBold(true);
    title->setFont(f);
    title->setAlignment(Qt::AlignCenter);
    column->addWidget(title);
    auto* hint =
        new QLabel(tr("Open an IDX file (MNIST, Fashion-MNIST, EMNIST, QMNIST…) or drop files here."), this);
    hint->setAlignment(Qt::AlignCenter);
    hint->setWordWrap(true);
    column->addWidget(hint);
    column->addSpacing(12);
    auto* row = new QHBoxLayout;
    row->addStretch();
    auto* open = new QPushButton(tr("Open File…"), this);
    open->setDefault(true);
    auto* sample = new QPushButton(tr("Open Sample"), this);
    sample->setToolTip(tr("1,000 Fashion-MNIST images with their labels, bundled with IdxScope"));
    row->addWidget(open);
    row->addWidget(sample);
    row->addStretch();
    column->addLayout(row);
    column->addSpacing(16);
    m_recentTitle = new QLabel(tr("Recent files"), this);
    m_recentTitle->setAlignment(Qt::AlignCenter);
    m_recentTitle->setEnabled(false);
    column->addWidget(m_recentTitle);
    m_recent = new QVBoxLayout;
    m_recent->setSpacing(2);
    column->addLayout(m_recent);
    column->addStretch(3);
    connect(open, &QPushButton::clicked, this, &WelcomePage::openRequested);
    connect(sample, &QPushButton::clicked, this, &WelcomePage::sampleRequested);
}

void WelcomePage::setRecentFiles(const QStringList& paths)
{
    while (QLayoutItem* item = m_recent->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const qsizetype shown = std::min<qsizetype>(paths.size(), 5);
    for (qsizetype i = 0; i < shown; ++i) {
        const QString path = paths.at(i);
        auto* link = new QLabel(this);
        link->setText(QStringLiteral("<a href=\"#\">%1</a>").arg(QFileInfo(path).fileName().toHtmlEscaped()));
        link->setToolTip(QDir::toNativeSeparators(path));
        link->setAlignment(Qt::AlignCenter);
        connect(link, &QLabel::linkActivated, this, [this, path] { emit recentRequested(path); });
        m_recent->addWidget(link);
    }
    m_recentTitle->setVisible(shown > 0);
}

} // namespace idx::gui
