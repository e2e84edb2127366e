"""The benchmark's figures and goal, and eSpeak NG's leading silence, from plain values."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import figures  # noqa: E402
from espeak_lead import leading_silence_ms, words_per_minute  # noqa: E402


def sample(server, key_echo, server_ms, orca_ms=50.0, lead_ms=0.0):
    return {"server": server, "key_echo": key_echo, "orca_ms": orca_ms, "server_ms": server_ms,
            "total_ms": None if server_ms is None else orca_ms + server_ms,
            "server_less_lead_ms": None if server_ms is None else server_ms - lead_ms}


class FigureTests(unittest.TestCase):
    def test_a_key_without_sound_is_counted_as_missed_and_left_out_of_the_percentiles(self):
        """Should give the median of the heard keys only, and count the other as missed."""
        found = figures.figures([sample("announcer", False, 2.0), sample("announcer", False, None),
                                 sample("announcer", False, 4.0)], "announcer", False)
        self.assertEqual((found["keys"], found["missed"], found["server_ms"]["p50"]), (3, 1, 2.0))

    def test_keys_whose_first_request_was_cancelled_before_sound_are_counted_and_told(self):
        """Should count them, keep them in the figures, and say why their first sound is a later request's."""
        cut = dict(sample("speechd", True, 150.0), cancelled_before_heard=True)
        samples = [cut, sample("speechd", True, 20.0), sample("announcer", True, 5.0)]
        self.assertEqual(figures.figures(samples, "speechd", True)["cancelled"], 1)
        self.assertIn("For 1 of 2 keys Orca cancelled its first request", " ".join(figures.report(samples)))

    def test_the_goal_is_met_at_a_quarter_and_not_above(self):
        """Should meet the goal at a ratio of exactly 0.25 of the medians, and name it at 0.26."""
        met = [sample("announcer", False, 5.0), sample("speechd", False, 20.0)]
        missed = [sample("announcer", True, 5.2), sample("speechd", True, 20.0)]
        self.assertEqual(figures.unmet_goals(met), [])
        self.assertEqual(figures.unmet_goals(met + missed), [figures.goal_words(True)])

    def test_a_setting_with_one_server_only_does_not_meet_the_goal(self):
        """Should not call a goal met when there is nothing to compare with."""
        self.assertEqual(figures.unmet_goals([sample("announcer", False, 1.0)]), [figures.goal_words(False)])

    def test_the_ratio_without_the_lead_uses_the_shares_less_eSpeaks_silence(self):
        """Should take the same 49 ms of eSpeak's silence off both servers' shares before dividing."""
        samples = [sample("announcer", True, 52.0, lead_ms=49.0), sample("speechd", True, 79.0, lead_ms=49.0)]
        self.assertAlmostEqual(figures.ratios(samples, True)["p50"], 52.0 / 79.0)
        self.assertAlmostEqual(figures.ratios(samples, True, "server_less_lead_ms")["p50"], 3.0 / 30.0)

    def test_the_report_reads_in_words_with_units(self):
        """Should say each figure with its unit and the goal's outcome in words."""
        lines = figures.report([sample("announcer", False, 3.0), sample("speechd", False, 30.0)], "43.1")
        self.assertIn("through announcer: Orca's share 50.0 milliseconds", " ".join(lines))
        self.assertIn("the goal of at most a quarter at the median is met.", " ".join(lines))


class LeadingSilenceTests(unittest.TestCase):
    def test_the_lead_ends_at_the_first_sample_above_the_threshold_either_way(self):
        """Should count samples of silence and quiet sound before the first loud one, positive or negative."""
        self.assertEqual(leading_silence_ms([0] * 49 + [10, -400, 500], 1000, 300), 50.0)

    def test_a_text_without_a_loud_sample_has_no_lead(self):
        """Should say None, not the length of the text."""
        self.assertIsNone(leading_silence_ms([0, 5, -5], 1000, 300))


class RateTests(unittest.TestCase):
    def test_orcas_rate_2_is_180_words_a_minute_on_announcer_and_175_on_speech_dispatcher(self):
        """Should map SSIP's rate as each server does, so each server's leads are rendered at its own pace."""
        self.assertEqual((words_per_minute("announcer", 2), words_per_minute("speechd", 2)), (180, 175))
        self.assertEqual((words_per_minute("announcer", -100), words_per_minute("speechd", 100)), (80, 449))


if __name__ == "__main__":
    unittest.main()
