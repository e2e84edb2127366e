"""How much later an announcement's first audio comes once announcerd has let its sound device rest.

announcerd holds its ALSA device ready for 5 s after speaking, then stops it so that the sound server can
suspend the sink (PlaybackThread.restAfterIdle). This speaks the same assertive announcement alternately
1 s after the last one ended (device held ready) and 6.5 s after (rested), over JSON lines with
"follow", and reads each one's first_audio latency from announcerd's own events. It needs a running
announcerd at --socket; `run` beside this file starts one on a private sound server.

What it measures is the prepare the rest skipped. At 6.5 s the sound server has not suspended its sink
yet, and first_audio is when ALSA took the audio: a suspended sound card's own wake-up is not in it.
"""

import argparse
import json
import os
import socket
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from announcer_rig.percentiles import nearest_rank  # noqa: E402


def speak(stream, text):
    """Speaks `text` assertively and returns its first_audio latency in ms, or None if it never played."""
    stream.write((json.dumps({"request": "speak", "text": text, "politeness": "assertive", "follow": True}) + "\n").encode())
    stream.flush()
    latency = None
    while True:
        line = stream.readline()
        if not line:
            raise SystemExit("announcerd closed the connection before the announcement ended.")
        event = json.loads(line)
        if event.get("reply") == "speak" and not event.get("ok"):
            raise SystemExit("announcerd refused the announcement: %s" % event)
        if event.get("event") == "first_audio":
            latency = event["latency_ms"]
        if event.get("event") == "ended":
            return latency


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--socket", required=True, help="announcerd's JSON lines socket")
    parser.add_argument("--runs", type=int, default=8, help="announcements of each kind (default 8)")
    args = parser.parse_args()
    for _ in range(200):
        if os.path.exists(args.socket):
            break
        time.sleep(0.05)
    connection = socket.socket(socket.AF_UNIX)
    connection.connect(args.socket)
    stream = connection.makefile("rwb")
    speak(stream, "Ready.")
    results = {"held ready": [], "rested": []}
    for run in range(args.runs):
        print("Run %d of %d." % (run + 1, args.runs), flush=True)
        for kind, gap in (("held ready", 1.0), ("rested", 6.5)):
            time.sleep(gap)
            latency = speak(stream, "Password is required.")
            if latency is not None:
                results[kind].append(latency)
    held, rested = results["held ready"], results["rested"]
    if not held or not rested:
        raise SystemExit("Some announcements never played, so there is nothing to compare.")
    print("Arrival to first audio, device held ready: median %.2f ms, p90 %.2f ms, %d announcements." % (
        nearest_rank(held, 50), nearest_rank(held, 90), len(held)))
    print("Arrival to first audio, device rested: median %.2f ms, p90 %.2f ms, %d announcements." % (
        nearest_rank(rested, 50), nearest_rank(rested, 90), len(rested)))
    print("A rest costs the next announcement %.2f ms at the median." % (nearest_rank(rested, 50) - nearest_rank(held, 50)))


if __name__ == "__main__":
    main()
