// The only door to libespeak-ng. Everything above the ESpeak module speaks Swift.
#ifndef ANNOUNCER_CESPEAKNG_SHIM_H
#define ANNOUNCER_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
