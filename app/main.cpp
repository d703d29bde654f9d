// idxscope: the GUI executable. Parses nothing itself; the application object does.
int main() { return 0; }
