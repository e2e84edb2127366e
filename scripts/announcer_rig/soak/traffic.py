"""What the soak's clients send: the texts, how often an announcement is assertive, and bad input with the error each must get."""

# About one assertive announcement every this many seconds, from all clients together.
# An assertive announcement never cuts another one: it waits behind it by design. A sentence
# takes 1 to 3 s to say, so an assertive share near 10% of this traffic would make the assertive
# queue grow without end and measure the queue's length, not the server.
ASSERTIVE_EVERY_SECONDS = 8.0

EN_POLITE = [
    "Saved", "3 new messages", "Download complete", "Battery at 20 percent", "Connected to Wi-Fi",
    "Meeting in 5 minutes", "File uploaded", "Build finished", "Copied to clipboard",
    "Settings updated", "New comment from Kari", "Sync complete", "Printing page 2 of 4",
    "Loading, please wait", "Search found 12 results", "Call kari@nav.no at 14:30",
]
NB_POLITE = [
    "Lagret", "3 nye meldinger", "Nedlasting fullført", "Batteriet er på 20 prosent",
    "Møte om fem minutter", "Filen er lastet opp", "Kopiert til utklippstavlen",
    "Innstillingene er oppdatert", "Ny kommentar fra Kåre", "Synkronisering fullført",
    "Søket fant 12 treff", "Ærlig talt, øvelse gjør mester", "Blåbærsyltetøy på tilbud",
    "Skriver ut side 2 av 4", "Møtet er kl. 14:30",
]
EN_ASSERTIVE = ["Error: wrong password", "Error: Must be a valid email address", "Connection lost",
                "Payment failed", "Error: the build failed"]
NB_ASSERTIVE = ["Feil passord", "Feil: Må være en gyldig e-postadresse", "Forbindelsen ble brutt",
                "Betalingen mislyktes", "Feil: bygget feilet"]

# Bad input and the error each must be answered with.
JSON_BAD = [
    ("malformed JSON", b'{"request":"speak","text":"Lagret"\n', "invalid_json"),
    ("an unknown field", None, "unknown_field"),
    ("an over-long line", b'{"request":"speak","text":"' + b"a" * 70_000 + b'"}\n', "line_too_long"),
    ("invalid UTF-8", b'{"request":"speak","text":"Hei \xc3\x28 p\xe5 deg"}\n', "invalid_utf8"),
    ("JSON that is not an object", b"[1,2,3]\n", "not_an_object"),
    ("an unknown request", b'{"request":"shout","text":"Hello"}\n', "unknown_request"),
    ("an unknown politeness", None, "invalid_value"),
    ("an unknown language", None, "unknown_language"),
    ("empty text", None, "empty_text"),
    ("a cancel with no target", b'{"request":"cancel"}\n', "missing_field"),
]
SSIP_BAD = [
    ("an unknown command", b"FROBNICATE NOW", 500),
    ("invalid UTF-8 in a command", b"SET SELF CLIENT_NAME \xff\xfe:x:y", 501),
    ("an over-long command line", b"SET SELF CLIENT_NAME " + b"x" * 70_000, 503),
    ("an unknown priority", b"SET SELF PRIORITY urgent", 408),
    ("an unknown language", b"SET SELF LANGUAGE xq", 415),  # every language eSpeak NG has is accepted; xq is none
    # PAUSE, RESUME and SOUND_ICON are supported now; one client setting every client's rate is not.
    ("an unsupported command", b"SET ALL RATE 10", 416),
    ("a message in invalid UTF-8", "SPEAK-BODY", 501),
    ("an over-long message", "SPEAK-LONG", 502),
]
SSIP_PRIORITIES = [("text", 0.40), ("message", 0.25), ("notification", 0.15), ("progress", 0.20)]
