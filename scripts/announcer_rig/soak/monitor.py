"""Watches announcerd while the soak runs: memory every second, status every five, and one progress line a minute."""

import asyncio
import time
from collections import Counter

from ..processes import children_of, rss_kb
from .connections import ConnectionLost, status
from .timeline import TimelineTail
from .wording import mb, ms, number, say


class Monitor:
    """Samples announcerd's memory and its workers', reads the timeline and asks for status while the clients send."""

    def __init__(self, ctx, server, start):
        self.ctx, self.server, self.start = ctx, server, start
        self.samples = []   # (seconds since start, announcerd RSS kB, workers' RSS kB, workers)
        self.tail = TimelineTail(ctx.timeline)
        self.server_died = None
        self.last_minute = 0
        self.minute_marks = [0]  # ended counts by minute from the tail
        self.statuses = []

    def sample(self):
        now = time.monotonic() - self.start
        pid = self.server.pid
        own = rss_kb(pid)
        # Only the announcer-synth children: a crash would add Swift's swift-backtrace as a child for a while.
        worker_rss = [rss_kb(c) for c in children_of(pid, "announcer-synth")]
        worker_rss = [w for w in worker_rss if w is not None]
        if own is not None:
            self.samples.append((now, own, sum(worker_rss), len(worker_rss)))

    def progress(self, minute, total_minutes):
        ledger = self.ctx.ledger
        now = time.monotonic()
        accepted = [s for s in ledger.speaks if s["status"] == "accepted"]
        overdue = sum(1 for s in accepted if now - s["t"] > 60 and s["id"] not in self.tail.ended)
        memory = mb(self.samples[-1][1]) if self.samples else "unknown"
        window_start = self.start + (minute - 1) * 60
        outcomes = Counter(e["outcome"] for e in self.tail.ended.values()
                           if window_start * 1000 <= e["t_ms"] < (window_start + 60) * 1000)
        spoken, failed = outcomes.get("spoken", 0), outcomes.get("failed", 0)
        latencies = []
        for ident, event in self.tail.first_audio.items():
            if event.get("politeness") == "assertive" and window_start * 1000 <= event["t_ms"] < (window_start + 60) * 1000:
                latencies.append(event.get("latency_ms", 0))
        waiting = self.statuses[-1].get("waiting", {}) if self.statuses else {}
        queue = f"{number(waiting.get('polite', 0))} polite and {number(waiting.get('assertive', 0))} assertive waiting"
        worst = f"worst assertive arrival to first audio {ms(max(latencies))}" if latencies else "no assertive one spoken"
        say(f"Minute {minute} of {number(total_minutes)}: {number(len(accepted))} announcements accepted, "
            f"{number(overdue)} unaccounted so far, server memory {memory}. "
            f"This minute {number(spoken)} spoken, {number(failed)} failed, {worst}; {queue}.")

    async def run(self, conn, total_minutes, stop):
        next_minute = self.start + 60
        while not stop.is_set():
            await asyncio.sleep(1)
            if self.server.poll() is not None:
                self.server_died = (time.monotonic() - self.start, self.server.returncode)
                self.ctx.stop_sending.set()
                return
            self.sample()
            self.tail.read()
            if len(self.samples) % 5 == 0:
                try:
                    self.statuses.append(await status(conn))
                except ConnectionLost:
                    self.ctx.ledger.problem("The server stopped answering the soak's status requests.")
                    return
            if time.monotonic() >= next_minute and not self.ctx.stop_sending.is_set():
                self.last_minute += 1
                self.progress(self.last_minute, total_minutes)
                next_minute += 60
