"""The soak's assertive latency figure: a wait behind another assertive announcement is by design and not counted."""

import unittest

from announcer_rig.soak.figures import latency


def assertive(received, first_audio, ended):
    return {"politeness": "assertive", "received": {"t_ms": received}, "first_audio": {"t_ms": first_audio},
            "ended": [{"t_ms": ended, "outcome": "spoken"}]}


class LatencyTests(unittest.TestCase):
    def test_latency_counts_from_its_turn_after_the_assertive_one_before_it(self):
        """Should count the second announcement from the first one's end, and report the whole wait from arrival."""
        announcements = {"1": assertive(1_000, 1_004, 3_000), "2": assertive(2_000, 3_006, 4_000)}
        figures = latency(announcements, start=0.0, windows=[], load_end=60.0)
        up = figures["device up"]
        self.assertEqual((up["count"], up["turn p99"], up["arrival p99"]), (2, 6, 1_006))
        self.assertEqual(up["waited behind an assertive"], 1)

    def test_announcements_received_while_pulseaudio_was_down_are_left_out_of_the_bound(self):
        """Should judge only those received while PulseAudio was up, and count the others apart."""
        announcements = {"1": assertive(1_000, 1_004, 2_000), "2": assertive(10_500, 14_000, 15_000)}
        figures = latency(announcements, start=0.0, windows=[(10.0, 12.0)], load_end=60.0)
        self.assertEqual((figures["device up"]["count"], figures["received while down"]), (1, 1))
        self.assertEqual(figures["all"]["turn max"], 3_500)


if __name__ == "__main__":
    unittest.main()
