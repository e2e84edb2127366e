"""A private PulseAudio server with one null sink, on a fixed socket path so that it can be stopped and started again there."""

import os
import signal
import subprocess
import time

from .failure import Failure
from .processes import stop_process


def alsa_to_pulse_config(path):
    """Writes an ALSA configuration that sends the default device to PulseAudio; returns ALSA_CONFIG_PATH for it."""
    with open(path, "w") as f:
        f.write("pcm.!default { type pulse }\nctl.!default { type pulse }\n")
    return f"/usr/share/alsa/alsa.conf:{path}"


class PulseServer:
    """One PulseAudio daemon in its own XDG_RUNTIME_DIR, with the null sink `sink` as its default.

    Started as this rig's child (not daemonized), so that it can be stopped with any signal and
    restarted on the same socket; each start logs to its own file in the runtime folder.
    """

    def __init__(self, directory, sink):
        self.dir = directory
        self.sink = sink
        self.proc = None
        self.starts = 0
        self.server = f"unix:{directory}/pulse/native"

    @property
    def monitor(self):
        """The source that records what the null sink played."""
        return self.sink + ".monitor"

    def env(self):
        """The environment of a PulseAudio client of this server."""
        return dict(os.environ, XDG_RUNTIME_DIR=self.dir, PULSE_SERVER=self.server)

    def start(self):
        """Starts the daemon and waits until `pactl info` answers, at most 10 seconds."""
        self.starts += 1
        log = os.path.join(self.dir, f"pulseaudio-{self.starts}.log")
        env = dict(os.environ, XDG_RUNTIME_DIR=self.dir)
        env.pop("PULSE_SERVER", None)
        with open(log, "ab") as out:
            # norewinds=1 avoids a stall of up to 2 s on the first write after a stream starts.
            self.proc = subprocess.Popen(
                ["pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "-n", f"--log-target=file:{log}",
                 f"--load=module-null-sink sink_name={self.sink} norewinds=1",
                 "--load=module-native-protocol-unix"],
                env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise Failure(f"PulseAudio did not start (exit status {self.proc.returncode}); its log is {log}.")
            if self.pactl("info"):
                self.pactl("set-default-sink", self.sink)
                return
            time.sleep(0.1)
        raise Failure(f"PulseAudio did not answer within 10 seconds; its log is {log}.")

    def pactl(self, *arguments):
        """Runs pactl against this server; True when it succeeded."""
        return subprocess.run(["pactl", *arguments], env=self.env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0

    def stop(self, sig=signal.SIGTERM):
        """Stops the daemon with sig (SIGKILL stands for a crash), and kills it if it is still there 10 s later."""
        stop_process(self.proc, "PulseAudio", timeout=10, sig=sig)
