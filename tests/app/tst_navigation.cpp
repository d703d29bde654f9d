// NavigationPanel: a 4-D fixture's axis choice, sliders and buttons drive ViewState's slice; the RGB option
// appears only when the last axis has 3 or 4 entries; transpose / flip toggles; reshaped views.
#include "document.h"
#include "fixtures.h"
#include "navigationpanel.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

using namespace idx::gui;

namespace {
QString write4d(const QTemporaryDir& dir, const std::vector<quint64>& dims)
{
    return fx::writeFile(dir, QStringLiteral("n.idx"), fx::idxSample(idx::DType::UInt8, dims));
}

void choose(QComboBox* combo, int axis)
{
    const int i = combo->findData(axis);
    QVERIFY(i >= 0);
    combo->setCurrentIndex(i);
    emit combo->activated(i);
}
} // namespace

class TestNavigation : public QObject {
    Q_OBJECT
private slots:
    void slidersDriveSlice();
    void axisChoice();
    void rgbOnlyForThreeOrFourChannels();
    void viewToggles();
    void reshapedRecords();
};

void TestNavigation::slidersDriveSlice()
{
    QTemporaryDir dir;
    Document doc(write4d(dir, {5, 3, 4, 6}));
    ViewState state;
    QTRY_VERIFY(!doc.isLoading());
    NavigationPanel panel(&doc, &state);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(panel.rowAxisCombo()->isVisible());
    QCOMPARE(panel.rowAxisCombo()->currentData().toInt(), 2);
    QCOMPARE(panel.colAxisCombo()->currentData().toInt(), 3);
    QVERIFY(panel.isAxisNavigable(0));
    QVERIFY(panel.isAxisNavigable(1));
    QVERIFY(!panel.isAxisNavigable(2));
    QVERIFY(panel.axisSlider(1)->isVisible());
    QVERIFY(!panel.axisSlider(2)->isVisible());
    QCOMPARE(panel.axisSlider(0)->maximum(), 4);
    QCOMPARE(panel.axisSlider(1)->maximum(), 2);

    panel.axisSlider(1)->setValue(2);
    QCOMPARE(state.slice().fixed.size(), size_t(4));
    QCOMPARE(state.slice().fixed[1], 2u);
    QCOMPARE(panel.axisSpin(1)->value(), 2);
    panel.axisSpin(0)->setValue(3);
    QCOMPARE(state.currentRecord(), 3u);
    QCOMPARE(panel.axisSlider(0)->value(), 3);
    // The record moved elsewhere (gallery, keys): the slider follows.
    state.setCurrentRecord(1);
    QCOMPARE(panel.axisSlider(0)->value(), 1);
    QCOMPARE(state.slice().fixed[1], 2u); // other axes keep their index
}

void TestNavigation::axisChoice()
{
    QTemporaryDir dir;
    Document doc(write4d(dir, {5, 3, 4, 6}));
    ViewState state;
    QTRY_VERIFY(!doc.isLoading());
    NavigationPanel panel(&doc, &state);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    choose(panel.rowAxisCombo(), 1);
    QCOMPARE(state.slice().rowAxis, 1);
    QCOMPARE(state.slice().colAxis, 3);
    QVERIFY(panel.isAxisNavigable(2));
    QVERIFY(panel.axisSlider(2)->isVisible());
    QVERIFY(!panel.axisSlider(1)->isVisible());
    panel.axisSlider(2)->setValue(3);
    QCOMPARE(state.slice().fixed[2], 3u);
    // Choosing the row axis as columns swaps the two.
    choose(panel.colAxisCombo(), 1);
    QCOMPARE(state.slice().colAxis, 1);
    QCOMPARE(state.slice().rowAxis, 3);

    // Next / last / first buttons on a navigable axis.
    QToolButton* next = nullptr;
    QToolButton* last = nullptr;
    for (QToolButton* b : panel.findChildren<QToolButton*>()) {
        if (!b->isVisible())
            continue;
        if (b->toolTip() == QStringLiteral("Next") && !next)
            next = b;
        if (b->toolTip() == QStringLiteral("Last") && !last)
            last = b;
    }
    QVERIFY(next && last);
    const quint64 before = state.currentRecord();
    next->click(); // the first visible row is the record axis
    QCOMPARE(state.currentRecord(), before + 1);
    last->click();
    QCOMPARE(state.currentRecord(), 4u);
    next->click(); // clamped
    QCOMPARE(state.currentRecord(), 4u);
}

void TestNavigation::rgbOnlyForThreeOrFourChannels()
{
    QTemporaryDir dir;
    {
        Document doc(write4d(dir, {5, 3, 4, 6}));
        ViewState state;
        QTRY_VERIFY(!doc.isLoading());
        NavigationPanel panel(&doc, &state);
        QVERIFY(!panel.rgbCheck()->isVisibleTo(&panel));
    }
    for (quint64 channels : {3, 4}) {
        QTemporaryDir d2;
        Document doc(write4d(d2, {5, 4, 6, channels}));
        ViewState state;
        QTRY_VERIFY(!doc.isLoading());
        NavigationPanel panel(&doc, &state);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(panel.rgbCheck()->isVisible());
        panel.rgbCheck()->setChecked(true);
        QVERIFY(state.rgbChannels());
        QCOMPARE(state.slice().rowAxis, 1);
        QCOMPARE(state.slice().colAxis, 2);
        QVERIFY(!panel.isAxisNavigable(3)); // the channels are not an axis to step through
        QVERIFY(!panel.axisSlider(3)->isVisible());
        panel.rgbCheck()->setChecked(false);
        QVERIFY(!state.rgbChannels());
        QCOMPARE(state.slice().colAxis, 3);
    }
}

void TestNavigation::viewToggles()
{
    QTemporaryDir dir;
    Document doc(write4d(dir, {2, 2, 3, 5}));
    ViewState state;
    QTRY_VERIFY(!doc.isLoading());
    NavigationPanel panel(&doc, &state);
    panel.transposeButton()->click();
    QVERIFY(state.slice().transpose);
    panel.flipHorizontalButton()->click();
    QVERIFY(state.slice().flipHorizontal);
    panel.flipVerticalButton()->click();
    QVERIFY(state.slice().flipVertical);
    panel.transposeButton()->click();
    QVERIFY(!state.slice().transpose);
    QVERIFY(state.slice().flipHorizontal);
}

void TestNavigation::reshapedRecords()
{
    QTemporaryDir dir;
    Document doc(fx::writeFile(dir, QStringLiteral("flat.idx"), fx::idxSample(idx::DType::UInt8, {4, 3072})));
    ViewState state;
    QTRY_VERIFY(!doc.isLoading());
    NavigationPanel panel(&doc, &state);
    QVERIFY(!panel.rgbCheck()->isVisibleTo(&panel));
    state.setReshape(std::vector<quint64>{32, 32, 3});
    QVERIFY(panel.rgbCheck()->isVisibleTo(&panel));
    QCOMPARE(panel.rowAxisCombo()->count(), 5); // "none" and four axes
    state.setReshape(std::nullopt);
    QCOMPARE(panel.rowAxisCombo()->count(), 3);
}

QTEST_MAIN(TestNavigation)
#include "tst_navigation.moc"
