#!/usr/bin/python3
"""Echoes typed keys as a screen reader does, through python3-speechd, unmodified.

Sends CHAR and KEY in turn at a steady rate (30 a second by default) for a given time, with
SSIPClient.char() and .key(), at text priority. python3-speechd raises SSIPCommandError for any
refusal, which a real screen reader does not catch; here each refusal is counted and printed.
The server comes from SPEECHD_ADDRESS, as for any python3-speechd client.
Prints one line: "Sent N keys: N accepted, N refused."
"""
import argparse
import time

import speechd

CHARACTERS = list("hello world") + ["A", "@", "ø", " ", "Z", "1"]
KEYS = ["shift_a", "control_alt_delete", "kp-enter", "space", "double-quote", "f5", "backspace", "shift_kp-*"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", type=float, default=30.0, help="keys a second")
    parser.add_argument("--seconds", type=float, default=20.0)
    arguments = parser.parse_args()

    client = speechd.SSIPClient("key-echo-test")
    client.set_priority(speechd.Priority.TEXT)
    total = int(arguments.rate * arguments.seconds)
    accepted, refusals = 0, []
    start = time.monotonic()
    for index in range(total):
        delay = start + index / arguments.rate - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        try:
            if index % 2 == 0:
                client.char(CHARACTERS[(index // 2) % len(CHARACTERS)])
            else:
                client.key(KEYS[(index // 2) % len(KEYS)])
            accepted += 1
        except speechd.SSIPCommandError as error:
            refusals.append(str(error))
    client.close()
    for refusal in sorted(set(refusals)):
        print("Refused: " + refusal)
    print("Sent %d keys: %d accepted, %d refused." % (total, accepted, len(refusals)))


if __name__ == "__main__":
    main()
