#!/usr/bin/python3
"""Side-by-side latency of announcer and Speech Dispatcher on the same audio path.

Run by ./run, which starts the private PulseAudio with its null sink first. This program starts
both servers, drives them with the same SSIP client (python3-speechd), and times each message
from the client's send to the first sample above a threshold on the null sink's monitor.
"""

import argparse
import collections
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time

# The capture of the sink's monitor, the process helpers and the one percentile definition are
# shared with scripts/soak and scripts/abuse, in the package scripts/announcer_rig.
sys.path.insert(0, os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts")))
from announcer_rig.capture import MonitorCapture, on_capture_server  # noqa: E402
from announcer_rig.failure import Failure  # noqa: E402
from announcer_rig.percentiles import nearest_rank  # noqa: E402
from announcer_rig.processes import children_of, kill_pid, pid_alive, stop_process  # noqa: E402

try:
    import speechd
except ImportError:
    sys.exit("The Python module speechd is missing; install the Debian package python3-speechd "
             "and run this with /usr/bin/python3.")

RATE = 16000
SCENARIOS = ("idle", "cut", "queued", "memory", "cold")
TITLES = {
    "memory": "Memory, idle after speaking",
    "idle": "Idle",
    "cut": "Cutting a long polite message",
    "queued": "With 200 messages queued",
    "cold": "Cold start",
}
# The goals: a ratio of the medians for the first three, an absolute time for the cold start.
RATIO_GOALS = {"idle": 0.5, "cut": 0.3, "queued": 0.5}
COLD_GOAL_MS = 30.0
SERVERS = ("announcer", "speechd")
PROGRESS = {"memory": "memory", "idle": "idle", "cut": "cut", "queued": "200 queued", "cold": "cold start"}
NAMES = {"announcer": "announcer", "speechd": "Speech Dispatcher"}


def say(text):
    """Progress in words, on standard error."""
    print(text, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Servers


STARTED = []  # every process this program started, stopped at exit in reverse order


def connect_client(address, timeout, what, log_path, proc=None):
    """An SSIP client connected to address, retried every millisecond until timeout."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return speechd.SSIPClient("sbs", component="bench", address=address, autospawn=False)
        except speechd.SSIPCommunicationError:
            if proc is not None and proc.poll() is not None:
                raise Failure("%s exited with status %d before opening its socket; its log is in %s."
                                     % (what, proc.returncode, log_path))
            if time.monotonic() > deadline:
                raise Failure("%s did not open its socket within %g seconds; its log is in %s."
                                     % (what, timeout, log_path))
            time.sleep(0.001)


class Announcer:
    key = "announcer"

    def __init__(self, binary, workdir):
        self.binary = binary
        self.dir = os.path.join(workdir, "announcer")
        os.makedirs(self.dir, exist_ok=True)
        self.proc = None

    def command(self, socket_path, events):
        return [self.binary, "--socket", socket_path, "--sink", "alsa:default", "--lang", "en",
                "--events", events]

    def start(self):
        self.socket = os.path.join(self.dir, "announcer.sock")
        self.events = os.path.join(self.dir, "events.jsonl")
        self.log_path = os.path.join(self.dir, "announcerd.log")
        self.log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.command(self.socket, self.events),
                                     stdout=self.log, stderr=subprocess.STDOUT)
        STARTED.append(self.stop)
        return connect_client("unix_socket:" + self.socket, 10, "announcerd", self.log_path, self.proc)

    def stop(self):
        stop_process(self.proc, "announcerd", warn=say)
        self.proc = None

    def cold_events(self, index):
        return os.path.join(self.dir, "cold-events-%d.jsonl" % index)

    def cold_start(self, index):
        """Launches a fresh announcerd, connects and sends; returns (t0, client, proc, log)."""
        socket_path = os.path.join(self.dir, "cold.sock")
        log_path = os.path.join(self.dir, "cold-%d.log" % index)
        log = open(log_path, "wb")
        t0 = time.monotonic()
        proc = subprocess.Popen(self.command(socket_path, self.cold_events(index)),
                                stdout=log, stderr=subprocess.STDOUT)
        STARTED.append(lambda: stop_process(proc, "announcerd", warn=say))
        try:
            client = connect_client("unix_socket:" + socket_path, 10, "announcerd", log_path, proc)
        finally:
            log.close()
        return t0, client, lambda: stop_process(proc, "announcerd", warn=say)


class SpeechDispatcher:
    key = "speechd"

    def __init__(self, workdir):
        self.dir = os.path.join(workdir, "speechd")
        self.config_home = os.path.join(self.dir, "config")
        config_dir = os.path.join(self.config_home, "speech-dispatcher")
        os.makedirs(config_dir, exist_ok=True)
        self.log_dir = os.path.join(self.dir, "log")
        os.makedirs(self.log_dir, exist_ok=True)
        # Debian's own configuration, unchanged but for where it logs and that it never idles out.
        with open("/etc/speech-dispatcher/speechd.conf") as system:
            text = system.read()
        text += ('\n# Added by the side-by-side benchmark\nLogDir "%s"\nTimeout 0\n'
                 'DefaultModule espeak-ng\n' % self.log_dir)
        with open(os.path.join(config_dir, "speechd.conf"), "w") as conf:
            conf.write(text)
        for name in ("modules", "clients"):
            link = os.path.join(config_dir, name)
            if not os.path.exists(link):
                os.symlink("/etc/speech-dispatcher/" + name, link)
        self.proc = None

    def environment(self, runtime_dir):
        env = dict(os.environ)
        env["XDG_CONFIG_HOME"] = self.config_home
        env["XDG_RUNTIME_DIR"] = runtime_dir
        # On PipeWire its eSpeak NG module plays through PipeWire's PulseAudio server, as on a Debian 12 desktop.
        on_capture_server(env)
        return env

    def start(self):
        runtime = os.path.join(self.dir, "run")
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        self.socket = os.path.join(runtime, "speech-dispatcher", "speechd.sock")
        self.log_path = os.path.join(self.dir, "speech-dispatcher.out")
        self.log = open(self.log_path, "ab")
        # -s keeps it in the foreground, so it is this program's child and stops with it.
        self.proc = subprocess.Popen(
            ["speech-dispatcher", "-s", "-t", "0", "-c", "unix_socket", "-S", self.socket],
            stdout=self.log, stderr=subprocess.STDOUT, env=self.environment(runtime))
        STARTED.append(self.stop)
        return connect_client("unix_socket:" + self.socket, 15, "Speech Dispatcher",
                              self.log_dir, self.proc)

    def stop(self):
        stop_process(self.proc, "Speech Dispatcher", warn=say)
        self.proc = None

    def cold_start(self, index):
        """Autospawns a fresh Speech Dispatcher as spd-say would, through the client library's
        own autospawn (`speech-dispatcher --spawn`), then sends; returns (t0, client, stop)."""
        runtime = os.path.join(self.dir, "cold-%d" % index)
        os.makedirs(runtime, mode=0o700)
        socket_path = os.path.join(runtime, "speech-dispatcher", "speechd.sock")
        saved = {name: os.environ.get(name) for name in ("XDG_CONFIG_HOME", "XDG_RUNTIME_DIR", "PULSE_SERVER")}
        os.environ.update(XDG_CONFIG_HOME=self.config_home, XDG_RUNTIME_DIR=runtime)
        # The autospawned server inherits this environment: on PipeWire it plays through PipeWire's
        # PulseAudio server, as the warm one does (environment()).
        on_capture_server(os.environ)
        pid_file = os.path.join(runtime, "speech-dispatcher", "pid", "speech-dispatcher.pid")

        def stop():
            try:
                with open(pid_file) as f:
                    pid = int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                return
            children = children_of(pid)
            kill_pid(pid)
            for child in children:
                if pid_alive(child):
                    kill_pid(child)
            shutil.rmtree(runtime, ignore_errors=True)

        STARTED.append(stop)
        try:
            t0 = time.monotonic()
            try:
                client = speechd.SSIPClient("sbs", component="bench",
                                            address="unix_socket:" + socket_path, autospawn=True)
            except speechd.SSIPCommunicationError as error:
                raise Failure("Speech Dispatcher did not autospawn (%s); its logs are in %s."
                                     % (str(error).splitlines()[0], self.log_dir))
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        return t0, client, stop


# ---------------------------------------------------------------------------------------------
# Scenarios


class Bench:
    def __init__(self, args, capture):
        self.args = args
        self.capture = capture
        self.serial = 0

    def text(self, kind):
        """A fresh text each time, so no duplicate rule applies; the opening words never change."""
        self.serial += 1
        n = self.serial
        if kind == "urgent":
            return "Attention, build %d failed." % n
        if kind == "long":
            return ("Polite background message %d. " % n) + " ".join(
                ["The quarterly report is now being prepared and will be sent to every member "
                 "of the team once it has been reviewed."] * 4)
        if kind == "queued":
            return ("Queued message %d. " % n) + "The nightly backup copied every file without error."
        return "Attention, build %d finished." % n

    def settle(self, client):
        """Stops everything on the server and waits until the sink is quiet."""
        client.cancel(speechd.Scope.ALL)
        if not self.capture.wait_silence(self.args.quiet_threshold, 0.3, 10):
            raise Failure("The null sink did not fall silent within 10 seconds of CANCEL ALL.")
        time.sleep(random.uniform(0.05, 0.15))

    def timed_speak(self, client, text, threshold, timeout=5.0):
        """Sends text and returns (latency ms, message id); latency None if nothing was heard."""
        mark = self.capture.mark()
        sent = time.monotonic()
        result = client.speak(text)
        heard = self.capture.first_above(threshold, mark, timeout)
        message_id = result[2][0] if result and len(result) > 2 and result[2] else None
        return (None if heard is None else (heard - sent) * 1000.0), message_id, sent

    def wait_polite_playing(self, mark, what):
        heard = self.capture.first_above(self.args.quiet_threshold, mark, 10)
        if heard is None:
            raise Failure("The low-volume polite message of %s was never heard." % what)
        # Well into the message, as when an urgent announcement arrives mid-sentence.
        time.sleep(random.uniform(0.25, 0.45))

    def idle(self, server, client):
        self.settle(client)
        client.set_priority(speechd.Priority.IMPORTANT)
        client.set_volume(self.args.urgent_volume)
        return self.timed_speak(client, self.text("idle"), self.args.audible_threshold)

    def cut(self, server, client):
        return self.interrupt(server, client, [self.text("long")])

    def queued(self, server, client):
        return self.interrupt(server, client, [self.text("queued") for _ in range(self.args.queue_length)])

    def interrupt(self, server, client, polite_texts):
        """Quiet polite messages play; a loud urgent one is timed. Returns its result and the quiet peak."""
        self.settle(client)
        client.set_priority(speechd.Priority.MESSAGE)
        client.set_volume(self.args.polite_volume)
        mark = self.capture.mark()
        for text in polite_texts:
            client.speak(text)
        self.wait_polite_playing(mark, NAMES[server])
        quiet_start = time.monotonic()
        client.set_priority(speechd.Priority.IMPORTANT)
        client.set_volume(self.args.urgent_volume)
        quiet_peak = self.capture.peak_between(quiet_start - 0.2, time.monotonic())
        result = self.timed_speak(client, self.text("urgent"), self.args.loud_threshold)
        return result + (quiet_peak,)


# ---------------------------------------------------------------------------------------------
# Statistics and report


def median(values):
    """The 50th percentile by nearest rank, as every figure here: always one of the samples."""
    return nearest_rank(list(values), 50)


def ms(value):
    return "%.1f ms" % value


def process_tree(pid):
    """pid and every process below it: a server and its workers or output modules."""
    tree, frontier = [], [pid]
    while frontier:
        current = frontier.pop()
        tree.append(current)
        frontier.extend(children_of(current))
    return tree


def memory_kb(pid):
    """(resident, proportional) memory of one process in kB, from /proc/PID/smaps_rollup."""
    values = {}
    try:
        with open("/proc/%d/smaps_rollup" % pid) as rollup:
            for line in rollup:
                parts = line.split()
                if parts and parts[0] in ("Rss:", "Pss:"):
                    values[parts[0]] = int(parts[1])
    except OSError:
        return 0, 0
    return values.get("Rss:", 0), values.get("Pss:", 0)


def measure_memory(bench, servers, clients):
    """Every process of each server, idle two seconds after one announcement: resident and proportional memory."""
    found = {}
    for key in SERVERS:
        bench.idle(key, clients[key])
        bench.settle(clients[key])
    time.sleep(2.0)
    for key in SERVERS:
        tree = process_tree(servers[key].proc.pid)
        figures = [memory_kb(pid) for pid in tree]
        found[key] = {"processes": len(tree), "rss_kb": sum(f[0] for f in figures), "pss_kb": sum(f[1] for f in figures),
                      "per_process_rss_kb": [f[0] for f in figures]}
    return found


def memory_lines(found):
    a, d = found["announcer"], found["speechd"]
    ratio = a["rss_kb"] / d["rss_kb"] if d["rss_kb"] else float("inf")
    return ["%s: announcer %.1f MB resident in %d processes (%.1f MB proportional), Speech Dispatcher %.1f MB "
            "in %d processes (%.1f MB proportional), ratio %.2f (goal at most 1.0, aim 0.5): %s." % (
                TITLES["memory"], a["rss_kb"] / 1024, a["processes"], a["pss_kb"] / 1024,
                d["rss_kb"] / 1024, d["processes"], d["pss_kb"] / 1024, ratio, "met" if ratio <= 1.0 else "not met")]


def unmet_goals(results):
    """The titles of the scenarios whose goal this run missed: announcer's memory above Speech Dispatcher's,
    a latency ratio above its goal, or a cold start not under COLD_GOAL_MS."""
    unmet = []
    for scenario, per in results.items():
        if scenario == "memory":
            # A reading of nothing is a failed reading, not a goal met.
            a, d = per["announcer"]["rss_kb"], per["speechd"]["rss_kb"]
            if not a or not d or a > d:
                unmet.append(TITLES[scenario])
            continue
        a = [s["latency_ms"] for s in per["announcer"] if s["latency_ms"] is not None]
        d = [s["latency_ms"] for s in per["speechd"] if s["latency_ms"] is not None]
        if not a or not d:
            unmet.append(TITLES[scenario])
        elif scenario in RATIO_GOALS:
            if median(a) / median(d) > RATIO_GOALS[scenario]:
                unmet.append(TITLES[scenario])
        elif median(a) >= COLD_GOAL_MS:
            unmet.append(TITLES[scenario])
    return unmet


def report(results, args):
    lines = ["Each figure runs from the SSIP client's send to the first sample above %d on the null sink's "
             "monitor (%d when cutting or queued), over %d runs per server, the servers alternating."
             % (args.audible_threshold, args.loud_threshold, args.runs)]
    for scenario in args.scenarios:
        per = results.get(scenario)
        if not per:
            continue
        if scenario == "memory":
            lines += memory_lines(per)
            continue
        a = [s["latency_ms"] for s in per["announcer"] if s["latency_ms"] is not None]
        d = [s["latency_ms"] for s in per["speechd"] if s["latency_ms"] is not None]
        missed = sum(1 for server in SERVERS for s in per[server] if s["latency_ms"] is None)
        title = TITLES[scenario]
        if not a or not d:
            lines.append("%s: not enough audible runs to compare." % title)
            continue
        ma, md = median(a), median(d)
        ratio = ma / md
        line = "%s: announcer median %s, Speech Dispatcher median %s, ratio %.2f" % (
            title, ms(ma), ms(md), ratio)
        if scenario in RATIO_GOALS:
            goal = RATIO_GOALS[scenario]
            line += " (goal at most %.1f): %s." % (goal, "met" if ratio <= goal else "not met")
        else:
            line += ". Goal for announcer: under %d ms: %s." % (
                COLD_GOAL_MS, "met" if ma < COLD_GOAL_MS else "not met")
        lines.append(line)
        lines.append("  announcer p90 %s, max %s; Speech Dispatcher p90 %s, max %s; %d runs each%s." % (
            ms(nearest_rank(a, 90)), ms(max(a)), ms(nearest_rank(d, 90)), ms(max(d)),
            min(len(a), len(d)),
            "" if not missed else ", %d runs heard nothing and are left out" % missed))
        if scenario == "cold":
            lines.append("  Medians from the start to a connected client: announcer %s, Speech Dispatcher %s; "
                         "from the start to the SPEAK: announcer %s, Speech Dispatcher %s." % tuple(
                             ms(median(s[field] for s in per[server]))
                             for field in ("connected_ms", "speak_sent_ms") for server in SERVERS))
        parts = [s for s in per["announcer"] if s.get("received_ms") is not None]
        if parts and scenario == "cold":
            lines.append("  announcer's own timeline, medians from the start: received %s, first audio %s." % (
                ms(median(s["received_ms"] for s in parts)),
                ms(median(s["first_audio_ms"] for s in parts))))
        elif parts:
            lines.append("  announcer's own timeline, medians: send to received %s, received to first audio %s, "
                         "first audio to its audible estimate %s, audible estimate to captured %s." % (
                             ms(median(s["received_ms"] for s in parts)),
                             ms(median(s["first_audio_ms"] - s["received_ms"] for s in parts)),
                             ms(median(s["audible_ms"] - s["first_audio_ms"] for s in parts)),
                             ms(median(s["latency_ms"] - s["audible_ms"] for s in parts))))
    return lines


def attach_timeline(samples, events_path):
    """Adds announcer's own event times (relative to the client's send) to its samples."""
    try:
        with open(events_path) as f:
            events = [json.loads(line) for line in f if line.strip()]
    except OSError:
        return
    by_id = collections.defaultdict(dict)
    for event in events:
        by_id[str(event.get("id"))].setdefault(event.get("event"), event.get("t_ms"))
    for sample in samples:
        times = by_id.get(str(sample.get("id")))
        if not times or "received" not in times or "first_audio" not in times:
            continue
        sent_ms = sample["sent"] * 1000.0
        sample["received_ms"] = times["received"] - sent_ms
        if "started" in times:
            sample["started_ms"] = times["started"] - sent_ms
        sample["first_audio_ms"] = times["first_audio"] - sent_ms
        sample["audible_ms"] = times.get("audible", times["first_audio"]) - sent_ms


# ---------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--announcerd", required=True, help="the announcerd binary")
    parser.add_argument("--sink", default=os.environ.get("ANNOUNCER_TEST_PULSE_SINK"),
                        help="the PulseAudio null sink to record (default $ANNOUNCER_TEST_PULSE_SINK)")
    parser.add_argument("--runs", type=int, default=15, help="runs per scenario and server")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS),
                        help="comma-separated, from: " + ", ".join(SCENARIOS))
    parser.add_argument("--queue-length", type=int, default=200)
    parser.add_argument("--polite-volume", type=int, default=-95,
                        help="SSIP VOLUME of the polite messages that the urgent one cuts")
    parser.add_argument("--urgent-volume", type=int, default=100,
                        help="SSIP VOLUME of every measured message but the cold start's "
                             "(100 is Speech Dispatcher's default on Debian)")
    parser.add_argument("--audible-threshold", type=int, default=300,
                        help="sample value that counts as audible when idle and at a cold start")
    parser.add_argument("--loud-threshold", type=int, default=3000,
                        help="sample value that tells the full-volume urgent message from the quiet polite ones")
    parser.add_argument("--quiet-threshold", type=int, default=50,
                        help="below this the sink counts as silent")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--json", help="write every sample to this file")
    parser.add_argument("--check", action="store_true",
                        help="exit with status 3 when a goal is not met, so that a script can catch a regression")
    args = parser.parse_args()
    args.scenarios = [s.strip() for s in args.scenarios.split(",") if s.strip()]
    for scenario in args.scenarios:
        if scenario not in SCENARIOS:
            parser.error("unknown scenario %r; choose from %s" % (scenario, ", ".join(SCENARIOS)))
    if not args.sink:
        parser.error("no sink: pass --sink or set ANNOUNCER_TEST_PULSE_SINK")
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    def on_signal(number, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    capture = None
    clients = {}
    try:
        capture = MonitorCapture(args.sink + ".monitor", os.path.join(args.workdir, "parec.log"), RATE)
        announcer = Announcer(args.announcerd, args.workdir)
        speechd_server = SpeechDispatcher(args.workdir)
        servers = {"announcer": announcer, "speechd": speechd_server}
        bench = Bench(args, capture)
        results = {}
        warm = [s for s in args.scenarios if s != "cold"]
        if warm:
            say("Starting announcerd and Speech Dispatcher.")
            for key in SERVERS:
                client = servers[key].start()
                client.set_language("en")
                clients[key] = client
                # One message each first, so that voices and audio streams are loaded before timing.
                latency, _, _ = bench.idle(key, client)
                if latency is None:
                    raise Failure("%s played nothing audible on the null sink; check its log in %s."
                                         % (NAMES[key], servers[key].dir))
        for scenario in args.scenarios:
            if scenario == "cold" and clients:
                # A cold start runs on a machine where neither server runs yet.
                say("Stopping the running servers before the cold starts.")
                for key in list(clients):
                    bench.settle(clients[key])
                    clients.pop(key).close()
                    servers[key].stop()
            if scenario == "memory":
                say("Measuring the memory of every process of each server, idle after speaking.")
                results[scenario] = measure_memory(bench, servers, clients)
                continue
            per = {key: [] for key in SERVERS}
            results[scenario] = per
            for run in range(args.runs):
                say("Running the %s scenario, run %d of %d." % (PROGRESS[scenario], run + 1, args.runs))
                # Alternate which server goes first, so that slow spells of the machine fall on both.
                order = SERVERS if run % 2 == 0 else tuple(reversed(SERVERS))
                for key in order:
                    sample = {"run": run}
                    if scenario == "cold":
                        sample.update(run_cold(bench, servers[key], run))
                    else:
                        outcome = getattr(bench, scenario)(key, clients[key])
                        sample["latency_ms"], sample["id"], sample["sent"] = outcome[:3]
                        if len(outcome) > 3:
                            sample["quiet_peak"] = outcome[3]
                        clients[key].cancel(speechd.Scope.ALL)
                    per[key].append(sample)
                    if sample["latency_ms"] is None:
                        say("%s: nothing above the threshold within 5 seconds in run %d." % (NAMES[key], run + 1))
        for key in list(clients):
            bench.settle(clients[key])
            clients.pop(key).close()
            servers[key].stop()
        for scenario in args.scenarios:
            if scenario == "memory":
                continue
            if scenario != "cold":
                attach_timeline(results[scenario]["announcer"], announcer.events)
            else:
                for sample in results[scenario]["announcer"]:
                    attach_timeline([sample], announcer.cold_events(sample["run"]))
        lines = report(results, args)
        quiet = [s["quiet_peak"] for scenario in ("cut", "queued") if scenario in results
                 for key in SERVERS for s in results[scenario][key] if "quiet_peak" in s]
        if quiet and max(quiet) >= args.loud_threshold:
            lines.append("Warning: a quiet polite message peaked at %d, above the loud threshold %d, "
                         "so some cut figures may be early." % (max(quiet), args.loud_threshold))
        unmet = unmet_goals(results)
        if args.check:
            lines.append("Goals not met: %s." % ", ".join(unmet) if unmet else "Every goal was met.")
        print("\n".join(lines), flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"thresholds": {"audible": args.audible_threshold, "loud": args.loud_threshold,
                                          "quiet": args.quiet_threshold},
                           "polite_volume": args.polite_volume, "runs": args.runs,
                           "results": results, "summary": lines}, f, indent=1)
        return 3 if args.check and unmet else 0
    except Failure as error:
        say(str(error))
        return 1
    except speechd.SSIPResponseError as error:
        # A refusal from either server is a finding, told in one sentence, not a traceback.
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
                client.close()
            except Exception:
                pass
        while STARTED:
            try:
                STARTED.pop()()
            except Exception:
                pass
        if capture is not None:
            capture.close(warn=say)


def run_cold(bench, server, run):
    """One cold start: start the server, connect, send one message; time from start to audible."""
    if not bench.capture.wait_silence(bench.args.quiet_threshold, 0.3, 10):
        raise Failure("The null sink did not fall silent before a cold start.")
    mark = bench.capture.mark()
    t0, client, stop = server.cold_start(run)
    connected = time.monotonic()
    try:
        client.set_language("en")
        sent = time.monotonic()
        result = client.speak(bench.text("idle"))
        heard = bench.capture.first_above(bench.args.audible_threshold, mark, 10)
        message_id = result[2][0] if result and len(result) > 2 and result[2] else None
        client.cancel(speechd.Scope.ALL)
    finally:
        try:
            client.close()
        except Exception:
            pass
        stop()
    return {"latency_ms": None if heard is None else (heard - t0) * 1000.0, "id": message_id, "sent": t0,
            "connected_ms": (connected - t0) * 1000.0, "speak_sent_ms": (sent - t0) * 1000.0}


if __name__ == "__main__":
    sys.exit(main())
