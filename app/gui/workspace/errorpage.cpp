// The error page's layout and its texts.
#include "errorpage.h"

#include "document.h"
#include "hexview.h"
#include "remedyfinder.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace idx::gui {

ErrorPage::ErrorPage(QWidget* parent) : QWidget(parent)
{
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(24, 24, 24, 24);
    auto* top = new QHBoxLayout;
    auto* icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxCritical).pixmap(48, 48));
    icon->setAlignment(Qt::AlignTop);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(icon);
    top->addWidget(m_text, 1);
    column->addLayout(top);
    auto* hexTitle = new QLabel(tr("First bytes of the file:"), this);
    column->addSpacing(12);
    column->addWidget(hexTitle);
    m_hex = new HexView(this);
    // Room for the 16 lines of 256 bytes, no more: the page should not look like an editor.
    m_hex->setMaximumHeight(m_hex->fontMetrics().lineSpacing() * 17 + 2 * m_hex->frameWidth() + 8);
    column->addWidget(m_hex);
    column->addStretch();
    auto* reload = new QPushButton(tr("Reload"), this);
    connect(reload, &QPushButton::clicked, this, &ErrorPage::reloadRequested);
    auto* row = new QHBoxLayout;
    m_remedyRow = new QHBoxLayout;
    row->addLayout(m_remedyRow);
    row->addStretch();
    row->addWidget(reload);
    column->addLayout(row);
}

void ErrorPage::showProblems(const Document& doc)
{
    const QString path = QDir::toNativeSeparators(doc.path());
    QString html =
        QStringLiteral("<h3>%1</h3><p>%2</p>")
            .arg(tr("This file cannot be opened as an IDX tensor").toHtmlEscaped(), path.toHtmlEscaped());
    for (const idx::Diagnostic& d : doc.diagnostics())
        html += QStringLiteral("<p>%1</p>").arg(d.message.toHtmlEscaped());
    m_text->setText(html);
    m_hex->setData(doc.file()->leadingBytes());
}

void ErrorPage::setRemedies(const std::vector<idx::Remedy>& remedies)
{
    while (QLayoutItem* item = m_remedyRow->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const idx::Remedy& r : remedies) {
        auto* button = new QPushButton(RemedyFinder::label(r), this);
        button->setToolTip(r.description + QLatin1Char('\n') + r.evidence);
        connect(button, &QPushButton::clicked, this, [this, r] { emit remedyChosen(r); });
        m_remedyRow->addWidget(button);
    }
}

QString ErrorPage::text() const
{
    return m_text->text();
}

} // namespace idx::gui
