#!/usr/bin/python3
"""Drive Orca's *unmodified* Speech Dispatcher speech server against an SSIP server.

The code under test is orca/speechdispatcherfactory.py as installed by Debian's
`orca` package (43.1 on Debian 12).  Its SpeechServer talks to the server
through python3-speechd's speechd.SSIPClient('Orca', component='default'),
which reads the server's address from SPEECHD_ADDRESS, e.g.

    SPEECHD_ADDRESS=unix_socket:/run/user/1000/announcer/announcer.sock \\
        dbus-run-session -- /usr/bin/python3 orca_speech_client.py

Orca's speech modules import pyatspi, which aborts the process when it cannot
reach the accessibility bus; under dbus-run-session the session bus starts
at-spi-bus-launcher (Debian's at-spi2-core) on demand.  No display is needed:
Gdk is imported but never opened.

The script calls the speech server the way Orca does (orca/speech.py init(),
speak(), sayAll(), stop(), shutdown(); scripts/default.py activate()), and
prints one line per step:

  - creates the server as speech.init() does (SET CLIENT_NAME, HISTORY GET
    CLIENT_ID, NOTIFICATION ... on, PRIORITY message, PUNCTUATION most,
    SSML_MODE on), then updatePunctuationLevel() and
    updateCapitalizationStyle() as the default script's activate() does;
  - speak("Hello from Orca."): rate, pitch, volume and language, then SSML
    with a <mark name="start:end"/> before each word; waits for 702 END;
  - speakCharacter("a"): CHAR a;
  - sayAll() over three lines, each a [SayAllContext, ACSS] pair as Orca's
    scripts yield them: each line is spoken when the one before ends, and the
    progress callbacks (PROGRESS at 701 BEGIN and at each 700 INDEX MARK,
    COMPLETED at 702 END) must come in order with the offsets increasing;
  - a long speak(), then stop() (CANCEL self) after --stop-after seconds: the
    message must end with 703 CANCELED, not 702 END;
  - shutdown().

Orca swallows most errors from python3-speechd (its _send_command() has a bare
`except: pass`), so the script watches the wire itself: it wraps
python3-speechd's connection object (observing only; nothing it sends is
changed) and fails a step on any reply that is not 2xx, and on any message Orca
logs at WARNING or above.  --transcript FILE writes every SSIP line, both ways,
with times.

Exit status: 0 only if every step passed; 1 on any failure, including a
timeout (every step is bounded by --step-timeout, the whole run by
--total-timeout); 2 on an environment problem (Orca or python3-speechd not
importable, no D-Bus session or accessibility bus).

The last line says how many steps passed and failed.
"""
import argparse
import faulthandler
import importlib.util
import os
import re
import signal
import sys
import threading
import time
import traceback

DEBIAN_DIST_PACKAGES = "/usr/lib/python3/dist-packages"

HELLO = "Hello from Orca."
SAY_ALL_LINES = [
    "Orca reads the first line of the page.",
    "Then it reads the second line.",
    "And the third line ends the say all.",
]
LONG_TEXT = ("This is a long utterance that Orca hands to the server in one piece, so that "
             "the stop arrives while the server is still speaking it. " * 4).strip()

T0 = time.monotonic()


def now():
    return time.monotonic() - T0


# --------------------------------------------------------------------------
# Watching the wire: python3-speechd's _SSIP_Connection, wrapped.
# --------------------------------------------------------------------------

EVENT_NAMES = {700: "INDEX_MARK", 701: "BEGIN", 702: "END", 703: "CANCELED", 704: "PAUSED", 705: "RESUMED"}


class Wire:
    """Records every SSIP exchange and event of python3-speechd's connections."""

    def __init__(self):
        self.cond = threading.Condition()
        self.lines = []        # (t, "C>" or "S<", text)
        self.exchanges = []    # dict(t, kind, text, code, msg, data)
        self.events = []       # dict(t, code, name, msg_id, client_id, mark)

    def install(self, speechd_client):
        conn_class = speechd_client._SSIP_Connection
        response_error = speechd_client.SSIPResponseError
        orig_command = conn_class.send_command
        orig_data = conn_class.send_data
        orig_recv = conn_class._recv_message
        wire = self

        def call(kind, text, lines, fn):
            with wire.cond:
                for line in lines:
                    wire.lines.append((now(), "C>", line))
                record = dict(t=now(), kind=kind, text=text, code=None, msg=None, data=())
                wire.exchanges.append(record)
            try:
                code, msg, data = fn()
            except response_error as e:
                record.update(code=e.code(), msg=e.msg())
                raise
            except BaseException as e:
                record.update(msg="%s: %s" % (type(e).__name__, e))
                raise
            record.update(code=code, msg=msg, data=data)
            return code, msg, data

        def send_command(conn, command, *args):
            text = " ".join((command,) + tuple(map(str, args)))
            return call("command", text, [text], lambda: orig_command(conn, command, *args))

        def send_data(conn, data):
            body = data.replace("\r\n", "\n").split("\n")
            body = [("." + line) if line.startswith(".") else line for line in body]
            return call("data", data, body + ["."], lambda: orig_data(conn, data))

        def recv_message(conn):
            code, msg, data = orig_recv(conn)
            with wire.cond:
                t = now()
                for line in data:
                    wire.lines.append((t, "S<", "%d-%s" % (code, line)))
                wire.lines.append((t, "S<", "%d %s" % (code, msg)))
                if code // 100 == 7:
                    event = dict(t=t, code=code, name=EVENT_NAMES.get(code, str(code)),
                                 msg_id=_int(data[0]) if data else None,
                                 client_id=_int(data[1]) if len(data) > 1 else None,
                                 mark=data[2] if code == 700 and len(data) > 2 else None)
                    wire.events.append(event)
                wire.cond.notify_all()
            return code, msg, data

        conn_class.send_command = send_command
        conn_class.send_data = send_data
        conn_class._recv_message = recv_message

    def events_of(self, msg_id):
        with self.cond:
            return [e for e in self.events if e["msg_id"] == msg_id]

    def ended(self, msg_id):
        """702 or 703 of the message, or None."""
        for e in self.events_of(msg_id):
            if e["code"] in (702, 703):
                return e
        return None

    def write_transcript(self, out):
        with self.cond:
            for t, direction, text in self.lines:
                out.write("%9.3f %s %s\n" % (t, direction, text))


def _int(text):
    try:
        return int(text)
    except ValueError:
        return None


def short(text, limit=110):
    text = text.replace("\r\n", " ").replace("\n", " ")
    return text if len(text) <= limit else text[:limit - 1] + "…"


# --------------------------------------------------------------------------
# Orca's debug output, captured: everything at WARNING or above.
# --------------------------------------------------------------------------


class DebugCapture:
    """Stands in for orca.debug.debugFile (println() calls writelines(),
    printException() hands it to traceback.print_exc())."""

    def __init__(self, echo):
        self.echo = echo
        self.text = []

    def write(self, text):
        if text.strip():
            self.text.append(text.rstrip("\n"))
            if self.echo:
                print("    [orca debug] %s" % text.rstrip("\n"), flush=True)
        return len(text)

    def writelines(self, lines):
        self.write("".join(lines))

    def flush(self):
        pass


# --------------------------------------------------------------------------
# Steps, each bounded in time.
# --------------------------------------------------------------------------


class StepTimeout(BaseException):
    """BaseException on purpose, though Orca's bare `except:` clauses swallow
    even this: the runner also keeps a flag."""


class Runner:
    def __init__(self, step_timeout, wire, debug):
        self.step_timeout = step_timeout
        self.wire = wire
        self.debug = debug
        self.n = 0
        self.passed = 0
        self.failed = 0
        self.timed_out = False
        self.notes = []
        self.before_exit = lambda: None
        signal.signal(signal.SIGALRM, self._on_alarm)

    def note(self, text):
        """A line printed under the current step's line."""
        self.notes.append(text)

    def _on_alarm(self, signum, frame):
        self.timed_out = True
        raise StepTimeout("step timed out")

    def step(self, desc, fn, expect=None, allowed_replies=(), show_wire=True):
        """Run fn(); fail on an exception, a timeout, a reply that is not 2xx
        (unless its command starts with one of allowed_replies), a message Orca
        logged at WARNING or above, or when expect() returns other than True."""
        self.n += 1
        debug_mark = len(self.debug.text)
        with self.wire.cond:
            wire_mark = len(self.wire.exchanges)
        t0 = time.monotonic()
        status, detail = "ok", ""
        self.timed_out = False
        signal.setitimer(signal.ITIMER_REAL, self.step_timeout)
        try:
            fn()
        except StepTimeout:
            pass
        except BaseException as e:  # noqa: BLE001 - everything is reported
            status, detail = "FAIL", "exception %s: %s" % (type(e).__name__, e)
            traceback.print_exc(file=sys.stderr)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if self.timed_out:
            status, detail = "FAIL", "timed out after %.1fs" % self.step_timeout
        with self.wire.cond:
            exchanges = self.wire.exchanges[wire_mark:]
        if status == "ok":
            problems = []
            bad = [x for x in exchanges
                   if (x["code"] is None or x["code"] // 100 != 2)
                   and not any(x["text"].startswith(p) for p in allowed_replies)]
            if bad:
                problems.append("; ".join(
                    "%s was answered %s %s" % (short(x["text"], 60), x["code"], x["msg"]) for x in bad))
            if expect is not None:
                r = expect()
                if r is not True:
                    problems.append(r or "post-condition failed")
            logged = [line.strip() for text in self.debug.text[debug_mark:] for line in text.splitlines()
                      if line.strip()]
            if logged:
                # The exception's last line and Orca's own message; the whole text is echoed
                # above unless --quiet-debug.
                problems.append("Orca logged: " + " | ".join(logged[-2:]))
            if problems:
                status, detail = "FAIL", " / ".join(problems)
        dt = time.monotonic() - t0
        line = "step %02d: %-66s %s (%.3fs)" % (self.n, desc, status, dt)
        if detail and status != "ok":
            line += " -- " + " / ".join(str(detail).splitlines())
        print(line, flush=True)
        for text in self.notes:
            print("    " + text, flush=True)
        self.notes = []
        if show_wire:
            for x in exchanges:
                print("    ssip: %-64s -> %s %s" % (short(x["text"], 64), x["code"], x["msg"]), flush=True)
        if status == "ok":
            self.passed += 1
        else:
            self.failed += 1
        if self.timed_out:
            # python3-speechd's reply bookkeeping is out of step after an
            # interrupted wait; nothing after this would be meaningful.
            self.abort("a timeout")
        return status == "ok"

    def check(self, desc, predicate):
        """A step that only judges what has been recorded."""
        return self.step(desc, lambda: None, expect=predicate, show_wire=False)

    def abort(self, why):
        print("error: aborting after %s" % why, flush=True)
        self.before_exit()
        self.summary()
        os._exit(1)

    def summary(self):
        print("Of the steps, %d passed and %d failed." % (self.passed, self.failed), flush=True)


def pump_until(predicate, timeout):
    """Runs GLib's default main context (where Orca's sayAll callbacks are
    dispatched with GLib.idle_add) until predicate() holds or time runs out."""
    from gi.repository import GLib
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    while True:
        while context.pending():
            context.iteration(False)
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.005)


# --------------------------------------------------------------------------
# The environment.
# --------------------------------------------------------------------------


def ensure_debian_packages_importable():
    """Orca and python3-speechd live in /usr/lib/python3/dist-packages, which
    only /usr/bin/python3 searches; another interpreter gets it appended."""
    for name in ("speechd", "orca"):
        if importlib.util.find_spec(name) is None and os.path.isdir(DEBIAN_DIST_PACKAGES) \
                and DEBIAN_DIST_PACKAGES not in sys.path:
            sys.path.append(DEBIAN_DIST_PACKAGES)
            print("info: %s not importable by %s; appended %s to sys.path"
                  % (name, sys.executable, DEBIAN_DIST_PACKAGES), flush=True)


def check_accessibility_bus():
    """pyatspi (imported by Orca's settings manager) calls g_error(), which
    aborts the process, when it cannot reach the accessibility bus.  Ask for
    the bus first, so that its absence is reported instead."""
    if os.environ.get("AT_SPI_BUS_ADDRESS"):
        return None
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return ("there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is unset); "
                "run this under dbus-run-session")
    try:
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        reply = bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                              None, GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, 10000, None)
        print("info: accessibility bus %s" % reply.unpack()[0], flush=True)
    except Exception as e:  # noqa: BLE001
        return ("the accessibility bus is not reachable (%s); install at-spi2-core, whose "
                "at-spi-bus-launcher the session bus starts" % e)
    return None


def effective_address():
    addr = os.environ.get("SPEECHD_ADDRESS")
    if addr:
        return "SPEECHD_ADDRESS=%s" % addr
    rt = os.environ.get("XDG_RUNTIME_DIR",
                        os.environ.get("XDG_CACHE_HOME", os.path.join(os.path.expanduser("~"), ".cache")))
    return "SPEECHD_ADDRESS unset; python3-speechd's default socket %s" % os.path.join(
        rt, "speech-dispatcher/speechd.sock")


def marks_in(ssml):
    return re.findall(r'<mark name="([^"]*)"/>', ssml)


def word_marks(text):
    """The "start:end" of each word, end exclusive: the marks Orca's _speak()
    puts before the words of a text without numbers (OrcaSpeechTests.swift
    computes them the same way)."""
    return ["%d:%d" % m.span() for m in re.finditer(r"\S+", text)]


# --------------------------------------------------------------------------
# The run.
# --------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--capitalization", choices=("none", "icon", "spell"), default="none",
                    help="Orca's capitalizationStyle setting (Orca's default: none)")
    ap.add_argument("--punctuation", choices=("none", "some", "most", "all"), default="most",
                    help="Orca's verbalizePunctuationStyle setting (Orca's default: most)")
    ap.add_argument("--speech-server-info", metavar="MODULE",
                    help="Orca's speechServerInfo setting, as its preferences store it when a "
                         "synthesizer is chosen: the server is created for this output module, "
                         "which adds SET self OUTPUT_MODULE MODULE (Orca's default: none)")
    ap.add_argument("--stop-after", type=float, default=0.5,
                    help="seconds between the long speak() and stop()")
    ap.add_argument("--speak-timeout", type=float, default=15.0,
                    help="seconds to wait for a message to be spoken to its end")
    ap.add_argument("--no-char", action="store_true", help="skip speakCharacter()")
    ap.add_argument("--allow-autospawn", action="store_true",
                    help="let python3-speechd autospawn a server if the socket is missing "
                         "(default: SPEECHD_CMD is pointed at a path that does not exist)")
    ap.add_argument("--transcript", metavar="FILE",
                    help="write every SSIP line, both ways, with times; '-' for standard output")
    ap.add_argument("--step-timeout", type=float, default=60.0)
    ap.add_argument("--total-timeout", type=float, default=120.0)
    ap.add_argument("--quiet-debug", action="store_true",
                    help="do not echo what Orca logs at WARNING or above (it still fails the step)")
    a = ap.parse_args()

    faulthandler.dump_traceback_later(a.total_timeout, exit=True)
    if not a.allow_autospawn and "SPEECHD_CMD" not in os.environ:
        os.environ["SPEECHD_CMD"] = "/nonexistent/autospawn-disabled-by-orca_speech_client"
    print("info: %s" % effective_address(), flush=True)

    ensure_debian_packages_importable()
    try:
        import speechd
        import speechd.client
    except Exception as e:  # noqa: BLE001
        print("error: cannot import python3-speechd: %s: %s" % (type(e).__name__, e), flush=True)
        return 2
    problem = check_accessibility_bus()
    if problem:
        print("error: %s" % problem, flush=True)
        return 2

    wire = Wire()
    wire.install(speechd.client)

    try:
        import gi
        gi.require_version("Gdk", "3.0")   # what Orca's own launcher does; silences a warning
        gi.require_version("Atk", "1.0")
        from orca import debug, orca_platform, settings, speechserver
        from orca import speechdispatcherfactory as factory
        from orca.acss import ACSS
    except Exception as e:  # noqa: BLE001
        print("error: cannot import Orca's speech modules: %s: %s" % (type(e).__name__, e), flush=True)
        return 2
    print("info: Orca %s, %s" % (orca_platform.version, factory.__file__), flush=True)
    print("info: python3-speechd %s" % speechd.client.__file__, flush=True)

    # Orca's debug messages at WARNING and above (its connection failure, its
    # exceptions) go to a capture.  Not lower: at INFO, Orca's speech server
    # sends GET RATE/PITCH/VOLUME/LANGUAGE before every message.
    capture = DebugCapture(echo=not a.quiet_debug)
    debug.debugLevel = debug.LEVEL_WARNING
    debug.debugFile = capture

    if a.speech_server_info:
        settings.speechServerInfo = [a.speech_server_info, a.speech_server_info]
    settings.capitalizationStyle = {"none": settings.CAPITALIZATION_STYLE_NONE,
                                    "icon": settings.CAPITALIZATION_STYLE_ICON,
                                    "spell": settings.CAPITALIZATION_STYLE_SPELL}[a.capitalization]
    settings.verbalizePunctuationStyle = {"none": settings.PUNCTUATION_STYLE_NONE,
                                          "some": settings.PUNCTUATION_STYLE_SOME,
                                          "most": settings.PUNCTUATION_STYLE_MOST,
                                          "all": settings.PUNCTUATION_STYLE_ALL}[a.punctuation]

    def orca_voice():
        # orca/speech.py _speak(): ACSS(settings.voices[DEFAULT_VOICE]), then
        # __resolveACSS() gives it a VoiceFamily; with Orca's shipped settings
        # the family is empty, so the language comes from the locale.
        voice = ACSS(settings.voices.get(settings.DEFAULT_VOICE))
        voice[ACSS.FAMILY] = speechserver.VoiceFamily(voice.get(ACSS.FAMILY))
        return voice

    r = Runner(a.step_timeout, wire, capture)

    def write_transcript():
        if not a.transcript:
            return
        if a.transcript == "-":
            print("SSIP transcript (C> client to server, S< server to client, seconds from the start):",
                  flush=True)
            wire.write_transcript(sys.stdout)
            sys.stdout.flush()
        else:
            with open(a.transcript, "w") as out:
                wire.write_transcript(out)
    r.before_exit = write_transcript
    state = {}

    def exchange(prefix, since=0):
        with wire.cond:
            found = [x for x in wire.exchanges[since:] if x["text"].startswith(prefix)]
        return found

    def replied_ok(prefix, since=0, count=1):
        found = exchange(prefix, since)
        if len(found) < count:
            return "Orca did not send %s" % prefix
        bad = [x for x in found if x["code"] is None or x["code"] // 100 != 2]
        if bad:
            return "%s was answered %s %s" % (bad[0]["text"], bad[0]["code"], bad[0]["msg"])
        return True

    def last_message_id(since):
        with wire.cond:
            data = [x for x in wire.exchanges[since:] if x["kind"] == "data"]
        if not data or not data[-1]["data"]:
            return None
        return _int(data[-1]["data"][0])

    # ---- setup, as Orca starts -------------------------------------------
    # orca.py loadUserSettings() -> speech.init() -> _initSpeechServer():
    # factory.SpeechServer.getSpeechServer(settings.speechServerInfo), and
    # without that setting getSpeechServer().  The constructor connects and
    # sends CLIENT_NAME, HISTORY GET CLIENT_ID, the NOTIFICATIONs (all from
    # SSIPClient), then PRIORITY message, PUNCTUATION and SSML_MODE on
    # (SpeechServer._init()).  Any exception there is caught by Orca, logged,
    # and the server is simply not returned.
    def create():
        info = settings.speechServerInfo
        server = factory.SpeechServer.getSpeechServer(info) if info else None
        if not server:
            server = factory.SpeechServer.getSpeechServer()
        state["server"] = server

    def created():
        if state.get("server") is None:
            bad = [x for x in wire.exchanges if x["code"] is None or x["code"] // 100 != 2]
            why = ("; %s was answered %s %s" % (bad[0]["text"], bad[0]["code"], bad[0]["msg"])) \
                if bad else ""
            return "getSpeechServer() returned None: Orca could not set up its speech server" + why
        return True

    ok = r.step("create Orca's SpeechServer (speech.init(): getSpeechServer())", create, expect=created)
    r.check("setup: connected and named (CLIENT_NAME unknown:Orca:%s)" % (a.speech_server_info or "default"),
            lambda: replied_ok("SET self CLIENT_NAME"))
    r.check("setup: client id (HISTORY GET CLIENT_ID)", lambda: replied_ok("HISTORY GET CLIENT_ID"))
    r.check("setup: notifications on (index_marks begin end cancel pause resume)",
            lambda: replied_ok("SET self NOTIFICATION", count=6))
    r.check("setup: priority message", lambda: replied_ok("SET self PRIORITY message"))
    if a.speech_server_info:
        r.check("setup: output module %s" % a.speech_server_info,
                lambda: replied_ok("SET self OUTPUT_MODULE %s" % a.speech_server_info))
    r.check("setup: punctuation %s" % a.punctuation, lambda: replied_ok("SET self PUNCTUATION"))
    r.check("setup: SSML mode on (SET self SSML_MODE on)", lambda: replied_ok("SET self SSML_MODE on"))
    if not ok:
        print("error: Orca has no speech server; is the server listening at the address above, "
              "and does it take SSML?", flush=True)
        write_transcript()
        r.summary()
        return 1
    server = state["server"]
    print("info: server.getInfo() = %r" % (server.getInfo(),), flush=True)

    # scripts/default.py activate(): speech.checkSpeechSetting() (init again,
    # nothing sent), speech.updatePunctuationLevel(), speech.updateCapitalizationStyle().
    mark = len(wire.exchanges)
    r.step("updatePunctuationLevel() (the default script's activate())", server.updatePunctuationLevel,
           expect=lambda: replied_ok("SET self PUNCTUATION", mark))
    mark = len(wire.exchanges)
    r.step("updateCapitalizationStyle() -> CAP_LET_RECOGN %s" % a.capitalization,
           server.updateCapitalizationStyle,
           expect=lambda: replied_ok("SET self CAP_LET_RECOGN %s" % a.capitalization, mark))

    # ---- speak --------------------------------------------------------------
    def speak_and_wait(text, key):
        since = len(wire.exchanges)
        server.speak(text, orca_voice(), True)    # what speech._speak() calls
        msg_id = last_message_id(since)
        state[key] = msg_id
        if msg_id is None:
            return
        pump_until(lambda: wire.ended(msg_id) is not None, a.speak_timeout)

    def spoken(key):
        msg_id = state.get(key)
        if msg_id is None:
            return "no SPEAK was answered with a message id"
        end = wire.ended(msg_id)
        events = wire.events_of(msg_id)
        marks = [e["mark"] for e in events if e["code"] == 700]
        r.note("message %s: %s; %d index marks%s" % (
            msg_id, ", ".join(e["name"] for e in events if e["code"] != 700) or "no events",
            len(marks), (" (%s)" % " ".join(marks)) if marks else ""))
        if end is None:
            return "message %s did not end within %.0fs" % (msg_id, a.speak_timeout)
        if end["code"] != 702:
            return "message %s ended with %d %s, not 702 END" % (msg_id, end["code"], end["name"])
        if not any(e["code"] == 701 for e in events):
            return "message %s ended without 701 BEGIN" % msg_id
        return True

    mark = len(wire.exchanges)
    r.step("speak(%r), heard to its end (702 END)" % HELLO, lambda: speak_and_wait(HELLO, "hello"),
           expect=lambda: spoken("hello"))
    r.check("speak() sent rate, pitch, volume and language first",
            lambda: all(replied_ok(p, mark) is True for p in
                        ("SET self RATE", "SET self PITCH", "SET self VOLUME", "SET self LANGUAGE"))
            or "one of RATE, PITCH, VOLUME, LANGUAGE is missing or refused")

    def hello_marks():
        with wire.cond:
            sent = [x["text"] for x in wire.exchanges[mark:] if x["kind"] == "data"]
        if not sent or not sent[0].startswith("<speak>"):
            return "the message was not SSML: %r" % (sent[:1],)
        r.note("sent: %s" % sent[0])
        if marks_in(sent[0]) != word_marks(HELLO):
            return "marks %s, not %s" % (marks_in(sent[0]), word_marks(HELLO))
        return True
    r.check("speak() sent <speak> with a <mark/> before each word", hello_marks)

    # ---- speakCharacter -----------------------------------------------------
    if not a.no_char:
        def speak_char():
            since = len(wire.exchanges)
            server.speakCharacter("a", orca_voice())
            msg_id = last_message_id(since)
            if msg_id is None:
                with wire.cond:
                    chars = [x for x in wire.exchanges[since:] if x["text"].startswith("CHAR")]
                msg_id = _int(chars[-1]["data"][0]) if chars and chars[-1]["data"] else None
            state["char"] = msg_id
            if msg_id is not None:
                pump_until(lambda: wire.ended(msg_id) is not None, a.speak_timeout)
        r.step("speakCharacter('a') -> CHAR a, heard to its end", speak_char,
               expect=lambda: spoken("char"))

    # ---- sayAll ------------------------------------------------------------
    # scripts/default.py sayAll(): speech.sayAll(self.textLines(obj, offset),
    # self.__sayAllProgressCallback).  textLines() yields [context, voice]
    # with a SayAllContext(obj, line, startOffset, endOffset) per line; the
    # factory takes the next line only when the last one's 702 END came.
    requested = []
    callbacks = []
    say_all_since = len(wire.exchanges)

    def lines():
        offset = 0
        for index, line in enumerate(SAY_ALL_LINES):
            context = speechserver.SayAllContext(None, line, offset, offset + len(line))
            requested.append((index, now()))
            yield [context, ACSS(settings.voices[settings.DEFAULT_VOICE])]
            offset += len(line) + 1

    def progress(context, progress_type):
        callbacks.append((now(), progress_type, context.utterance, context.startOffset,
                          context.endOffset, context.currentOffset, context.currentEndOffset))
        return False    # GLib.idle_add: do not call again

    def finished():
        return any(c[1] == speechserver.SayAllContext.INTERRUPTED for c in callbacks) or \
            any(c[1] == speechserver.SayAllContext.COMPLETED and c[2] == SAY_ALL_LINES[-1]
                for c in callbacks)

    def say_all():
        server.sayAll(lines(), progress)
        pump_until(finished, a.speak_timeout * len(SAY_ALL_LINES))

    names = {speechserver.SayAllContext.PROGRESS: "PROGRESS",
             speechserver.SayAllContext.INTERRUPTED: "INTERRUPTED",
             speechserver.SayAllContext.COMPLETED: "COMPLETED"}

    def say_all_completed():
        for t, kind, utterance, start, end, current, current_end in callbacks:
            source = "700 INDEX MARK" if current_end is not None else \
                {speechserver.SayAllContext.PROGRESS: "701 BEGIN",
                 speechserver.SayAllContext.COMPLETED: "702 END"}.get(kind, "703 CANCELED")
            r.note("%7.3fs %-11s line %d, offset %s%s (from %s)" % (
                t, names.get(kind, kind), SAY_ALL_LINES.index(utterance) + 1 if utterance in SAY_ALL_LINES
                else 0, current, "" if current_end is None else "-%s" % current_end, source))
        if not callbacks:
            return "no progress callback came"
        if any(c[1] == speechserver.SayAllContext.INTERRUPTED for c in callbacks):
            return "the say-all was interrupted (703 CANCELED)"
        last = callbacks[-1]
        if last[1] != speechserver.SayAllContext.COMPLETED or last[2] != SAY_ALL_LINES[-1]:
            return "the last callback is %s for %r, not COMPLETED for the last line" % (
                names.get(last[1], last[1]), last[2])
        if len(requested) != len(SAY_ALL_LINES):
            return "Orca took %d lines from the iterator, not %d" % (len(requested), len(SAY_ALL_LINES))
        return True

    r.step("sayAll() over %d lines, ends with COMPLETED for the last" % len(SAY_ALL_LINES), say_all,
           expect=say_all_completed)

    def say_all_order():
        previous = -1
        for index, line in enumerate(SAY_ALL_LINES):
            mine = [c for c in callbacks if c[2] == line]
            kinds = [c[1] for c in mine]
            if not mine:
                return "no callback for line %d" % (index + 1)
            if kinds[-1] != speechserver.SayAllContext.COMPLETED or \
                    kinds.count(speechserver.SayAllContext.COMPLETED) != 1:
                return "line %d: callbacks %s do not end with one COMPLETED" % (
                    index + 1, [names.get(k, k) for k in kinds])
            if any(k != speechserver.SayAllContext.PROGRESS for k in kinds[:-1]):
                return "line %d: callbacks %s" % (index + 1, [names.get(k, k) for k in kinds])
            marks = [c for c in mine if c[6] is not None]    # PROGRESS from an index mark
            if not marks:
                return "line %d: no PROGRESS from an index mark" % (index + 1)
            offsets = [c[5] for c in marks]
            if offsets != sorted(set(offsets)):
                return "line %d: mark offsets %s are not increasing" % (index + 1, offsets)
            start, end = mine[0][3], mine[0][4]
            if not all(start <= o < end for o in offsets):
                return "line %d: mark offsets %s outside %d-%d" % (index + 1, offsets, start, end)
            for c in mine:
                if c[5] < previous:
                    return "line %d: offset %d after %d" % (index + 1, c[5], previous)
                previous = c[5]
            if mine[-1][5] != end:
                return "line %d: COMPLETED at offset %d, not its end %d" % (index + 1, mine[-1][5], end)
        lines_order = []
        for c in callbacks:
            if not lines_order or lines_order[-1] != c[2]:
                lines_order.append(c[2])
        if lines_order != SAY_ALL_LINES:
            return "callbacks came for the lines in the order %s" % lines_order
        return True

    r.check("sayAll(): PROGRESS then COMPLETED per line, offsets increasing", say_all_order)

    def say_all_marks():
        with wire.cond:
            sent = [x for x in wire.exchanges[say_all_since:] if x["kind"] == "data"]
        if len(sent) != len(SAY_ALL_LINES):
            return "%d messages were sent for %d lines" % (len(sent), len(SAY_ALL_LINES))
        for index, x in enumerate(sent):
            msg_id = _int(x["data"][0]) if x["data"] else None
            expected = marks_in(x["text"])
            got = [e["mark"] for e in wire.events_of(msg_id) if e["code"] == 700]
            r.note("line %d, message %s: marks %s" % (index + 1, msg_id, " ".join(got)))
            if got != expected:
                return "line %d: the server reported the marks %s, not %s" % (index + 1, got, expected)
        return True

    r.check("sayAll(): every <mark/> of every line reported (700), in order", say_all_marks)

    # ---- stop --------------------------------------------------------------
    # Orca interrupts speech with speech.stop() -> SpeechServer.stop() ->
    # _cancel() -> SSIPClient.cancel(): CANCEL self.
    def speak_long():
        since = len(wire.exchanges)
        server.speak(LONG_TEXT, orca_voice(), True)
        state["long"] = msg_id = last_message_id(since)
        state["long_queued"] = now()
        pump_until(lambda: msg_id is not None and wire.ended(msg_id) is not None, a.stop_after)

    r.step("speak(a long text), then wait %.2fs" % a.stop_after, speak_long,
           expect=lambda: True if state.get("long") is not None else "no message id for the long text")

    def stop():
        msg_id = state.get("long")
        began = msg_id is not None and any(e["code"] == 701 for e in wire.events_of(msg_id))
        so_far = len(wire.events_of(msg_id)) if msg_id is not None else 0
        state["stopped_at"] = t = now()
        state["began_before_stop"] = began
        r.note("stop() called at %.3fs, %.3fs after the long text was queued (message %s; "
              "701 BEGIN %s; %d events so far)" % (t, t - state.get("long_queued", t), msg_id,
                                                   "had come" if began else "had not come", so_far))
        server.stop()
        if msg_id is not None:
            pump_until(lambda: wire.ended(msg_id) is not None, 5)

    def stopped():
        msg_id = state.get("long")
        if replied_ok("CANCEL self", stop_since) is not True:
            return replied_ok("CANCEL self", stop_since)
        end = wire.ended(msg_id)
        if end is None:
            return "message %s did not end within 5s of CANCEL self" % msg_id
        if end["code"] != 703:
            return "message %s ended with %d %s, not 703 CANCELED" % (msg_id, end["code"], end["name"])
        if not state.get("began_before_stop"):
            return "the long text had not begun (no 701 BEGIN) when stop() was called"
        r.note("message %s: 703 CANCELED %.3fs after stop()" % (msg_id, end["t"] - state["stopped_at"]))
        return True

    stop_since = len(wire.exchanges)
    r.step("stop() while it speaks -> CANCEL self, then 703 CANCELED", stop, expect=stopped)

    # ---- shutdown ----------------------------------------------------------
    def shutdown():
        state["conn"] = getattr(server._client, "_conn", None)
        server.shutdown()        # SSIPClient.close(): the socket is closed, no QUIT

    def shut():
        if factory.SpeechServer._active_servers:
            return "Orca still lists active servers: %s" % list(factory.SpeechServer._active_servers)
        conn = state.get("conn")
        thread = getattr(conn, "_communication_thread", None)
        if thread is not None and thread.is_alive():
            return "python3-speechd's communication thread is still running"
        return True

    r.step("shutdown()", shutdown, expect=shut)

    faulthandler.cancel_dump_traceback_later()
    write_transcript()
    r.summary()
    return 0 if r.failed == 0 else 1


if __name__ == "__main__":
    rc = main()
    sys.stdout.flush()
    # os._exit: never let a stuck daemon thread or __del__ keep us alive.
    os._exit(rc)
