"""The soak's reconciliation of what clients saw with the timeline, on tiny hand-made runs."""

import json
import os
import tempfile
import unittest

from announcer_rig.soak.ledger import Ledger
from announcer_rig.soak.reconciliation import reconcile
from announcer_rig.soak.timeline import read_timeline


def timeline(*announcements):
    """The announcements as read_timeline reads them back from a file of event lines.

    Each announcement is (id, outcomes, extra fields of its received event); no outcome means it never ended.
    """
    lines = []
    t = 1000.0
    for ident, outcomes, fields in announcements:
        lines.append(dict({"event": "received", "id": ident, "t_ms": t, "politeness": "polite"}, **fields))
        for outcome in outcomes:
            t += 10
            lines.append({"event": "ended", "id": ident, "t_ms": t, "outcome": outcome})
        t += 10
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "timeline.jsonl")
        with open(path, "w") as f:
            f.write("".join(json.dumps(line) + "\n" for line in lines))
        announcements, bad_lines = read_timeline(path)
    assert bad_lines == 0
    return announcements


def accepted(ledger, conn, proto, ident, sent_ms=None):
    ledger.accepted(ledger.speak_sent(conn, proto, "polite", "en", "Saved", sent_ms), ident)


class ReconciliationTests(unittest.TestCase):
    def test_every_accepted_announcement_with_one_outcome_is_accounted_for(self):
        """Should count nothing unaccounted when each accepted id ended once and the clients heard the same outcome."""
        ledger = Ledger()
        accepted(ledger, "json-0.1", "json", "1", 500.001)
        accepted(ledger, "ssip-0.1", "ssip", "2")
        ledger.events += [("json-0.1", "json", "1", "spoken"), ("ssip-0.1", "ssip", "2", "spoken")]
        r = reconcile(ledger, timeline(("1", ["spoken"], {"sent_ms": 500.001}), ("2", ["spoken"], {})))
        self.assertEqual((r["accepted"], r["timeline announcements"], r["unaccounted"]), (2, 2, 0))
        self.assertEqual((r["client outcomes matching"], r["client outcomes not matching"]), (2, 0))
        self.assertEqual(r["outcomes"], {"spoken": 2})

    def test_an_accepted_announcement_that_never_ended_is_unaccounted(self):
        """Should count it once, and name it among the examples."""
        ledger = Ledger()
        accepted(ledger, "json-0.1", "json", "1")
        r = reconcile(ledger, timeline(("1", [], {})))
        self.assertEqual((r["accepted without an outcome"], r["received without an outcome"]), (1, 1))
        self.assertEqual(r["unaccounted"], 1)
        self.assertEqual(r["missing examples"], ["1"])

    def test_an_announcement_that_ended_twice_is_unaccounted(self):
        """Should count an announcement with two outcomes as unaccounted, even though a client accepted it."""
        ledger = Ledger()
        accepted(ledger, "json-0.1", "json", "1")
        r = reconcile(ledger, timeline(("1", ["spoken", "cancelled"], {})))
        self.assertEqual((r["ended twice"], r["unaccounted"]), (1, 1))

    def test_a_json_request_whose_reply_was_lost_is_found_by_its_send_time(self):
        """Should explain the announcement of a client that hung up before the reply by its sent_ms."""
        ledger = Ledger()
        ledger.speak_sent("json-0.1", "json", "polite", "en", "Saved", 1234.567)
        r = reconcile(ledger, timeline(("7", ["expired"], {"sent_ms": 1234.567})))
        self.assertEqual((r["reply lost"], r["reply lost, found in the timeline"]), (1, 1))
        self.assertEqual((r["unexplained on the timeline"], r["unaccounted"]), (0, 0))

    def test_an_ssip_message_whose_reply_was_lost_explains_one_unknown_announcement(self):
        """Should allow one announcement no client knows of per SSIP message whose reply was lost, and no more."""
        ledger = Ledger()
        ledger.speak_sent("ssip-0.1", "ssip", "polite", "en", "Saved")
        r = reconcile(ledger, timeline(("8", ["spoken"], {}), ("9", ["spoken"], {})))
        self.assertEqual(r["on the timeline, reply lost (SSIP)"], 2)
        self.assertEqual((r["unexplained on the timeline"], r["unaccounted"]), (1, 1))

    def test_a_refused_request_that_reached_the_timeline_is_counted(self):
        """Should find a refused JSON request on the timeline by its send time."""
        ledger = Ledger()
        ledger.refused_with(ledger.speak_sent("json-0.1", "json", "polite", "en", "Saved", 2000.25), "throttled")
        r = reconcile(ledger, timeline(("3", ["spoken"], {"sent_ms": 2000.25})))
        self.assertEqual(r["refused"], {"throttled": 1})
        self.assertEqual(r["refused but on the timeline"], 1)

    def test_ssip_clients_match_on_spoken_or_not_and_json_clients_on_the_exact_outcome(self):
        """Should match SSIP's 703 (not spoken) with dropped, but not a JSON client's cancelled with dropped."""
        ledger = Ledger()
        accepted(ledger, "ssip-0.1", "ssip", "1")
        accepted(ledger, "json-0.1", "json", "2")
        ledger.events += [("ssip-0.1", "ssip", "1", "not spoken"), ("json-0.1", "json", "2", "cancelled")]
        r = reconcile(ledger, timeline(("1", ["dropped"], {}), ("2", ["dropped"], {})))
        self.assertEqual((r["client outcomes matching"], r["client outcomes not matching"]), (1, 1))
        self.assertEqual(r["mismatch examples"], ["client json-0.1 heard cancelled for 2, the timeline says dropped"])

    def test_an_outcome_heard_for_another_clients_announcement_is_misrouted(self):
        """Should count an event for an id the connection never had accepted as misrouted, not as a match."""
        ledger = Ledger()
        accepted(ledger, "json-0.1", "json", "1")
        accepted(ledger, "json-1.1", "json", "2")
        ledger.events += [("json-1.1", "json", "1", "spoken")]
        r = reconcile(ledger, timeline(("1", ["spoken"], {}), ("2", ["spoken"], {})))
        self.assertEqual((r["client outcomes misrouted"], r["client outcomes matching"]), (1, 0))

    def test_one_outcome_heard_twice_by_a_client_is_counted(self):
        """Should notice a client that got the same announcement's outcome twice."""
        ledger = Ledger()
        accepted(ledger, "json-0.1", "json", "1")
        ledger.events += [("json-0.1", "json", "1", "spoken")] * 2
        r = reconcile(ledger, timeline(("1", ["spoken"], {})))
        self.assertEqual(r["client heard one outcome twice"], 1)


if __name__ == "__main__":
    unittest.main()
