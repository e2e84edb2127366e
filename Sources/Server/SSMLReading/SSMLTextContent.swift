/// The text of markup that could not be read as SSML: what is spoken instead of it. Tags, comments,
/// processing instructions and declarations are left out, each as a space, so no tag is read aloud
/// and sentences in `<s>` stay apart; references are decoded; CDATA is text. A tag the markup ends
/// inside is left out to the end. A `<` that cannot begin a tag (`a < b`) is kept as text.
enum SSMLTextContent {
    static func of(_ markup: String) -> String {
        let bytes = Array(markup.utf8)
        var text = ""
        var spanStart = 0
        var index = 0
        func take(_ span: Range<Int>) { text += XMLEntities.decode(bytes[span]) }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            let rest = bytes[index...]
            var end: Int
            var cdata: Range<Int>?
            if rest.starts(with: "<!--".utf8) {
                end = SSMLTokenizer.index(after: "-->", in: bytes, from: index + 4) ?? bytes.count
            } else if rest.starts(with: "<![CDATA[".utf8) {
                end = SSMLTokenizer.index(after: "]]>", in: bytes, from: index + 9) ?? bytes.count + 3
                cdata = (index + 9)..<(end - 3)
                end = min(end, bytes.count)
            } else if next == UInt8(ascii: "?") {
                end = SSMLTokenizer.index(after: "?>", in: bytes, from: index + 2) ?? bytes.count
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "/") || SSMLTokenizer.isNameStart(next) {
                end = SSMLTokenizer.index(after: ">", in: bytes, from: index + 2) ?? bytes.count
            } else {
                index += 1
                continue
            }
            take(spanStart..<index)
            text += " "
            if let cdata { text += String(decoding: bytes[cdata], as: UTF8.self) + " " }
            index = end
            spanStart = index
        }
        take(spanStart..<bytes.count)
        return text
    }
}
