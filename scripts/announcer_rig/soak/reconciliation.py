"""Reconciles what the soak's clients saw with announcerd's timeline, so that every announcement is accounted for exactly once."""

from collections import Counter, defaultdict


def micros(value):
    """A time in ms as whole microseconds, so that the same send time compares equal on both sides."""
    return int(round(float(value) * 1000))



def reconcile(ledger, announcements):
    """Counts, from the clients' ledger and the timeline read whole, every way an announcement can go unaccounted for."""
    r = {}
    accepted = [s for s in ledger.speaks if s["status"] == "accepted"]
    accepted_ids = Counter(s["id"] for s in accepted)
    r["accepted"] = len(accepted)
    r["accepted twice"] = sum(1 for c in accepted_ids.values() if c > 1)
    r["refused"] = dict(ledger.refused)
    # Requests whose reply was never read: the client hung up first.
    no_reply = [s for s in ledger.speaks if s["status"] == "no_reply"]
    r["reply lost"] = len(no_reply)
    by_sent = defaultdict(list)
    for ident, a in announcements.items():
        if "sent_ms" in a:
            by_sent[micros(a["sent_ms"])].append(ident)
    found_lost = set()
    for s in no_reply:
        if s["sent_ms"] is not None:
            for ident in by_sent.get(micros(s["sent_ms"]), []):
                if ident not in accepted_ids:
                    found_lost.add(ident)
    r["reply lost, found in the timeline"] = len(found_lost)
    missing = [i for i in accepted_ids if i not in announcements or not announcements[i]["ended"]]
    r["accepted without an outcome"] = len(missing)
    r["ended twice"] = sum(1 for a in announcements.values() if len(a["ended"]) > 1)
    r["received without an outcome"] = sum(1 for a in announcements.values() if "received" in a and not a["ended"])
    r["ended without received"] = sum(1 for a in announcements.values() if a["ended"] and "received" not in a)
    # Announcements on the timeline that no client knows of; at most the SSIP messages whose reply was lost.
    ssip_lost = sum(1 for s in no_reply if s["proto"] == "ssip")
    unknown = [i for i, a in announcements.items() if "received" in a and i not in accepted_ids and i not in found_lost]
    r["on the timeline, reply lost (SSIP)"] = len(unknown)
    r["unexplained on the timeline"] = max(0, len(unknown) - ssip_lost)
    # Refused requests that reached the timeline anyway (JSON ones carry their send time).
    refused_sent = {micros(s["sent_ms"]) for s in ledger.speaks if s["status"] == "refused" and s["sent_ms"]}
    refused_sent |= {micros(b[4]) for b in ledger.bad if b[4] is not None}
    r["refused but on the timeline"] = sum(len(by_sent.get(m, [])) for m in refused_sent)
    # The outcomes clients heard.
    mismatches, matched, misrouted = [], 0, 0
    for key, proto, ident, outcome in ledger.events:
        if ident not in ledger.accepted_by_conn.get(key, set()):
            misrouted += 1
            if len(mismatches) < 10:
                mismatches.append(f"client {key} heard an outcome for {ident}, which it did not send")
            continue
        ends = announcements.get(ident, {"ended": []})["ended"]
        truth = ends[0]["outcome"] if ends else None
        if proto in ("ssip", "speechd"):
            same = truth is not None and (outcome == "spoken") == (truth == "spoken")
        else:
            same = truth == outcome
        if same:
            matched += 1
        else:
            mismatches.append(f"client {key} heard {outcome} for {ident}, the timeline says {truth}")
    r["client outcomes"] = len(ledger.events)
    r["client outcomes matching"] = matched
    r["client outcomes not matching"] = len(ledger.events) - matched - misrouted
    r["client outcomes misrouted"] = misrouted
    r["mismatch examples"] = mismatches[:10]
    heard = Counter((key, ident) for key, _, ident, _ in ledger.events)
    r["client heard one outcome twice"] = sum(1 for c in heard.values() if c > 1)
    # Each announcement counts once, whichever of these it falls under.
    lacking = set(missing)
    lacking |= {i for i, a in announcements.items() if len(a["ended"]) > 1 or ("received" in a and not a["ended"])}
    lacking |= {i for i, c in accepted_ids.items() if c > 1}
    r["unaccounted"] = len(lacking) + r["unexplained on the timeline"]
    outcomes = Counter()
    for a in announcements.values():
        if a["ended"]:
            outcomes[a["ended"][0]["outcome"]] += 1
    r["outcomes"] = dict(outcomes.most_common())
    r["timeline announcements"] = sum(1 for a in announcements.values() if "received" in a)
    r["missing examples"] = missing[:10]
    return r
