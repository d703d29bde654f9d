// StatusProgress: the status bar's "Decompressing… [=====   ] Cancel" for the current document's load.
#pragma once

#include <QPointer>
#include <QWidget>

class Document;
class QLabel;
class QProgressBar;
class QToolButton;

class StatusProgress : public QWidget {
    Q_OBJECT
public:
    explicit StatusProgress(QWidget* parent = nullptr);
    /// Follows `doc` (or nothing); hides itself when that document is not loading.
    void setDocument(Document* doc);

private:
    void onProgress(qint64 done, qint64 total);
    void onFinished();

    QPointer<Document> m_doc;
    QLabel* m_label;
    QProgressBar* m_bar;
    QToolButton* m_cancel;
};
