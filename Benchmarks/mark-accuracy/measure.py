#!/usr/bin/python3
"""How far a reported SSML index mark lies from its audio, for announcer and Speech Dispatcher.

Run by ./run. This program starts a private PulseAudio with a null sink, records the sink's monitor,
and starts each server on it in turn. Per run it sends each server one SSML message of K words, a
<mark/> before each and a 400 ms <break/> between them, finds each word's onset in the recording, and
compares it with the time each mark was reported: announcer's timeline (t_ms of its mark events, read
by a subscriber) and the arrival of each server's 700 INDEX MARK event in a python3-speechd client.
"""

import argparse
import array
import importlib.util
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import wave
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
# The capture, the private PulseAudio, onsets and mark figures come from scripts/announcer_rig.
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "..", "scripts")))
from announcer_rig.capture import MonitorCapture  # noqa: E402
from announcer_rig.failure import Failure  # noqa: E402
from announcer_rig.marks import check_reports, interval_errors_ms, offsets_ms, summary  # noqa: E402
from announcer_rig.onsets import Alignment, find_onsets, joined  # noqa: E402
from announcer_rig.percentiles import nearest_rank  # noqa: E402
from announcer_rig.pulse import PulseServer, alsa_to_pulse_config  # noqa: E402


def _side_by_side():
    """Benchmarks/side-by-side/measure.py, for its two servers: each started as that benchmark does."""
    path = os.path.join(HERE, "..", "side-by-side", "measure.py")
    spec = importlib.util.spec_from_file_location("side_by_side_measure", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # exits with one sentence when python3-speechd is missing
    return module


side_by_side = _side_by_side()
speechd = side_by_side.speechd

SERVERS = ("announcer", "speechd")
NAMES = {"announcer": "announcer", "speechd": "Speech Dispatcher"}
# (server, source): what reported the mark, and its title in the report.
SOURCES = (("announcer", "timeline"), ("announcer", "ssip"), ("speechd", "ssip"))
TITLES = {
    ("announcer", "timeline"): "announcer's timeline, the t_ms of its mark events",
    ("announcer", "ssip"): "announcer's 700 events, on arrival in the client",
    ("speechd", "ssip"): "Speech Dispatcher's 700 events, on arrival in the client",
}
# Words that begin with a vowel, a nasal, a liquid or a glide: their sound rises at once. Words that
# begin with b, d, g or v were left out: their first sample above the threshold came 10 to 15 ms
# later, against the mark, than other words' (eSpeak NG starts them with a quiet voiced closure),
# which measured the word rather than the server. Each run takes K of them in a new order.
WORDS = ("apple", "amber", "anchor", "arrow", "autumn", "avenue", "ember", "echo", "elbow", "engine",
         "island", "ivory", "olive", "orange", "otter", "umbrella", "maple", "marble", "meadow",
         "melon", "mirror", "morning", "nickel", "noodle", "number", "napkin", "lemon", "ladder",
         "lantern", "lizard", "ribbon", "river", "rocket", "marker", "yellow", "walnut", "wagon",
         "needle", "omelette", "onion", "eagle", "oven", "almond", "mountain", "lion", "llama")


def say(text):
    """Progress in words, on standard error."""
    print(text, file=sys.stderr, flush=True)


def ssml_of(names, words, break_ms):
    """One SSML message: a mark before each word, a break between words."""
    parts = ['<mark name="%s"/>%s' % (name, escape(word)) for name, word in zip(names, words)]
    return "<speak>" + ('<break time="%dms"/>' % break_ms).join(parts) + "</speak>"


def sink_rate(pulse, sink):
    """The sample rate of the null sink, so that its monitor is recorded without resampling."""
    out = subprocess.run(["pactl", "list", "sinks", "short"], env=pulse.env(), capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        fields = line.split("\t")
        if len(fields) > 3 and fields[1] == sink:
            found = re.search(r"(\d+)Hz", fields[3])
            if found:
                return int(found.group(1))
    raise Failure("pactl did not tell the sample rate of the null sink %s." % sink)


def write_wav(path, samples, rate):
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(array.array("h", samples).tobytes())


# ---------------------------------------------------------------------------------------------
# announcer's timeline, read as a JSON-lines subscriber


class Subscriber:
    """A JSON-lines connection to announcerd that sent {"request":"subscribe"} and keeps every event line."""

    def __init__(self, socket_path, timeout=5.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(socket_path)
        self.cond = threading.Condition()
        self.lines = []
        self.reply = None
        self.closed = False
        self.thread = threading.Thread(target=self._read, name="subscriber", daemon=True)
        self.thread.start()
        self.sock.sendall(b'{"request":"subscribe"}\n')
        deadline = time.monotonic() + timeout
        with self.cond:
            while self.reply is None and not self.closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.cond.wait(left)
        if not self.reply or not self.reply.get("ok"):
            raise Failure("announcerd did not accept a subscription to its events (%s)."
                          % (json.dumps(self.reply) if self.reply else "no reply"))

    def _read(self):
        buffer = b""
        while True:
            try:
                data = self.sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                with self.cond:
                    self.closed = True
                    self.cond.notify_all()
                return
            buffer += data
            *complete, buffer = buffer.split(b"\n")
            with self.cond:
                for raw in complete:
                    if not raw.strip():
                        continue
                    line = json.loads(raw)
                    if "reply" in line:
                        if line.get("reply") == "subscribe":
                            self.reply = line
                    elif "event" in line:
                        self.lines.append(line)
                self.cond.notify_all()

    def events_of(self, ident, timeout):
        """The event lines of announcement `ident`, in order, once its `ended` came (None on timeout)."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                events = [line for line in self.lines if str(line.get("id")) == str(ident)]
                if any(e.get("event") == "ended" for e in events):
                    return events
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    return None
                self.cond.wait(left)

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


# ---------------------------------------------------------------------------------------------
# One client per server, with every event stamped as it arrives


class Client:
    """A python3-speechd client of one server in SSML mode, that stamps every event as it arrives.

    The stamp is taken in python3-speechd's communication thread, as soon as the library has read
    the event from the socket and before it hands the event to the callback of the message. That
    is the callback's own moment, less a few microseconds. The stamp is taken there and not in the
    callback because python3-speechd registers a message's callback only after reading the 225
    reply: an event the server sends sooner reaches no callback at all (announcer holds events for
    50 ms after the 225 for that reason). The callbacks still run, and `speak` counts the marks they
    received, so that such losses are reported apart.
    """

    END_KINDS = (speechd.CallbackType.END, speechd.CallbackType.CANCEL)

    def __init__(self, key, ssip, args):
        self.key = key
        self.ssip = ssip
        self.cond = threading.Condition()
        self.events = []  # (arrival time, message id, kind, mark name or None)
        ssip.set_language("en")
        ssip.set_priority(speechd.Priority.MESSAGE)
        ssip.set_volume(args.volume)
        try:
            ssip.set_data_mode(speechd.DataMode.SSML)
        except speechd.SSIPCommandError as error:
            raise Failure("%s refused SSML mode (%s), so it cannot report index marks; an announcerd "
                          "with SSML support is needed." % (NAMES[key], str(error).strip().splitlines()[0]))
        try:
            dispatch = ssip._callback_handler
            connection = ssip._conn
        except AttributeError:
            raise Failure("This python3-speechd has no _callback_handler or _conn, so the benchmark cannot "
                          "stamp its events; it was written for Debian 12's python3-speechd 0.11.4.")

        def tap(msg_id, client_id, kind, **kwargs):
            now = time.monotonic()
            with self.cond:
                self.events.append((now, str(msg_id), kind, kwargs.get("index_mark")))
                self.cond.notify_all()
            dispatch(msg_id, client_id, kind, **kwargs)

        connection.set_callback(tap)

    def speak(self, text):
        """Sends text through speak() with a callback; returns (send time, message id, callback marks).

        The last is the list of mark names that reached the message's own callback."""
        seen = []

        def callback(kind, index_mark=None):
            if kind == speechd.CallbackType.INDEX_MARK:
                seen.append(index_mark)

        sent = time.monotonic()
        result = self.ssip.speak(text, callback=callback)
        return sent, str(result[2][0]), seen

    def events_of(self, msg_id, timeout):
        """(time, kind, mark) of every event of the message, once its END or CANCEL came; None on timeout."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                mine = [(t, kind, mark) for t, ident, kind, mark in self.events if ident == msg_id]
                if any(kind in self.END_KINDS for _, kind, _ in mine):
                    return mine
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)


# ---------------------------------------------------------------------------------------------
# One measurement


class Bench:
    def __init__(self, args, capture, rate, workdir):
        self.args = args
        self.capture = capture
        self.rate = rate
        self.workdir = workdir

    def settle(self, client):
        client.ssip.cancel(speechd.Scope.ALL)
        if not self.capture.wait_silence(self.args.quiet_threshold, self.args.silence_ms / 1000.0 + 0.1, 10):
            raise Failure("The null sink did not fall silent within 10 seconds of CANCEL ALL.")

    def warm_up(self, key, client):
        """One message of two marks, not measured, so that voices and audio streams are loaded."""
        self.settle(client)
        _, msg_id, _ = client.speak(ssml_of(["w1", "w2"], ["hello", "there"], self.args.break_ms))
        if client.events_of(msg_id, 20) is None:
            raise Failure("%s did not finish its first message within 20 seconds." % NAMES[key])

    def once(self, key, client, subscriber, words, run):
        args = self.args
        names = ["m%d" % (i + 1) for i in range(len(words))]
        self.settle(client)
        # The sink has been quiet for longer than the silence an onset needs, so the recording can
        # start here and its first word still counts as following silence.
        mark = self.capture.mark()
        time.sleep(random.uniform(0.05, 0.15))
        sent, msg_id, callback_marks = client.speak(ssml_of(names, words, args.break_ms))
        limit = len(words) * (args.break_ms / 1000.0 + 2.0) + 10.0
        calls = client.events_of(msg_id, limit)
        if calls is None:
            raise Failure("%s did not end its message of run %d within %.0f seconds."
                          % (NAMES[key], run + 1, limit))
        events = None
        if subscriber is not None:
            events = subscriber.events_of(msg_id, 5.0)
            if events is None:
                raise Failure("announcer's timeline never ended its message %s of run %d." % (msg_id, run + 1))
        # Let the last word play out, then take the recording since the mark. Events read again
        # after that wait include any mark that came after the end.
        if not self.capture.wait_silence(args.quiet_threshold, 0.3, 10):
            raise Failure("The null sink did not fall silent after the message of run %d." % (run + 1))
        calls = client.events_of(msg_id, 0)
        if subscriber is not None:
            events = subscriber.events_of(msg_id, 0)
        chunks = self.capture.chunks_after(mark)
        alignment = Alignment(chunks, self.rate)
        samples = joined(chunks)
        found = find_onsets(samples, self.rate, args.threshold, args.silence_ms)
        sample = {"server": key, "run": run, "id": msg_id, "words": words, "marks": names, "sent": sent,
                  "alignment": {"start": alignment.start, "samples": alignment.samples, "rate": self.rate,
                                "median_lateness_ms": alignment.median_lateness_ms(),
                                "max_lateness_ms": max(alignment.lateness_ms),
                                "ppm": alignment.ppm, "bend_ms": alignment.bend_ms}}
        path = os.path.join(self.workdir, "%s-run-%d.wav" % (key, run + 1))
        if args.save_audio or len(found) != len(words):
            write_wav(path, samples, self.rate)
            sample["recording"] = path
        if len(found) != len(words):
            raise Failure("The recording of %s's run %d had %d word onsets where %d words were spoken (%s), "
                          "so its marks cannot be matched to words; the recording is %s."
                          % (NAMES[key], run + 1, len(found), len(words), " ".join(words), path))
        onsets = [alignment.time_of(index) for index in found]
        sample["onsets"] = onsets
        if onsets[0] < sent:
            say("Warning: in %s's run %d the first word was recorded %.1f ms before the message was sent, "
                "so the capture's clock is off." % (NAMES[key], run + 1, (sent - onsets[0]) * 1000.0))

        # The 700 events, as the client received them.
        marks = [(name, t) for t, kind, name in calls if kind == speechd.CallbackType.INDEX_MARK]
        end = None
        for position, (t, kind, _) in enumerate(calls):
            if kind == speechd.CallbackType.END:
                end = (sum(1 for c in calls[:position] if c[1] == speechd.CallbackType.INDEX_MARK), t)
                break
            if kind == speechd.CallbackType.CANCEL:
                raise Failure("%s cancelled the message of run %d instead of speaking it." % (NAMES[key], run + 1))
        problem = check_reports(names, marks, end, "%s's 700 events in run %d" % (NAMES[key], run + 1))
        if problem:
            raise Failure(problem)
        sample["ssip"] = self.figures([t for _, t in marks], onsets)
        # Marks the server sent before python3-speechd had registered the message's callback.
        sample["ssip"]["missed_by_callback"] = len(marks) - len(callback_marks)

        if events is not None:
            timeline_marks = [(e.get("mark"), e["t_ms"] / 1000.0) for e in events if e.get("event") == "mark"]
            end = None
            for position, e in enumerate(events):
                if e.get("event") == "ended":
                    if e.get("outcome") != "spoken":
                        raise Failure("announcer's timeline ended the message of run %d as %s, not spoken."
                                      % (run + 1, e.get("outcome")))
                    end = (sum(1 for x in events[:position] if x.get("event") == "mark"), e["t_ms"] / 1000.0)
                    break
            problem = check_reports(names, timeline_marks, end, "announcer's timeline in run %d" % (run + 1))
            if problem:
                raise Failure(problem)
            sample["timeline"] = self.figures([t for _, t in timeline_marks], onsets)
            firsts = {}
            for e in events:
                firsts.setdefault(e.get("event"), e.get("t_ms"))
            sample["timeline_events_ms"] = firsts
        return sample

    @staticmethod
    def figures(reported, onsets):
        return {"reported": reported, "offsets_ms": offsets_ms(reported, onsets),
                "interval_errors_ms": interval_errors_ms(reported, onsets)}


# ---------------------------------------------------------------------------------------------
# Report


def ms(value, signed=False):
    return ("%+.1f ms" if signed else "%.1f ms") % value


def report(samples, args, servers):
    runs = len({s["run"] for s in samples})
    lines = ["Each offset is the time a mark was reported less the onset of its word on the null sink's "
             "monitor: the first sample above %d after at least %d ms of silence. A negative offset means "
             "the mark came before its word was heard. %d marks a message, %d runs per server."
             % (args.threshold, args.silence_ms, args.marks, runs)]
    for server, source in SOURCES:
        if server not in servers:
            continue
        mine = [s[source] for s in samples if s["server"] == server and source in s]
        offsets = [o for m in mine for o in m["offsets_ms"]]
        if not offsets:
            continue
        spread = [e for m in mine for e in m["interval_errors_ms"]]
        first = [m["offsets_ms"][0] for m in mine]
        later = [o for m in mine for o in m["offsets_ms"][1:]]
        f, g = summary(offsets), summary(spread)
        lines.append("%s: median size of the offset %s, p95 %s, max %s; median offset %s, over %d marks."
                     % (TITLES[(server, source)], ms(f["median_abs"]), ms(f["p95_abs"]), ms(f["max_abs"]),
                        ms(f["median_signed"], True), f["count"]))
        lines.append("  The spread, each mark-to-mark interval against the heard one: median error %s, "
                     "p95 %s, max %s, over %d intervals." % (
                         ms(g["median_abs"]), ms(g["p95_abs"]), ms(g["max_abs"]), g["count"]))
        if later:
            lines.append("  Median offset of the first mark of each message %s, of the later marks %s."
                         % (ms(nearest_rank(first, 50), True), ms(nearest_rank(later, 50), True)))
        missed = sum(m.get("missed_by_callback", 0) for m in mine)
        if missed:
            lines.append("  %s never reached the message's python3-speechd callback: the server sent %s before "
                         "the library had registered it. %s timed on arrival all the same." % (
                             "1 of these marks" if missed == 1 else "%d of these marks" % missed,
                             "it" if missed == 1 else "them", "It is" if missed == 1 else "They are"))
    lateness = [s["alignment"]["median_lateness_ms"] for s in samples]
    bends = [s["alignment"]["bend_ms"] for s in samples]
    ppms = [s["alignment"]["ppm"] for s in samples]
    lines.append("Clock alignment: each recording was timed by the steadiest line under its chunks' arrivals. "
                 "The sink played %.0f to %.0f parts per million fast against CLOCK_MONOTONIC; chunks arrived "
                 "a median of %s after the line, and no recording bent from it by more than %s."
                 % (min(ppms), max(ppms), ms(nearest_rank(lateness, 50)), ms(max(bends))))
    return lines


# ---------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--servers", default="announcer,speechd",
                        help="comma-separated, from announcer and speechd (default both)")
    parser.add_argument("--announcerd", help="the announcerd binary (needed when announcer is measured)")
    parser.add_argument("--runs", type=int, default=10, help="messages per server (default 10)")
    parser.add_argument("--marks", type=int, default=8, help="marks, and words, in each message (default 8)")
    parser.add_argument("--break-ms", type=int, default=400, help="the break between words (default 400)")
    parser.add_argument("--threshold", type=int, default=300,
                        help="sample value above which a 1 ms window is sound (default 300)")
    parser.add_argument("--silence-ms", type=int, default=200,
                        help="the silence that must come before an onset (default 200)")
    parser.add_argument("--quiet-threshold", type=int, default=50,
                        help="below this the sink counts as silent between messages (default 50)")
    parser.add_argument("--volume", type=int, default=100, help="SSIP VOLUME of every message (default 100)")
    parser.add_argument("--seed", type=int, help="seed of the word choice (default: from the clock)")
    parser.add_argument("--workdir", required=True, help="a folder for the logs, PulseAudio and recordings")
    parser.add_argument("--json", help="write every sample to this file")
    parser.add_argument("--save-audio", action="store_true",
                        help="write each recording as a WAV file into the working folder (keep it with --keep)")
    args = parser.parse_args()
    servers = [s.strip() for s in args.servers.split(",") if s.strip()]
    for server in servers:
        if server not in SERVERS:
            parser.error("unknown server %r; choose from announcer and speechd" % server)
    if not servers:
        parser.error("--servers names no server")
    if "announcer" in servers and not args.announcerd:
        parser.error("--announcerd is needed to measure announcer")
    if args.runs < 1 or args.marks < 2:
        parser.error("--runs must be at least 1 and --marks at least 2")
    if args.marks > len(WORDS):
        parser.error("--marks can be at most %d, the number of words in the list" % len(WORDS))
    if args.break_ms < args.silence_ms + 100:
        parser.error("--break-ms must be at least 100 ms longer than --silence-ms, so each word has its own onset")
    if args.seed is None:
        args.seed = int(time.time())
    rng = random.Random(args.seed)

    def on_signal(number, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    pulse = capture = subscriber = None
    clients = {}
    try:
        pulse_dir = os.path.join(args.workdir, "pulse")
        os.makedirs(pulse_dir, mode=0o700, exist_ok=True)
        pulse = PulseServer(pulse_dir, "mark_accuracy")
        say("Starting a private PulseAudio with a null sink.")
        pulse.start()
        # Every process started from here plays to it: Speech Dispatcher's module through
        # PULSE_SERVER, announcerd through ALSA's default device and its pulse plugin.
        os.environ["PULSE_SERVER"] = pulse.server
        os.environ["ALSA_CONFIG_PATH"] = alsa_to_pulse_config(os.path.join(pulse_dir, "asound.conf"))
        rate = sink_rate(pulse, pulse.sink)
        capture = MonitorCapture(pulse.monitor, os.path.join(args.workdir, "parec.log"), rate)
        bench = Bench(args, capture, rate, args.workdir)
        started = {}
        if "announcer" in servers:
            started["announcer"] = side_by_side.Announcer(args.announcerd, args.workdir)
        if "speechd" in servers:
            started["speechd"] = side_by_side.SpeechDispatcher(args.workdir)
        for key in servers:
            say("Starting %s." % NAMES[key])
            clients[key] = Client(key, started[key].start(), args)
            if key == "announcer":
                subscriber = Subscriber(started[key].socket)
            bench.warm_up(key, clients[key])
        samples = []
        for run in range(args.runs):
            words = rng.sample(WORDS, args.marks)
            # Alternate which server goes first, so that slow spells of the machine fall on both.
            order = servers if run % 2 == 0 else list(reversed(servers))
            for key in order:
                say("Run %d of %d: %s says %s." % (run + 1, args.runs, NAMES[key], ", ".join(words)))
                samples.append(bench.once(key, clients[key], subscriber if key == "announcer" else None,
                                          words, run))
        lines = report(samples, args, servers)
        bent = [s for s in samples if s["alignment"]["bend_ms"] > 2.0]
        if bent:
            lines.append("Warning: %d recordings bent from a steady pace by more than 2 ms, the worst by %s: samples "
                         "were lost or the machine stalled, so their offsets are less certain." % (
                             len(bent), ms(max(s["alignment"]["bend_ms"] for s in bent))))
        print("\n".join(lines), flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"threshold": args.threshold, "silence_ms": args.silence_ms, "break_ms": args.break_ms,
                           "marks": args.marks, "runs": args.runs, "seed": args.seed, "rate": rate,
                           "servers": servers, "samples": samples, "summary": lines}, f, indent=1)
        return 0
    except Failure as error:
        say(str(error))
        return 1
    except speechd.SSIPResponseError as error:
        say("A server refused a request of the benchmark (%s), so the run stopped." % str(error).strip())
        return 1
    except (speechd.SSIPError, OSError) as error:
        say("The connection to a server failed (%s), so the run stopped." % str(error).strip())
        return 1
    except KeyboardInterrupt:
        say("Interrupted; stopping the servers.")
        return 130
    finally:
        for client in clients.values():
            try:
                client.ssip.close()
            except Exception:
                pass
        if subscriber is not None:
            subscriber.close()
        while side_by_side.STARTED:
            try:
                side_by_side.STARTED.pop()()
            except Exception:
                pass
        if capture is not None:
            capture.close(warn=say)
        if pulse is not None:
            pulse.stop()


if __name__ == "__main__":
    sys.exit(main())
