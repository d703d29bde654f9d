// RecordScopeBox and ImageOptionsBox: radio buttons with record counts, a range, a checkable label list;
// colormap, invert, window and scale controls prefilled from the view.
#include "exportwidgets.h"

#include "imagecontrols.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <set>

namespace idx::gui {

RecordScopeBox::RecordScopeBox(const RecordContext& context, const QList<RecordScope>& offered,
                               QWidget* parent)
    : QGroupBox(tr("Records"), parent), m_context(context), m_group(new QButtonGroup(this))
{
    auto* layout = new QVBoxLayout(this);
    const QLocale l;
    const auto count = [&](RecordScope s) {
        RecordChoice c;
        c.scope = s;
        return l.toString(qulonglong(resolveRecords(c, m_context).count()));
    };
    const bool hasLabels = !m_context.labels.empty();
    for (RecordScope s : offered) {
        QString text;
        bool enabled = true;
        switch (s) {
        case RecordScope::Current:
            text = tr("&Current record (%1)").arg(l.toString(m_context.current));
            enabled = m_context.current < m_context.available;
            break;
        case RecordScope::Selected:
            text = tr("&Selected records (%1)").arg(count(s));
            enabled = !m_context.selection.isEmpty();
            break;
        case RecordScope::Range:
            text = tr("&Range of records:");
            break;
        case RecordScope::All:
            text = tr("&All records (%1)").arg(count(s));
            break;
        case RecordScope::Labels:
            text = tr("Records with these &labels:");
            enabled = hasLabels;
            break;
        case RecordScope::Filtered:
            text = tr("Records passing the label &filter (%1)").arg(count(s));
            enabled = hasLabels && !m_context.filter.isEmpty();
            break;
        }
        auto* button = new QRadioButton(text, this);
        button->setEnabled(enabled);
        m_group->addButton(button, int(s));
        layout->addWidget(button);
        if (s == RecordScope::Range) {
            auto* row = new QHBoxLayout;
            const int max =
                int(std::min<quint64>(m_context.available, quint64(std::numeric_limits<int>::max())));
            m_first = new QSpinBox(this);
            m_first->setRange(0, std::max(0, max - 1));
            m_end = new QSpinBox(this);
            m_end->setRange(1, std::max(1, max));
            m_end->setValue(std::max(1, max));
            row->addSpacing(24);
            row->addWidget(m_first);
            row->addWidget(new QLabel(tr("up to (excluding)"), this));
            row->addWidget(m_end);
            row->addStretch();
            layout->addLayout(row);
            connect(m_first, &QSpinBox::valueChanged, this, &RecordScopeBox::changed);
            connect(m_end, &QSpinBox::valueChanged, this, &RecordScopeBox::changed);
        }
        if (s == RecordScope::Labels) {
            m_labels = new QListWidget(this);
            m_labels->setMaximumHeight(110);
            m_labels->setFlow(QListView::LeftToRight);
            m_labels->setWrapping(true);
            const std::set<qint64> distinct(m_context.labels.begin(), m_context.labels.end());
            for (qint64 label : distinct) {
                auto* item = new QListWidgetItem(m_context.names.caption(label), m_labels);
                item->setData(Qt::UserRole, label);
                item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
                item->setCheckState(Qt::Unchecked);
            }
            layout->addWidget(m_labels);
            connect(m_labels, &QListWidget::itemChanged, this, &RecordScopeBox::changed);
        }
    }
    connect(m_group, &QButtonGroup::idToggled, this, [this](int, bool on) {
        if (on) {
            updateEnabled();
            emit changed();
        }
    });
    setChoice(defaultChoice(m_context));
}

bool RecordScopeBox::isOffered(RecordScope scope) const
{
    return m_group->button(int(scope)) != nullptr;
}

RecordChoice RecordScopeBox::choice() const
{
    RecordChoice c;
    c.scope = RecordScope(std::max(0, m_group->checkedId()));
    if (m_first && m_end) {
        c.first = quint64(m_first->value());
        c.end = quint64(m_end->value());
    }
    if (m_labels)
        for (int i = 0; i < m_labels->count(); ++i)
            if (m_labels->item(i)->checkState() == Qt::Checked)
                c.labels.insert(m_labels->item(i)->data(Qt::UserRole).toLongLong());
    return c;
}

void RecordScopeBox::setChoice(const RecordChoice& c)
{
    QAbstractButton* button = m_group->button(int(c.scope));
    if (!button || !button->isEnabled())
        button = m_group->button(int(RecordScope::All));
    if (!button && !m_group->buttons().isEmpty())
        button = m_group->buttons().constFirst();
    if (button)
        button->setChecked(true);
    if (c.scope == RecordScope::Range && m_first && m_end) {
        m_first->setValue(int(c.first));
        m_end->setValue(int(c.end));
    }
    if (m_labels)
        for (int i = 0; i < m_labels->count(); ++i)
            m_labels->item(i)->setCheckState(
                c.labels.contains(m_labels->item(i)->data(Qt::UserRole).toLongLong()) ? Qt::Checked
                                                                                      : Qt::Unchecked);
    updateEnabled();
}

void RecordScopeBox::updateEnabled()
{
    const int id = m_group->checkedId();
    if (m_first)
        m_first->setEnabled(id == int(RecordScope::Range));
    if (m_end)
        m_end->setEnabled(id == int(RecordScope::Range));
    if (m_labels)
        m_labels->setEnabled(id == int(RecordScope::Labels));
}

ImageOptionsBox::ImageOptionsBox(const ImageChoice& shown, QWidget* parent)
    : QGroupBox(tr("Pixels"), parent), m_shown(shown)
{
    auto* form = new QFormLayout(this);
    m_colormap = new QComboBox(this);
    for (idx::Colormap c : idx::allColormaps())
        m_colormap->addItem(ImageControls::colormapTitle(c), int(c));
    m_invert = new QCheckBox(tr("&Invert"), this);
    m_window = new QComboBox(this);
    m_window->addItem(tr("As displayed (%1 to %2)").arg(shown.window.low).arg(shown.window.high));
    m_window->addItem(tr("Default for the data (uint8 unchanged)"));
    m_scale = new QSpinBox(this);
    m_scale->setRange(1, 64);
    m_scale->setSuffix(tr("×"));
    form->addRow(tr("&Colormap:"), m_colormap);
    form->addRow(QString(), m_invert);
    form->addRow(tr("&Window:"), m_window);
    form->addRow(tr("&Scale:"), m_scale);
    setChoice(shown);
}

ImageChoice ImageOptionsBox::choice() const
{
    ImageChoice c = m_shown;
    c.colormap = idx::Colormap(m_colormap->currentData().toInt());
    c.invert = m_invert->isChecked();
    c.displayedWindow = m_window->currentIndex() == 0;
    c.scale = m_scale->value();
    return c;
}

void ImageOptionsBox::setChoice(const ImageChoice& c)
{
    m_colormap->setCurrentIndex(std::max(0, m_colormap->findData(int(c.colormap))));
    m_invert->setChecked(c.invert);
    m_window->setCurrentIndex(c.displayedWindow ? 0 : 1);
    m_scale->setValue(c.scale);
}

} // namespace idx::gui
