// ComparePanel: the current document compared with another file, in a dock. Above: Compare With…, what the
// comparison found, its progress, Close. Differences: this file's current record and its counterpart in the
// other (following the document's navigation), their difference under them, and the list of differing
// records (a click goes there). Side by Side: both files' classes, mean images and value histograms.
#pragma once

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;

namespace idx::gui {

class ClassChart;
class CompareController;
class CompareModel;
class ComparePictures;
class HistogramWidget;
class JobProgress;
class MeanImages;
class ViewState;

class ComparePanel : public QWidget {
    Q_OBJECT
public:
    ComparePanel(CompareController* compare, ViewState* state, QWidget* parent = nullptr);

    /// Asks for the file to compare with, then compares.
    void chooseFile();
    /// Compares with `path` without a dialog; false (the reason shown) when it cannot be read.
    bool compareWith(const QString& path);
    [[nodiscard]] QString summaryText() const;
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] ComparePictures* pictures() const { return m_pictures; }
    /// Side by side: 0 this file's, 1 the other's.
    [[nodiscard]] ClassChart* classChart(int side) const { return m_classes[side]; }
    [[nodiscard]] MeanImages* meanImages(int side) const { return m_means[side]; }
    [[nodiscard]] HistogramWidget* histogram(int side) const { return m_histograms[side]; }
    [[nodiscard]] QLabel* sideTitle(int side) const { return m_titles[side]; }

private:
    void updateSummary();
    void updateSides();
    void follow(quint64 record); // the document's current record and its counterpart
    void showPair(std::optional<quint64> a, std::optional<quint64> b);
    void showPictures();
    void goToRow(int row);

    CompareController* m_compare;
    ViewState* m_state;
    ViewState* m_otherState; // the other file's figures: its own filter, the document's colours
    CompareModel* m_model;
    QLabel* m_summary;
    JobProgress* m_progress;
    QPushButton* m_close;
    QTabWidget* m_tabs;
    ComparePictures* m_pictures;
    QTableView* m_table;
    QLabel* m_titles[2];
    QLabel* m_sideNote;
    ClassChart* m_classes[2];
    MeanImages* m_means[2];
    HistogramWidget* m_histograms[2];
    std::optional<quint64> m_shownA, m_shownB;
    bool m_following = false; // the list's selection is following the document's record
};

} // namespace idx::gui
