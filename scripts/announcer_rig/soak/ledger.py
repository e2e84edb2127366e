"""What the soak's clients saw: each speak request and its reply, the outcomes they heard, bad input answered, problems."""

import time
from collections import Counter, defaultdict


class Ledger:
    """Everything the clients saw, kept for the reconciliation; only the asyncio loop's thread writes it."""

    def __init__(self):
        self.speaks = []          # one dict per speak request sent
        self.events = []          # (connection key, protocol, id, outcome as the client heard it)
        self.accepted_by_conn = defaultdict(set)
        self.bad = []             # (protocol, what, expected, got)
        self.counts = Counter()
        self.problems = []        # plain sentences about things that should not happen
        self.refused = Counter()  # error code of refused speak requests

    def problem(self, sentence):
        if len(self.problems) < 200:
            self.problems.append(sentence)
        self.counts["problems"] += 1

    def speak_sent(self, conn, proto, politeness, lang, text, sent_ms=None):
        record = {"conn": conn, "proto": proto, "t": time.monotonic(), "sent_ms": sent_ms,
                  "politeness": politeness, "lang": lang, "text": text, "status": "no_reply", "id": None,
                  "error": None}
        self.speaks.append(record)
        return record

    def accepted(self, record, ident):
        record["status"] = "accepted"
        record["id"] = ident
        self.accepted_by_conn[record["conn"]].add(ident)

    def refused_with(self, record, code):
        record["status"] = "refused"
        record["error"] = str(code)
        self.refused[str(code)] += 1

    def accepted_count(self):
        return sum(1 for s in self.speaks if s["status"] == "accepted")

