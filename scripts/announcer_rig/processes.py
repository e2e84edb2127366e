"""Processes seen through /proc: resident memory, CPU time, children, and stopping one that this rig started."""

import os
import signal
import subprocess
import time


def rss_kb(pid):
    """The resident memory (VmRSS) of a process in kB, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def cpu_seconds(pid):
    """The user and system CPU time a process has used, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _stat(pid):
    """(command name, fields after it) of /proc/PID/stat, or None when the process is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    # The command name is in parentheses and may hold spaces and parentheses of its own.
    return stat[stat.find("(") + 1:stat.rfind(")")], stat[stat.rfind(")") + 2:].split()


def children_of(pid, name=None):
    """The pids whose parent is pid, only those whose command name is `name` when it is given.

    Read from /proc, so it works without CONFIG_PROC_CHILDREN.
    """
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        stat = _stat(entry)
        if stat is None:
            continue
        command, fields = stat
        if len(fields) > 1 and fields[1] == str(pid) and (name is None or command == name):
            found.append(int(entry))
    return found


def pid_alive(pid):
    """Whether the process exists and is not a zombie."""
    stat = _stat(pid)
    return stat is not None and bool(stat[1]) and stat[1][0] != "Z"


def kill_pid(pid, timeout=5.0):
    """SIGTERM, then SIGKILL after timeout, to one process id this rig started (not its child object)."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while pid_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    if pid_alive(pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def stop_process(proc, what, timeout=5.0, sig=signal.SIGTERM, warn=None):
    """Sends sig to a subprocess.Popen, kills it after timeout, then stops the children it left.

    `warn`, when given, is called with a sentence if the process had to be killed.
    """
    if proc is None or proc.poll() is not None:
        return
    children = children_of(proc.pid)
    proc.send_signal(sig)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        if warn is not None:
            warn(f"{what} did not stop within {timeout:g} seconds of {signal.Signals(sig).name}, so it was killed.")
        proc.kill()
        proc.wait()
    for child in children:
        if pid_alive(child):
            kill_pid(child)
