#!/usr/bin/python3
"""A W3C AT Driver client, as the ARIA-AT harness is one: it opens a session on announce at-driver,
opens a page, presses keys, and prints each reply and each captured output as one JSON line.

Usage: at_driver_client.py WS_URL PAGE_URL KEYS_JSON
KEYS_JSON is a list of key lists, each pressed as one chord, e.g. '[["\\ue004"], ["\\ue007"]]'.
After each chord it waits until no output has come for a second (ten seconds at most).
Debian's python3-websockets; standard library otherwise.
"""

import asyncio
import json
import sys

import websockets


async def run(url, page, chords):
    async with websockets.connect(url, open_timeout=30) as socket:
        next_id = 0

        def show(kind, message):
            print(json.dumps({"kind": kind, "message": message}), flush=True)

        async def command(method, params):
            nonlocal next_id
            next_id += 1
            await socket.send(json.dumps({"id": next_id, "method": method, "params": params}))
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), 60))
                if message.get("id") == next_id:
                    show("reply", message)
                    return message
                show("event", message)

        async def drain(quiet, longest):
            loop = asyncio.get_running_loop()
            end = loop.time() + longest
            while loop.time() < end:
                try:
                    message = json.loads(await asyncio.wait_for(socket.recv(), min(quiet, end - loop.time())))
                except asyncio.TimeoutError:
                    return
                show("event", message)

        await command("session.new", {"capabilities": {"alwaysMatch": {"atName": "orca", "platformName": "linux"}}})
        await command("session.new", {})
        await command("announcer:page.open", {"url": page})
        await drain(1.0, 10)
        for chord in chords:
            show("key", chord)
            await command("interaction.userIntent", {"name": "pressKeys", "keys": chord})
            await drain(1.0, 10)
        await command("interaction.userIntent", {"name": "lookAround"})


asyncio.run(run(sys.argv[1], sys.argv[2], json.loads(sys.argv[3])))
