// confirmDiscard: a question box unless a test replaced it.
#include "discardguard.h"

#include "document.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QMessageBox>

namespace idx::gui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(DiscardGuard)
};

std::function<bool(const Document*, const QString&)>& question()
{
    static std::function<bool(const Document*, const QString&)> q;
    return q;
}
} // namespace

void setDiscardQuestion(std::function<bool(const Document*, const QString& action)> q)
{
    question() = std::move(q);
}

bool confirmDiscard(QWidget* parent, const Document* doc, const QString& action)
{
    if (!doc || !doc->isModified())
        return true;
    if (question())
        return question()(doc, action);
    const auto answer = QMessageBox::warning(
        parent, action,
        Tr::tr("“%1” has unsaved changes. %2 discards them.").arg(QFileInfo(doc->path()).fileName(), action),
        QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
    return answer == QMessageBox::Discard;
}

} // namespace idx::gui
