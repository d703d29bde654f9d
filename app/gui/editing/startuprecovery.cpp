// Start-up recovery: grouping journals per document (a labels journal goes with the images file it was edited
// with), the prompt, and opening + replaying through each document's JournalRecovery once it has loaded.
#include "startuprecovery.h"

#include "document.h"
#include "documentmanager.h"
#include "documentview.h"
#include "journal.h"
#include "journalrecovery.h"
#include "statustimeouts.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace idx::gui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(Editing)
};

QString canonical(const QString& path)
{
    if (path.startsWith(QLatin1Char(':')))
        return path;
    const QFileInfo fi(path);
    const QString c = fi.canonicalFilePath();
    return c.isEmpty() ? fi.absoluteFilePath() : c;
}

QString native(const QString& path)
{
    return QDir::toNativeSeparators(path);
}

} // namespace

std::vector<PendingRecovery> scanForRecovery(const QString& dir, const QStringList& openPaths)
{
    QStringList open;
    for (const QString& p : openPaths)
        if (!p.isEmpty())
            open << canonical(p);
    std::map<QString, PendingRecovery> byDocument;
    for (const idx::JournalInfo& info : idx::listJournals(dir)) {
        if (info.inUse)
            continue; // another idxscope is editing it right now
        const QString source = info.stamp.path;
        // A journal too damaged to name its source is listed by its own name, to be discarded.
        const QString document = !info.owner.isEmpty() ? info.owner
                                 : source.isEmpty()    ? info.journalPath
                                                       : source;
        if (open.contains(document) || (!source.isEmpty() && open.contains(source)))
            continue;
        PendingRecovery& e = byDocument[document];
        e.document = document;
        e.journals << info.journalPath;
        e.edits += info.edits;
        if (!info.owner.isEmpty())
            e.labels = source;
        QString problem = info.problem;
        if (problem.isEmpty() && info.edits == 0)
            problem = Tr::tr("the journal of %1 holds no complete edit").arg(native(source));
        // SourceStamp knows an .npz member (ARCHIVE.npz:NAME) exists when its archive does.
        if (problem.isEmpty() && !info.owner.isEmpty() && idx::SourceStamp::of(info.owner).size < 0)
            problem = Tr::tr("%1, whose labels were edited, no longer exists").arg(native(info.owner));
        if (!problem.isEmpty() && e.problem.isEmpty())
            e.problem = problem; // one unusable part makes the document's recovery partial: list it as such
    }
    std::vector<PendingRecovery> out;
    for (auto& [document, entry] : byDocument)
        out.push_back(std::move(entry));
    std::stable_partition(out.begin(), out.end(), [](const PendingRecovery& e) { return e.recoverable(); });
    return out;
}

RecoveryPrompt::RecoveryPrompt(DocumentManager* documents, std::vector<PendingRecovery> entries,
                               QWidget* parent)
    : QDialog(parent), m_documents(documents), m_entries(std::move(entries))
{
    setWindowTitle(tr("Recover Unsaved Changes"));
    setModal(false);
    auto* column = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    auto* icon = new QLabel(this);
    const int s = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(s, s));
    icon->setAlignment(Qt::AlignTop);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    top->addWidget(icon);
    top->addWidget(m_text, 1);
    column->addLayout(top);
    m_list = new QListWidget(this);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);
    column->addWidget(m_list, 1);
    auto* buttons = new QDialogButtonBox(this);
    m_recover = buttons->addButton(tr("&Open and Recover"), QDialogButtonBox::AcceptRole);
    QPushButton* discard = buttons->addButton(tr("&Discard…"), QDialogButtonBox::DestructiveRole);
    QPushButton* later = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    m_recover->setDefault(true);
    connect(m_recover, &QPushButton::clicked, this, [this] { openAndRecover(); });
    connect(discard, &QPushButton::clicked, this, [this] { discardAll(); });
    connect(later, &QPushButton::clicked, this, &RecoveryPrompt::later);
    column->addWidget(buttons);
    m_confirm = [this](int count) {
        return QMessageBox::warning(this, tr("Discard Unsaved Changes"),
                                    tr("Discard the unsaved changes to %n file(s)? They cannot be recovered "
                                       "afterwards.",
                                       nullptr, count),
                                    QMessageBox::Discard | QMessageBox::Cancel,
                                    QMessageBox::Cancel) == QMessageBox::Discard;
    };
    resize(560, 320);
    refresh();
}

RecoveryPrompt* RecoveryPrompt::offer(DocumentManager* documents, QWidget* parent)
{
    QStringList open;
    for (DocumentView* view : documents->views())
        open << view->document()->path() << view->document()->labelsPath();
    auto entries = scanForRecovery(JournalRecovery::journalDir(), open);
    if (entries.empty())
        return nullptr;
    auto* prompt = new RecoveryPrompt(documents, std::move(entries), parent);
    prompt->show();
    prompt->raise();
    prompt->activateWindow(); // the question comes first: the keyboard goes to it
    return prompt;
}

QString RecoveryPrompt::text() const
{
    return m_text->text();
}

void RecoveryPrompt::refresh()
{
    const auto usable = std::count_if(m_entries.begin(), m_entries.end(),
                                      [](const PendingRecovery& e) { return e.recoverable(); });
    const int unusable = int(m_entries.size()) - int(usable);
    QStringList lines;
    if (usable > 0)
        lines << tr("IdxScope closed with unsaved changes to %n file(s).", nullptr, int(usable));
    if (unusable > 0)
        lines << tr("%n file(s) changed or were removed since; their unsaved changes cannot be applied and "
                    "stay here until you discard them.",
                    nullptr, unusable);
    m_text->setText(lines.join(u' '));
    m_recover->setEnabled(usable > 0);
    m_list->clear();
    const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this);
    for (const PendingRecovery& e : m_entries) {
        QString line = QFileInfo(e.document).fileName();
        if (!e.labels.isEmpty())
            line = tr("%1 (labels: %2)").arg(line, QFileInfo(e.labels).fileName());
        auto* item = new QListWidgetItem(m_list);
        if (e.recoverable()) {
            item->setText(tr("%1 — %n edit(s)", nullptr, e.edits).arg(line));
        } else {
            item->setText(tr("%1 — %2").arg(line, e.problem));
            item->setIcon(warning);
        }
        item->setToolTip(native(e.document));
    }
}

int RecoveryPrompt::openAndRecover()
{
    int opened = 0;
    std::vector<PendingRecovery> rest;
    for (PendingRecovery& e : m_entries) {
        if (!e.recoverable()) {
            rest.push_back(std::move(e));
            continue;
        }
        DocumentView* view = m_documents->open(e.document);
        Document* doc = view->document();
        if (!e.labels.isEmpty() && canonical(doc->labelsPath()) != canonical(e.labels)) {
            QString error;
            if (!doc->attachLabels(e.labels, &error))
                emit statusMessage(error, StatusTimeout::kFailureMs);
        }
        JournalRecovery* recovery = JournalRecovery::forDocument(doc, view);
        ++opened;
        // Replay once the document (and its labels) are loaded: that is when the journal is offered.
        const QString document = e.document;
        QPointer<RecoveryPrompt> self(this);
        auto replay = [self, recovery, document] {
            QString error;
            int count = 0;
            const auto counted = connect(recovery, &JournalRecovery::recovered, recovery,
                                         [&count](int edits) { count = edits; });
            recovery->recover(&error);
            disconnect(counted);
            if (!self)
                return;
            if (!error.isEmpty())
                emit self->statusMessage(error, StatusTimeout::kFailureMs);
            emit self->recovered(document, count, error);
        };
        if (recovery->hasRecoverable())
            replay();
        else
            connect(recovery, &JournalRecovery::recoverableFound, recovery, replay, Qt::SingleShotConnection);
    }
    m_entries = std::move(rest);
    refresh();
    if (m_entries.empty())
        accept();
    return opened;
}

bool RecoveryPrompt::discardAll()
{
    if (m_entries.empty() || !m_confirm(int(m_entries.size())))
        return false;
    QStringList failed;
    for (const PendingRecovery& e : m_entries)
        for (const QString& journal : e.journals) {
            QString error;
            if (!idx::removeJournal(journal, &error))
                failed << error;
        }
    m_entries.clear();
    refresh();
    if (!failed.isEmpty())
        emit statusMessage(failed.join(u' '), StatusTimeout::kFailureMs);
    accept();
    return true;
}

void RecoveryPrompt::later()
{
    reject();
}

} // namespace idx::gui
