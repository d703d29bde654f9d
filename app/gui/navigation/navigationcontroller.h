// NavigationController: moving through a document's records as the keyboard and the Go menu do (a record, a
// page, the first, the last), without widgets. It moves over the records that can be shown now (a truncated
// or loading file ends early) and that pass the gallery's filters (the record filter, the label filter), and
// stops at the ends. NavigationPanel chooses the image's axes and the other axes' positions.
#pragma once

#include <QObject>

namespace idx::gui {

class Document;
class ViewState;

class NavigationController : public QObject {
    Q_OBJECT
public:
    NavigationController(Document* doc, ViewState* state, QObject* parent = nullptr);

    /// Records moved by a page (PgUp/PgDn).
    static constexpr int kPage = 10;

    /// True when `record` passes the gallery's record filter and label filter.
    [[nodiscard]] bool passesFilter(quint64 record) const;

public slots:
    /// Moves the current record by delta, skipping records hidden by the filters; clamps at the ends.
    void stepRecord(qint64 delta);
    void firstRecord();
    void lastRecord();

private:
    [[nodiscard]] quint64 navigableRecords() const;

    Document* m_doc;
    ViewState* m_state;
};

} // namespace idx::gui
