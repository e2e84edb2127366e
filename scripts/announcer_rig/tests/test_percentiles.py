"""The one percentile definition: nearest rank, never an interpolated value."""

import math
import unittest

from announcer_rig.percentiles import nearest_rank


class NearestRankTests(unittest.TestCase):
    def test_the_textbook_example_gives_the_smallest_sample_that_covers_the_share(self):
        """Should give 15, 20, 20, 35 and 50 for the 5th, 30th, 40th, 50th and 100th percentiles of 15, 20, 35, 40, 50."""
        values = [15, 20, 35, 40, 50]
        self.assertEqual([nearest_rank(values, p) for p in (5, 30, 40, 50, 100)], [15, 20, 20, 35, 50])

    def test_the_median_of_an_even_count_is_the_lower_middle_sample(self):
        """Should not average the two middle samples."""
        self.assertEqual(nearest_rank([4.0, 1.0, 3.0, 2.0], 50), 2.0)

    def test_the_99th_percentile_of_fewer_than_100_samples_is_the_worst(self):
        """Should give the maximum: 99 % of 80 samples is 79.2, so the 80th sample is the first that covers it."""
        values = list(range(1, 81))
        self.assertEqual(nearest_rank(values, 99), 80)

    def test_the_99th_percentile_of_1000_samples_is_the_990th(self):
        """Should count ranks exactly, with no floating-point step past a whole rank."""
        self.assertEqual(nearest_rank(list(range(1, 1001)), 99), 990)
        self.assertEqual(nearest_rank(list(range(1, 1001)), 99.9), 999)

    def test_the_answer_is_always_one_of_the_samples(self):
        """Should pick a sample between 10 and 20, never a value between them."""
        self.assertIn(nearest_rank([10.0, 20.0], 75), (10.0, 20.0))
        self.assertEqual(nearest_rank([10.0, 20.0], 75), 20.0)

    def test_the_order_of_the_input_does_not_matter(self):
        """Should sort a copy and leave the caller's list as it was."""
        values = [3, 1, 2]
        self.assertEqual(nearest_rank(values, 0), 1)
        self.assertEqual(values, [3, 1, 2])

    def test_no_samples_give_the_empty_answer(self):
        """Should give None, or what the caller asks for instead."""
        self.assertIsNone(nearest_rank([], 50))
        self.assertTrue(math.isnan(nearest_rank([], 99, empty=float("nan"))))


if __name__ == "__main__":
    unittest.main()
