// Fixtures for the insights tests: a folder of this run's for the neighbour graphs, and the audit of a tab
// run with a k that suits a hundred records.
#pragma once

#include "document.h"
#include "documentview.h"
#include "insightscontroller.h"

#include <QTemporaryDir>
#include <QTest>

namespace insightsfx {

/// Where the tests keep neighbour graphs: a folder of this run's, so every run computes them.
inline QString cacheDir()
{
    static QTemporaryDir dir;
    return dir.path();
}

/// Runs the view's insights with a k that suits about a hundred records (once the file is loaded, with its
/// labels or, `labels` false, without), and waits for the findings.
inline bool auditNow(idx::gui::DocumentView& view, bool labels = true)
{
    using idx::gui::InsightsController;
    if (!QTest::qWaitFor(
            [&] {
                return view.controller<InsightsController>() && view.document()->isLoaded() &&
                       view.document()->hasLabels() == labels;
            },
            20000))
        return false;
    idx::AuditOptions o = view.controller<InsightsController>()->options();
    o.neighbours = 10;
    o.components = 8;
    o.cacheDir = cacheDir();
    view.controller<InsightsController>()->setOptions(o);
    view.controller<InsightsController>()->start();
    return QTest::qWaitFor(
        [&] { return view.controller<InsightsController>()->state() == InsightsController::State::Ready; },
        30000);
}

} // namespace insightsfx
