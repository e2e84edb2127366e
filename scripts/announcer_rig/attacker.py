#!/usr/bin/python3
"""The hostile SSIP clients of scripts/abuse's sharing attacks, as a program of their own.

It runs in a process of its own, with a script path of its own, so that announcerd sees it as another
program than the probe it attacks (announcerd groups connections by process and by program). One mode
per run; at the end it writes one JSON object to --report: for each of its connections, the ids the
server accepted, and how many messages were refused or never answered.

  flood      --connections N --messages M: N connections, each with its own client name, send M
             IMPORTANT messages as fast as the server reads them, then stay until --seconds have passed.
  hoard      --connections N --messages M: each connection pauses itself (PAUSE SELF), sends M
             IMPORTANT messages, stays paused for --seconds, then vanishes without QUIT.
  pause-all  one connection sends PAUSE ALL, stays --seconds (0: vanishes at once), then vanishes.
  vanish     connections that vanish in every state: speaking (after 701 BEGIN), waiting behind it,
             paused, in the middle of an SSML message's body, after a SOUND_ICON, after an SSML message
             with marks began.

Standard library only. Usage: attacker.py MODE --socket PATH [options].
"""

import argparse
import json
import selectors
import socket
import sys
import time


def connect(path):
    client = socket.socket(socket.AF_UNIX)
    client.connect(path)
    return client


class Connection:
    """One SSIP connection whose replies are counted as they come, without waiting for each."""

    def __init__(self, path, name):
        self.socket = connect(path)
        self.socket.setblocking(False)
        self.name = name
        self.outgoing = bytearray()
        self.incoming = bytearray()
        self.accepted = []
        self.refused = 0
        self.expected = 0
        self.events = []
        self.closed = False

    def queue(self, lines):
        data = "".join(line + "\r\n" for line in lines).encode()
        self.outgoing += data

    def speak(self, text, count=1):
        for _ in range(count):
            self.queue(["SPEAK", text, "."])
        self.expected += count

    def pending(self):
        return bool(self.outgoing)

    def write_some(self):
        try:
            sent = self.socket.send(self.outgoing[:65536])
            del self.outgoing[:sent]
        except BlockingIOError:
            pass

    def read_some(self):
        try:
            data = self.socket.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return
        self.incoming += data
        *lines, rest = bytes(self.incoming).split(b"\r\n")
        self.incoming = bytearray(rest)
        for line in lines:
            if line.startswith(b"225-"):
                self.accepted.append(line[4:].decode())
            elif line[:1] == b"4" or line[:1] == b"3" or line[:1] == b"5":
                # A refused SPEAK gets no 225; any other error is counted too, which none should get.
                self.refused += 1
            elif line[:1] == b"7" and line[3:4] == b" ":
                self.events.append(line.decode())

    @property
    def answered(self):
        return len(self.accepted) + self.refused

    def vanish(self):
        """Closes at once, without QUIT and without reading what is left."""
        try:
            self.socket.close()
        except OSError:
            pass

    def report(self):
        return {"name": self.name, "accepted": self.accepted, "refused": self.refused,
                "unanswered": max(0, self.expected - self.answered)}


def pump(connections, until, done=lambda: False):
    """Writes and reads on every connection until `done()` or the monotonic time `until`."""
    selector = selectors.DefaultSelector()
    for connection in connections:
        selector.register(connection.socket, selectors.EVENT_READ | selectors.EVENT_WRITE, connection)
    try:
        while time.monotonic() < until and not done():
            for key, mask in selector.select(timeout=0.05):
                connection = key.data
                if mask & selectors.EVENT_READ:
                    connection.read_some()
                if mask & selectors.EVENT_WRITE and connection.pending():
                    connection.write_some()
                wanted = selectors.EVENT_READ | (selectors.EVENT_WRITE if connection.pending() else 0)
                if connection.closed:
                    selector.unregister(connection.socket)
                elif key.events != wanted:
                    selector.modify(connection.socket, wanted, connection)
    finally:
        selector.close()


def opened(path, count, program):
    connections = [Connection(path, "%s%d" % (program, index)) for index in range(count)]
    for index, connection in enumerate(connections):
        # Each connection names a program of its own: only its process ties them together.
        connection.queue(["SET SELF CLIENT_NAME abuse:%s%d:main" % (program, index), "SET SELF PRIORITY IMPORTANT"])
    return connections


def flood(arguments):
    start = time.monotonic()
    connections = opened(arguments.socket, arguments.connections, "flood")
    for index, connection in enumerate(connections):
        for number in range(arguments.messages):
            connection.speak("Flood %d, message %d." % (index, number))
    pump(connections, start + arguments.seconds)
    return connections


def hoard(arguments):
    start = time.monotonic()
    connections = opened(arguments.socket, arguments.connections, "hoard")
    for index, connection in enumerate(connections):
        connection.queue(["PAUSE SELF"])
        for number in range(arguments.messages):
            connection.speak("Hoarded %d, message %d." % (index, number))
    pump(connections, start + arguments.seconds)
    for connection in connections:
        connection.vanish()
    return connections


def pause_all(arguments):
    connection = Connection(arguments.socket, "pauser")
    connection.queue(["SET SELF CLIENT_NAME abuse:pauser:main", "PAUSE ALL"])
    pump([connection], time.monotonic() + 5, done=lambda: b"211" in bytes(connection.incoming) or connection.closed
         or not connection.pending() and arguments.seconds == 0)
    if arguments.seconds:
        time.sleep(arguments.seconds)
    connection.vanish()
    return [connection]


def vanish(arguments):
    """Connections gone in every state, --rounds times: mid-SSML (after its first mark), mid-sound-icon
    (after it began), and together speaking (after 701 BEGIN), waiting behind it, paused, and half-way
    through a message's body."""
    everyone = []
    for round_number in range(arguments.rounds):
        ssml = Connection(arguments.socket, "ssml%d" % round_number)
        ssml.queue(["SET SELF CLIENT_NAME abuse:vanish:ssml", "SET SELF SSML_MODE on", "SET SELF NOTIFICATION all on",
                    "SET SELF PRIORITY MESSAGE"])
        ssml.speak('<speak>One <mark name="a"/>two <mark name="b"/>three four five six seven eight nine ten.</speak>')
        pump([ssml], time.monotonic() + 5, done=lambda: any(e.startswith("700") for e in ssml.events))
        ssml.vanish()

        sound = Connection(arguments.socket, "sound%d" % round_number)
        sound.queue(["SET SELF CLIENT_NAME abuse:vanish:sound", "SET SELF NOTIFICATION begin on", "SET SELF PRIORITY MESSAGE",
                     "SOUND_ICON %s" % arguments.sound_icon])
        sound.expected = 1
        pump([sound], time.monotonic() + 5, done=lambda: any(e.startswith("701") for e in sound.events))
        sound.vanish()

        speaking = Connection(arguments.socket, "speaking%d" % round_number)
        speaking.queue(["SET SELF CLIENT_NAME abuse:vanish:speaking", "SET SELF NOTIFICATION begin on", "SET SELF PRIORITY MESSAGE"])
        speaking.speak("This one is speaking when its client vanishes, a long sentence to be cut off. " * 3)
        waiting = Connection(arguments.socket, "waiting%d" % round_number)
        waiting.queue(["SET SELF CLIENT_NAME abuse:vanish:waiting"])
        waiting.speak("This one waits behind it when its client vanishes.", 3)
        paused = Connection(arguments.socket, "paused%d" % round_number)
        paused.queue(["SET SELF CLIENT_NAME abuse:vanish:paused", "PAUSE SELF"])
        paused.speak("This one is paused when its client vanishes.", 3)
        half = Connection(arguments.socket, "half%d" % round_number)
        half.queue(["SET SELF CLIENT_NAME abuse:vanish:half", "SET SELF SSML_MODE on", "SPEAK", '<speak>Half of a message <mark name="x"/>'])
        group = [speaking, waiting, paused, half]
        pump(group, time.monotonic() + 5, done=lambda: any(e.startswith("701") for e in speaking.events)
             and waiting.answered == 3 and paused.answered == 3)
        for connection in group:
            connection.vanish()
        everyone += [ssml, sound] + group
        time.sleep(0.3)
    return everyone


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["flood", "hoard", "pause-all", "vanish"])
    parser.add_argument("--socket", required=True)
    parser.add_argument("--report", required=True, help="where to write the JSON report")
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sound-icon", default="bell")
    arguments = parser.parse_args()
    started = time.monotonic()
    connections = {"flood": flood, "hoard": hoard, "pause-all": pause_all, "vanish": vanish}[arguments.mode](arguments)
    report = {"mode": arguments.mode, "seconds": time.monotonic() - started,
              "connections": [connection.report() for connection in connections]}
    with open(arguments.report, "w") as file:
        json.dump(report, file)
    for connection in connections:
        connection.vanish()
    return 0


if __name__ == "__main__":
    sys.exit(main())
