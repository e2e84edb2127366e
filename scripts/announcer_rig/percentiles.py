"""The one percentile definition of the Python rigs: nearest rank, as the Swift benchmarks use."""

import math


def nearest_rank(values, percent, empty=None):
    """The smallest sample that at least `percent` % of the samples do not exceed; `empty` when there are none.

    `percent` runs from 0 to 100: 50 is the median (the lower middle sample when the count is even),
    99 the 99th percentile. No interpolation: the answer is always one of the samples.
    """
    if not values:
        return empty
    ordered = sorted(values)
    rank = math.ceil(percent * len(ordered) / 100)
    return ordered[min(len(ordered), max(1, rank)) - 1]
