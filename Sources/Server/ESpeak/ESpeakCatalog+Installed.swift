public import Speech
import CEspeakNG

extension ESpeakCatalog {
    /// The catalogue of the installed eSpeak NG, read from its voice files on first use, without starting synthesis.
    ///
    /// It is read before any synthesis starts in the process (`ESpeakEngine` asks for it first), because
    /// listing voices rebuilds a list inside the library that a synthesizing thread also reads.
    public static let installed = ESpeakCatalog(voices: readInstalledVoices())

    private static func readInstalledVoices() -> [Voice] {
        espeak_ng_InitializePath(nil)
        guard let list = espeak_ListVoices(nil) else { return [] }
        var voices: [Voice] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let voice = entry.pointee
            guard let name = voice.name, let identifier = voice.identifier, let packed = voice.languages else { continue }
            voices.append(Voice(name: String(cString: name), languages: unpack(packed), identifier: String(cString: identifier)))
        }
        return voices
    }

    /// eSpeak's language list: a priority byte, then a NUL-terminated code, repeated, ended by a zero byte.
    private static func unpack(_ packed: UnsafePointer<CChar>) -> [String] {
        var codes: [String] = []
        var cursor = packed
        while cursor.pointee != 0 {
            cursor += 1  // the priority byte
            let code = String(cString: cursor)
            if !code.isEmpty { codes.append(code.lowercased()) }
            cursor += code.utf8.count + 1
        }
        return codes
    }
}
