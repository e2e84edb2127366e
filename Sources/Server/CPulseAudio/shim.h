// The only door to libpulse, for announcer-duck alone. Everything above the PulseAudio module speaks Swift.
#ifndef ANNOUNCER_CPULSEAUDIO_SHIM_H
#define ANNOUNCER_CPULSEAUDIO_SHIM_H
#include <pulse/pulseaudio.h>
#include <pulse/thread-mainloop.h>
#include <pulse/ext-stream-restore.h>
#endif
