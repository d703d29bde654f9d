// Layering guard: idxcore links Qt6::Core only. Any QtWidgets header reaches this file and stops the build.
#error "idxcore must not include QtWidgets headers: move this code to app/"
