"""The soak's figures from the timeline and the memory samples: assertive latency, speech again after each restart, memory growth."""

import math
from collections import Counter

from ..percentiles import nearest_rank


def latency(announcements, start, windows, load_end):
    """Assertive arrival to first audio, and the same counted from its turn, per minute and overall."""
    assertive = sorted((a for a in announcements.values() if a.get("politeness") == "assertive" and "received" in a),
                       key=lambda a: a["received"]["t_ms"])
    rows = []
    latest_end = 0.0
    for a in assertive:
        received = a["received"]["t_ms"]
        if "first_audio" in a:
            turn = max(received, latest_end)
            audible = a.get("audible", {}).get("t_ms")
            rows.append({
                "received": received,
                "arrival": a["first_audio"]["t_ms"] - received,
                "turn": a["first_audio"]["t_ms"] - turn,
                "audible": (audible - received) if audible else None,
                "waited_behind_assertive": latest_end > received,
            })
        if a["ended"]:
            latest_end = max(latest_end, a["ended"][0]["t_ms"])
    spoken_ids = sum(1 for a in assertive if "first_audio" in a)
    down = [(d * 1000, (u if u else float("inf")) * 1000) for d, u in windows]

    def in_down(row):
        return any(d <= row["received"] <= u for d, u in down)

    def stats(selected):
        arrival = [x["arrival"] for x in selected]
        turn = [x["turn"] for x in selected]
        return {"count": len(selected), "turn p50": nearest_rank(turn, 50), "turn p99": nearest_rank(turn, 99),
                "turn max": max(turn) if turn else None, "arrival p50": nearest_rank(arrival, 50),
                "arrival p99": nearest_rank(arrival, 99), "arrival max": max(arrival) if arrival else None,
                "waited behind an assertive": sum(1 for x in selected if x["waited_behind_assertive"])}

    up_rows = [x for x in rows if not in_down(x)]
    minutes = []
    total = max(1, math.ceil((load_end - start - 1) / 60))
    for m in range(total):
        lo, hi = (start + m * 60) * 1000, (start + (m + 1) * 60) * 1000
        minutes.append(stats([x for x in up_rows if lo <= x["received"] < hi]))
    return {"assertive": len(assertive), "assertive with audio": spoken_ids,
            "assertive outcomes": dict(Counter(a["ended"][0]["outcome"] for a in assertive if a["ended"])),
            "device up": stats(up_rows), "all": stats(rows), "received while down": len(rows) - len(up_rows),
            "per minute": minutes}


def recovery(announcements, start, windows):
    """How soon after each PulseAudio restart something was heard again."""
    firsts = sorted(a["first_audio"]["t_ms"] for a in announcements.values()
                    if "first_audio" in a and a["ended"] and a["ended"][0]["outcome"] == "spoken")
    after = []
    for i, (down, up) in enumerate(windows):
        until = windows[i + 1][0] * 1000 if i + 1 < len(windows) else float("inf")
        if up is None:
            after.append({"down at": down - start, "back after": None, "speech again after": None, "failed": None})
            continue
        first = next((t for t in firsts if up * 1000 <= t < until), None)
        failed = sum(1 for a in announcements.values()
                     if a["ended"] and a["ended"][0]["outcome"] == "failed" and down * 1000 <= a["ended"][0]["t_ms"] < until)
        after.append({"down at": down - start, "back after": up - down,
                      "speech again after": None if first is None else first / 1000 - up,
                      "failed": failed})
    return after


def memory(samples, load_end, start):
    during = [s for s in samples if s[0] <= load_end - start + 0.5]
    if not during:
        return None
    at60 = next((s for s in during if s[0] >= 60), None) if load_end - start >= 90 else None
    end = during[-1]
    result = {"first": during[0][1], "end": end[1], "max": max(s[1] for s in during),
              "workers end": end[2], "workers max": max(s[2] for s in during), "workers at end": end[3],
              "samples": len(samples)}
    if at60:
        later = [s for s in during if s[0] >= at60[0]]
        result.update({"at 60 s": at60[1], "growth": end[1] - at60[1], "peak growth": max(s[1] for s in later) - at60[1],
                       "workers at 60 s": at60[2], "workers growth": end[2] - at60[2]})
    result["by minute"] = [next(s[1] for s in during if s[0] >= m * 60)
                           for m in range(1, int((load_end - start) // 60) + 1) if during[-1][0] >= m * 60]
    if samples:
        result["after idle"] = samples[-1][1]
    return result

