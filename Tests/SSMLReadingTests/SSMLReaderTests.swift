import AnnouncerCore
import SSMLReading
import Testing

/// What screen readers send: marks between words, the root left out or declared, whitespace between tags.
@Suite struct SSMLReaderTests {
    let reader = SSMLReader()

    @Test("Orca's marks and words come out in order, and the plain text is the words")
    func orcasMarksAndWords() {
        let script = reader.read(#"<speak><mark name="0:5"/>Hello <mark name="6:11"/>world</speak>"#)
        #expect(script.parts == [.mark("0:5"), .text("Hello", .plain), .mark("6:11"), .text("world", .plain)])
        #expect(script.plainText == "Hello world")
        #expect(script.markNames == ["0:5", "6:11"])
        #expect(script.problem == nil)
    }

    @Test("Text with no markup at all is one run of plain text, with no problem")
    func plainTextIsOneRun() {
        let script = reader.read("  Hello,   world.\n")
        #expect(script.parts == [.text("Hello, world.", .plain)])
        #expect(script.problem == nil)
    }

    @Test("Empty input and whitespace alone give no parts")
    func emptyInputGivesNoParts() {
        #expect(reader.read("") == SpeechScript(parts: []))
        #expect(reader.read(" \n\t ") == SpeechScript(parts: []))
        #expect(reader.read("<speak> </speak>") == SpeechScript(parts: []))
    }

    @Test("Markup without a speak root is read, and so is an XML declaration before the root")
    func rootIsOptionalAndDeclarationSkipped() {
        #expect(reader.read(#"Hi <mark name="a"/>there"#).parts == [.text("Hi", .plain), .mark("a"), .text("there", .plain)])
        let declared = reader.read(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<speak version=\"1.0\" xmlns=\"http://www.w3.org/2001/10/synthesis\">Hi</speak>\n")
        #expect(declared == SpeechScript(parts: [.text("Hi", .plain)]))
    }

    @Test("Whitespace-only runs between marks make no text parts")
    func whitespaceBetweenMarksMakesNoParts() {
        let script = reader.read("<speak>\n  <mark name=\"a\"/>\n  <mark name=\"b\"/>  Hi  </speak>")
        #expect(script.parts == [.mark("a"), .mark("b"), .text("Hi", .plain)])
    }

    @Test("Text around an element that changes nothing is one run, words kept apart by their spaces")
    func textAroundNeutralElementsMerges() {
        #expect(reader.read("Hello <desc>big</desc> world").parts == [.text("Hello big world", .plain)])
        #expect(reader.read("Hel<unknown>lo</unknown>").parts == [.text("Hello", .plain)])
    }

    @Test("A space between two runs in one style joins them, even when the space is outside both")
    func spaceBetweenStyledRunsJoinsThem() {
        let emphasized = SpeechStyle(emphasized: true)
        let script = reader.read("<emphasis>Hello</emphasis> <emphasis>world</emphasis> again")
        #expect(script.parts == [.text("Hello world", emphasized), .text("again", .plain)])
    }

    @Test("Comments and a DOCTYPE with an internal subset are skipped")
    func commentsAndDoctypeAreSkipped() {
        let markup = #"<!DOCTYPE speak [ <!ENTITY x "y"> ]><speak>A<!-- not <this> -->B</speak>"#
        #expect(reader.read(markup) == SpeechScript(parts: [.text("AB", .plain)]))
    }

    @Test("Text after the root element is read too")
    func textAfterRootIsRead() {
        #expect(reader.read("<speak>One</speak> two").parts == [.text("One two", .plain)])
    }
}
