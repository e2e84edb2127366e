/// Splits SSML into text, opening tags and closing tags, one token at a time. Comments, processing
/// instructions (the `<?xml …?>` declaration among them) and `<!DOCTYPE …>` are skipped; a CDATA
/// section is text. It works on the UTF-8 bytes and splits only at ASCII bytes, so every piece of
/// text it hands on is valid UTF-8.
struct SSMLTokenizer {
    /// One piece of markup.
    enum Token: Equatable {
        /// Text with its references decoded, whitespace as written.
        case text(String)
        /// `<name …>`, or `<name …/>` when `selfClosing`.
        case open(name: String, attributes: [Attribute], selfClosing: Bool)
        /// `</name>`.
        case close(name: String)
    }

    /// One `name="value"` of an opening tag, its value's references decoded.
    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ markup: String) {
        bytes = Array(markup.utf8)
    }

    /// The next token, or nil at the end of the markup.
    mutating func next() throws(SSMLMalformation) -> Token? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                index = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                return .text(XMLEntities.decode(bytes[start..<index]))
            }
            guard index + 1 < bytes.count else { throw .loneLessThan }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "/") { return try closingTag() }
            if Self.isNameStart(next) { return try openingTag() }
            if next == UInt8(ascii: "?") {
                index = try after("?>", from: index + 2, else: .unclosedDeclaration)
            } else if next == UInt8(ascii: "!") {
                if starts(with: "<!--") {
                    index = try after("-->", from: index + 4, else: .unclosedComment)
                } else if starts(with: "<![CDATA[") {
                    let start = index + 9
                    index = try after("]]>", from: start, else: .unclosedCDATA)
                    return .text(String(decoding: bytes[start..<(index - 3)], as: UTF8.self))
                } else if starts(with: "<!DOCTYPE") {
                    try skipDocumentType()
                } else {
                    throw .unknownDeclaration
                }
            } else {
                throw .loneLessThan
            }
        }
        return nil
    }

    private mutating func openingTag() throws(SSMLMalformation) -> Token {
        index += 1
        let name = readName()
        var attributes: [Attribute] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw .unfinishedTag(name) }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                return .open(name: name, attributes: attributes, selfClosing: false)
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { throw .unfinishedTag(name) }
                index += 2
                return .open(name: name, attributes: attributes, selfClosing: true)
            }
            guard Self.isNameStart(byte) else {
                throw byte == UInt8(ascii: "<") ? .unfinishedTag(name) : .badAttribute(element: name)
            }
            attributes.append(try attribute(of: name))
        }
    }

    private mutating func attribute(of element: String) throws(SSMLMalformation) -> Attribute {
        let name = readName()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw .badAttribute(element: element) }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw .badAttribute(element: element)
        }
        let quote = bytes[index]
        let start = index + 1
        // XML allows no `<` in a value, so a quote left open shows as one at the next tag.
        guard let end = bytes[start...].firstIndex(where: { $0 == quote || $0 == UInt8(ascii: "<") }),
              bytes[end] == quote
        else { throw .badAttribute(element: element) }
        index = end + 1
        return Attribute(name: name, value: XMLEntities.decode(bytes[start..<end]))
    }

    private mutating func closingTag() throws(SSMLMalformation) -> Token {
        index += 2
        guard index < bytes.count, Self.isNameStart(bytes[index]) else { throw .loneLessThan }
        let name = readName()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw .unfinishedTag(name) }
        index += 1
        return .close(name: name)
    }

    /// Skips `<!DOCTYPE …>`, with an internal subset in brackets, whose declarations end in `>` too.
    private mutating func skipDocumentType() throws(SSMLMalformation) {
        var inSubset = false
        var position = index + 9
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "["): inSubset = true
            case UInt8(ascii: "]"): inSubset = false
            case UInt8(ascii: ">") where !inSubset:
                index = position + 1
                return
            default: break
            }
            position += 1
        }
        throw .unclosedDeclaration
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count, Self.isNameCharacter(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private func starts(with prefix: String) -> Bool {
        bytes[index...].starts(with: prefix.utf8)
    }

    /// The index just after the first `terminator` at or after `start`.
    private func after(_ terminator: String, from start: Int, else problem: SSMLMalformation) throws(SSMLMalformation) -> Int {
        guard let end = Self.index(after: terminator, in: bytes, from: start) else { throw problem }
        return end
    }

    /// The index just after the first `terminator` in `bytes` at or after `start`, if there is one.
    static func index(after terminator: String, in bytes: [UInt8], from start: Int) -> Int? {
        let terminator = Array(terminator.utf8)
        var position = start
        while position + terminator.count <= bytes.count {
            if bytes[position..<(position + terminator.count)].elementsEqual(terminator) { return position + terminator.count }
            position += 1
        }
        return nil
    }

    /// XML's name start characters, by byte: ASCII letters, `_`, `:`, and every non-ASCII character.
    static func isNameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...: true
        default: false
        }
    }

    static func isNameCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: isNameStart(byte)
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
