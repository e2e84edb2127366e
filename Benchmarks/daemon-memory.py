#!/usr/bin/env python3
"""Resident memory of a real announcerd, idle and with 10,000 polite announcements waiting.

A check on the benchmark program's memory figures, which also count the benchmark library.
Build the daemon first, from this folder: swift build -c release --product announcerd
Then: python3 daemon-memory.py .build/release/announcerd [MORE_BATCHES] [-- DAEMON OPTIONS]
It prints the daemon's VmRSS, in megabytes of 1,000,000 bytes, at each step. Options after -- go to the
daemon: with -- --duck 12 it also prints the resident memory of the ducker, announcer-duck, it starts.
"""
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

arguments = sys.argv[1:]
daemon_options = arguments[arguments.index("--") + 1:] if "--" in arguments else []
arguments = arguments[:arguments.index("--")] if "--" in arguments else arguments
binary = arguments[0]
more_batches = int(arguments[1]) if len(arguments) > 1 else 20
directory = tempfile.mkdtemp(prefix="announcer-memory.")
path = os.path.join(directory, "announcer.sock")
daemon = subprocess.Popen(
    [binary, "--sink", "null", "--socket", path, "--max-waiting-polite", "10000", "--duplicate-window", "0"] + daemon_options,
    stderr=subprocess.DEVNULL,
)


def resident_mb(pid=None):
    with open(f"/proc/{pid or daemon.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                figure = f"{int(line.split()[1]) * 1024 / 1e6:.1f} MB"  # The kernel counts in KiB.
    if pid is None:
        for child in children_named("announcer-duck"):
            figure += f" (and the ducker announcer-duck: {resident_mb(child)})"
    return figure


def children_named(name):
    """The daemon's child processes of that name, from /proc."""
    found = []
    for task in os.listdir(f"/proc/{daemon.pid}/task"):
        with open(f"/proc/{daemon.pid}/task/{task}/children") as children:
            for child in children.read().split():
                try:
                    with open(f"/proc/{child}/comm") as comm:
                        if comm.read().strip() == name:
                            found.append(int(child))
                except FileNotFoundError:
                    pass
    return found


try:
    # Up to 30 s: a debug build on a busy machine takes several seconds to listen.
    for _ in range(600):
        if os.path.exists(path):
            break
        time.sleep(0.05)
    time.sleep(0.5)
    print("Just started:", resident_mb())

    client = socket.socket(socket.AF_UNIX)
    client.connect(path)
    replies = client.makefile("rb")
    number = 0

    def send_batch(count):
        """Sends count polite requests with new texts; a second thread writes, so replies never back up."""
        global number
        lines = []
        for _ in range(count):
            number += 1
            text = f"Status update number {number}: three new messages."
            lines.append(('{"request":"speak","text":"%s","politeness":"polite"}\n' % text).encode())
        writer = threading.Thread(target=client.sendall, args=(b"".join(lines),))
        writer.start()
        accepted = sum(1 for _ in range(count) if b'"ok":true' in replies.readline())
        writer.join()
        if accepted != count:
            sys.exit(f"Only {accepted} of {count} requests were accepted.")

    send_batch(1)
    time.sleep(3)
    print("After one announcement, idle, with one client:", resident_mb())
    send_batch(10_001)
    print("With 10,000 polite announcements waiting:", resident_mb())
    for batch in range(1, more_batches + 1):
        send_batch(1_000)
        if batch % 20 == 0 or batch == more_batches:
            print(f"After {batch * 1_000:,} more requests:", resident_mb())
finally:
    daemon.terminate()
    daemon.wait()
    if os.path.isdir(directory) and not os.listdir(directory):
        os.rmdir(directory)
