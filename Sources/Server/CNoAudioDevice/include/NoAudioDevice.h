// pcaudiolib's entry points, for the synthesis worker, which links eSpeak NG statically: see NoAudioDevice.c.
// Nothing here is called from Swift; the header only gives the target its public interface.
#ifndef NO_AUDIO_DEVICE_H
#define NO_AUDIO_DEVICE_H

/// The answer every stand-in but `create_audio_device_object` gives: no such device.
#define NO_AUDIO_DEVICE_ERROR 19

#endif
