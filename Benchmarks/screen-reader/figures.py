"""The screen-reader benchmark's figures and its report in sentences: pure functions over the samples.

A sample is one key, with its server and key echo setting and these times in milliseconds, each
None when it is not known:
- orca_ms: the key sent to Orca's first request that speaks, complete at the proxy (Orca's share);
- server_ms: that request to the first audible sample on the null sink (the server's share);
- total_ms: the key to that sample;
- server_less_lead_ms: the server's share less eSpeak NG's own silence before the first audible
  sample of that text, which both servers play (espeak_lead.py).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from announcer_rig.percentiles import nearest_rank  # noqa: E402

SERVERS = ("announcer", "speechd")
NAMES = {"announcer": "announcer", "speechd": "Speech Dispatcher"}
SHARES = ("orca_ms", "server_ms", "total_ms", "server_less_lead_ms")
# The goal: announcer's share at most a quarter of Speech Dispatcher's, at the median.
GOAL_RATIO = 0.25


def echo_words(key_echo):
    return "key echo on" if key_echo else "key echo off"


def figures(samples, server, key_echo):
    """Keys, keys without a figure, and p50/p90 of each share, for one server and key echo setting;
    None when there is no such sample."""
    chosen = [s for s in samples if s["server"] == server and s["key_echo"] == key_echo]
    if not chosen:
        return None
    result = {"keys": len(chosen), "missed": sum(1 for s in chosen if s.get("server_ms") is None),
              "cancelled": sum(1 for s in chosen if s.get("cancelled_before_heard"))}
    for share in SHARES:
        values = [s[share] for s in chosen if s.get(share) is not None]
        result[share] = {"p50": nearest_rank(values, 50), "p90": nearest_rank(values, 90), "count": len(values)}
    return result


def ratios(samples, key_echo, share="server_ms"):
    """announcer's share over Speech Dispatcher's at p50 and p90 (None where either is missing or zero),
    or None when either server has no sample with this key echo setting."""
    a, d = figures(samples, "announcer", key_echo), figures(samples, "speechd", key_echo)
    if not a or not d:
        return None
    found = {}
    for point in ("p50", "p90"):
        mine, theirs = a[share][point], d[share][point]
        found[point] = None if mine is None or not theirs else mine / theirs
    return found


def settings_measured(samples):
    return sorted({s["key_echo"] for s in samples})


def goal_words(key_echo):
    return "announcer's share at most a quarter of Speech Dispatcher's at the median, with %s" % echo_words(key_echo)


def unmet_goals(samples):
    """The goal in words for each key echo setting where announcer's median share is above a quarter
    of Speech Dispatcher's, or where either server gave no figure to compare."""
    unmet = []
    for key_echo in settings_measured(samples):
        found = ratios(samples, key_echo)
        if found is None or found["p50"] is None or found["p50"] > GOAL_RATIO:
            unmet.append(goal_words(key_echo))
    return unmet


def ms(value):
    if value is None:
        return "nothing"
    return "%.1f milliseconds" % value


def ratio_words(value):
    return "not known" if value is None else "%.2f" % value


def report(samples, orca_version="43"):
    """The report: sentences that read well aloud."""
    groups = {(s["server"], s["key_echo"]) for s in samples}
    per = max((sum(1 for s in samples if (s["server"], s["key_echo"]) == g) for g in groups), default=0)
    lines = ["Orca %s read the same form in Chromium through each server, %d keys for each server and key "
             "echo setting. Orca's share runs from the key, sent over AT Driver, to Orca's first request "
             "that speaks arriving complete at the server; the server's share runs from there to the first "
             "audible sample on the null sink. Each figure is a median, then a 90th percentile."
             % (orca_version, per)]
    for key_echo in settings_measured(samples):
        for server in SERVERS:
            found = figures(samples, server, key_echo)
            if not found:
                continue
            line = ("With %s, through %s: Orca's share %s and %s; the server's share %s and %s; "
                    "from the key to the first sound %s and %s." % (
                        echo_words(key_echo), NAMES[server],
                        ms(found["orca_ms"]["p50"]), ms(found["orca_ms"]["p90"]),
                        ms(found["server_ms"]["p50"]), ms(found["server_ms"]["p90"]),
                        ms(found["total_ms"]["p50"]), ms(found["total_ms"]["p90"])))
            if found["missed"]:
                line += " %d of %d keys gave no request or no sound, and are left out." % (
                    found["missed"], found["keys"])
            if found["cancelled"]:
                line += (" For %d of %d keys Orca cancelled its first request before anything was heard, so "
                         "the first sound was a later request's." % (found["cancelled"], found["keys"]))
            lines.append(line)
        found = ratios(samples, key_echo)
        if found is None or found["p50"] is None:
            lines.append("With %s, the two servers cannot be compared: one of them has no figure." % echo_words(key_echo))
            continue
        lines.append("With %s, announcer's share is %s of Speech Dispatcher's at the median and %s at the "
                     "90th percentile; the goal of at most a quarter at the median is %s." % (
                         echo_words(key_echo), ratio_words(found["p50"]), ratio_words(found["p90"]),
                         "met" if found["p50"] <= GOAL_RATIO else "not met"))
        less = ratios(samples, key_echo, "server_less_lead_ms")
        a, d = figures(samples, "announcer", key_echo), figures(samples, "speechd", key_echo)
        if less and less["p50"] is not None:
            lines.append("Less eSpeak NG's own silence before each text's first audible sample, which both "
                         "servers play, the server's share is %s and %s through announcer, %s and %s through "
                         "Speech Dispatcher: a ratio of %s at the median and %s at the 90th percentile." % (
                             ms(a["server_less_lead_ms"]["p50"]), ms(a["server_less_lead_ms"]["p90"]),
                             ms(d["server_less_lead_ms"]["p50"]), ms(d["server_less_lead_ms"]["p90"]),
                             ratio_words(less["p50"]), ratio_words(less["p90"])))
    return lines
