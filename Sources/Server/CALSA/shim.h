// The only door to libasound2. Everything above the Audio module speaks Swift.
#ifndef ANNOUNCER_CALSA_SHIM_H
#define ANNOUNCER_CALSA_SHIM_H
#include <alsa/asoundlib.h>

// ALSA reports errors by calling a variadic handler that prints to stderr.
// Swift cannot define a variadic C function, so the silent handler lives here.
// We turn every ALSA error into one plain sentence of our own instead.
static void announcer_alsa_silent_error_handler(const char *file, int line,
                                               const char *function, int err,
                                               const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void announcer_alsa_silence_library_errors(void) {
    snd_lib_error_set_handler(announcer_alsa_silent_error_handler);
}
#endif
