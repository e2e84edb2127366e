#!/usr/bin/python3
"""Drive Fenrir's *unmodified* Emacspeak driver against announcer's Emacspeak speech server.

The driver is fenrirscreenreader/speechDriver/emacspeakDriver.py from Debian's `fenrir` package
(1.9.5-5 on Debian 12). As in Fenrir, it runs `tclsh SERVER` under a pseudo-terminal (pexpect) and
writes `tts_say "..."`, `stop`, `tts_set_speech_rate N` and `set_lang L` to it. SERVER is the
wrapper that scripts/install-emacspeak-server installs, which tclsh runs as Tcl.

    fenrir_emacspeak_client.py SERVER

The server it reaches is the one ANNOUNCER_SOCKET names. Prints one line per step, and exits 0 when
the driver logged no error.
"""
import sys
import time

sys.path.append("/usr/lib/python3/dist-packages")
from fenrirscreenreader.speechDriver import emacspeakDriver  # noqa: E402


class Debug:
    """Stands in for Fenrir's debug manager, which the driver reports its errors to."""

    def __init__(self):
        self.errors = []

    def writeDebugOut(self, text, level=None, onAnyLevel=False):
        if getattr(level, "name", "") == "ERROR":
            self.errors.append(str(text))


class Settings:
    """Stands in for Fenrir's settings manager: the driver reads only speech.serverPath."""

    def __init__(self, server):
        self.server = server

    def getSetting(self, section, name):
        return self.server if (section, name) == ("speech", "serverPath") else ""


def main():
    debug = Debug()
    env = {"runtime": {"debug": debug, "settingsManager": Settings(sys.argv[1])}}
    driver = emacspeakDriver.driver()
    steps = [
        ("initialize", lambda: driver.initialize(env)),
        ("setRate 0.5", lambda: driver.setRate(0.5)),
        ("setLanguage en", lambda: driver.setLanguage("en")),
        ("speak", lambda: driver.speak("Fenrir speaks through announcer.")),
        ("wait", lambda: time.sleep(3)),
        ("speak a long line", lambda: driver.speak(
            "This long line is stopped by Fenrir before it has been read to its end, "
            "because it goes on and on for a long time.", queueable=False)),
        ("wait", lambda: time.sleep(1)),
        ("cancel", lambda: driver.cancel()),
        ("speak the last line", lambda: driver.speak("The last line.", queueable=False)),
        ("wait", lambda: time.sleep(3)),
        ("shutdown", lambda: driver.shutdown()),
    ]
    for name, step in steps:
        step()
        print(f"{time.monotonic() * 1000:.3f} {name}", flush=True)
    for error in debug.errors:
        print(f"driver error: {error}", flush=True)
    sys.exit(1 if debug.errors else 0)


if __name__ == "__main__":
    main()
