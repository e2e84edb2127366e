"""Records a PulseAudio source (a null sink's monitor) with parec, each chunk stamped with time.monotonic() as it is read."""

import array
import collections
import os
import subprocess
import threading
import time

from .failure import Failure
from .processes import stop_process



def on_capture_server(env):
    """`env` pointed at the PulseAudio server that records: on PipeWire (scripts/pipewire-null-sink) that is
    where only parec, and Speech Dispatcher in the side-by-side rig, are told to look."""
    if env.get("ANNOUNCER_TEST_CAPTURE_PULSE_SERVER"):
        env["PULSE_SERVER"] = env["ANNOUNCER_TEST_CAPTURE_PULSE_SERVER"]
    return env

class MonitorCapture:
    """Records `source` as 16-bit mono; the time of a sample inside a chunk is estimated back from the chunk's arrival.

    A reader thread keeps about 60 s of chunks; callers ask for the first loud sample after a mark,
    for the loudest chunk between two times, or wait for silence.
    """

    def __init__(self, source, log_path, rate=16000):
        self.rate = rate
        self.log = open(log_path, "wb")
        env = on_capture_server(dict(os.environ))
        self.proc = subprocess.Popen(
            ["parec", "-d", source, "--raw", "--format=s16le", f"--rate={rate}",
             "--channels=1", "--latency-msec=2"],
            stdout=subprocess.PIPE, stderr=self.log, bufsize=0, env=env)
        self.cond = threading.Condition()
        # (sequence, arrival time, samples, peak); about 60 s of audio at 2 ms a chunk.
        self.chunks = collections.deque(maxlen=30000)
        self.sequence = 0
        self.failed = None
        self.thread = threading.Thread(target=self._read, name="parec reader", daemon=True)
        self.thread.start()
        # parec prints nothing until the stream runs; wait for the first chunk (silence flows).
        deadline = time.monotonic() + 5
        with self.cond:
            while self.sequence == 0 and self.failed is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Failure(f"parec recorded nothing from {source} within 5 seconds; "
                                  f"its messages are in {log_path}.")
                self.cond.wait(left)
        if self.failed:
            raise Failure(self.failed)

    def _read(self):
        fd = self.proc.stdout.fileno()
        pending = b""
        while True:
            try:
                data = os.read(fd, 8192)
            except OSError:
                data = b""
            now = time.monotonic()
            if not data:
                with self.cond:
                    self.failed = "parec stopped recording."
                    self.cond.notify_all()
                return
            data = pending + data
            usable = len(data) - (len(data) % 2)
            pending = data[usable:]
            samples = array.array("h")
            samples.frombytes(data[:usable])
            if not samples:
                continue
            peak = max(max(samples), -min(samples))
            with self.cond:
                self.sequence += 1
                self.chunks.append((self.sequence, now, samples, peak))
                self.cond.notify_all()

    def mark(self):
        """The sequence number of the newest chunk: later chunks hold audio played after now."""
        with self.cond:
            return self.sequence

    def first_above(self, threshold, after_sequence, timeout):
        """The estimated monotonic time of the first sample above threshold in a chunk newer than
        after_sequence, or None on timeout."""
        deadline = time.monotonic() + timeout
        seen = after_sequence
        with self.cond:
            while True:
                if self.failed:
                    raise Failure(self.failed)
                for sequence, arrival, samples, peak in self.chunks:
                    if sequence <= seen:
                        continue
                    seen = sequence
                    if peak > threshold:
                        for index, value in enumerate(samples):
                            if value > threshold or -value > threshold:
                                return arrival - (len(samples) - index) / self.rate
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)

    def chunks_after(self, after_sequence):
        """Every chunk newer than after_sequence, oldest first, as (arrival time, samples) pairs.

        Raises Failure when the oldest of them has already left the buffer, so that the samples
        handed back are one unbroken stretch of what parec recorded since the mark.
        """
        with self.cond:
            if self.failed:
                raise Failure(self.failed)
            chunks = [(arrival, samples) for sequence, arrival, samples, _ in self.chunks
                      if sequence > after_sequence]
            oldest = self.chunks[0][0] if self.chunks else self.sequence + 1
        if after_sequence + 1 < oldest:
            raise Failure("The capture no longer holds the audio recorded since the mark: "
                          "more than its 30,000 chunks arrived since.")
        return chunks

    def peak_between(self, start, end):
        """The highest peak among chunks that arrived between two monotonic times."""
        with self.cond:
            peaks = [peak for _, arrival, _, peak in self.chunks if start <= arrival <= end]
        return max(peaks) if peaks else 0

    def wait_silence(self, threshold, quiet_for, timeout):
        """Waits until no chunk has gone above threshold for quiet_for seconds; False on timeout."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                if self.failed:
                    raise Failure(self.failed)
                now = time.monotonic()
                loud = [arrival for _, arrival, _, peak in self.chunks
                        if peak > threshold and arrival > now - quiet_for]
                if not loud and self.chunks and self.chunks[-1][1] > now - 0.05:
                    return True
                if now > deadline:
                    return False
                self.cond.wait(0.02)

    def close(self, warn=None):
        """Stops parec; `warn` is told if it had to be killed."""
        stop_process(self.proc, "parec", warn=warn)
        self.log.close()
