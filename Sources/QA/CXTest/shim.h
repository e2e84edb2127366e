// The only door to libX11 and libXtst. Everything above the XKeyboard module speaks Swift.
#ifndef ANNOUNCER_CXTEST_SHIM_H
#define ANNOUNCER_CXTEST_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>

// Xlib's default error handler prints and calls exit(), which would end announce over a window that
// went away between two calls. Errors are counted here instead, and the Swift side reads the count.
static int announcer_x_error_count = 0;

static int announcer_x_count_error(Display *display, XErrorEvent *event) {
    (void)display; (void)event;
    announcer_x_error_count += 1;
    return 0;
}

static inline void announcer_x_count_errors(void) {
    XSetErrorHandler(announcer_x_count_error);
}

static inline int announcer_x_errors(void) {
    return announcer_x_error_count;
}

// When the X server goes away, Xlib calls exit() after its I/O error handler, which would end announce
// along with the private desktop. This exit handler returns instead; the display is then dead, its calls
// return at once, and the desktop's own watch reports which part ended.
static void announcer_x_io_exit(Display *display, void *data) {
    (void)display; (void)data;
}

static int announcer_x_io_error(Display *display) {
    (void)display;
    return 0;
}

static inline void announcer_x_survive_io_errors(Display *display) {
    XSetIOErrorHandler(announcer_x_io_error);
    XSetIOErrorExitHandler(display, announcer_x_io_exit, NULL);
}
#endif
