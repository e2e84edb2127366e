"""Where sounds begin in a recording, and when each recorded sample was played on CLOCK_MONOTONIC.

Pure functions over what `capture.MonitorCapture.chunks_after` hands back: no processes, no clock.
"""

from .percentiles import nearest_rank


class Alignment:
    """The monotonic time of each sample of an unbroken recording, from when its chunks were read.

    A chunk is read after its last sample was played, never before. So the time at which the first
    N samples had been played lies at or before the arrival of the chunk that ends with sample N.
    Plotted against N, the arrivals lie on or above one straight line: the sink's own clock. Its
    slope is not taken as 1 / rate: PulseAudio's null sink keeps time in whole microseconds per
    block, so at 44.1 kHz it plays a few hundred parts per million fast against CLOCK_MONOTONIC.
    The line used is the one below every arrival that lies closest to them all (it touches their
    lower convex hull at the middle of the recording); `start` is its time for sample 0 and
    `ppm` how much faster than `rate` the sink played. What remains unknown is the fastest
    delivery from the sink to the reader, by which the line may still be late.

    `lateness_ms` says how late each chunk arrived against the line. Its median is about what
    stamping each chunk on its own arrival (as `MonitorCapture.first_above` does) would add.
    `bend_ms` is the largest, over the three thirds of the recording, of the smallest lateness in
    that third: near zero when the stream kept one steady pace, and larger when samples were lost
    or added, so that no straight line fits.
    """

    def __init__(self, chunks, rate):
        if not chunks:
            raise ValueError("no chunks to align")
        self.rate = rate
        points = []  # (samples played, arrival)
        total = 0
        for arrival, samples in chunks:
            total += len(samples)
            points.append((total, arrival))
        self.samples = total
        self.slope = 1.0 / rate
        self.start = min(arrival - n * self.slope for n, arrival in points)
        hull = _lower_hull(points)
        middle = sum(n for n, _ in points) / len(points)
        for (n0, t0), (n1, t1) in zip(hull, hull[1:]):
            if n0 <= middle <= n1:
                self.slope = (t1 - t0) / (n1 - n0)
                self.start = t0 - n0 * self.slope
                break
        self.ppm = (1.0 / (self.slope * rate) - 1.0) * 1e6
        self.lateness_ms = [(arrival - self.time_of(n)) * 1000.0 for n, arrival in points]
        third = max(1, len(points) // 3)
        late = self.lateness_ms
        thirds = (late[:third], late[third:-third] or late, late[-third:])
        self.bend_ms = max(min(part) for part in thirds)

    def time_of(self, index):
        """The monotonic time, in seconds, at which sample `index` (counted from 0) was played."""
        return self.start + index * self.slope

    def median_lateness_ms(self):
        return nearest_rank(self.lateness_ms, 50)


def _lower_hull(points):
    """The lower convex hull of points sorted by x, left to right (Andrew's monotone chain)."""
    hull = []
    for point in points:
        while len(hull) >= 2:
            (x1, y1), (x2, y2) = hull[-2], hull[-1]
            if (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1) <= 0:
                hull.pop()
            else:
                break
        hull.append(point)
    return hull


def joined(chunks):
    """The samples of all chunks, in order, as one list."""
    samples = []
    for _, chunk in chunks:
        samples.extend(chunk)
    return samples


def window_peaks(samples, rate, window_ms=1.0):
    """The largest absolute sample of each whole window of window_ms, as (first sample index, peak) pairs.

    Window k starts at sample floor(k * rate * window_ms / 1000), so windows stay on the millisecond
    grid even when a millisecond is not a whole number of samples (44.1 at 44.1 kHz).
    """
    per_window = rate * window_ms / 1000.0
    windows = []
    k = 0
    while True:
        first = int(k * per_window)
        end = int((k + 1) * per_window)
        if end > len(samples) or end <= first:
            return windows
        part = samples[first:end]
        windows.append((first, max(max(part), -min(part))))
        k += 1


def find_onsets(samples, rate, threshold, silence_ms=200.0, window_ms=1.0, silent_before=True):
    """The sample index of each sound's onset: the first sample above threshold in the first window
    above threshold that follows at least silence_ms of windows at or below it.

    `silent_before` counts the time before the first sample as silence, for a recording that starts
    when the sink is known to have been quiet for at least silence_ms.
    """
    needed = silence_ms / window_ms
    quiet = needed if silent_before else 0
    onsets = []
    for first, peak in window_peaks(samples, rate, window_ms):
        if peak <= threshold:
            quiet += 1
            continue
        if quiet >= needed:
            index = first
            while -threshold <= samples[index] <= threshold:
                index += 1
            onsets.append(index)
        quiet = 0
    return onsets
