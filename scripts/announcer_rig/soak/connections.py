"""The soak's two kinds of connection to announcerd, JSON lines and raw SSIP, each reading replies and outcome events in a task of its own."""

import asyncio
import json
import re

MB = 1024 * 1024


class ConnectionLost(Exception):
    """The server closed the connection, or stopped answering on it."""


class JSONConnection:
    """A JSON-lines connection: replies go to a queue, `ended` events to the ledger."""

    def __init__(self, ctx, key, reader, writer):
        self.ctx, self.key, self.reader, self.writer = ctx, key, reader, writer
        self.replies = asyncio.Queue()
        self.aborted = False
        self.task = asyncio.get_running_loop().create_task(self.read_loop())

    @classmethod
    async def open(cls, ctx, key):
        reader, writer = await asyncio.open_unix_connection(ctx.socket, limit=4 * MB)
        return cls(ctx, key, reader, writer)

    async def read_loop(self):
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                try:
                    obj = json.loads(line)
                except ValueError:
                    self.ctx.ledger.problem(f"Client {self.key} got a line that is not JSON: {line[:80]!r}.")
                    continue
                if "event" in obj:
                    if obj.get("event") == "ended":
                        self.ctx.ledger.events.append((self.key, "json", obj.get("id"), obj.get("outcome")))
                elif "reply" in obj:
                    self.replies.put_nowait(obj)
                else:
                    self.ctx.ledger.problem(f"Client {self.key} got a line that is neither a reply nor an event.")
        except (ConnectionError, OSError):
            pass
        finally:
            self.replies.put_nowait(None)

    async def send(self, data):
        self.writer.write(data)
        await self.writer.drain()

    async def request(self, data, timeout=20):
        await self.send(data)
        try:
            reply = await asyncio.wait_for(self.replies.get(), timeout)
        except asyncio.TimeoutError:
            self.ctx.ledger.problem(f"Client {self.key} had no reply within {timeout} seconds.")
            self.abort()
            raise ConnectionLost()
        if reply is None:
            raise ConnectionLost()
        return reply

    def abort(self):
        self.aborted = True
        self.writer.transport.abort()

    async def close(self):
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 5)
        except (ConnectionError, OSError, asyncio.TimeoutError):
            pass
        self.task.cancel()


class SSIPConnection:
    """A raw SSIP connection: replies (with their continuation lines) go to a queue, 702 and 703 events to the ledger."""

    LINE = re.compile(rb"^(\d{3})([- ])(.*?)\r?\n?$", re.S)

    def __init__(self, ctx, key, reader, writer):
        self.ctx, self.key, self.reader, self.writer = ctx, key, reader, writer
        self.replies = asyncio.Queue()
        self.aborted = False
        self.task = asyncio.get_running_loop().create_task(self.read_loop())

    @classmethod
    async def open(cls, ctx, key, path):
        reader, writer = await asyncio.open_unix_connection(path, limit=4 * MB)
        return cls(ctx, key, reader, writer)

    async def read_loop(self):
        block = []
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                m = self.LINE.match(line)
                if not m:
                    self.ctx.ledger.problem(f"Client {self.key} got a line that is not SSIP: {line[:80]!r}.")
                    continue
                code = int(m.group(1))
                block.append(m.group(3).decode("utf-8", "replace"))
                if m.group(2) == b" ":
                    if 700 <= code < 800:
                        if code in (702, 703):
                            outcome = "spoken" if code == 702 else "not spoken"
                            self.ctx.ledger.events.append((self.key, "ssip", block[0], outcome))
                    else:
                        self.replies.put_nowait((code, block))
                    block = []
        except (ConnectionError, OSError):
            pass
        finally:
            self.replies.put_nowait(None)

    async def send(self, data):
        self.writer.write(data)
        await self.writer.drain()

    async def reply(self, timeout=20):
        try:
            got = await asyncio.wait_for(self.replies.get(), timeout)
        except asyncio.TimeoutError:
            self.ctx.ledger.problem(f"Client {self.key} had no SSIP reply within {timeout} seconds.")
            self.abort()
            raise ConnectionLost()
        if got is None:
            raise ConnectionLost()
        return got

    async def command(self, line):
        await self.send(line + b"\r\n")
        return await self.reply()

    async def expect(self, line, code):
        got, block = await self.command(line)
        if got != code:
            self.ctx.ledger.problem(f"Client {self.key} sent {line[:40]!r} and got {got} {block[-1]}, not {code}.")
        return got

    @staticmethod
    def body(text):
        lines = text.encode("utf-8").split(b"\n")
        return b"".join((b"." + l if l.startswith(b".") else l) + b"\r\n" for l in lines) + b".\r\n"

    def abort(self):
        self.aborted = True
        self.writer.transport.abort()

    async def close(self):
        try:
            self.writer.write(b"QUIT\r\n")
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 5)
        except (ConnectionError, OSError, asyncio.TimeoutError):
            pass
        self.task.cancel()



async def status(conn):
    """The server's status reply, on a JSON-lines connection."""
    reply = await conn.request(b'{"request":"status"}\n', timeout=30)
    if not reply.get("ok"):
        raise ConnectionLost()
    return reply
