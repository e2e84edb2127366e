"""The soak's verdict: from the run, the ledger and the figures, the summary sentences and every criterion not met."""

import signal
from collections import Counter
from dataclasses import dataclass, field

from .wording import clock_words, mb, ms, number


@dataclass
class RunEvidence:
    """What the run itself left, besides the clients' ledger and the timeline."""

    command: str
    start: float                   # monotonic seconds when the clients started
    load_end: float                # monotonic seconds when they stopped sending
    windows: list                  # (down, up) monotonic seconds of each PulseAudio restart; up is None if it never came back
    server_died: tuple = None      # (seconds into the run, exit status or minus the signal) if announcerd ended by itself
    shutdown_seconds: float = None  # how long SIGTERM took, None if announcerd had to be killed
    exit_status: int = None        # announcerd's exit status after SIGTERM
    idle: bool = True              # whether announcerd was idle within 2 minutes of the clients stopping
    synthesis: dict = field(default_factory=dict)  # the "synthesis" part of its last status reply


@dataclass
class Verdict:
    """The summary sentences in the order they are printed, and one sentence per criterion not met."""

    lines: list
    failures: list
    bad_input_answered_otherwise: int

    @property
    def passed(self):
        return not self.failures

    def closing_lines(self):
        """The last lines of the output: PASSED, or FAILED with each criterion not met."""
        if not self.failures:
            return ["", "PASSED: every criterion was met."]
        return ["", f"FAILED: {len(self.failures)} criteria not met."] + [f"- {f}" for f in self.failures]


def throttled_instead(bad):
    """A bad message refused by the per-client rate limit first: JSON `throttled`, or an SSIP 4xx to a SPEAK."""
    proto, _, expected, got, _ = bad
    if proto == "JSON lines":
        return got == "throttled"
    return expected in (501, 502) and isinstance(got, int) and 400 <= got < 500


def judge(run, ledger, rec, lat, mem, back, bad_lines):
    """The verdict on one run: `rec` from reconciliation, `lat`, `mem` and `back` from figures, `bad_lines` of the timeline."""
    start, load_end, windows = run.start, run.load_end, run.windows
    lines, failures = [], []
    say = lines.append

    say("")
    say(f"Summary of {run.command}, {clock_words(load_end - start)} of clients sending.")
    if run.server_died:
        at, code = run.server_died
        how = f"killed by signal {-code} ({signal.Signals(-code).name})" if code < 0 else f"with exit status {code}"
        failures.append(f"announcerd stopped by itself {clock_words(at)} into the run, {how}.")
    elif run.shutdown_seconds is None:
        failures.append("announcerd did not stop within 30 seconds of SIGTERM and was killed.")
    elif run.exit_status != 0:
        failures.append(f"announcerd exited with status {run.exit_status} on SIGTERM, not 0.")
    else:
        say(f"announcerd stopped on SIGTERM in {run.shutdown_seconds:.1f} seconds with exit status 0.")
    if not run.idle and not run.server_died:
        say("The server was not idle 2 minutes after the clients stopped; SIGTERM cancelled what was left.")

    synthesis = run.synthesis
    if synthesis.get("isolated"):
        say(f"Synthesis worker: {number(synthesis.get('restarts', 0))} restarts, {number(synthesis.get('hangs', 0))} hangs"
            + (f"; the last ended: {synthesis['last_restart']}" if synthesis.get("last_restart") else "") + ".")

    # Requests
    kinds = Counter(s["proto"] for s in ledger.speaks)
    say(f"Requests: {number(len(ledger.speaks))} speak requests sent ({number(kinds['json'])} JSON lines, "
        f"{number(kinds['ssip'])} raw SSIP, {number(kinds['speechd'])} python3-speechd); {number(rec['accepted'])} accepted; "
        f"{number(sum(rec['refused'].values()))} refused"
        + (" (" + ", ".join(f"{number(c)} {k}" for k, c in sorted(rec["refused"].items())) + ")" if rec["refused"] else "")
        + f"; {number(rec['reply lost'])} with the reply lost because the client hung up first.")
    c = ledger.counts
    say(f"Clients also made {number(c['cancels'])} cancels and {number(c['stops'])} stops, "
        f"{number(c['abrupt disconnects'])} abrupt disconnects, {number(c['clean disconnects'])} clean ones "
        f"and {number(c['reconnects'])} reconnects.")

    # Bad input
    throttled = [b for b in ledger.bad if throttled_instead(b)]
    wrong = [b for b in ledger.bad if b[2] != b[3] and b not in throttled]
    say(f"Bad input: {number(len(ledger.bad))} sent, {number(len(ledger.bad) - len(wrong) - len(throttled))} answered "
        f"with the expected error, {number(len(throttled))} refused by the rate limit before they were read, "
        f"{number(len(wrong))} answered otherwise.")
    for proto, what, expected, got, _ in wrong[:5]:
        say(f"  {proto} {what}: expected {expected}, got {got}.")
    if wrong:
        failures.append(f"{number(len(wrong))} bad inputs were not answered with the expected error.")
    if rec["refused but on the timeline"]:
        failures.append(f"{number(rec['refused but on the timeline'])} refused requests still reached the timeline.")

    # Reconciliation
    say(f"Outcomes on the timeline: {number(rec['timeline announcements'])} announcements; "
        + ", ".join(f"{number(n)} {o}" for o, n in rec["outcomes"].items()) + ".")
    say(f"Reconciliation: {number(rec['accepted'])} accepted by clients, {number(rec['accepted without an outcome'])} "
        f"of them without an outcome on the timeline; {number(rec['ended twice'])} ended twice; "
        f"{number(rec['received without an outcome'])} received but never ended; "
        f"{number(rec['reply lost, found in the timeline'] + rec['on the timeline, reply lost (SSIP)'])} accepted "
        f"with the reply lost, each with one outcome; {number(rec['unexplained on the timeline'])} on the timeline "
        f"that no client sent. Unaccounted: {number(rec['unaccounted'])}.")
    say(f"Outcomes heard by clients: {number(rec['client outcomes'])}, of which {number(rec['client outcomes matching'])} "
        f"match the timeline, {number(rec['client outcomes not matching'])} do not, and "
        f"{number(rec['client outcomes misrouted'])} were for another client's announcement.")
    for example in rec["mismatch examples"][:5]:
        say(f"  {example}.")
    if rec["unaccounted"]:
        failures.append(f"{number(rec['unaccounted'])} announcements are unaccounted for"
                        + (f", for example {', '.join(rec['missing examples'][:5])}" if rec["missing examples"] else "") + ".")
    if rec["client outcomes not matching"] or rec["client outcomes misrouted"] or rec["client heard one outcome twice"]:
        failures.append(f"{number(rec['client outcomes not matching'] + rec['client outcomes misrouted'])} "
                        f"outcomes heard by clients differ from the timeline, and {number(rec['client heard one outcome twice'])} were heard twice.")
    if bad_lines:
        failures.append(f"{number(bad_lines)} lines of the timeline file are not JSON.")

    # PulseAudio restarts
    for i, b in enumerate(back, 1):
        if b["back after"] is None:
            failures.append(f"PulseAudio did not come back after restart {i}.")
        elif b["speech again after"] is None:
            until = "before the next restart" if i < len(back) else "in the rest of the run"
            say(f"PulseAudio restart {i} at {clock_words(b['down at'])}: down {b['back after']:.1f} s; nothing was "
                f"spoken again {until}, and {number(b['failed'])} announcements failed from the restart on.")
            failures.append(f"Speech did not resume after PulseAudio restart {i}: nothing was spoken {until}, "
                            f"and {number(b['failed'])} announcements failed.")
        else:
            say(f"PulseAudio restart {i} at {clock_words(b['down at'])}: down {b['back after']:.1f} s; "
                f"speech was heard again {b['speech again after']:.1f} s after it was back.")
    if len(windows) < 2 and not run.server_died:
        failures.append(f"PulseAudio was restarted {len(windows)} times, not twice.")

    # Memory
    if mem is None:
        failures.append("No memory sample was taken.")
    else:
        say(f"Server memory (VmRSS of announcerd): first {mb(mem['first'])}, "
            + (f"at 60 s {mb(mem['at 60 s'])}, " if "at 60 s" in mem else "")
            + f"at the end of sending {mb(mem['end'])}, maximum {mb(mem['max'])}"
            + (f"; growth after the first minute {mb(mem['growth'])} at the end, {mb(mem['peak growth'])} at the peak."
               if "at 60 s" in mem else "; the run was too short to judge growth after the first minute."))
        if mem["by minute"]:
            say("Server memory at the end of each minute: " + ", ".join(mb(kb) for kb in mem["by minute"]) + ".")
        say(f"Synthesis workers (announcer-synth, {mem['workers at end']} processes at the end, together): "
            + (f"at 60 s {mb(mem['workers at 60 s'])}, " if "at 60 s" in mem else "")
            + f"at the end {mb(mem['workers end'])}, maximum {mb(mem['workers max'])}. Not a criterion.")
        if "at 60 s" in mem:
            if mem["peak growth"] >= 5 * 1024:
                failures.append(f"Server memory grew {mb(mem['peak growth'])} after the first minute (at its peak), "
                                f"5 MB or more.")
        else:
            failures.append("The run was shorter than 2 minutes, so memory growth after the first minute was not judged.")

    # Latency
    up, every = lat["device up"], lat["all"]
    say(f"Assertive announcements: {number(lat['assertive'])}, {number(lat['assertive with audio'])} with audio; outcomes "
        + ", ".join(f"{number(n)} {o}" for o, n in sorted(lat["assertive outcomes"].items())) + ".")
    say(f"Assertive latency while PulseAudio was up, from its turn to first audio: {number(up['count'])} samples, "
        f"p50 {ms(up['turn p50'])}, p99 {ms(up['turn p99'])}, max {ms(up['turn max'])}. "
        f"From arrival: p50 {ms(up['arrival p50'])}, p99 {ms(up['arrival p99'])}, max {ms(up['arrival max'])}; "
        f"{number(up['waited behind an assertive'])} waited behind another assertive one.")
    say(f"Including those that arrived while PulseAudio was down ({number(lat['received while down'])}): "
        f"from its turn p99 {ms(every['turn p99'])}, max {ms(every['turn max'])}; from arrival p99 "
        f"{ms(every['arrival p99'])}, max {ms(every['arrival max'])}.")
    for m, row in enumerate(lat["per minute"], 1):
        if row["count"]:
            say(f"  Minute {m}: {number(row['count'])} samples, from its turn p50 {ms(row['turn p50'])}, "
                f"p99 {ms(row['turn p99'])}, max {ms(row['turn max'])}; from arrival p99 {ms(row['arrival p99'])}.")
        else:
            say(f"  Minute {m}: no assertive announcement was heard.")
    if up["count"] == 0:
        failures.append("No assertive announcement was heard while PulseAudio was up, so latency could not be judged.")
    elif up["turn p99"] >= 500:
        failures.append(f"Assertive latency p99 from its turn was {ms(up['turn p99'])} while PulseAudio was up, "
                        f"not under 500 ms.")
    bad_minutes = [str(m) for m, row in enumerate(lat["per minute"], 1) if row["count"] and row["turn p99"] >= 500]
    if bad_minutes:
        failures.append(f"Assertive latency p99 was 500 ms or more in minute {', '.join(bad_minutes)}.")

    if ledger.counts["problems"]:
        say(f"Other problems seen by clients: {number(ledger.counts['problems'])}. The first ones:")
        for p in ledger.problems[:8]:
            say(f"  {p}")
        failures.append(f"Clients saw {number(ledger.counts['problems'])} problems (listed above).")

    return Verdict(lines, failures, len(wrong))
