// Cairo for Swift, with its FreeType font backend and fontconfig for finding fonts by family and style.
// The APIs import cleanly; this header exists so the module map has one entry point.
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <fontconfig/fontconfig.h>
