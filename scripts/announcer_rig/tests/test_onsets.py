"""Onsets in a recording and the monotonic time of its samples, on hand-made sample lists."""

import unittest

from announcer_rig.onsets import Alignment, find_onsets, window_peaks

RATE = 1000  # one sample a millisecond keeps the arithmetic readable


def sound(*parts):
    """Samples from (length, value) parts: value 0 is silence."""
    samples = []
    for length, value in parts:
        samples.extend([value] * length)
    return samples


class OnsetTests(unittest.TestCase):
    def test_each_word_after_enough_silence_is_one_onset(self):
        """Should find three words separated by 400 ms pauses, at the first sample of each."""
        samples = sound((50, 0), (300, 2000), (400, 0), (250, -1500), (400, 0), (100, 900), (50, 0))
        self.assertEqual(find_onsets(samples, RATE, 300), [50, 750, 1400])

    def test_a_pause_shorter_than_the_silence_does_not_start_a_new_onset(self):
        """Should treat a 150 ms gap inside a word as part of it."""
        samples = sound((300, 0), (100, 2000), (150, 0), (100, 2000), (300, 0))
        self.assertEqual(find_onsets(samples, RATE, 300), [300])

    def test_quiet_sound_below_the_threshold_counts_as_silence(self):
        """Should skip a hiss at 200 and find the loud sound after it."""
        samples = sound((100, 0), (100, 200), (250, 0), (100, 5000))
        self.assertEqual(find_onsets(samples, RATE, 300, silence_ms=200), [450])

    def test_a_recording_that_starts_loud_has_no_onset_unless_silence_came_before(self):
        """Should count the start as silence only when the caller knows it was."""
        samples = sound((100, 3000), (50, 0))
        self.assertEqual(find_onsets(samples, RATE, 300, silent_before=True), [0])
        self.assertEqual(find_onsets(samples, RATE, 300, silent_before=False), [])

    def test_the_onset_is_the_first_loud_sample_inside_its_window(self):
        """Should give the sample, not the window's start, at 44.1 kHz where windows are 44 or 45 samples."""
        rate = 44100
        samples = [0] * 10000 + [10, -40, 400] + [1000] * 500
        self.assertEqual(find_onsets(samples, rate, 300), [10002])
        self.assertEqual(find_onsets([-s for s in samples], rate, 300), [10002])

    def test_windows_stay_on_the_millisecond_grid(self):
        """Should make 1 ms windows of 44 and 45 samples at 44.1 kHz, ten of them in 441 samples."""
        windows = window_peaks([0] * 441, 44100)
        self.assertEqual(len(windows), 10)
        self.assertEqual(windows[1][0], 44)
        self.assertEqual(windows[9][0], 396)


class AlignmentTests(unittest.TestCase):
    def test_a_steady_stream_is_timed_by_its_fastest_deliveries(self):
        """Should put sample 0 at 1.001 s when every chunk arrives 1 ms after its last sample, or later."""
        delays = [0.001, 0.004, 0.001, 0.002, 0.009, 0.001] * 5
        chunks = [(1.0 + 0.002 * (i + 1) + delay, [0] * 2) for i, delay in enumerate(delays)]
        alignment = Alignment(chunks, RATE)
        self.assertAlmostEqual(alignment.start, 1.001)
        self.assertAlmostEqual(alignment.time_of(40), 1.041)
        self.assertAlmostEqual(alignment.ppm, 0.0, places=3)
        self.assertAlmostEqual(alignment.median_lateness_ms(), 0.0)
        self.assertAlmostEqual(max(alignment.lateness_ms), 8.0)
        self.assertAlmostEqual(alignment.bend_ms, 0.0)

    def test_a_sink_that_plays_fast_is_followed(self):
        """Should find a sink 400 ppm fast and time its samples by its own pace, not the nominal rate."""
        pace = RATE * 1.0004
        chunks = [(5.0 + 88 * (i + 1) / pace + (0.003 if i % 3 else 0.0), [0] * 88) for i in range(3000)]
        alignment = Alignment(chunks, RATE)
        self.assertAlmostEqual(alignment.ppm, 400.0, places=3)
        self.assertAlmostEqual(alignment.time_of(88 * 3000), 5.0 + 88 * 3000 / pace)
        self.assertAlmostEqual(alignment.bend_ms, 0.0)

    def test_lost_samples_bend_the_line(self):
        """Should show the bend when 20 samples of the middle never reached the reader."""
        chunks = [(1.0 + 0.002 * (i + 1) + (0.020 if i >= 15 else 0.0), [0] * 2) for i in range(30)]
        self.assertGreater(Alignment(chunks, RATE).bend_ms, 5.0)

    def test_one_chunk_is_timed_at_the_nominal_rate(self):
        """Should count back from the only arrival there is."""
        alignment = Alignment([(2.0, [0] * 500)], RATE)
        self.assertAlmostEqual(alignment.start, 1.5)
        self.assertEqual(alignment.ppm, 0.0)


if __name__ == "__main__":
    unittest.main()
