// pcaudiolib's API with no device behind it, linked into announcer-synth beside a static libespeak-ng.
//
// The worker runs eSpeak NG in synchronous mode: it hands every sample to announcer, which plays them
// through its own ALSA sink. eSpeak 1.51 still creates a pcaudiolib device when it starts, and the
// shared libespeak-ng brings pcaudiolib with PulseAudio's client, X11, D-Bus, libsndfile and their
// codecs: about 3 MB of every worker's resident memory, and a connection to the sound server that the
// worker opens and closes at each start. eSpeak calls the device only in its playback modes
// (ENOUTPUT_MODE_SPEAK_AUDIO, never set here); in synchronous mode it only creates it, and accepts none.
#include <stddef.h>
#include <stdint.h>

#include "NoAudioDevice.h"

struct audio_object;

struct audio_object *create_audio_device_object(const char *device, const char *application_name, const char *description)
{
    (void)device;
    (void)application_name;
    (void)description;
    return NULL;
}

int audio_object_open(struct audio_object *object, int format, uint32_t rate, uint8_t channels)
{
    (void)object;
    (void)format;
    (void)rate;
    (void)channels;
    return NO_AUDIO_DEVICE_ERROR;
}

void audio_object_close(struct audio_object *object) { (void)object; }

void audio_object_destroy(struct audio_object *object) { (void)object; }

int audio_object_write(struct audio_object *object, const void *data, size_t bytes)
{
    (void)object;
    (void)data;
    (void)bytes;
    return NO_AUDIO_DEVICE_ERROR;
}

int audio_object_drain(struct audio_object *object)
{
    (void)object;
    return NO_AUDIO_DEVICE_ERROR;
}

int audio_object_flush(struct audio_object *object)
{
    (void)object;
    return NO_AUDIO_DEVICE_ERROR;
}

const char *audio_object_strerror(struct audio_object *object, int error)
{
    (void)object;
    (void)error;
    return "announcer-synth plays no audio itself";
}
