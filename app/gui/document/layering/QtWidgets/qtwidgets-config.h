// Layering guard for idxdocument: every QtWidgets header includes this configuration header, and this
// stand-in comes first in idxdocument's own include path, so a widget include in the document layer stops
// here.
#error "idxdocument must not include QtWidgets headers: the document layer is widget-free"
