// ImageTool: what the image view's mouse does besides panning and zooming (as Tiled's AbstractTool). The view
// offers its mouse events to its tool first; a tool is an object with its own state, not a filter on the
// view's events.
#pragma once

class QMouseEvent;

namespace idx::gui {

class ImageTool {
public:
    virtual ~ImageTool() = default;
    /// Each returns true when the tool used the event: the view then neither pans nor reports the pixel
    /// under the mouse for it.
    virtual bool mousePressed(QMouseEvent* event) = 0;
    virtual bool mouseMoved(QMouseEvent* event) = 0;
    virtual bool mouseReleased(QMouseEvent* event) = 0;
};

} // namespace idx::gui
