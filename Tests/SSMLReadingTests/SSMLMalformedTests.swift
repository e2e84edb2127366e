import AnnouncerCore
import SSMLReading
import Testing

/// Markup that is not well formed, or beyond the limits, is spoken as its text content with a problem.
@Suite struct SSMLMalformedTests {
    let reader = SSMLReader()

    func expectTextContent(_ markup: String, _ text: String, problemMentions fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let script = reader.read(markup)
        #expect(script.parts == [.text(text, .plain)], sourceLocation: sourceLocation)
        #expect(script.problem?.contains(fragment) == true, "problem: \(script.problem ?? "none")", sourceLocation: sourceLocation)
        #expect(script.problem?.hasSuffix("so its text was spoken without markup.") == true, sourceLocation: sourceLocation)
    }

    @Test("An element never closed: its text, and the problem names it")
    func unclosedElement() {
        let script = reader.read(#"<speak><s>Hello <mark name="1"/>world"#)
        #expect(script == SpeechScript(
            parts: [.text("Hello world", .plain)],
            problem: "The SSML could not be read (the element <s> was never closed), so its text was spoken without markup."
        ))
    }

    @Test("A closing tag that names another element")
    func mismatchedClose() {
        expectTextContent("<speak><s>One</p></speak>", "One", problemMentions: "the element <s> was closed by </p>")
    }

    @Test("A closing tag with nothing open")
    func strayClose() {
        expectTextContent("Hello</x> world", "Hello world", problemMentions: "</x> closes no element")
    }

    @Test("A tag the markup ends inside is left out, not read aloud")
    func unfinishedTagAtEnd() {
        expectTextContent(#"Hello <mark name="0:5""#, "Hello", problemMentions: "the tag <mark> was not finished")
        expectTextContent("Hello <", "Hello <", problemMentions: "a < begins no tag")
    }

    @Test("A quote left open in an attribute")
    func badAttributeQuoting() {
        expectTextContent(#"<s a="b>text</s>"#, "text", problemMentions: "an attribute of <s>")
        expectTextContent("<break time=500ms/>after", "after", problemMentions: "an attribute of <break>")
        expectTextContent("<break strong/>after", "after", problemMentions: "an attribute of <break>")
    }

    @Test("A < followed by a space is not a tag: the text is spoken with it, and a problem noted")
    func loneLessThan() {
        expectTextContent("a < b", "a < b", problemMentions: "a < begins no tag")
        expectTextContent("<speak>a < b</speak>", "a < b", problemMentions: "a < begins no tag")
    }

    @Test("Comments, CDATA and declarations never closed")
    func unclosedSpecialSections() {
        expectTextContent("Hi <!-- never", "Hi", problemMentions: "comment")
        expectTextContent("Hi <![CDATA[there", "Hi there", problemMentions: "CDATA")
        let declaration = reader.read("<?xml version='1.0' Hi")
        #expect(declaration.parts.isEmpty)
        #expect(declaration.problem?.contains("processing instruction") == true)
        expectTextContent("Hi <!ELEMENT x> there", "Hi there", problemMentions: "<!")
    }

    @Test("The text content of malformed markup keeps sentences apart and decodes references")
    func malformedTextContentIsClean() {
        expectTextContent("<speak><s>One.</s><s>Tom &amp; Jerry</s>", "One. Tom & Jerry", problemMentions: "<speak>")
    }

    @Test("An element name that is long or not plain ASCII is not echoed into the problem")
    func problemDoesNotEchoOddNames() {
        let long = String(repeating: "x", count: 40)
        #expect(reader.read("<\(long)>a").problem?.contains(long) == false)
        #expect(reader.read("<\(long)>a").problem?.contains("an element") == true)
        #expect(reader.read("<ö\u{2028}>a").problem?.contains("\u{2028}") == false)
    }

    @Test("Nesting 64 deep is read; deeper is spoken as text")
    func nestingDepthIsCapped() {
        let fine = String(repeating: "<s>", count: 64) + "deep" + String(repeating: "</s>", count: 64)
        #expect(reader.read(fine) == SpeechScript(parts: [.text("deep", .plain)]))
        let deep = String(repeating: "<p>", count: 65) + "deep" + String(repeating: "</p>", count: 65)
        let script = reader.read(deep)
        #expect(script.parts == [.text("deep", .plain)])
        #expect(script.problem?.contains("nested more than 64 deep") == true)
    }

    @Test("Very deep hostile nesting neither crashes nor takes long")
    func hostileNesting() {
        let hostile = String(repeating: "<audio src=\"a\">", count: 100_000)
        let script = reader.read(hostile)
        #expect(script.problem != nil)
        #expect(script.parts.isEmpty)
    }

    @Test("More than 10,000 parts is spoken as text")
    func partsAreCapped() {
        let fine = String(repeating: "<mark name=\"m\"/>", count: 10_000)
        #expect(reader.read(fine).parts.count == 10_000)
        let many = String(repeating: "<mark name=\"m\"/>w ", count: 5_001)
        let script = reader.read(many)
        #expect(script.problem?.contains("more than 10000 parts") == true)
        #expect(script.parts.count == 1)
    }

    @Test("Parts inside sounds' fallbacks count toward the limit")
    func fallbackPartsCount() {
        let many = "<audio src=\"a\">" + String(repeating: "w<break/>", count: 5_001) + "</audio>"
        #expect(reader.read(many).problem?.contains("parts") == true)
    }
}
