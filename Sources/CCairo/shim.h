// Cairo for Swift. Cairo's API imports cleanly; this header exists so the module map has one entry point.
#include <cairo/cairo.h>
