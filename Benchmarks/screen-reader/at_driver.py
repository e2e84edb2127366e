"""A small W3C AT Driver client for `announce at-driver`, callable from plain threads.

Debian 12's python3-websockets (10.4) has only an asyncio client, so one event loop runs in a
thread of its own and each command waits for its answer there.
"""

import asyncio
import json
import threading
import time

try:
    import websockets
except ImportError:  # told as a missing package by run
    websockets = None

# WebDriver key code points, which AT Driver's pressKeys takes.
TAB, ENTER, SHIFT, SPACE = "\uE004", "\uE007", "\uE008", "\uE00D"


class ATDriverError(Exception):
    """The server answered a command with an error, or did not answer in time."""


class ATDriverClient:
    """One AT Driver session over a WebSocket; `events` collects the events the server sends."""

    def __init__(self, url, timeout=30.0):
        self.events = []
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="at-driver client", daemon=True)
        self._thread.start()
        self._next_id = 0
        self._waiting = {}
        self._socket = self._call(self._connect(url), timeout)
        self._reader = asyncio.run_coroutine_threadsafe(self._read(), self._loop)

    @staticmethod
    async def _connect(url):
        return await websockets.connect(url, max_size=None, ping_interval=None)

    def _call(self, coroutine, timeout):
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    async def _read(self):
        try:
            async for text in self._socket:
                message = json.loads(text)
                future = self._waiting.pop(message.get("id"), None)
                if future is not None:
                    future.set_result(message)
                else:
                    self.events.append((time.monotonic(), message))
        finally:
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ATDriverError("The AT Driver server closed the connection."))

    async def _send(self, method, params):
        self._next_id += 1
        future = self._loop.create_future()
        self._waiting[self._next_id] = future
        payload = json.dumps({"id": self._next_id, "method": method, "params": params})
        # The time the command leaves: for pressKeys, the key's time (the WebSocket hop and the
        # XTest call that follow take a fraction of a millisecond, and count as Orca's share).
        sent = time.monotonic()
        await self._socket.send(payload)
        return sent, await future

    def command(self, method, params, timeout=60.0):
        """Sends a command and waits for its answer; returns (time sent, result)."""
        try:
            sent, message = self._call(self._send(method, params), timeout)
        except TimeoutError:
            raise ATDriverError("The AT Driver server did not answer %s within %g seconds." % (method, timeout))
        except websockets.exceptions.ConnectionClosed:
            raise ATDriverError("The AT Driver server closed the connection during %s." % method)
        if "error" in message:
            raise ATDriverError("The AT Driver server refused %s: %s (%s)." % (
                method, message.get("error"), message.get("message", "")))
        return sent, message.get("result", {})

    def new_session(self):
        return self.command("session.new", {"capabilities": {"alwaysMatch": {"atName": "orca"}}})[1]

    def press_keys(self, keys):
        """Presses one chord; returns when its command was sent."""
        return self.command("interaction.userIntent", {"name": "pressKeys", "keys": list(keys)})[0]

    def set_key_echo(self, on):
        """Orca restarts with the new setting; with --speech-address the server does not wait for it to speak."""
        self.command("settings.setSettings", {"settings": [{"name": "keyEcho", "value": bool(on)}]})

    def open_page(self, url):
        self.command("announcer:page.open", {"url": url})

    def close(self):
        try:
            self._call(self._socket.close(), 5)
        except Exception:
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
