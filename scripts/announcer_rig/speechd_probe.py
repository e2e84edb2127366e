#!/usr/bin/python3
"""A screen reader's speech during scripts/abuse's floods: python3-speechd speaking as Orca does.

Orca speaks every utterance at SSIP's MESSAGE priority, as SSML with a mark before each word, through
python3-speechd, and waits for each to end before the next. This does the same every --every seconds
for --seconds, and writes a JSON report to --report: for each utterance, the seconds from speak() to
its 701 BEGIN as python3-speechd calls back (announcerd holds events 50 ms behind their 225 reply, for
python3-speechd's sake), and how it ended: "end" (spoken), "cancel", or "none" (no end within 30 s).

Runs under Debian's /usr/bin/python3, which has python3-speechd; the address comes from SPEECHD_ADDRESS.
"""

import argparse
import json
import sys
import threading
import time

sys.path.insert(0, "/usr/lib/python3/dist-packages")
import speechd  # noqa: E402  (Debian's module, from the path above)


def ssml(text):
    words = text.split()
    return "<speak>" + " ".join('<mark name="%d"/>%s' % (index, word) for index, word in enumerate(words)) + "</speak>"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", required=True)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--every", type=float, default=1.0)
    arguments = parser.parse_args()
    client = speechd.SSIPClient("abuse-orca", component="speech")
    client.set_priority(speechd.Priority.MESSAGE)
    client.set_data_mode(speechd.DataMode.SSML)
    utterances = []
    deadline = time.monotonic() + arguments.seconds
    number = 0
    while time.monotonic() < deadline:
        number += 1
        record = {"sent": time.monotonic(), "begin": None, "end": "none"}
        done = threading.Event()

        def callback(kind, index_mark=None, record=record, done=done):
            if kind == speechd.CallbackType.BEGIN and record["begin"] is None:
                record["begin"] = time.monotonic() - record["sent"]
            elif kind in (speechd.CallbackType.END, speechd.CallbackType.CANCEL):
                record["end"] = "end" if kind == speechd.CallbackType.END else "cancel"
                done.set()

        client.speak(ssml("Orca reads line %d of the page." % number), callback=callback,
                     event_types=(speechd.CallbackType.BEGIN, speechd.CallbackType.END, speechd.CallbackType.CANCEL))
        done.wait(30)
        utterances.append(record)
        pause = arguments.every - (time.monotonic() - record["sent"])
        if pause > 0:
            time.sleep(pause)
    client.close()
    with open(arguments.report, "w") as file:
        json.dump({"utterances": utterances}, file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
