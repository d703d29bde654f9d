// The one list of the features: header, statistics and navigation in the right column, insights, map and
// compare at the bottom.
#include "featurelist.h"

#include "comparefeature.h"
#include "headerfeature.h"
#include "insightsfeature.h"
#include "mapfeature.h"
#include "navigationfeature.h"
#include "panelregistry.h"
#include "statisticsfeature.h"

#include <utility>

namespace idx::gui {

void registerFeatures()
{
    static bool registered = false;
    if (std::exchange(registered, true))
        return;
    PanelRegistry& r = PanelRegistry::instance();
    for (PanelSpec spec : {headerFeature(), statisticsFeature(), navigationFeature(), insightsFeature(),
                           mapFeature(), compareFeature()})
        r.add(std::move(spec));
}

} // namespace idx::gui
