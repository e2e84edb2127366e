#!/usr/bin/python3
"""Drive Fenrir's *unmodified* speech-dispatcher driver against an SSIP server.

The driver under test is fenrirscreenreader/speechDriver/speechdDriver.py as
installed by Debian's `fenrir` package (1.9.5-5 on Debian 12).  It talks to the
server through python3-speechd's speechd.SSIPClient('fenrir'), which reads the
server address from SPEECHD_ADDRESS, e.g.

    SPEECHD_ADDRESS=unix_socket:/run/user/1000/announcer.sock \
        /usr/bin/python3 fenrir_driver_client.py

The script calls the driver exactly the way Fenrir's core does
(core/outputManager.py speakText/interruptOutput, core/settingsManager.py
loadDriver/shutdownDriver) and prints one line per step.

Exit status: 0 only if every step passed: no exception escaped, the driver
logged no unexpected ERROR through env['runtime']['debug'] (the driver
swallows every exception and only reports it there), and the driver still
considered itself initialised where it should.  1 on any failure, including a
timeout (every step is bounded by --step-timeout, the whole run by
--total-timeout).  2 on a usage / environment problem (driver not found).

The last line says how many steps passed and failed.
"""
import argparse
import faulthandler
import importlib
import importlib.util
import inspect
import os
import signal
import sys
import time
import traceback

# --------------------------------------------------------------------------
# The fake Fenrir environment.
#
# speechdDriver.py (Debian 1.9.5 and upstream master alike) touches exactly one
# thing in the environment: env['runtime']['debug'].writeDebugOut(text, level)
# and only inside its `except` blocks.  Nothing else (no settingsManager, no
# 'settings', no 'general') is read by the driver itself; those are read by
# outputManager, whose behaviour this script reproduces by hand below.
# --------------------------------------------------------------------------


class DebugStub:
    """Stands in for fenrirscreenreader.core.debugManager.debugManager."""

    def __init__(self, echo):
        self.echo = echo
        self.records = []          # (level_name, text)

    # real signature: writeDebugOut(self, text, level=DEACTIVE, onAnyLevel=False)
    def writeDebugOut(self, text, level=None, onAnyLevel=False):
        name = getattr(level, "name", str(level))
        self.records.append((name, str(text)))
        if self.echo:
            print("    [fenrir debug %s] %s" % (name, text), flush=True)

    def errors_since(self, mark):
        return [t for (lvl, t) in self.records[mark:] if lvl == "ERROR"]


def make_environment(echo_debug):
    return {"runtime": {"debug": DebugStub(echo_debug)}}


# --------------------------------------------------------------------------
# Timeouts: a per-step SIGALRM that raises in the main thread (blocking
# semaphore waits inside python3-speechd are interruptible by signals), and a
# hard whole-run deadline via faulthandler that kills the process with a
# traceback even if the alarm handler cannot run.
# --------------------------------------------------------------------------


class StepTimeout(BaseException):
    """BaseException on purpose: the driver wraps every call in
    `except Exception`, which would otherwise swallow the timeout."""


def _on_alarm(signum, frame):
    raise StepTimeout("step timed out")


class Runner:
    def __init__(self, step_timeout, debug):
        self.step_timeout = step_timeout
        self.debug = debug
        self.n = 0
        self.passed = 0
        self.failed = 0

    def step(self, desc, fn, allowed_errors=(), expect=None):
        """Run fn(); fail on exception, on timeout, on an unexpected ERROR logged
        by the driver, or when expect() returns a false value / a message."""
        self.n += 1
        mark = len(self.debug.records)
        t0 = time.monotonic()
        status, detail = "ok", ""
        signal.setitimer(signal.ITIMER_REAL, self.step_timeout)
        try:
            fn()
        except StepTimeout:
            status, detail = "FAIL", "timed out after %.1fs" % self.step_timeout
        except BaseException as e:          # noqa: BLE001 - we report everything
            status, detail = "FAIL", "exception %s: %s" % (type(e).__name__, e)
            traceback.print_exc(file=sys.stderr)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if status == "ok":
            errs = self.debug.errors_since(mark)
            bad = [e for e in errs if not any(e.startswith(p) for p in allowed_errors)]
            allowed = [e for e in errs if e not in bad]
            if bad:
                status, detail = "FAIL", "driver logged ERROR: " + " | ".join(bad)
            elif allowed:
                detail = "expected driver ERROR: " + " | ".join(allowed)
        if status == "ok" and expect is not None:
            r = expect()
            if r is not True:
                status, detail = "FAIL", (r or "post-condition failed")
        dt = time.monotonic() - t0
        line = "step %02d: %-58s %s (%.3fs)" % (self.n, desc, status, dt)
        if detail:
            line += " -- " + " / ".join(detail.splitlines())
        print(line, flush=True)
        if status == "ok":
            self.passed += 1
        else:
            self.failed += 1
        if detail.startswith("timed out"):
            # python3-speechd's reply bookkeeping is out of step after an
            # interrupted wait; nothing after this would be meaningful.
            print("error: aborting after a timeout", flush=True)
            print("Of the steps, %d passed and %d failed." % (self.passed, self.failed), flush=True)
            os._exit(1)
        return status == "ok"


# --------------------------------------------------------------------------
# Loading the driver (unmodified).
# --------------------------------------------------------------------------


DEBIAN_DIST_PACKAGES = "/usr/lib/python3/dist-packages"


def ensure_debian_packages_importable():
    """Fenrir and python3-speechd are Debian packages living in
    /usr/lib/python3/dist-packages, which only /usr/bin/python3 searches.  If
    this script is run by another interpreter (pyenv, venv), append that
    directory so the *same installed files* are imported."""
    for name in ("speechd", "fenrirscreenreader"):
        if importlib.util.find_spec(name) is None and os.path.isdir(DEBIAN_DIST_PACKAGES) \
                and DEBIAN_DIST_PACKAGES not in sys.path:
            sys.path.append(DEBIAN_DIST_PACKAGES)
            print("info: %s not importable by %s; appended %s to sys.path"
                  % (name, sys.executable, DEBIAN_DIST_PACKAGES), flush=True)


def load_driver_module(driver_file, fenrir_root):
    if fenrir_root:
        sys.path.insert(0, fenrir_root)
    ensure_debian_packages_importable()
    if driver_file:
        # A different speechdDriver.py (e.g. an upstream checkout); it still
        # imports fenrirscreenreader.core.* from sys.path.
        spec = importlib.util.spec_from_file_location("speechdDriver_under_test", driver_file)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    return importlib.import_module("fenrirscreenreader.speechDriver.speechdDriver")


def effective_address():
    addr = os.environ.get("SPEECHD_ADDRESS")
    if addr:
        return addr, None
    # python3-speechd's own default (client.py SSIPClient.__init__)
    rt = os.environ.get("XDG_RUNTIME_DIR",
                        os.environ.get("XDG_CACHE_HOME",
                                       os.path.join(os.path.expanduser("~"), ".cache")))
    path = os.path.join(rt, "speech-dispatcher/speechd.sock")
    return None, path


# --------------------------------------------------------------------------
# What Fenrir's core does around the driver (core/outputManager.py).
# --------------------------------------------------------------------------


class FenrirLike:
    """Replays outputManager.speakText()/interruptOutput() call order."""

    def __init__(self, drv, settings):
        self.drv = drv
        self.s = settings   # dict with language, voice, module, pitch, rate, volume
        params = inspect.signature(drv.speak).parameters
        self.speak_has_ignore_punct = "ignorePunctuation" in params

    def interrupt_output(self):
        # outputManager.interruptOutput(): speechDriver.cancel()
        self.drv.cancel()

    def speak_text(self, text, interrupt=True):
        # outputManager.speakText(): cancel (if interrupt), then setLanguage,
        # setVoice, setPitch, setRate, setModule, setVolume, speak(cleanText).
        if interrupt:
            self.interrupt_output()
        d, s = self.drv, self.s
        d.setLanguage(s["language"])
        d.setVoice(s["voice"])
        d.setPitch(s["pitch"])
        d.setRate(s["rate"])
        d.setModule(s["module"])
        d.setVolume(s["volume"])
        clean = text.replace("\n", " ")
        if self.speak_has_ignore_punct:
            d.speak(clean, True, ignorePunctuation=False)
        else:
            d.speak(clean)        # outputManager passes text only (queueable=True)


LONG_TEXT = ("This is a deliberately long utterance that Fenrir's driver hands to the "
             "server in one piece, so that the following cancel arrives while the "
             "synthesiser is still speaking it. " * 6).strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--module", default=os.environ.get("FENRIR_TEST_MODULE", "espeak-ng"),
                    help="speech.module setting (default espeak-ng)")
    ap.add_argument("--voice", default="female1",
                    help="speech.voice setting; Debian's driver passes it to "
                         "set_voice() which only accepts SSIP voice types "
                         "(male1..female3, child_male, child_female)")
    ap.add_argument("--languages", default="en,sv,nb")
    ap.add_argument("--rate", type=float, default=0.75)
    ap.add_argument("--pitch", type=float, default=0.5)
    ap.add_argument("--volume", type=float, default=1.0)
    ap.add_argument("--cancel-after", type=float, default=0.5,
                    help="seconds between speaking the long text and cancel()")
    ap.add_argument("--no-defaults-phase", action="store_true",
                    help="skip the phase that uses Fenrir's shipped defaults "
                         "(module unset, language unset, voice en-us)")
    ap.add_argument("--allow-autospawn", action="store_true",
                    help="let python3-speechd autospawn a server if the socket is "
                         "missing (default: SPEECHD_CMD is pointed at a "
                         "non-existent path so nothing is spawned)")
    ap.add_argument("--driver-file", help="load this speechdDriver.py instead of the installed one")
    ap.add_argument("--fenrir-root", help="directory to prepend to sys.path for fenrirscreenreader")
    ap.add_argument("--step-timeout", type=float, default=10.0)
    ap.add_argument("--total-timeout", type=float, default=90.0)
    ap.add_argument("--quiet-debug", action="store_true",
                    help="do not echo the driver's debug messages")
    a = ap.parse_args()

    faulthandler.dump_traceback_later(a.total_timeout, exit=True)
    signal.signal(signal.SIGALRM, _on_alarm)

    if not a.allow_autospawn and "SPEECHD_CMD" not in os.environ:
        os.environ["SPEECHD_CMD"] = "/nonexistent/autospawn-disabled-by-fenrir_driver_client"

    addr, default_path = effective_address()
    if addr:
        print("info: SPEECHD_ADDRESS=%s" % addr, flush=True)
    else:
        print("info: SPEECHD_ADDRESS unset; python3-speechd default socket %s" % default_path,
              flush=True)

    try:
        mod = load_driver_module(a.driver_file, a.fenrir_root)
    except Exception as e:  # noqa: BLE001
        print("error: cannot import Fenrir's speechdDriver: %s: %s" % (type(e).__name__, e))
        return 2
    print("info: driver module %s" % mod.__file__, flush=True)
    speak_sig = str(inspect.signature(mod.driver.speak))
    print("info: driver.speak%s" % speak_sig, flush=True)

    env = make_environment(echo_debug=not a.quiet_debug)
    debug = env["runtime"]["debug"]
    r = Runner(a.step_timeout, debug)
    holder = {}

    def initialised():
        return True if getattr(holder.get("drv"), "_isInitialized", False) else \
            "driver._isInitialized is False (connection failed or a call failed)"

    # ---- phase 1: scripted session with explicit settings -------------------
    settings = {"language": "", "voice": a.voice, "module": a.module,
                "pitch": a.pitch, "rate": a.rate, "volume": a.volume}

    def construct():
        holder["drv"] = mod.driver()

    def initialize():
        holder["drv"].initialize(env)   # settingsManager.loadDriver() does exactly this
        holder["fen"] = FenrirLike(holder["drv"], settings)

    r.step("construct driver()", construct)
    ok = r.step("initialize(environment) -> SSIPClient('fenrir')", initialize, expect=initialised)
    if not ok:
        print("error: could not connect; is the server listening on the socket above?")
        print("Of the steps, %d passed and %d failed." % (r.passed, r.failed))
        return 1

    d = holder["drv"]
    fen = holder["fen"]

    r.step("setModule(%r)" % a.module, lambda: d.setModule(a.module), expect=initialised)
    r.step("setVoice(%r)" % a.voice, lambda: d.setVoice(a.voice), expect=initialised)
    r.step("setRate(%.2f)" % a.rate, lambda: d.setRate(a.rate), expect=initialised)
    r.step("setPitch(%.2f)" % a.pitch, lambda: d.setPitch(a.pitch), expect=initialised)
    r.step("setVolume(%.2f)" % a.volume, lambda: d.setVolume(a.volume), expect=initialised)

    texts = {"en": "Hello from Fenrir.", "sv": "Hej från Fenrir.", "nb": "Hei fra Fenrir."}
    for lang in [x for x in a.languages.split(",") if x]:
        def say(lang=lang):
            settings["language"] = lang
            fen.speak_text(texts.get(lang, "Fenrir test (%s)." % lang), interrupt=True)
        r.step("speakText language=%s (interrupt)" % lang, say, expect=initialised)
        r.step("setLanguage(%r)" % lang, lambda lang=lang: d.setLanguage(lang),
               expect=initialised)

    settings["language"] = "en"
    r.step("setRate(0.40) + setPitch(0.80)",
           lambda: (d.setRate(0.40), d.setPitch(0.80)), expect=initialised)
    settings["rate"], settings["pitch"] = 0.40, 0.80
    r.step("speakText queued (interrupt=False) x2",
           lambda: (fen.speak_text("First queued line.", interrupt=False),
                    fen.speak_text("Second queued line.", interrupt=False)),
           expect=initialised)
    r.step("speakText long text (interrupt)", lambda: fen.speak_text(LONG_TEXT, interrupt=True),
           expect=initialised)
    r.step("sleep %.2fs (long text playing)" % a.cancel_after, lambda: time.sleep(a.cancel_after))
    r.step("cancel() in the middle of the long text", d.cancel, expect=initialised)
    r.step("driver.speak(text, queueable=False)",
           lambda: d.speak("Not queueable, cancels first.", False), expect=initialised)
    r.step("cancel()", d.cancel, expect=initialised)
    r.step("shutdown()", d.shutdown,
           expect=lambda: True if not d._isInitialized else "still initialised after shutdown")

    # ---- phase 2: Fenrir's shipped defaults --------------------------------
    # core/settingsData.py: module '', language '', voice 'en-us',
    # rate 0.75, pitch 0.5, volume 1.0.  setModule('')/setLanguage('') are
    # ignored by the base class, so the Debian driver sends
    # "SET self OUTPUT_MODULE None" and "SET self SYNTHESIS_VOICE None";
    # set_voice('en-us') fails an assert inside python3-speechd before
    # anything is sent (logged as 'speechDriver setVoice:').
    if not a.no_defaults_phase:
        dflt = {"language": "", "voice": "en-us", "module": "",
                "pitch": 0.5, "rate": 0.75, "volume": 1.0}
        allowed = ("speechDriver setVoice:",)

        def construct2():
            holder["drv"] = mod.driver()
            holder["drv"].initialize(env)
            holder["fen2"] = FenrirLike(holder["drv"], dflt)

        r.step("defaults: new driver + initialize(environment)", construct2, expect=initialised)
        r.step("defaults: speakText (module/language unset, voice en-us)",
               lambda: holder["fen2"].speak_text("Fenrir defaults.", interrupt=True),
               allowed_errors=allowed, expect=initialised)
        r.step("defaults: speakText again", 
               lambda: holder["fen2"].speak_text("Fenrir defaults again.", interrupt=True),
               allowed_errors=allowed, expect=initialised)
        r.step("defaults: shutdown()", holder["drv"].shutdown)

    faulthandler.cancel_dump_traceback_later()
    print("Of the steps, %d passed and %d failed." % (r.passed, r.failed), flush=True)
    return 0 if r.failed == 0 else 1


if __name__ == "__main__":
    rc = main()
    sys.stdout.flush()
    # os._exit: never let a stuck daemon thread or __del__ keep us alive.
    os._exit(rc)
