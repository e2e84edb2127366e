#!/usr/bin/env python3
"""python3-speechd, unmodified, in SSML mode, as Orca and other clients use it: prints one line per
callback it gets, with the monotonic time in milliseconds, so a test can compare them with the timeline.

  speechd_ssml_client.py marks SSML      speak SSML with marks and wait for its end
  speechd_ssml_client.py pause SSML MARK speak, PAUSE SELF when MARK is reported, RESUME SELF half a
                                         second after the PAUSE callback, and wait for the end
  speechd_ssml_client.py icon NAME       play a sound icon and wait a moment

The server is the one SPEECHD_ADDRESS names. Exit status 0 when the message ended, 1 when it did not.
"""
import sys
import threading
import time

import speechd


def now_ms():
    return time.monotonic() * 1000.0


_output = threading.Lock()


def say(text):
    """One whole line with the time: callbacks and the pause thread print at once, and print() writes
    the text and its newline separately, so lines could run into each other."""
    with _output:
        sys.stdout.write(f"{now_ms():.3f} {text}\n")
        sys.stdout.flush()


def main():
    mode = sys.argv[1]
    client = speechd.SSIPClient("announcer-ssml-test")
    client.set_data_mode(speechd.DataMode.SSML)
    say("SSML_MODE on accepted")
    done = threading.Event()
    marks = []
    pause_at = sys.argv[3] if mode == "pause" else None

    # python3-speechd calls back with the event type alone, and index_mark= for INDEX_MARK.
    def callback(kind, index_mark=None):
        if kind == speechd.CallbackType.INDEX_MARK:
            marks.append(index_mark)
            say(f"INDEX_MARK {index_mark}")
            if index_mark == pause_at:
                # Not from the callback thread, which must stay free to read the reply.
                threading.Thread(target=pause).start()
        elif kind == speechd.CallbackType.PAUSE:
            say("PAUSE")
            threading.Thread(target=resume_later).start()
        else:
            say(kind.upper())
        if kind in (speechd.CallbackType.END, speechd.CallbackType.CANCEL):
            done.set()

    def pause():
        client.pause()
        say("called pause")

    def resume_later():
        # Half a second of silence from when the server said speech paused, at the next mark.
        time.sleep(0.5)
        client.resume()
        say("called resume")

    if mode in ("marks", "pause"):
        client.speak(sys.argv[2], callback=callback, event_types=(
            speechd.CallbackType.INDEX_MARK, speechd.CallbackType.BEGIN, speechd.CallbackType.END,
            speechd.CallbackType.CANCEL, speechd.CallbackType.PAUSE, speechd.CallbackType.RESUME))
        ended = done.wait(30)
    else:
        client.sound_icon(sys.argv[2])
        say("SOUND_ICON sent")
        time.sleep(1.5)
        ended = True
    client.close()
    print(f"{len(marks)} marks: {' '.join(marks)}", flush=True)
    sys.exit(0 if ended else 1)


if __name__ == "__main__":
    main()
