"""scripts/abuse's attacks on the sharing of the voice (issue 37): pauses that outlive their client,
paused clients that hoard, floods through many connections and many processes, and clients that vanish
in every state. Each ends with a reconciliation against announcerd's timeline: every announcement
received has ended exactly once, and every id a client was given has ended.

The hostile clients run in processes of their own (attacker.py, spd-say, and speechd_probe.py as a
screen reader), so that announcerd sees them as programs other than scripts/abuse's probe.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter

from announcer_rig.percentiles import nearest_rank

HERE = os.path.dirname(os.path.abspath(__file__))
ATTACKER = os.path.join(HERE, "attacker.py")
SPEECHD_PROBE = os.path.join(HERE, "speechd_probe.py")
DEBIAN_PYTHON = "/usr/bin/python3"

NAMES = ["pause-all-gone", "pause-all-held", "paused-hoarders", "many-connections", "spd-say", "vanish"]


class Timeline:
    """announcerd's --events file, read as it grows: which announcements were received and how often each ended."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.rest = b""
        self.received = {}
        self.ended = Counter()
        self.outcomes = Counter()
        self.reasons = Counter()
        self.warnings = Counter()

    def read(self):
        try:
            with open(self.path, "rb") as file:
                file.seek(self.offset)
                data = file.read()
        except OSError:
            return self
        self.offset += len(data)
        lines = (self.rest + data).split(b"\n")
        self.rest = lines.pop()
        for line in lines:
            # Only the events reconciled are decoded; the rest are most of the file.
            if b'"received"' not in line and b'"ended"' not in line and b'"warning"' not in line:
                continue
            try:
                event = json.loads(line)
            except ValueError:
                continue
            kind, ident = event.get("event"), event.get("id")
            if kind == "received":
                self.received[ident] = event.get("t_ms", 0.0)
            elif kind == "ended":
                self.ended[ident] += 1
                self.outcomes[event.get("outcome")] += 1
                if event.get("outcome") in ("cancelled", "dropped"):
                    self.reasons[event.get("reason")] += 1
            elif kind == "warning":
                self.warnings[event.get("reason") or event.get("text")] += 1
        return self

    def unended(self, older_than_ms=0.0):
        """Received more than `older_than_ms` ago and not ended. The timeline's times are on the same
        monotonic clock as Python's."""
        now = time.monotonic() * 1000
        return [ident for ident, at in self.received.items() if self.ended[ident] == 0 and at < now - older_than_ms]


def reconcile(timeline, reports, problems, settle_seconds=45):
    """Waits until every announcement received has ended (at most `settle_seconds`), then checks it and
    each client's accepted ids, and prints the reconciliation. The probe still runs meanwhile, so an
    announcement received in the last 5 s may still speak: only older ones count as without an end."""
    clients = [c for report in reports for c in report.get("connections", [])]
    given = [ident for c in clients for ident in c["accepted"]]
    deadline = time.monotonic() + settle_seconds
    while time.monotonic() < deadline:
        timeline.read()
        if not timeline.unended(older_than_ms=5_000) and all(timeline.ended[ident] for ident in given):
            break
        time.sleep(0.5)
    open_ids = timeline.unended(older_than_ms=5_000)
    twice = sum(1 for count in timeline.ended.values() if count > 1)
    without_received = sum(1 for ident in timeline.ended if ident not in timeline.received)
    accepted = sum(len(c["accepted"]) for c in clients)
    clients_short = [c for c in clients if any(timeline.ended[ident] != 1 for ident in c["accepted"])]
    short = sum(1 for c in clients for ident in c["accepted"] if timeline.ended[ident] != 1)
    outcomes = ", ".join("%d %s" % (count, outcome) for outcome, count in timeline.outcomes.most_common())
    print("  Reconciliation: %d received, %d ended (%s); %d without an end, %d ended twice, %d ended unreceived."
          % (len(timeline.received), sum(timeline.ended.values()), outcomes or "none", len(open_ids), twice, without_received))
    if clients:
        print("  Per client: %d connections were given %d ids; %d of them ended exactly once%s."
              % (len(clients), accepted, accepted - short, "" if not clients_short else
                 ", %d connections with ids unaccounted" % len(clients_short)))
    if open_ids:
        problems.append("%d announcements received had no end %d s after their clients were gone" % (len(open_ids), settle_seconds))
    if twice or without_received:
        problems.append("%d announcements ended twice and %d ended without being received" % (twice, without_received))
    if short:
        problems.append("%d ids given to clients did not end exactly once" % short)
    return timeline


def attacker(mode, server, report, *options):
    """Starts attacker.py in `mode` against `server`; returns the process."""
    command = [DEBIAN_PYTHON, ATTACKER, mode, "--socket", server.path, "--report", report, *[str(o) for o in options]]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def finish(process, report, problems, timeout=120):
    """Waits for an attacker and returns its report; a failure is a problem of the attack."""
    try:
        _, errors = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        _, errors = process.communicate()
    if process.returncode != 0 or not os.path.exists(report):
        problems.append("the attacker failed: %s" % (errors.decode(errors="replace").strip().splitlines() or ["no output"])[-1])
        return {"connections": []}
    with open(report) as file:
        return json.load(file)


def describe_flood(report):
    clients = report.get("connections", [])
    accepted = sum(len(c["accepted"]) for c in clients)
    refused = sum(c["refused"] for c in clients)
    unanswered = sum(c["unanswered"] for c in clients)
    return "%d connections, %d messages accepted, %d refused, %d unanswered" % (len(clients), accepted, refused, unanswered)


class ScreenReader:
    """speechd_probe.py speaking as Orca does, beside the attack; nothing when python3-speechd is missing."""

    def __init__(self, server, directory, seconds):
        self.report = os.path.join(directory, "screen-reader.json")
        self.process = None
        if subprocess.run([DEBIAN_PYTHON, "-c", "import speechd"], capture_output=True).returncode != 0:
            print("  (python3-speechd is not installed, so no screen reader speaks beside the attack.)")
            return
        environment = dict(os.environ, SPEECHD_ADDRESS="unix_socket:" + server.path)
        self.process = subprocess.Popen([DEBIAN_PYTHON, SPEECHD_PROBE, "--report", self.report, "--seconds", str(seconds)],
                                        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def finish(self, problems):
        if self.process is None:
            return
        try:
            _, errors = self.process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, errors = self.process.communicate()
        if self.process.returncode != 0 or not os.path.exists(self.report):
            problems.append("the screen reader's client failed: %s" % (errors.decode(errors="replace").strip().splitlines() or ["no output"])[-1])
            return
        with open(self.report) as file:
            utterances = json.load(file)["utterances"]
        begins = [u["begin"] * 1000 for u in utterances if u["begin"] is not None]
        ends = Counter(u["end"] for u in utterances)
        print("  Screen reader (python3-speechd, MESSAGE priority, SSML with marks, as Orca speaks): %d utterances, %d began, "
              "%d spoken to the end, %d cut (by the probe's assertive ones, as polite speech is), %d without an end; "
              "speak() to 701 BEGIN p50 %.0f ms, p99 %.0f ms, worst %.0f ms."
              % (len(utterances), len(begins), ends["end"], ends["cancel"], ends["none"], nearest_rank(begins, 50, float("nan")),
                 nearest_rank(begins, 99, float("nan")), max(begins) if begins else float("nan")))
        # The probe cuts polite speech every 250 ms by design, so each utterance must have had its turn, not
        # necessarily its end.
        if not utterances or len(begins) != len(utterances) or ends["none"]:
            problems.append("the screen reader's speech did not all get its turn: %d of %d began, %d without an end"
                            % (len(begins), len(utterances), ends["none"]))


def events_option(directory):
    return ("--events", os.path.join(directory, "events.jsonl"))


# The attacks. Each is a body for scripts/abuse's Attack.run, given a directory of its own for the
# server's timeline and the attackers' reports.

def pause_all_gone(directory, seconds):
    def body(server, problems):
        report = os.path.join(directory, "pauser.json")
        finish(attacker("pause-all", server, report, "--seconds", 0), report, problems)
        print("  A client sent PAUSE ALL and vanished at once; the probe speaks on for %d s." % seconds, flush=True)
        time.sleep(seconds)
        if "because the client that paused went away" not in server.log_text():
            problems.append("the server did not log that the pause ended with its client")
        reconcile(Timeline(events_option(directory)[1]), [], problems)
    return body


def pause_all_held(directory, seconds, limit):
    def body(server, problems):
        report = os.path.join(directory, "pauser.json")
        started = time.monotonic()
        process = attacker("pause-all", server, report, "--seconds", max(seconds, limit + 3))
        print("  A client sent PAUSE ALL and stays connected for %d s, with announcerd --max-pause-all %d."
              % (max(seconds, limit + 3), limit), flush=True)
        finish(process, report, problems)
        lines = [line for line in server.log_text().splitlines() if "ended at its time limit" in line]
        print("  The pause ended at its limit after %.1f s at most; the server logged it %d time%s."
              % (limit, len(lines), "" if len(lines) == 1 else "s"))
        if len(lines) != 1:
            problems.append("the end of the pause at its limit was logged %d times, not once" % len(lines))
        if time.monotonic() - started < limit:
            problems.append("the attack ended before the limit")
        reconcile(Timeline(events_option(directory)[1]), [], problems)
    return body


def paused_hoarders(directory, seconds, clients=10, messages=1000):
    def body(server, problems):
        report = os.path.join(directory, "hoarders.json")
        process = attacker("hoard", server, report, "--connections", clients, "--messages", messages, "--seconds", seconds)
        print("  %d clients of one program each pause themselves and send %d IMPORTANT messages, hold them %d s, then vanish."
              % (clients, messages, seconds), flush=True)
        result = finish(process, report, problems)
        print("  The hoarders: %s." % describe_flood(result))
        timeline = reconcile(Timeline(events_option(directory)[1]), [result], problems)
        cancelled = sum(count for reason, count in timeline.reasons.items() if reason and "went away while paused" in reason)
        print("  %d ended cancelled because their client went away while paused." % cancelled)
        status = server.status()
        print("  After they vanished the server had %s assertive and %s polite waiting."
              % (status.get("waiting", {}).get("assertive"), status.get("waiting", {}).get("polite")))
    return body


def many_connections(directory, seconds, connections=200, messages=1000):
    def body(server, problems):
        report = os.path.join(directory, "flood.json")
        reader = ScreenReader(server, directory, seconds)
        process = attacker("flood", server, report, "--connections", connections, "--messages", messages, "--seconds", seconds)
        print("  One program floods %d IMPORTANT messages through each of %d connections, each named as a program of its own, for %d s."
              % (messages, connections, seconds), flush=True)
        result = finish(process, report, problems, timeout=seconds + 120)
        print("  The flood: %s." % describe_flood(result))
        reader.finish(problems)
        timeline = reconcile(Timeline(events_option(directory)[1]), [result], problems)
        print("  Warnings on the timeline: %s." % ("; ".join("%d × %s" % (c, w) for w, c in timeline.warnings.items()) or "none"))
        if "faster than its rate" not in server.log_text():
            problems.append("the server did not log the program's flood")
    return body


def spd_say_flood(directory, seconds, parallel=200):
    def body(server, problems):
        if not shutil.which("spd-say"):
            problems.append("spd-say is not installed (Debian's speech-dispatcher package has it)")
            return
        reader = ScreenReader(server, directory, seconds)
        environment = dict(os.environ, SPEECHD_ADDRESS="unix_socket:" + server.path)
        print("  A runaway script starts %d spd-say -P important at once, again and again for %d s." % (parallel, seconds), flush=True)
        deadline = time.monotonic() + seconds
        started, failed, waves = 0, 0, 0
        while time.monotonic() < deadline:
            wave = [subprocess.Popen(["spd-say", "-P", "important", "Runaway message %d" % (started + index)], env=environment,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for index in range(parallel)]
            started += parallel
            waves += 1
            for process in wave:
                try:
                    failed += process.wait(timeout=30) != 0
                except subprocess.TimeoutExpired:
                    process.kill()
                    failed += 1
        print("  %d spd-say processes in %d waves; %d did not exit 0." % (started, waves, failed))
        if failed:
            problems.append("%d spd-say processes did not exit 0" % failed)
        reader.finish(problems)
        timeline = reconcile(Timeline(events_option(directory)[1]), [], problems)
        spoken = timeline.outcomes.get("spoken", 0)
        print("  Of the runaway messages and the rest, %d were spoken; warnings: %s."
              % (spoken, "; ".join("%d × %s" % (c, w) for w, c in timeline.warnings.items()) or "none"))
    return body


def vanish(directory, rounds=5):
    def body(server, problems):
        report = os.path.join(directory, "vanish.json")
        icons = "/usr/share/sounds/sound-icons"
        icon = "cembalo-1" if os.path.exists(os.path.join(icons, "cembalo-1.wav")) else "bell"
        print("  Clients vanish mid-SSML, mid-sound-icon, speaking, waiting, paused and half-way through a message, %d times each." % rounds, flush=True)
        result = finish(attacker("vanish", server, report, "--rounds", rounds, "--sound-icon", icon), report, problems)
        states = Counter(c["name"].rstrip("0123456789") for c in result.get("connections", []))
        print("  Vanished: %s." % ", ".join("%d %s" % (count, state) for state, count in sorted(states.items())))
        reconcile(Timeline(events_option(directory)[1]), [result], problems)
    return body


def run(wanted, announcerd, seconds, attack_class):
    """Runs the sharing attacks named in `wanted`; returns the failures, one sentence each."""
    failures = []
    plans = [
        ("pause-all-gone", "a client sends PAUSE ALL, then vanishes", 100, lambda d: pause_all_gone(d, min(seconds, 10)), ()),
        ("pause-all-held", "a client sends PAUSE ALL and stays, past --max-pause-all 3", 3_500,
         lambda d: pause_all_held(d, min(seconds, 8), 3), ("--max-pause-all", "3")),
        ("paused-hoarders", "10 paused clients each hold 1,000 IMPORTANT messages, then vanish", 100,
         lambda d: paused_hoarders(d, seconds), ()),
        ("many-connections", "one program floods 1,000 IMPORTANT through each of 200 connections", 100,
         lambda d: many_connections(d, seconds), ()),
        ("spd-say", "200 spd-say -P important at once, again and again", 100, lambda d: spd_say_flood(d, seconds), ()),
        ("vanish", "clients vanish in every state, then everything is reconciled", 100, lambda d: vanish(d), ()),
    ]
    for name, description, bound, make, extra in plans:
        if name not in wanted:
            continue
        directory = tempfile.mkdtemp(prefix="abuse-sharing-", dir="/tmp")
        try:
            attack = attack_class(name, description, seconds, bound_p99_ms=bound)
            failures += attack.run(announcerd, make(directory), extra=events_option(directory) + extra)
        finally:
            shutil.rmtree(directory, ignore_errors=True)
    return failures
