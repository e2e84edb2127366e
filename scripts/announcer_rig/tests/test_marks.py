"""Index marks against their audio: the checks of what a server reported, and the offset figures."""

import unittest

from announcer_rig.marks import check_reports, interval_errors_ms, offsets_ms, summary

NAMES = ["m1", "m2", "m3"]


class CheckTests(unittest.TestCase):
    def test_every_mark_in_order_before_the_end_is_well(self):
        """Should find nothing wrong."""
        self.assertIsNone(check_reports(NAMES, [("m1", 1.0), ("m2", 2.0), ("m3", 3.0)], (3, 3.5), "X"))

    def test_a_missing_mark_is_named(self):
        """Should name the first missing mark and how many are missing."""
        self.assertEqual(check_reports(NAMES, [("m1", 1.0)], (1, 3.5), "X"),
                         "X never reported the mark m2 (2 of 3 missing).")

    def test_marks_out_of_order_are_named(self):
        """Should say which mark came after which."""
        self.assertEqual(check_reports(NAMES, [("m2", 1.0), ("m1", 2.0), ("m3", 3.0)], (3, 3.5), "X"),
                         "X reported the mark m1 after m2, out of the text's order.")

    def test_marks_whose_times_run_backwards_are_out_of_order(self):
        """Should catch a timeline whose lines are in order but whose times are not."""
        self.assertEqual(check_reports(NAMES, [("m1", 2.0), ("m2", 1.0), ("m3", 3.0)], (3, 3.5), "X"),
                         "X gave the mark m2 an earlier time than m1, out of the text's order.")

    def test_a_mark_received_after_the_end_is_late(self):
        """Should judge by order of arrival as well as by time."""
        self.assertEqual(check_reports(NAMES, [("m1", 1.0), ("m2", 2.0), ("m3", 3.0)], (2, 3.5), "X"),
                         "X reported the mark m3 after the end of its message.")
        self.assertEqual(check_reports(NAMES, [("m1", 1.0), ("m2", 2.0), ("m3", 3.0)], (3, 2.5), "X"),
                         "X reported the mark m3 after the end of its message.")

    def test_no_end_and_strange_marks_are_told(self):
        """Should say when the message never ended, and when a mark is unknown or repeated."""
        self.assertEqual(check_reports(NAMES, [("m1", 1.0), ("m2", 2.0), ("m3", 3.0)], None, "X"),
                         "X never ended the message.")
        self.assertEqual(check_reports(NAMES, [("m9", 1.0)], (1, 2.0), "X"),
                         "X reported the mark m9, which the text does not hold.")
        self.assertEqual(check_reports(NAMES, [("m1", 1.0), ("m1", 1.5)], (2, 2.0), "X"),
                         "X reported the mark m1 2 times.")


class FigureTests(unittest.TestCase):
    def test_offsets_are_reported_minus_heard_in_milliseconds(self):
        """Should be negative for a mark reported before its audio."""
        self.assertEqual([round(x, 6) for x in offsets_ms([1.010, 2.000], [1.000, 2.004])], [10.0, -4.0])

    def test_interval_errors_do_not_depend_on_a_constant_offset(self):
        """Should give the same errors when every report is 50 ms late."""
        reported = [1.0, 2.0, 3.01]
        heard = [1.0, 2.002, 3.0]
        shifted = [r + 0.050 for r in reported]
        self.assertEqual([round(x, 6) for x in interval_errors_ms(reported, heard)], [-2.0, 12.0])
        self.assertEqual([round(x, 6) for x in interval_errors_ms(shifted, heard)], [-2.0, 12.0])

    def test_summary_takes_sizes_for_the_spread_and_signs_for_the_median(self):
        """Should give nearest-rank figures of |offset| and the signed median."""
        values = [-10.0, -2.0, 1.0, 3.0, 4.0]
        self.assertEqual(summary(values), {"count": 5, "median_abs": 3.0, "p95_abs": 10.0,
                                           "max_abs": 10.0, "median_signed": 1.0})

    def test_summary_of_nothing_is_empty(self):
        """Should not fail on no samples."""
        self.assertEqual(summary([])["median_abs"], None)


if __name__ == "__main__":
    unittest.main()
