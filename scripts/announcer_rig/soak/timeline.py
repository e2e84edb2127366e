"""Reading announcerd's --events timeline: as it grows, for the progress lines, and whole, for the verdict."""

import json


class TimelineTail:
    """Reads the timeline file as it grows, for the minute-by-minute progress lines."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.rest = b""
        self.ended = {}
        self.first_audio = {}
        self.received = {}
        self.bad_lines = 0

    def read(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except OSError:
            return
        self.offset += len(data)
        data = self.rest + data
        lines = data.split(b"\n")
        self.rest = lines.pop()
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                self.bad_lines += 1
                continue
            kind, ident = event.get("event"), event.get("id")
            if kind == "received":
                self.received[ident] = event
            elif kind == "first_audio":
                self.first_audio[ident] = event
            elif kind == "ended":
                self.ended[ident] = event



def read_timeline(path):
    announcements = {}
    bad_lines = 0
    with open(path, "rb") as f:
        for line in f:
            try:
                event = json.loads(line)
            except ValueError:
                bad_lines += 1
                continue
            a = announcements.setdefault(event.get("id"), {"ended": []})
            kind = event.get("event")
            if kind == "ended":
                a["ended"].append(event)
            elif kind in ("received", "first_audio", "audible"):
                a.setdefault(kind, event)
            for key in ("politeness", "sent_ms", "text", "lang"):
                if key in event:
                    a[key] = event[key]
    return announcements, bad_lines

