"""The SSIP tap: which requests it sees in Orca's bytes, when each counts as arrived, and that it forwards unchanged."""

import os
import socket
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ssip_tap import SSIPConversation, SSIPTap, plain_text  # noqa: E402

ORCA_SPEAK = ('<speak><mark name="0:4"/>Your <mark name="5:9"/>name <mark name="10:16"/>entry.</speak>')


def feed(conversation, text, now):
    return conversation.from_client(text.encode("utf-8"), now)


class RequestParsingTests(unittest.TestCase):
    def test_a_speak_arrives_complete_at_the_lone_dot(self):
        """Should give one SPEAK, complete when its "." came, received when its command came, with its text."""
        conversation = SSIPConversation()
        self.assertEqual(feed(conversation, "SPEAK\r\n", 1.0), [])
        conversation.from_server(b"230 OK RECEIVING DATA\r\n", 1.1)
        self.assertEqual(feed(conversation, "Hello\r\nworld\r\n", 1.2), [])
        [request] = feed(conversation, ".\r\n", 1.5)
        self.assertEqual((request.command, request.text, request.received, request.complete),
                         ("SPEAK", "Hello\nworld", 1.0, 1.5))
        self.assertTrue(request.speaks)

    def test_bytes_one_at_a_time_complete_with_the_last_byte_of_the_dot_line(self):
        """Should take the time of the byte that ends the "." line, however the bytes were split."""
        conversation = SSIPConversation()
        found = []
        data = ("SPEAK\r\n" + ORCA_SPEAK + "\r\n.\r\n").encode()
        for index in range(len(data)):
            if index == len("SPEAK\r\n"):
                conversation.from_server(b"230 OK RECEIVING DATA\r\n", 0.5)
            found += conversation.from_client(data[index:index + 1], float(index))
        [request] = found
        self.assertEqual(request.complete, float(len(data) - 1))
        self.assertEqual(request.text, ORCA_SPEAK)

    def test_a_character_split_across_reads_is_kept_whole(self):
        """Should decode UTF-8 only once a line is whole, so a split "ø" is not replaced."""
        conversation = SSIPConversation()
        data = "SPEAK\r\nGrønn\r\n.\r\n".encode("utf-8")
        split = data.index("ø".encode()) + 1
        conversation.from_client(data[:split], 1.0)
        conversation.from_server(b"230 OK RECEIVING DATA\r\n", 1.0)
        [request] = conversation.from_client(data[split:], 2.0)
        self.assertEqual(request.text, "Grønn")

    def test_a_text_line_that_begins_with_a_dot_loses_the_added_dot(self):
        """Should undo SSIP's dot-stuffing: "..hidden" is the line ".hidden", and does not end the text."""
        conversation = SSIPConversation()
        [request] = feed(conversation, "SPEAK\r\n..hidden\r\n.\r\n", 1.0)
        self.assertEqual(request.text, ".hidden")

    def test_char_and_key_speak_and_are_complete_on_their_own_line(self):
        """Should count CHAR and KEY as requests that speak, each complete when its line came."""
        conversation = SSIPConversation()
        char, key = feed(conversation, "CHAR a\r\nKEY shift_a\r\n", 3.0)
        self.assertEqual([(r.command, r.argument, r.complete, r.speaks) for r in (char, key)],
                         [("CHAR", "a", 3.0, True), ("KEY", "shift_a", 3.0, True)])

    def test_settings_and_cancel_do_not_speak(self):
        """Should see SET and CANCEL as requests, but not as requests that speak."""
        conversation = SSIPConversation()
        found = feed(conversation, "SET self LANGUAGE en-US\r\nCANCEL self\r\n", 1.0)
        self.assertEqual([(r.command, r.speaks) for r in found], [("SET", False), ("CANCEL", False)])

    def test_commands_are_case_insensitive(self):
        """Should read "speak" and "char" as SPEAK and CHAR, as servers do."""
        conversation = SSIPConversation()
        found = feed(conversation, "speak\r\nhi\r\n.\r\nchar b\r\n", 1.0)
        self.assertEqual([r.command for r in found], ["SPEAK", "CHAR"])

    def test_lines_may_end_in_a_line_feed_alone(self):
        """Should accept LF as well as CRLF."""
        conversation = SSIPConversation()
        [request] = feed(conversation, "SPEAK\nhi\n.\n", 1.0)
        self.assertEqual(request.text, "hi")

    def test_a_refused_speak_does_not_take_the_next_commands_as_text(self):
        """Should leave the text mode when the server answers SPEAK with an error instead of 230."""
        conversation = SSIPConversation()
        feed(conversation, "SPEAK\r\n", 1.0)
        conversation.from_server(b"401 ERR NOT ALLOWED\r\n", 1.1)
        [request] = feed(conversation, "CHAR x\r\n", 1.2)
        self.assertEqual((request.command, request.argument), ("CHAR", "x"))

    def test_the_message_id_comes_from_the_225_reply_even_after_events(self):
        """Should match replies with requests in order, skipping events that come between them."""
        conversation = SSIPConversation()
        feed(conversation, "SET self PRIORITY message\r\nSPEAK\r\n", 1.0)
        conversation.from_server(b"202 OK PRIORITY SET\r\n", 1.0)
        conversation.from_server(b"702-41\r\n702-7\r\n702 END\r\n230 OK RECEIVING DATA\r\n", 1.1)
        [request] = feed(conversation, "hi\r\n.\r\n", 1.2)
        conversation.from_server(b"700-41\r\n700-7\r\n700-0:2\r\n700 INDEX MARK\r\n225-42\r\n225 OK MESSAGE QUEUED\r\n", 1.3)
        self.assertEqual((request.message_id, request.reply), ("42", 225))

    def test_plain_text_drops_ssml_tags_and_decodes_entities(self):
        """Should give what a listener hears: the words, without marks or markup."""
        self.assertEqual(plain_text(ORCA_SPEAK), "Your name entry.")
        self.assertEqual(plain_text("<speak>Fish &amp; chips</speak>"), "Fish & chips")


class TapTests(unittest.TestCase):
    def test_the_tap_forwards_bytes_unchanged_and_notes_each_request(self):
        """Should hand the server Orca's bytes and Orca the server's, byte for byte, and note the SPEAK."""
        folder = tempfile.mkdtemp()
        upstream_path = os.path.join(folder, "server.sock")
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(upstream_path)
        server.listen(1)
        received = bytearray()

        def serve():
            connection, _ = server.accept()
            answers = iter([b"230 OK RECEIVING DATA\r\n", b"225-7\r\n225 OK MESSAGE QUEUED\r\n"])
            while True:
                data = connection.recv(4096)
                if not data:
                    break
                received.extend(data)
                if received.endswith(b"\r\n"):
                    connection.sendall(next(answers, b""))
            connection.close()

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        tap = SSIPTap(os.path.join(folder, "tap.sock"))
        generation = tap.route("test server", upstream_path)
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(tap.path)
        try:
            client.sendall(b"SPEAK\r\n")
            self.assertEqual(client.recv(4096), b"230 OK RECEIVING DATA\r\n")
            before = time.monotonic()
            client.sendall(b"Tab\r\n.\r\n")
            self.assertEqual(client.recv(4096), b"225-7\r\n225 OK MESSAGE QUEUED\r\n")
            tapped = tap.wait_for(lambda r: r.speaks, since=0.0, generation=generation, timeout=2)
        finally:
            client.close()
            thread.join(2)
            tap.close()
            server.close()
        self.assertEqual(bytes(received), b"SPEAK\r\nTab\r\n.\r\n")
        self.assertEqual((tapped.server, tapped.request.text, tapped.request.message_id), ("test server", "Tab", "7"))
        self.assertGreaterEqual(tapped.request.complete, before)


if __name__ == "__main__":
    unittest.main()
