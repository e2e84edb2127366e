"""An SSIP proxy between Orca and a speech server: it forwards every byte unchanged and notes, on
time.monotonic(), when each request arrived complete from the client, with its text.

`SSIPConversation` is the pure part (bytes and times in, requests out) and is unit-tested;
`SSIPTap` is the socket part, one thread per direction of each connection.
"""

import collections
import html
import os
import re
import socket
import threading
import time

# The requests that make the server speak: what the benchmark times from arrival to first sound.
SPEAKING = ("SPEAK", "CHAR", "KEY", "SOUND_ICON")


class Request:
    """One SSIP request from the client.

    `received` is when its command line arrived and `complete` when all of it had: the lone "."
    after a SPEAK's text, the line itself for any other request (None while a SPEAK's text comes).
    """

    __slots__ = ("command", "argument", "text", "received", "complete", "reply", "message_id")

    def __init__(self, command, argument, received):
        self.command = command
        self.argument = argument
        self.text = argument
        self.received = received
        self.complete = None
        self.reply = None
        self.message_id = None

    @property
    def speaks(self):
        return self.command in SPEAKING

    def plain_text(self):
        """The words, without SSML's tags and entities: what a listener hears."""
        return plain_text(self.text)

    def __repr__(self):
        return "Request(%s %r at %s)" % (self.command, self.text, self.complete)


_TAG = re.compile(r"<[^>]*>")


def plain_text(ssml):
    """Text without SSML tags, with entities decoded and runs of white space made one space."""
    return " ".join(html.unescape(_TAG.sub(" ", ssml)).split())


class SSIPConversation:
    """Follows one SSIP connection in both directions.

    `from_client` returns each request as it is complete. A SPEAK's text follows its command only
    once the server has answered 230; `from_server` is told the replies, so a SPEAK the server
    refuses does not swallow the commands after it as text, and a SPEAK's message id (225-<id>)
    is kept. Replies come in the order of the requests; events (7xx) come between them at any time
    and answer nothing. Lines end in CRLF, or LF alone; bytes may arrive split anywhere.
    """

    def __init__(self):
        self._client_bytes = b""
        self._server_bytes = b""
        self._speaking = None  # the SPEAK whose text is arriving
        self._body = []
        self._awaiting = collections.deque()  # (request, "command" | "text") in the order sent
        self._reply_lines = []

    def from_client(self, data, now):
        """The requests completed by these bytes, which arrived at `now`."""
        complete = []
        for line in _lines(self, "_client_bytes", data):
            request = self._client_line(line, now)
            if request is not None:
                complete.append(request)
        return complete

    def _client_line(self, line, now):
        text = line.decode("utf-8", errors="replace")
        if self._speaking is not None:
            if text == ".":
                request, self._speaking = self._speaking, None
                request.text = "\n".join(self._body)
                request.complete = now
                self._awaiting.append((request, "text"))
                return request
            # A line of text that begins with "." was sent with one more.
            self._body.append(text[1:] if text.startswith("..") else text)
            return None
        command, _, argument = text.strip().partition(" ")
        request = Request(command.upper(), argument, now)
        self._awaiting.append((request, "command"))
        if request.command == "SPEAK":
            # Its text follows once the server says 230; if it refuses, from_server ends this.
            self._speaking, self._body = request, []
            return None
        request.complete = now
        return request

    def from_server(self, data, now):
        """Matches the server's complete replies with the requests they answer."""
        for line in _lines(self, "_server_bytes", data):
            text = line.decode("utf-8", errors="replace")
            if len(text) < 4 or not text[:3].isdigit():
                continue
            code, last = int(text[:3]), text[3] == " "
            if code // 100 == 7:
                continue
            self._reply_lines.append(text[4:])
            if not last:
                continue
            lines, self._reply_lines = self._reply_lines, []
            if not self._awaiting:
                continue
            request, part = self._awaiting.popleft()
            if part == "command" and request.command == "SPEAK":
                if code != 230 and self._speaking is request:
                    self._speaking = None
                    request.reply = code
                continue
            request.reply = code
            if part == "text" and code == 225 and len(lines) > 1:
                request.message_id = lines[0]


def _lines(conversation, attribute, data):
    """The whole lines in a direction's bytes so far, without their line ends; keeps the rest."""
    pending = getattr(conversation, attribute) + data
    *lines, rest = pending.split(b"\n")
    setattr(conversation, attribute, rest)
    return [line[:-1] if line.endswith(b"\r") else line for line in lines]


class TappedRequest:
    """A request as the tap saw it: which server it went to, on which connection."""

    __slots__ = ("server", "connection", "request")

    def __init__(self, server, connection, request):
        self.server = server
        self.connection = connection
        self.request = request


class SSIPTap:
    """Listens at `path`; each client connection is joined to the server routed to at the time it
    connects, and every request from the client is noted with the time it arrived complete.

    Times are taken as recv() returns, before the bytes are forwarded, so the server's share of a
    measurement includes this proxy's own hop (tens of microseconds).
    """

    def __init__(self, path, log=None):
        self.path = path
        self._log = log
        self._route = None
        self._generation = 0
        self._cond = threading.Condition()
        self.requests = []
        self.last_from_client = 0.0
        self._sockets = set()
        self._closed = False
        if os.path.exists(path):
            os.unlink(path)
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(path)
        self._listener.listen(16)
        self._connections = 0
        threading.Thread(target=self._accept, name="ssip tap", daemon=True).start()

    def route(self, name, upstream_path):
        """Joins connections made from now on to the server `name` at `upstream_path`; returns a mark
        for `wait_for` that only matches requests of those connections."""
        with self._cond:
            self._route = (name, upstream_path)
            self._generation += 1
            return self._generation

    def _accept(self):
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            with self._cond:
                if self._closed:
                    client.close()
                    return
                name, upstream_path = self._route
                generation = self._generation
                self._connections += 1
                number = self._connections
            upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                upstream.connect(upstream_path)
            except OSError as error:
                self._note("connection %d: %s at %s did not answer (%s)" % (number, name, upstream_path, error))
                client.close()
                upstream.close()
                continue
            self._note("connection %d joined to %s" % (number, name))
            with self._cond:
                self._sockets.update((client, upstream))
            conversation = SSIPConversation()
            lock = threading.Lock()
            for source, target, client_side in ((client, upstream, True), (upstream, client, False)):
                threading.Thread(target=self._pump, daemon=True, name="ssip tap %d" % number,
                                 args=(source, target, client_side, conversation, lock,
                                       (name, number, generation))).start()

    def _pump(self, source, target, client_side, conversation, lock, connection):
        name, number, generation = connection
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            now = time.monotonic()
            if not data:
                break
            # Parsed before forwarding: a reply must find the request it answers already noted.
            with lock:
                if client_side:
                    complete = conversation.from_client(data, now)
                else:
                    conversation.from_server(data, now)
                    complete = ()
            try:
                target.sendall(data)
            except OSError:
                break
            if client_side:
                with self._cond:
                    self.last_from_client = now
                    for request in complete:
                        self.requests.append(TappedRequest(name, generation, request))
                    self._cond.notify_all()
                for request in complete:
                    self._note("%.3f %s %d %s %s" % (now * 1000, name, number, request.command,
                                                     request.plain_text() if request.speaks else request.argument))
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def _note(self, line):
        if self._log is not None:
            with self._cond:
                self._log.write(line + "\n")
                self._log.flush()

    def wait_for(self, predicate, since, generation=0, timeout=5.0):
        """The first request completed at or after `since` on a connection routed at or after
        `generation` for which predicate(request) holds, or None after timeout seconds."""
        deadline = time.monotonic() + timeout
        with self._cond:
            checked = 0
            while True:
                for tapped in self.requests[checked:]:
                    request = tapped.request
                    if request.complete >= since and tapped.connection >= generation and predicate(request):
                        return tapped
                checked = len(self.requests)
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)

    def between(self, start, end):
        """Every request completed in [start, end), in the order they came."""
        with self._cond:
            return [t for t in self.requests if start <= t.request.complete < end]

    def close(self):
        with self._cond:
            self._closed = True
            sockets, self._sockets = list(self._sockets), set()
        try:
            self._listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._listener.close()
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        try:
            os.unlink(self.path)
        except OSError:
            pass
