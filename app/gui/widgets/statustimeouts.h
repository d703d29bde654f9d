// How long a status-bar message stays, by what it says. Controllers send these with their statusMessage
// signals; the main window shows them.
#pragma once

namespace idx::gui {

namespace StatusTimeout {
inline constexpr int kBriefMs = 5000;    // confirms a small action ("Copied the image to the clipboard")
inline constexpr int kResultMs = 8000;   // the outcome of an action ("Saved.", an edit that was refused)
inline constexpr int kFailureMs = 10000; // a failure to read before it goes (a file that did not open)
inline constexpr int kLongMs = 15000;    // long outcomes naming files and counts (exports)
} // namespace StatusTimeout

} // namespace idx::gui
