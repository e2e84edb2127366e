/// Decodes XML's character references in text and attribute values: the five named entities and
/// numeric references. Anything else that starts with `&` is kept as it was written.
enum XMLEntities {
    private static let named: [(name: [UInt8], value: UInt8)] = [
        (Array("amp".utf8), UInt8(ascii: "&")),
        (Array("lt".utf8), UInt8(ascii: "<")),
        (Array("gt".utf8), UInt8(ascii: ">")),
        (Array("quot".utf8), UInt8(ascii: "\"")),
        (Array("apos".utf8), UInt8(ascii: "'")),
    ]

    /// The text of `bytes` (UTF-8, split from a valid string only at ASCII bytes) with its references
    /// decoded. A numeric reference to a code point XML does not allow, such as `&#0;` or a surrogate,
    /// gives U+FFFD; an unknown name such as `&nbsp;` and a bare `&` are kept as text.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"), let (decoded, end) = reference(in: bytes, at: index) else {
                output.append(byte)
                index += 1
                continue
            }
            output.append(contentsOf: decoded)
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The UTF-8 of the reference that begins at `start` (an `&`) and the index after its `;`, or nil
    /// when no reference begins there.
    private static func reference(in bytes: ArraySlice<UInt8>, at start: Int) -> ([UInt8], Int)? {
        var index = start + 1
        guard index < bytes.endIndex else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < bytes.endIndex && bytes[index] == UInt8(ascii: "x")
            if hex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < bytes.endIndex, let digit = digitValue(bytes[index], hex: hex) {
                // Saturates above Unicode's last code point, so a long run of digits cannot overflow.
                value = value > 0x10FFFF ? value : value * (hex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart, index < bytes.endIndex, bytes[index] == UInt8(ascii: ";") else { return nil }
            let scalar = allowed(value) ? Unicode.Scalar(value) ?? "\u{FFFD}" : "\u{FFFD}"
            return (Array(String(Character(scalar)).utf8), index + 1)
        }
        for (name, value) in named {
            let end = index + name.count
            guard end < bytes.endIndex, bytes[index..<end].elementsEqual(name), bytes[end] == UInt8(ascii: ";") else { continue }
            return ([value], end + 1)
        }
        return nil
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML's `Char`: tab, line feed, carriage return and the code points from space up, without
    /// surrogates and U+FFFE and U+FFFF.
    private static func allowed(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
