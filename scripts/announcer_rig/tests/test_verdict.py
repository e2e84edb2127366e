"""The soak's verdict on hand-made figures: which criteria pass, and where each bound lies."""

import signal
import unittest

from announcer_rig.soak.ledger import Ledger
from announcer_rig.soak.reconciliation import reconcile
from announcer_rig.soak.verdict import RunEvidence, judge


def latency_row(count=10, turn_p99=8.0):
    return {"count": count, "turn p50": 3.0, "turn p99": turn_p99, "turn max": turn_p99, "arrival p50": 4.0,
            "arrival p99": 900.0, "arrival max": 900.0, "waited behind an assertive": 1}


class Figures:
    """The figures of a two-minute run that meets every criterion; each test spoils one of them."""

    def __init__(self):
        self.run = RunEvidence(command="scripts/soak --minutes 2", start=100.0, load_end=220.0,
                               windows=[(140.0, 142.1), (180.0, 182.2)], shutdown_seconds=0.1, exit_status=0)
        self.ledger = Ledger()
        self.rec = reconcile(self.ledger, {})
        self.lat = {"assertive": 20, "assertive with audio": 20, "assertive outcomes": {"spoken": 20},
                    "device up": latency_row(20), "all": latency_row(20), "received while down": 0,
                    "per minute": [latency_row(), latency_row()]}
        self.mem = {"first": 33_000, "end": 35_000, "max": 35_500, "workers end": 45_000, "workers max": 46_000,
                    "workers at end": 2, "samples": 120, "at 60 s": 34_500, "growth": 500, "peak growth": 1_000,
                    "workers at 60 s": 44_000, "workers growth": 1_000, "by minute": [34_500, 35_000]}
        self.back = [{"down at": 40.0, "back after": 2.1, "speech again after": 1.7, "failed": 0},
                     {"down at": 80.0, "back after": 2.2, "speech again after": 0.9, "failed": 0}]
        self.bad_lines = 0

    def judge(self):
        return judge(self.run, self.ledger, self.rec, self.lat, self.mem, self.back, self.bad_lines)


class VerdictTests(unittest.TestCase):
    def test_a_run_that_meets_every_criterion_passes(self):
        """Should pass and end with the PASSED line."""
        verdict = Figures().judge()
        self.assertEqual(verdict.failures, [])
        self.assertEqual(verdict.closing_lines(), ["", "PASSED: every criterion was met."])
        self.assertIn("Summary of scripts/soak --minutes 2, 2 minutes 0 seconds of clients sending.", verdict.lines)

    def test_an_assertive_p99_of_500_ms_from_its_turn_fails(self):
        """Should hold the product bound as under 500 ms: 499.9 passes, 500.0 fails, overall and in its minute."""
        figures = Figures()
        figures.lat["device up"] = latency_row(20, 499.9)
        figures.lat["per minute"][1] = latency_row(10, 499.9)
        self.assertEqual(figures.judge().failures, [])
        figures.lat["device up"] = latency_row(20, 500.0)
        figures.lat["per minute"][1] = latency_row(10, 500.0)
        self.assertEqual(figures.judge().failures, [
            "Assertive latency p99 from its turn was 500.0 ms while PulseAudio was up, not under 500 ms.",
            "Assertive latency p99 was 500 ms or more in minute 2."])

    def test_no_assertive_announcement_heard_cannot_pass(self):
        """Should fail rather than pass a run whose latency could not be judged."""
        figures = Figures()
        figures.lat["device up"] = latency_row(0, None)
        figures.lat["per minute"] = [latency_row(0, None), latency_row(0, None)]
        self.assertEqual(figures.judge().failures, [
            "No assertive announcement was heard while PulseAudio was up, so latency could not be judged."])

    def test_memory_growth_of_5_mb_after_the_first_minute_fails(self):
        """Should judge the peak growth after 60 s: just under 5 MB passes, 5 MB fails."""
        figures = Figures()
        figures.mem["peak growth"] = 5 * 1024 - 1
        self.assertEqual(figures.judge().failures, [])
        figures.mem["peak growth"] = 5 * 1024
        self.assertEqual(figures.judge().failures,
                         ["Server memory grew 5.0 MB after the first minute (at its peak), 5 MB or more."])

    def test_a_run_too_short_to_judge_memory_growth_does_not_pass(self):
        """Should fail a run with no sample at 60 s, as a one-minute soak has."""
        figures = Figures()
        for key in ("at 60 s", "growth", "peak growth", "workers at 60 s", "workers growth"):
            del figures.mem[key]
        self.assertEqual(figures.judge().failures, [
            "The run was shorter than 2 minutes, so memory growth after the first minute was not judged."])

    def test_one_pulseaudio_restart_is_not_enough(self):
        """Should ask for both restarts."""
        figures = Figures()
        figures.run.windows = figures.run.windows[:1]
        figures.back = figures.back[:1]
        self.assertEqual(figures.judge().failures, ["PulseAudio was restarted 1 times, not twice."])

    def test_speech_that_never_resumed_after_a_restart_fails(self):
        """Should fail when nothing was spoken between a restart and the next one."""
        figures = Figures()
        figures.back[0].update({"speech again after": None, "failed": 3})
        self.assertEqual(figures.judge().failures, [
            "Speech did not resume after PulseAudio restart 1: nothing was spoken before the next restart, "
            "and 3 announcements failed."])

    def test_a_server_that_died_fails_with_its_signal_named(self):
        """Should name the signal that ended announcerd, and not ask for the second restart it never saw."""
        figures = Figures()
        figures.run.server_died = (75.0, -signal.SIGSEGV)
        figures.run.windows = figures.run.windows[:1]
        figures.back = figures.back[:1]
        self.assertEqual(figures.judge().failures,
                         ["announcerd stopped by itself 1 minute 15 seconds into the run, killed by signal 11 (SIGSEGV)."])

    def test_an_unaccounted_announcement_fails_with_examples(self):
        """Should fail on one unaccounted announcement and name it."""
        figures = Figures()
        figures.rec.update({"unaccounted": 1, "missing examples": ["42"]})
        self.assertEqual(figures.judge().failures, ["1 announcements are unaccounted for, for example 42."])

    def test_bad_input_refused_by_the_rate_limit_first_is_not_a_failure(self):
        """Should accept `throttled` for a bad JSON line and a 4xx for a bad SSIP message, but not another error."""
        figures = Figures()
        figures.ledger.bad += [("JSON lines", "malformed JSON", "invalid_json", "throttled", None),
                               ("SSIP", "an over-long message", 502, 411, None)]
        verdict = figures.judge()
        self.assertEqual((verdict.failures, verdict.bad_input_answered_otherwise), ([], 0))
        figures.ledger.bad.append(("JSON lines", "empty text", "empty_text", "accepted", 1.0))
        verdict = figures.judge()
        self.assertEqual(verdict.failures, ["1 bad inputs were not answered with the expected error."])
        self.assertEqual(verdict.bad_input_answered_otherwise, 1)

    def test_problems_seen_by_clients_fail_the_run(self):
        """Should fail on any problem a client noted, and list the first ones."""
        figures = Figures()
        figures.ledger.problem("Client json-3.1 had no reply within 20 seconds.")
        verdict = figures.judge()
        self.assertEqual(verdict.failures, ["Clients saw 1 problems (listed above)."])
        self.assertIn("  Client json-3.1 had no reply within 20 seconds.", verdict.lines)
        self.assertEqual(verdict.closing_lines()[1], "FAILED: 1 criteria not met.")


if __name__ == "__main__":
    unittest.main()
