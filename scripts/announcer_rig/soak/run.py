"""One soak run: the clients, the monitor and the two PulseAudio restarts, then the wait for the server to finish what it has."""

import asyncio
import signal
import threading
import time

from ..failure import Failure
from . import clients
from .clients import json_client, speechd_client, ssip_client
from .connections import ConnectionLost, JSONConnection, status
from .monitor import Monitor
from .wording import clock_words, number, say


async def restarts(ctx, pulse, start, duration, windows, stop):
    """Stops PulseAudio at 1/3 and 2/3 of the run and starts it again on the same socket, 2 s later."""
    loop = asyncio.get_running_loop()
    for number_, (fraction, sig, how) in enumerate([(1 / 3, signal.SIGTERM, "stopped with SIGTERM"),
                                                    (2 / 3, signal.SIGKILL, "killed with SIGKILL")], 1):
        delay = start + duration * fraction - time.monotonic()
        try:
            await asyncio.wait_for(stop.wait(), max(0, delay))
            return
        except asyncio.TimeoutError:
            pass
        down = time.monotonic()
        await loop.run_in_executor(None, pulse.stop, sig)
        say(f"At {clock_words(down - start)}: PulseAudio {how}, restart {number_} of 2.")
        await asyncio.sleep(2)
        try:
            await loop.run_in_executor(None, pulse.start)
        except Failure as error:
            windows.append((down, None))
            say(f"PulseAudio did not come back: {error}")
            return
        up = time.monotonic()
        windows.append((down, up))
        say(f"PulseAudio is back after {up - down:.1f} seconds, on the same socket with the same null sink.")


async def wait_idle(ctx, conn, timeout):
    """Asks for status every second until nothing speaks or waits; (idle, the last status reply)."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = await status(conn)
        except ConnectionLost:
            return False, None
        waiting = last.get("waiting", {})
        if last.get("speaking") is None and not waiting.get("assertive") and not waiting.get("polite"):
            return True, last
        await asyncio.sleep(1)
    return False, last


async def run_clients(ctx, server, pulse, duration, total_minutes):
    """Runs the clients for `duration` seconds and waits for the server to finish; a dict of what the verdict needs."""
    loop = asyncio.get_running_loop()
    ctx.stop_sending = asyncio.Event()
    start = time.monotonic()
    ctx.start = start
    monitor = Monitor(ctx, server, start)
    monitor_conn = await JSONConnection.open(ctx, "monitor")
    first_status = await status(monitor_conn)
    monitor.statuses.append(first_status)
    stop_all = asyncio.Event()
    windows = []
    n_ssip = ctx.args.clients // 2
    n_speechd = min(2, n_ssip // 10) if clients.speechd else 0
    n_json = ctx.args.clients - n_ssip
    tasks = [loop.create_task(json_client(ctx, i)) for i in range(n_json)]
    tasks += [loop.create_task(ssip_client(ctx, i)) for i in range(n_ssip - n_speechd)]
    speechd_stop = threading.Event()
    speechd_clients = []
    speechd_threads = [threading.Thread(target=speechd_client, args=(ctx, loop, i, speechd_stop, speechd_clients),
                                        daemon=True) for i in range(n_speechd)]
    for thread in speechd_threads:
        thread.start()
    say(f"Started {number(n_json)} JSON-lines clients, {number(n_ssip - n_speechd)} raw SSIP clients"
        f" and {number(n_speechd)} python3-speechd clients.")
    monitor_task = loop.create_task(monitor.run(monitor_conn, total_minutes, stop_all))
    if ctx.args.no_restarts:
        restart_task = loop.create_task(asyncio.sleep(0))
    else:
        restart_task = loop.create_task(restarts(ctx, pulse, start, duration, windows, ctx.stop_sending))
    try:
        await asyncio.wait_for(ctx.stop_sending.wait(), duration)
    except asyncio.TimeoutError:
        pass
    ctx.stop_sending.set()
    load_end = time.monotonic()
    speechd_stop.set()
    if monitor.last_minute < total_minutes and monitor.server_died is None and duration >= 60:
        monitor.sample()
        monitor.tail.read()
        monitor.last_minute += 1
        monitor.progress(monitor.last_minute, total_minutes)
    await restart_task
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            ctx.ledger.problem(f"A client stopped with an error in the soak script: {result!r}.")
    for thread in speechd_threads:
        await loop.run_in_executor(None, thread.join, 10)
    idle, last_status = False, None
    if monitor.server_died is None:
        say("The clients stopped sending. Waiting for the server to finish what it has, at most 2 minutes.")
        idle, last_status = await wait_idle(ctx, monitor_conn, 120)
        # Let the last events reach the clients that are still connected.
        await asyncio.sleep(1)
    stop_all.set()
    await monitor_task
    for conn in ctx.open_connections:
        await conn.close()
    for speaker in speechd_clients:
        try:
            await loop.run_in_executor(None, speaker.close)
        except Exception:
            pass
    await monitor_conn.close()
    return {"start": start, "load_end": load_end, "windows": windows, "monitor": monitor, "idle": idle,
            "last_status": last_status, "first_status": first_status}
