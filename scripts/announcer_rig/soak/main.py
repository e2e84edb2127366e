"""The soak's command: builds or finds the release binaries, starts PulseAudio and announcerd, runs the clients, then judges."""

import argparse
import asyncio
import datetime
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from ..failure import Failure
from ..pulse import PulseServer, alsa_to_pulse_config
from .clients import Context
from .figures import latency, memory, recovery
from .reconciliation import reconcile
from .run import run_clients
from .timeline import read_timeline
from .traffic import ASSERTIVE_EVERY_SECONDS
from .verdict import RunEvidence, judge
from .wording import say

SINK_NAME = "announcer_soak"
# The release build's own scratch folder: .build is the debug build's and the tests', and SwiftPM
# locks it while one of them runs. Benchmarks/side-by-side/run and scripts/abuse use the same one.
SCRATCH = ".build-release"
BINARIES = os.path.join(SCRATCH, "release")


def build(repo):
    say("Building the release binaries: announcerd, announcer-synth and announce. The first build takes several minutes.")
    # One product at a time: SwiftPM builds only the last --product given.
    for product in ("announcerd", "announcer-synth", "announce"):
        done = subprocess.run(["swift", "build", "-c", "release", "--scratch-path", SCRATCH, "--product", product],
                              cwd=repo, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if done.returncode != 0:
            sys.stdout.write(done.stdout[-4000:])
            raise Failure(f"The release build of {product} failed; its last lines are above.")


def git_description(repo):
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=repo, capture_output=True, text=True).stdout.strip()
        branch = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"], cwd=repo, capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "Sources", "Package.swift"], cwd=repo,
                               capture_output=True, text=True).stdout.strip()
        return f"commit {commit} on branch {branch}" + (", with uncommitted changes to the sources" if dirty else "")
    except OSError:
        return "unknown (git is not available)"


def parse_arguments():
    parser = argparse.ArgumentParser(
        prog="scripts/soak",
        description="Soak test of announcerd: many clients over JSON lines and SSIP, PulseAudio restarted twice, "
                    "every announcement reconciled with the timeline, memory and assertive latency watched. "
                    "Exit status 0 when every criterion passes, 1 otherwise.")
    parser.add_argument("--minutes", type=float, default=10, help="how long the clients send (default 10)")
    parser.add_argument("--clients", type=int, default=100, help="how many clients, half JSON lines, half SSIP (default 100)")
    parser.add_argument("--report", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--no-build", action="store_true", help=f"use the binaries in {BINARIES} as they are")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (timeline, logs) even when every criterion passes")
    parser.add_argument("--no-restarts", action="store_true",
                        help="leave PulseAudio running, to check the script itself; such a run cannot pass")
    parser.add_argument("--seed", type=int, default=7, help="seed of the clients' random choices (default 7)")
    args = parser.parse_args()
    if args.minutes <= 0:
        parser.error("--minutes must be more than 0")
    if args.clients < 2:
        parser.error("--clients must be at least 2")
    return args



def main(repo):
    """Runs the soak of the announcerd in `repo`; returns the exit status, 0 only when every criterion passed."""
    args = parse_arguments()
    command = "scripts/soak" + ("" if len(sys.argv) == 1 else " " + " ".join(sys.argv[1:]))
    say(f"Soak test of announcerd. Command: {command}")
    say(f"Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}. "
        f"Code: {git_description(repo)}. Machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}.")
    for tool in ("pulseaudio", "pactl"):
        if not shutil.which(tool):
            say(f"{tool} is not installed; run scripts/install-deps first.")
            return 1
    if not args.no_build:
        try:
            build(repo)
        except Failure as error:
            say(str(error))
            return 1
    server_binary = os.path.join(repo, BINARIES, "announcerd")
    for binary in ("announcerd", "announcer-synth"):
        if not os.access(os.path.join(repo, BINARIES, binary), os.X_OK):
            say(f"There is no {BINARIES}/{binary}; run without --no-build to build it.")
            return 1

    tmp = tempfile.mkdtemp(prefix="announcer-soak.", dir="/tmp")
    os.chmod(tmp, 0o700)
    pulse = PulseServer(os.path.join(tmp, "pulse-runtime"), SINK_NAME)
    os.makedirs(pulse.dir, mode=0o700)
    alsa_config_path = alsa_to_pulse_config(os.path.join(tmp, "asound.conf"))
    ctx = Context(args, tmp)
    server = None
    passed = False
    try:
        pulse.start()
        say(f"Started a private PulseAudio with the null sink {SINK_NAME}; files are in {tmp}.")
        env = dict(os.environ, PULSE_SERVER=pulse.server, ALSA_CONFIG_PATH=alsa_config_path, XDG_RUNTIME_DIR=tmp)
        log = open(os.path.join(tmp, "announcerd.log"), "wb")
        server = subprocess.Popen([server_binary, "--socket", ctx.socket, "--ssip-socket", ctx.ssip_socket,
                                   "--events", ctx.timeline, "--sink", "alsa:default", "--lang", "en"],
                                  env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
        deadline = time.monotonic() + 30
        while not (os.path.exists(ctx.socket) and os.path.exists(ctx.ssip_socket)):
            if server.poll() is not None:
                raise Failure(f"announcerd did not start (exit status {server.returncode}); its log is {tmp}/announcerd.log.")
            if time.monotonic() > deadline:
                raise Failure(f"announcerd did not open its sockets within 30 seconds; its log is {tmp}/announcerd.log.")
            time.sleep(0.1)
        say(f"Started announcerd (pid {server.pid}) on ALSA's default device through that PulseAudio. "
            f"About one assertive announcement every {ASSERTIVE_EVERY_SECONDS:.0f} seconds in all "
            f"({ctx.assertive_share * 100:.2f}% of messages).")
        duration = args.minutes * 60
        total_minutes = math.ceil(args.minutes)
        run = asyncio.run(run_clients(ctx, server, pulse, duration, total_minutes))

        monitor = run["monitor"]
        shutdown_seconds = None
        if monitor.server_died is None:
            stopping = time.monotonic()
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
                shutdown_seconds = time.monotonic() - stopping
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        pulse.stop()
        passed = conclude(ctx, run, server, shutdown_seconds, command, repo)
    except Failure as error:
        say(str(error))
    except KeyboardInterrupt:
        say("Interrupted; stopping announcerd and PulseAudio.")
    finally:
        if server is not None and server.poll() is None:
            server.kill()
            server.wait()
        pulse.stop()
        if passed and not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            say(f"The timeline, the server's log and PulseAudio's logs are kept in {tmp}.")
    return 0 if passed else 1


def conclude(ctx, run, server, shutdown_seconds, command, repo):
    """Reads the timeline, works out the figures, prints the summary and the verdict, writes --report; True if passed."""
    args, ledger, monitor = ctx.args, ctx.ledger, run["monitor"]
    start, load_end, windows = run["start"], run["load_end"], run["windows"]
    try:
        announcements, bad_lines = read_timeline(ctx.timeline)
    except OSError as error:
        raise Failure(f"The timeline file {ctx.timeline} could not be read: {error.strerror}.")
    rec = reconcile(ledger, announcements)
    lat = latency(announcements, start, windows, load_end)
    mem = memory(monitor.samples, load_end, start)
    back = recovery(announcements, start, windows)
    last_status = run["last_status"] or (monitor.statuses[-1] if monitor.statuses else {})
    evidence = RunEvidence(command=command, start=start, load_end=load_end, windows=windows,
                           server_died=monitor.server_died, shutdown_seconds=shutdown_seconds,
                           exit_status=server.returncode, idle=run["idle"],
                           synthesis=last_status.get("synthesis", {}))
    verdict = judge(evidence, ledger, rec, lat, mem, back, bad_lines)
    for line in verdict.lines:
        say(line)

    if args.report:
        report = {"command": command, "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                  "code": git_description(repo), "minutes": args.minutes, "clients": args.clients,
                  "assertive_share": ctx.assertive_share, "requests": len(ledger.speaks), "reconciliation": rec,
                  "bad_input": {"sent": len(ledger.bad), "wrong": verdict.bad_input_answered_otherwise},
                  "counts": dict(ledger.counts), "pulseaudio_restarts": back, "memory_kb": mem, "latency_ms": lat,
                  "problems": ledger.problems[:50], "failures": verdict.failures, "passed": verdict.passed}
        with open(args.report, "w") as f:
            json.dump(report, f, indent=2, ensure_ascii=False)
        say(f"Wrote the figures to {args.report}.")

    for line in verdict.closing_lines():
        say(line)
    return verdict.passed
