import AnnouncerCore
import SSMLReading
import Testing

/// Character references and CDATA in text and attribute values.
@Suite struct SSMLEntityTests {
    let reader = SSMLReader()

    @Test("The five named entities are decoded")
    func namedEntities() {
        #expect(reader.read("<speak>&amp; &lt; &gt; &quot; &apos;</speak>").parts == [.text(#"& < > " '"#, .plain)])
    }

    @Test("Decimal and hexadecimal references are decoded")
    func numericReferences() {
        #expect(reader.read("&#65;&#x42;&#X43;&#x1F600;").plainText == "AB&#X43;😀")
        #expect(reader.read("&#0065;").plainText == "A")
    }

    @Test("A reference to a code point XML does not allow gives U+FFFD, however long its digits")
    func invalidCodePointsGiveReplacement() {
        #expect(reader.read("a&#0;b").plainText == "a\u{FFFD}b")
        #expect(reader.read("a&#xD800;b").plainText == "a\u{FFFD}b")
        #expect(reader.read("a&#x110000;b").plainText == "a\u{FFFD}b")
        #expect(reader.read("a&#99999999999999999999999999;b").plainText == "a\u{FFFD}b")
        #expect(reader.read("a&#xFFFFFFFFFFFFFFFFFFFF;b").plainText == "a\u{FFFD}b")
    }

    @Test("Unknown named entities, a bare ampersand and unfinished references are kept as text")
    func unknownEntitiesAreKept() {
        let script = reader.read("Tom & Jerry&nbsp;&#; &#x; &amp &#12")
        #expect(script.plainText == "Tom & Jerry&nbsp;&#; &#x; &amp &#12")
        #expect(script.problem == nil)
    }

    @Test("References in attribute values are decoded")
    func referencesInAttributes() {
        #expect(reader.read(#"<mark name="a&amp;b&#x3C;"/>"#).markNames == ["a&b<"])
        #expect(reader.read(#"<sub alias="&quot;x&quot;">y</sub>"#).plainText == #""x""#)
    }

    @Test("CDATA is text, its markup and references as written")
    func cdataIsText() {
        let script = reader.read("<speak>if <![CDATA[a < b && <c>]]> then</speak>")
        #expect(script.parts == [.text("if a < b && <c> then", .plain)])
    }
}
