// idxscope: the GUI executable. Everything, argument parsing included, lives in the idxapp library.
#include "application.h"

int main(int argc, char** argv)
{
    idx::gui::Application app(argc, argv);
    return app.run();
}
