// Layering guard: idxcore links Qt6::Core only. Any QtGui header reaches this file and stops the build.
#error "idxcore must not include QtGui headers: move this code to app/"
