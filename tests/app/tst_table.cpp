// TableModel / TableView: 1-D and [N, 8] int32 tables, the 2-D slice of higher-rank data, float formatting,
// the shared selection and the "view records as 28×28" reshape; a recognised QMNIST table's columns named.
#include "appfixtures.h"
#include "document.h"
#include "qmnistfixture.h"
#include "recordsetprint.h"
#include "reshape.h"
#include "tablemodel.h"
#include "tableview.h"
#include "viewstate.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <cmath>
#include <limits>

using namespace idx::gui;

namespace {
QString writeIdx(const QTemporaryDir& dir, const QString& name, idx::DType t,
                 const std::vector<quint64>& dims, const std::vector<double>& values,
                 fx::Wrap wrap = fx::Wrap::Raw)
{
    return fx::writeFile(dir, name, fx::wrap(fx::idxBytes(t, dims, values), wrap));
}

void waitLoaded(Document& doc)
{
    QTRY_VERIFY_WITH_TIMEOUT(!doc.isLoading(), 20000);
}
} // namespace

class TestTable : public QObject {
    Q_OBJECT
private slots:
    void oneDimensional();
    void int32Table();
    void qmnistColumnNames();
    void sliceOfHigherRank();
    void floats();
    void growsWhileLoading();
    void selectionDrivesViewState();
    void reshapeFlatRecords();
};

void TestTable::oneDimensional()
{
    QTemporaryDir dir;
    std::vector<double> v;
    for (int i = 0; i < 1000; ++i)
        v.push_back(i % 10);
    Document doc(writeIdx(dir, QStringLiteral("a-labels-idx1-ubyte"), idx::DType::UInt8, {1000}, v));
    ViewState state;
    waitLoaded(doc);
    TableModel model(&doc, &state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.mode(), TableModel::Mode::Vector);
    QCOMPARE(model.rowCount(), 1000);
    QCOMPARE(model.columnCount(), 1);
    QCOMPARE(model.data(model.index(987, 0)).toString(), QStringLiteral("7"));
    QCOMPARE(model.data(model.index(987, 0), TableModel::ValueRole).toDouble(), 7.0);
    QCOMPARE(model.headerData(987, Qt::Vertical).toString(), QStringLiteral("987"));
}

void TestTable::int32Table()
{
    QTemporaryDir dir;
    const quint64 n = 500;
    const auto values = fx::sampleValues(idx::DType::Int32, n * 8, 3);
    Document doc(writeIdx(dir, QStringLiteral("q-labels-idx2-int"), idx::DType::Int32, {n, 8}, values));
    ViewState state;
    waitLoaded(doc);
    TableModel model(&doc, &state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.mode(), TableModel::Mode::Matrix);
    QCOMPARE(model.rowCount(), int(n));
    QCOMPARE(model.columnCount(), 8);
    for (int row : {0, 1, 250, 499})
        for (int col = 0; col < 8; ++col) {
            const double expected = values[size_t(row) * 8 + size_t(col)];
            QCOMPARE(model.data(model.index(row, col), TableModel::ValueRole).toDouble(), expected);
            QCOMPARE(model.data(model.index(row, col)).toString(), QString::number(qint64(expected)));
        }
    QCOMPARE(model.headerData(5, Qt::Horizontal).toString(), QStringLiteral("5"));
}

// A QMNIST label table: once recognised (after its load), the horizontal header shows the columns' names,
// their numbers in the tooltip; the view makes them wide enough to read.
void TestTable::qmnistColumnNames()
{
    QTemporaryDir dir;
    const auto values = fx::qmnistTableValues(fx::classesBeginning(fx::mnistTestHead(), 60000));
    Document doc(
        writeIdx(dir, QStringLiteral("qmnist-test-labels-idx2-int"), idx::DType::Int32, {60000, 8}, values));
    ViewState state;
    TableModel model(&doc, &state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy headers(&model, &QAbstractItemModel::headerDataChanged);
    QTRY_VERIFY_WITH_TIMEOUT(doc.dataset().has_value(), 20000);
    QCOMPARE(doc.dataset()->title(), QStringLiteral("QMNIST, test label table"));
    QTRY_VERIFY(!headers.isEmpty());
    QCOMPARE(headers.last().at(0).value<Qt::Orientation>(), Qt::Horizontal);
    QStringList shown;
    for (int c = 0; c < model.columnCount(); ++c)
        shown << model.headerData(c, Qt::Horizontal).toString();
    QCOMPARE(shown, fx::qmnistColumnNames());
    QCOMPARE(model.headerData(2, Qt::Horizontal, Qt::ToolTipRole).toString(),
             QStringLiteral("Column 2: NIST writer ID"));
    QCOMPARE(model.headerData(2, Qt::Vertical).toString(), QStringLiteral("2")); // rows keep their numbers
    QCOMPARE(model.headerData(2, Qt::Vertical, Qt::ToolTipRole).toString(), QStringLiteral("Record 2"));

    // A view opened on it now: named at once, and wide enough for the longest name.
    TableView view(&doc, &state);
    QCOMPARE(view.model()->headerData(3, Qt::Horizontal).toString(),
             QStringLiteral("digit index for this writer"));
    const QHeaderView* header = view.tableView()->horizontalHeader();
    QVERIFY(header->sectionSize(3) >
            header->fontMetrics().horizontalAdvance(QStringLiteral("digit index for this writer")));
}

void TestTable::sliceOfHigherRank()
{
    QTemporaryDir dir;
    const auto values = fx::sampleValues(idx::DType::UInt8, 6 * 3 * 5, 1);
    Document doc(writeIdx(dir, QStringLiteral("x-images-idx3-ubyte"), idx::DType::UInt8, {6, 3, 5}, values));
    ViewState state;
    waitLoaded(doc);
    TableModel model(&doc, &state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.mode(), TableModel::Mode::Slice);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), 5);
    QCOMPARE(model.data(model.index(2, 4), TableModel::ValueRole).toDouble(), values[2 * 5 + 4]);
    state.setCurrentRecord(4);
    QCOMPARE(model.data(model.index(2, 4), TableModel::ValueRole).toDouble(), values[4 * 15 + 2 * 5 + 4]);
}

void TestTable::floats()
{
    QCOMPARE(TableModel::format(std::numeric_limits<double>::quiet_NaN(), idx::DType::Float32),
             QStringLiteral("nan"));
    QCOMPARE(TableModel::format(-std::numeric_limits<double>::infinity(), idx::DType::Float64),
             QStringLiteral("-inf"));
    QCOMPARE(TableModel::format(0.5, idx::DType::Float32), QStringLiteral("0.5"));
    QCOMPARE(TableModel::format(-3, idx::DType::Int16), QStringLiteral("-3"));

    QTemporaryDir dir;
    const std::vector<double> v{1.5, -2.25, std::numeric_limits<double>::infinity(), 0};
    Document doc(writeIdx(dir, QStringLiteral("f.idx"), idx::DType::Float32, {2, 2}, v));
    ViewState state;
    waitLoaded(doc);
    TableModel model(&doc, &state);
    QCOMPARE(model.data(model.index(0, 1)).toString(), QStringLiteral("-2.25"));
    QCOMPARE(model.data(model.index(1, 0)).toString(), QStringLiteral("inf"));
}

void TestTable::growsWhileLoading()
{
    QTemporaryDir dir;
    const quint64 n = 400000;
    std::vector<double> v(n * 8);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = double(i % 1000) - 500;
    Document doc(
        writeIdx(dir, QStringLiteral("big-idx2-int.gz"), idx::DType::Int32, {n, 8}, v, fx::Wrap::Gzip));
    ViewState state;
    TableModel model(&doc, &state);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), int(n), 20000);
    QCOMPARE(model.data(model.index(int(n) - 1, 7), TableModel::ValueRole).toDouble(), v.back());
}

void TestTable::selectionDrivesViewState()
{
    QTemporaryDir dir;
    std::vector<double> v(100 * 8, 1.0);
    Document doc(writeIdx(dir, QStringLiteral("t.idx"), idx::DType::Int32, {100, 8}, v));
    ViewState state;
    waitLoaded(doc);
    TableView view(&doc, &state);
    QTableView* table = view.tableView();
    table->selectionModel()->setCurrentIndex(view.model()->index(9, 2),
                                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(state.currentRecord(), 9u);
    QCOMPARE(state.selection(), idx::RecordSet{9});
    state.setCurrentRecord(60);
    QCOMPARE(table->currentIndex().row(), 60);
    state.setSelection({4, 5, 70});
    QCOMPARE(table->selectionModel()->selectedRows().size(), 3);
    QVERIFY(table->selectionModel()->isRowSelected(70, {}));
    QCOMPARE(state.selection(), (idx::RecordSet{4, 5, 70}));
    QVERIFY(view.reshapeCombo()->isHidden()); // 8 values a record: nothing to reshape to
}

void TestTable::reshapeFlatRecords()
{
    QTemporaryDir dir;
    const auto values = fx::sampleValues(idx::DType::UInt8, 5 * 784, 2);
    Document doc(writeIdx(dir, QStringLiteral("flat.idx"), idx::DType::UInt8, {5, 784}, values));
    ViewState state;
    waitLoaded(doc);
    TableView view(&doc, &state);
    QComboBox* combo = view.reshapeCombo();
    QVERIFY(!combo->isHidden());
    const int i = combo->findText(QStringLiteral("28 × 28"));
    QVERIFY(i > 0);
    combo->setCurrentIndex(i);
    emit combo->activated(i);
    QVERIFY(state.reshape().has_value());
    const idx::TensorView reshaped = reshapedView(doc, state);
    QCOMPARE(reshaped.header().dims, (std::vector<quint64>{5, 28, 28}));
    QCOMPARE(reshaped.availableRecords(), 5u);
    const std::vector<quint64> at{3, 27, 1};
    QCOMPARE(*reshaped.valueAt(at), values[3 * 784 + 27 * 28 + 1]);
    // The table keeps showing the numbers as stored.
    QCOMPARE(view.model()->columnCount(), 784);
    // A shape that doesn't fit is ignored rather than misread.
    state.setReshape(std::vector<quint64>{32, 32, 3});
    QCOMPARE(reshapedView(doc, state).header().dims, (std::vector<quint64>{5, 784}));
    emit combo->activated(0);
    QVERIFY(!state.reshape().has_value());
}

QTEST_MAIN(TestTable)
#include "tst_table.moc"
