import DevToolsProtocol
public import Foundation

/// Prints an HTML page as PDF through Chromium's `Page.printToPDF`: tagged, with an outline of its
/// headings and the page's language, so a screen reader reads it. Each audio player becomes a link to
/// its file, since a PDF plays no audio.
public enum ReportPrinter {
    public static func pdf(of path: String, in browser: ChromiumBrowser) throws(WebError) -> Data {
        let page = try WebPage.open(path, in: browser)
        defer { page.close() }
        _ = try page.evaluate("""
            (() => {
              for (const audio of [...document.querySelectorAll('audio')]) {
                const link = document.createElement('a');
                link.href = audio.getAttribute('src');
                link.textContent = audio.getAttribute('aria-label') || audio.getAttribute('src');
                audio.replaceWith(link);
              }
              return null;
            })()
            """)
        let printed = try page.send(Page.PrintToPDF(tagged: true, outline: true), timeout: .seconds(60))
        guard let data = Data(base64Encoded: printed.data) else { throw .refused(method: Page.PrintToPDF.method, message: "its PDF could not be read") }
        return data
    }
}
