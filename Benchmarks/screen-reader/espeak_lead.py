"""eSpeak NG's own silence before the first audible sample of a text, rendered apart with libespeak-ng.

A word that begins with a stop consonant begins with its closure: eSpeak NG renders "tab" and
"checked" with 49 ms of digital silence before the burst, "space" and "Send" with 12 ms. Both
servers speak through eSpeak NG, so that silence is inside both servers' shares; taking it away
shows what each server itself adds. The lead does not depend on the voice (en, en-us) or the pitch,
but shortens as the rate rises, so each server's texts are rendered at that server's rate.

Run as a program, it reads a JSON list of texts (SSML, as Orca sends them) on standard input and
writes a JSON object, text to milliseconds, on standard output. It runs in a process of its own
because espeak_Initialize changes the locale of the whole process and starts threads.
"""

import ctypes
import json
import subprocess
import sys

AUDIO_OUTPUT_SYNCHRONOUS = 2
ESPEAK_INITIALIZE_DONT_EXIT = 0x8000
ESPEAK_RATE = 1
ESPEAK_CHARS_UTF8 = 1
ESPEAK_SSML = 0x10
POS_CHARACTER = 1


def leading_silence_ms(samples, rate, threshold):
    """Milliseconds before the first sample whose size is above threshold; None when none is."""
    for index, value in enumerate(samples):
        if value > threshold or -value > threshold:
            return index * 1000.0 / rate
    return None


def render_leads(texts, voice, words_per_minute, threshold):
    """Each text's lead in ms, rendered in this process through libespeak-ng."""
    library = ctypes.CDLL("libespeak-ng.so.1")
    callback_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)
    rate = library.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, None, ESPEAK_INITIALIZE_DONT_EXIT)
    if rate <= 0:
        raise RuntimeError("espeak_Initialize failed")
    samples = []

    def collect(wave, count, events):
        if wave and count > 0:
            samples.extend(wave[:count])
        return 0

    callback = callback_type(collect)
    library.espeak_SetSynthCallback(callback)
    library.espeak_SetVoiceByName(voice.encode())
    library.espeak_SetParameter(ESPEAK_RATE, words_per_minute, 0)
    leads = {}
    for text in texts:
        samples.clear()
        data = text.encode("utf-8") + b"\0"
        flags = ESPEAK_CHARS_UTF8 | (ESPEAK_SSML if text.lstrip().startswith("<") else 0)
        library.espeak_Synth(data, len(data), 0, POS_CHARACTER, 0, flags, None, None)
        leads[text] = leading_silence_ms(samples, rate, threshold)
    return leads


def words_per_minute(server, ssip_rate):
    """The eSpeak NG rate each server makes of an SSIP RATE (-100 to 100).

    announcer: 80, 175, 450 at -100, 0, 100 (Sources/Server/AnnouncerProtocol/SSIP/SSIPSettings.swift).
    Speech Dispatcher's eSpeak NG module: EspeakMinRate 80, EspeakNormalRate 170 and EspeakMaxRate 449
    in Debian's /etc/speech-dispatcher/modules/espeak-ng.conf, mapped the same way. Both divide as C does.
    """
    low, normal, high = (80, 175, 450) if server == "announcer" else (80, 170, 449)
    span = (normal - low) if ssip_rate < 0 else (high - normal)
    return normal + int(span * ssip_rate / 100)


def leads_for(texts, threshold, voice, words_per_minute):
    """Each text's lead in ms, from a child process; {} when libespeak-ng cannot be used.

    The voice (en or en-us) does not change the leads; the rate does, by about a millisecond for
    every 5 words a minute on a 49 ms closure."""
    texts = sorted(set(texts))
    if not texts:
        return {}
    done = subprocess.run([sys.executable, __file__, voice, str(words_per_minute), str(threshold)],
                          input=json.dumps(texts), capture_output=True, text=True)
    if done.returncode != 0:
        return {}
    return json.loads(done.stdout)


if __name__ == "__main__":
    chosen_voice, chosen_rate, chosen_threshold = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    json.dump(render_leads(json.load(sys.stdin), chosen_voice, chosen_rate, chosen_threshold), sys.stdout)
