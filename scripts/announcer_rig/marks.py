"""Index marks against their audio: whether every mark came, in order and before the end, and how far
each reported time lies from the onset of the word it stands before. Pure functions, times in seconds
on one clock, figures in milliseconds.
"""

from .percentiles import nearest_rank


def check_reports(expected, reports, end, source):
    """One sentence about what is wrong with the marks `source` reported, or None when all is well.

    `expected` lists the mark names in the order of the text; `reports` lists (name, time) in the
    order they were received; `end` is (position in that order, time) of the message's end, or None
    when it never ended. A mark counts as after the end when it was received after the end, or
    when its time is later than the end's.
    """
    names = [name for name, _ in reports]
    unknown = [name for name in names if name not in expected]
    if unknown:
        return "%s reported the mark %s, which the text does not hold." % (source, unknown[0])
    repeated = [name for name in expected if names.count(name) > 1]
    if repeated:
        return "%s reported the mark %s %d times." % (source, repeated[0], names.count(repeated[0]))
    missing = [name for name in expected if name not in names]
    if missing:
        return "%s never reported the mark %s (%d of %d missing)." % (
            source, missing[0], len(missing), len(expected))
    for (before, before_time), (after, after_time) in zip(reports, reports[1:]):
        if expected.index(after) < expected.index(before):
            return "%s reported the mark %s after %s, out of the text's order." % (source, after, before)
        if after_time < before_time:
            return "%s gave the mark %s an earlier time than %s, out of the text's order." % (
                source, after, before)
    if end is None:
        return "%s never ended the message." % source
    position, end_time = end
    for index, (name, time) in enumerate(reports):
        if index >= position or time > end_time:
            return "%s reported the mark %s after the end of its message." % (source, name)
    return None


def offsets_ms(reported, onsets):
    """Reported time minus onset, per mark, in ms: negative when a mark was reported before its audio."""
    return [(r - o) * 1000.0 for r, o in zip(reported, onsets)]


def interval_errors_ms(reported, onsets):
    """For each pair of neighbouring marks, the reported interval minus the heard one, in ms.

    It does not depend on how the two clocks are aligned: a constant error cancels out.
    """
    return [((reported[i + 1] - reported[i]) - (onsets[i + 1] - onsets[i])) * 1000.0
            for i in range(len(reported) - 1)]


def summary(values):
    """Median, 95th percentile and maximum of the sizes, and the median of the signed values (nearest rank)."""
    sizes = [abs(v) for v in values]
    return {"count": len(values),
            "median_abs": nearest_rank(sizes, 50),
            "p95_abs": nearest_rank(sizes, 95),
            "max_abs": max(sizes) if sizes else None,
            "median_signed": nearest_rank(values, 50)}
