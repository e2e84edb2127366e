/// Why a piece of SSML could not be read as markup; the reader then speaks its text content instead.
enum SSMLMalformation: Error, Equatable {
    /// An element was still open at the end of the document.
    case unclosedElement(String)
    /// A closing tag named another element than the one open.
    case mismatchedClose(open: String, close: String)
    /// A closing tag with no element open.
    case strayClose(String)
    /// A `<` that begins no tag, such as the one in `a < b`.
    case loneLessThan
    /// A tag that the document ends inside, or that has characters no tag may hold.
    case unfinishedTag(String)
    /// An attribute not written as `name="value"` or `name='value'`.
    case badAttribute(element: String)
    /// A `<!--` with no `-->`.
    case unclosedComment
    /// A `<![CDATA[` with no `]]>`.
    case unclosedCDATA
    /// A `<?` with no `?>`, or a `<!DOCTYPE` with no `>`.
    case unclosedDeclaration
    /// A `<!` that begins no comment, CDATA section or document type.
    case unknownDeclaration
    /// Elements nested deeper than the reader's limit.
    case tooDeep(limit: Int)
    /// More parts than the reader's limit.
    case tooManyParts(limit: Int)

    /// One plain sentence for `SpeechScript.problem`.
    var sentence: String {
        "The SSML could not be read (\(reason)), so its text was spoken without markup."
    }

    private var reason: String {
        switch self {
        case let .unclosedElement(name): "the element \(Self.tag(name)) was never closed"
        case let .mismatchedClose(open, close): "the element \(Self.tag(open)) was closed by \(Self.tag(close, closing: true))"
        case let .strayClose(name): "\(Self.tag(name, closing: true)) closes no element"
        case .loneLessThan: "a < begins no tag"
        case let .unfinishedTag(name): "the tag \(Self.tag(name)) was not finished with >"
        case let .badAttribute(element): "an attribute of \(Self.tag(element)) is not written as name=\"value\""
        case .unclosedComment: "a comment was never closed with -->"
        case .unclosedCDATA: "a CDATA section was never closed with ]]>"
        case .unclosedDeclaration: "a declaration or processing instruction was never closed"
        case .unknownDeclaration: "a <! begins no comment, CDATA section or DOCTYPE"
        case let .tooDeep(limit): "its elements are nested more than \(limit) deep"
        case let .tooManyParts(limit): "it makes more than \(limit) parts"
        }
    }

    /// The element's name in its tag, when it is short plain ASCII; otherwise a description, so no
    /// client-sent control character or long run of bytes reaches the timeline's warning.
    private static func tag(_ name: String, closing: Bool = false) -> String {
        let printable = !name.isEmpty && name.utf8.count <= 32 && name.utf8.allSatisfy { (0x21...0x7E).contains($0) }
        guard printable else { return closing ? "a closing tag" : "an element" }
        return closing ? "</\(name)>" : "<\(name)>"
    }
}
