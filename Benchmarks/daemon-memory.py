#!/usr/bin/env python3
"""Resident memory of a real announcerd, idle and with 10,000 polite announcements waiting.

A check on the benchmark program's memory figures, which also count the benchmark library.
Build the daemon first, from this folder: swift build -c release --product announcerd
Then: python3 daemon-memory.py .build/release/announcerd [MORE_BATCHES]
It prints the daemon's VmRSS, in megabytes of 1,000,000 bytes, at each step.
"""
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

binary = sys.argv[1]
more_batches = int(sys.argv[2]) if len(sys.argv) > 2 else 20
directory = tempfile.mkdtemp(prefix="announcer-memory.")
path = os.path.join(directory, "announcer.sock")
daemon = subprocess.Popen(
    [binary, "--sink", "null", "--socket", path, "--max-waiting-polite", "10000", "--duplicate-window", "0"],
    stderr=subprocess.DEVNULL,
)


def resident_mb():
    with open(f"/proc/{daemon.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return f"{int(line.split()[1]) * 1024 / 1e6:.1f} MB"  # The kernel counts in KiB.


try:
    for _ in range(100):
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
