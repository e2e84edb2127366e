import Foundation

/// The relative links of the installed Markdown and HTML files: `[text](path)`, `![alt](path)`,
/// `href="path"` and `src="path"`, without their `#fragment`; addresses with a scheme, links within a page
/// and Markdown's code (where a link is an example) are left out.
struct InstalledLinks {
    let file: URL
    let written: String
    let target: URL

    static func find(under folder: URL) throws -> [InstalledLinks] {
        let patterns = [try Regex(#"\]\(([^)\s]+)\)"#), try Regex(#"(?:href|src)="([^"]+)""#)]
        var found: [InstalledLinks] = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where ["md", "html"].contains(file.pathExtension) {
            var text = try String(contentsOf: file, encoding: .utf8)
            // Markdown's code shows links and attributes as examples; only the prose links.
            if file.pathExtension == "md" {
                for code in [#"```[\s\S]*?```"#, #"``[^\n]*?``"#, #"`[^`\n]*`"#] { text = text.replacing(try Regex(code), with: "") }
            }
            for pattern in patterns {
                for match in text.matches(of: pattern) {
                    guard let written = match.output[1].substring.map(String.init) else { continue }
                    let path = String(written.prefix { $0 != "#" })
                    if path.isEmpty || written.contains("://") || written.hasPrefix("mailto:") || written.hasPrefix("data:") { continue }
                    let target = file.deletingLastPathComponent().appendingPathComponent(path.removingPercentEncoding ?? path).standardizedFileURL
                    found.append(InstalledLinks(file: file, written: written, target: target))
                }
            }
        }
        return found
    }
}
