"""The soak's clients: JSON-lines, raw SSIP and python3-speechd sessions that speak, cancel, send bad input and hang up at random."""

import asyncio
import json
import math
import os
import random
import time

from .connections import ConnectionLost, JSONConnection, SSIPConnection
from .ledger import Ledger
from .traffic import (ASSERTIVE_EVERY_SECONDS, EN_ASSERTIVE, EN_POLITE, JSON_BAD, NB_ASSERTIVE, NB_POLITE,
                      SSIP_BAD, SSIP_PRIORITIES)

try:
    import speechd  # python3-speechd
except ImportError:
    speechd = None


class Context:
    """What every client shares: the options, the socket paths, the ledger and the signal to stop sending."""

    def __init__(self, args, tmp):
        self.args = args
        self.tmp = tmp
        self.socket = os.path.join(tmp, "announcer.sock")
        self.ssip_socket = os.path.join(tmp, "ssip.sock")
        self.timeline = os.path.join(tmp, "timeline.jsonl")
        self.ledger = Ledger()
        self.stop_sending = None  # asyncio.Event, made in the loop
        self.open_connections = []
        self.seed = args.seed
        # Messages per second from all clients, roughly: each has a mean gap of 1 to 5 s, plus bursts.
        rate = args.clients * 0.45
        self.assertive_share = min(0.10, 1.0 / (ASSERTIVE_EVERY_SECONDS * rate))

    def text(self, rng, lang, assertive):
        if lang == "nb":
            return rng.choice(NB_ASSERTIVE if assertive else NB_POLITE)
        return rng.choice(EN_ASSERTIVE if assertive else EN_POLITE)


async def pause(ctx, seconds):
    try:
        await asyncio.wait_for(ctx.stop_sending.wait(), max(0.0, seconds))
    except asyncio.TimeoutError:
        pass


def gap(rng, mean):
    return max(0.05, rng.expovariate(1.0 / mean))


def sent_now():
    """The send time for sent_ms: the monotonic clock in ms, rounded down to a microsecond."""
    return math.floor(time.monotonic() * 1_000_000) / 1000


async def client(ctx, name, rng, connect, session):
    """One client: connects, runs sessions, and after each hang-up connects again, until the soak stops.

    The last session stays connected, so its outcome events still arrive while the server finishes.
    """
    mean = rng.uniform(1.0, 5.0)
    connection_number = 0
    while not ctx.stop_sending.is_set():
        connection_number += 1
        key = f"{name}.{connection_number}"
        try:
            conn = await connect(key)
        except OSError as error:
            ctx.ledger.counts["connect failures"] += 1
            ctx.ledger.problem(f"Client {name} could not connect: {error.strerror or error}.")
            await pause(ctx, 1)
            continue
        if connection_number > 1:
            ctx.ledger.counts["reconnects"] += 1
        try:
            keep = await session(conn, rng, mean)
        except ConnectionLost:
            if not conn.aborted:
                ctx.ledger.problem(f"The server closed client {key}'s connection.")
            keep = False
        except (ConnectionError, OSError):
            ctx.ledger.problem(f"The server closed client {key}'s connection while it was writing.")
            keep = False
        if keep:
            ctx.open_connections.append(conn)
            return
        await pause(ctx, rng.uniform(0.2, 3.0))


def json_client(ctx, n):
    return client(ctx, f"json-{n}", random.Random(ctx.seed * 1000 + n),
                  lambda key: JSONConnection.open(ctx, key), lambda conn, rng, mean: json_session(ctx, conn, rng, mean, n))


async def json_speak(ctx, conn, rng, n, lang, own_ids, last_ids):
    assertive = rng.random() < ctx.assertive_share
    r = rng.random()
    politeness = "assertive" if assertive else ("off" if r < 0.03 else "polite")
    use_lang = lang if rng.random() < 0.8 else ("nb" if lang == "en" else "en")
    text = ctx.text(rng, use_lang, assertive)
    request = {"request": "speak", "text": text, "follow": True}
    if politeness != "polite" or rng.random() < 0.5:
        request["politeness"] = politeness
    if use_lang != lang or rng.random() < 0.3:
        request["lang"] = use_lang
    if not assertive and rng.random() < 0.2:
        request["region"] = f"status-{rng.randrange(7)}"
    if rng.random() < 0.02:
        request["spell"] = True
        request["text"] = rng.choice(["Kari@nav.no", "Æøå", "A1b2"])
    if rng.random() < 0.1:
        own_ids[0] += 1
        request["id"] = f"soak-{conn.key}-{own_ids[0]}"
    request["sent_ms"] = sent_now()
    record = ctx.ledger.speak_sent(conn.key, "json", politeness, use_lang, request["text"], request["sent_ms"])
    data = (json.dumps(request, ensure_ascii=False) + "\n").encode("utf-8")
    reply = await conn.request(data)
    if reply.get("ok"):
        ctx.ledger.accepted(record, reply.get("id"))
        last_ids.append(reply.get("id"))
        del last_ids[:-5]
        if "region" in request:
            ctx.ledger.counts["json regions"] += 1
    else:
        ctx.ledger.refused_with(record, reply.get("error"))
        if reply.get("error") not in ("throttled", "shutting_down"):
            ctx.ledger.problem(f"Client {conn.key}'s speak was refused with {reply.get('error')}: {reply.get('message')}")


async def json_bad(ctx, conn, rng):
    what, data, expected = rng.choice(JSON_BAD)
    sent_ms = None
    if data is None:
        sent_ms = sent_now()
        extra = {"unknown_field": {"colour": "red"}, "invalid_value": {"politeness": "urgent"},
                 "unknown_language": {"lang": "xq"}, "empty_text": {"text": "   "}}[expected]
        request = {"request": "speak", "text": "Bonjour" if expected == "unknown_language" else "Saved",
                   "sent_ms": sent_ms}
        request.update(extra)
        data = (json.dumps(request) + "\n").encode()
    reply = await conn.request(data)
    got = "accepted" if reply.get("ok") else reply.get("error")
    ctx.ledger.bad.append(("JSON lines", what, expected, got, sent_ms))


async def json_session(ctx, conn, rng, mean, n):
    """Speaks until told to stop (then returns True, still connected) or until it hangs up (False)."""
    lang = "nb" if rng.random() < 0.4 else "en"
    # The first line decides the protocol, so it is always a good request.
    await conn.request((json.dumps({"request": "defaults", "lang": lang}) + "\n").encode())
    own_ids, last_ids = [0], []
    while True:
        await pause(ctx, gap(rng, mean))
        if ctx.stop_sending.is_set():
            return True
        r = rng.random()
        if r < 0.02:
            kind = rng.choice(["after sending a request", "half-way through a line", "while idle"])
            ctx.ledger.counts["abrupt disconnects"] += 1
            if kind == "after sending a request":
                text = ctx.text(rng, lang, False)
                request = {"request": "speak", "text": text, "follow": True, "sent_ms": sent_now()}
                ctx.ledger.speak_sent(conn.key, "json", "polite", lang, text, request["sent_ms"])
                await conn.send((json.dumps(request, ensure_ascii=False) + "\n").encode())
            elif kind == "half-way through a line":
                await conn.send(b'{"request":"speak","text":"Half a li')
            conn.abort()
            return False
        elif r < 0.03:
            await conn.close()
            ctx.ledger.counts["clean disconnects"] += 1
            return False
        elif r < 0.06:
            await json_bad(ctx, conn, rng)
        elif r < 0.09 and last_ids:
            ident = rng.choice(last_ids)
            reply = await conn.request((json.dumps({"request": "cancel", "id": ident}) + "\n").encode())
            ctx.ledger.counts["cancels"] += 1
            if not reply.get("ok"):
                ctx.ledger.problem(f"Client {conn.key}'s cancel of {ident} was refused: {reply.get('error')}.")
        elif r < 0.10:
            region = f"status-{rng.randrange(7)}"
            reply = await conn.request((json.dumps({"request": "cancel", "region": region}) + "\n").encode())
            ctx.ledger.counts["cancels"] += 1
            if not reply.get("ok"):
                ctx.ledger.problem(f"Client {conn.key}'s cancel of region {region} was refused: {reply.get('error')}.")
        elif r < 0.12:
            lang = "nb" if lang == "en" else "en"
            reply = await conn.request((json.dumps({"request": "defaults", "lang": lang}) + "\n").encode())
            if not reply.get("ok"):
                ctx.ledger.problem(f"Client {conn.key}'s defaults were refused: {reply.get('error')}.")
        else:
            burst = rng.randint(2, 5) if rng.random() < 0.1 else 1
            for _ in range(burst):
                await json_speak(ctx, conn, rng, n, lang, own_ids, last_ids)


def ssip_client(ctx, n):
    # Half of the SSIP clients use the main socket (SSIP chosen by the first line), half the SSIP one.
    path = ctx.ssip_socket if n % 2 else ctx.socket
    return client(ctx, f"ssip-{n}", random.Random(ctx.seed * 1000 + 500 + n),
                  lambda key: SSIPConnection.open(ctx, key, path), lambda conn, rng, mean: ssip_session(ctx, conn, rng, mean, n))


async def ssip_speak(ctx, conn, rng, state):
    if rng.random() < ctx.assertive_share:
        priority = "important"
    else:
        r, priority = rng.random(), "text"
        for name, share in SSIP_PRIORITIES:
            if r < share:
                priority = name
                break
            r -= share
    if priority != state["priority"]:
        await conn.expect(f"SET SELF PRIORITY {priority}".encode(), 202)
        state["priority"] = priority
    if rng.random() < 0.1:
        state["lang"] = "nb" if state["lang"] == "en" else "en"
        await conn.expect(f"SET SELF LANGUAGE {state['lang']}".encode(), 201)
    text = ctx.text(rng, state["lang"], priority == "important")
    if rng.random() < 0.03:
        text = ".Dotted\n" + text  # two body lines, the first escaped
    politeness = "assertive" if priority == "important" else "polite"
    record = ctx.ledger.speak_sent(conn.key, "ssip", politeness, state["lang"], text)
    code, block = await conn.command(b"SPEAK")
    if code != 230:
        ctx.ledger.refused_with(record, code)
        return
    await conn.send(conn.body(text))
    code, block = await conn.reply()
    if code == 225:
        ctx.ledger.accepted(record, block[0])
    else:
        ctx.ledger.refused_with(record, code)
        if not (400 <= code < 500 or code == 301):
            ctx.ledger.problem(f"Client {conn.key}'s SPEAK got {code} {block[-1]}.")


async def ssip_bad(ctx, conn, rng):
    what, data, expected = rng.choice(SSIP_BAD)
    if data == "SPEAK-BODY" or data == "SPEAK-LONG":
        code, _ = await conn.command(b"SPEAK")
        if code != 230:
            ctx.ledger.bad.append(("SSIP", what, expected, code, None))
            return
        if data == "SPEAK-BODY":
            await conn.send(b"Hei p\xe5 deg \xc3\x28\r\n.\r\n")
        else:
            await conn.send((b"Lorem ipsum dolor sit amet " * 150 + b"\r\n") * 20 + b".\r\n")
        got, block = await conn.reply()
    else:
        got, block = await conn.command(data)
    if got == 225:
        ctx.ledger.problem(f"Client {conn.key}'s bad input ({what}) was accepted as message {block[0]}.")
    ctx.ledger.bad.append(("SSIP", what, expected, got, None))


async def ssip_session(ctx, conn, rng, mean, n):
    state = {"priority": "text", "lang": "nb" if rng.random() < 0.4 else "en"}
    await conn.expect(f"SET SELF CLIENT_NAME root:soak:ssip-{n}".encode(), 208)
    await conn.expect(b"SET SELF NOTIFICATION ALL on", 220)
    if state["lang"] != "en":
        await conn.expect(f"SET SELF LANGUAGE {state['lang']}".encode(), 201)
    while True:
        await pause(ctx, gap(rng, mean))
        if ctx.stop_sending.is_set():
            return True
        r = rng.random()
        if r < 0.02:
            kind = rng.choice(["after sending a message", "in the middle of a message", "while idle"])
            ctx.ledger.counts["abrupt disconnects"] += 1
            if kind == "after sending a message":
                text = ctx.text(rng, state["lang"], False)
                ctx.ledger.speak_sent(conn.key, "ssip", "polite", state["lang"], text)
                await conn.send(b"SPEAK\r\n" + conn.body(text))
            elif kind == "in the middle of a message":
                if (await conn.command(b"SPEAK"))[0] == 230:
                    await conn.send(b"Halfway through\r\n")
            conn.abort()
            return False
        elif r < 0.03:
            await conn.close()
            ctx.ledger.counts["clean disconnects"] += 1
            return False
        elif r < 0.06:
            await ssip_bad(ctx, conn, rng)
        elif r < 0.09:
            await conn.expect(b"CANCEL SELF", 213)
            ctx.ledger.counts["cancels"] += 1
        elif r < 0.10:
            await conn.expect(b"STOP SELF", 210)
            ctx.ledger.counts["stops"] += 1
        else:
            burst = rng.randint(2, 5) if rng.random() < 0.1 else 1
            for _ in range(burst):
                await ssip_speak(ctx, conn, rng, state)


def speechd_client(ctx, loop, n, stop, holder):
    """A client on python3-speechd, as Orca and other Speech Dispatcher clients speak; in its own thread."""
    rng = random.Random(ctx.seed * 1000 + 900 + n)
    ledger = ctx.ledger
    key = f"speechd-{n}.1"

    def note(fn, *a):
        loop.call_soon_threadsafe(fn, *a)

    try:
        client = speechd.SSIPClient(f"soak-speechd-{n}", address=f"unix_socket:{ctx.ssip_socket}", autospawn=False)
    except Exception as error:  # the library raises several kinds
        note(ledger.problem, f"The python3-speechd client {n} could not connect: {error}.")
        return
    holder.append(client)
    lang = "nb" if n % 2 else "en"
    try:
        client.set_language(lang)
        while not stop.wait(gap(rng, 3.0)):
            assertive = rng.random() < ctx.assertive_share
            client.set_priority(speechd.Priority.IMPORTANT if assertive else speechd.Priority.MESSAGE)
            text = ctx.text(rng, lang, assertive)
            record = {}

            def callback(kind, index_mark=None, record=record):
                if kind in (speechd.CallbackType.END, speechd.CallbackType.CANCEL):
                    outcome = "spoken" if kind == speechd.CallbackType.END else "not spoken"
                    # The id is set just after the 225 reply; the server sends events 50 ms later.
                    note(lambda: ledger.events.append((key, "speechd", record.get("id"), outcome)))

            try:
                result = client.speak(text, callback=callback,
                                      event_types=(speechd.CallbackType.END, speechd.CallbackType.CANCEL))
                code, ident = result[0], result[2][0]
            except speechd.SSIPResponseError as error:
                code, ident = error.code(), None
            record["id"] = ident

            def account(code=code, ident=ident, text=text, assertive=assertive):
                r = ledger.speak_sent(key, "speechd", "assertive" if assertive else "polite", lang, text)
                if code == 225:
                    ledger.accepted(r, ident)
                else:
                    ledger.refused_with(r, code)
                    if not 400 <= code < 500:
                        ledger.problem(f"The python3-speechd client {n}'s message was refused with {code}.")

            note(account)
    except Exception as error:  # the library raises several kinds when the connection goes
        note(ledger.problem, f"The python3-speechd client {n} stopped: {error!r}.")

