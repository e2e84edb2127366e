public import AnnouncerFlows
import Foundation

/// The checks of a real page beside its flow's steps, each in a fresh copy of the page: axe-core's WCAG
/// rules, then the layout checks. A check that cannot be made is one sentence, and the others still run.
public struct PageAudit: Sendable {
    public var findings: [PageFinding] = []
    /// Why a check could not be made or finished, one sentence each.
    public var notes: [String] = []
    /// axe-core's version, when it ran.
    public var axeVersion: String?

    /// Opens `address` in `browser` (waiting 30 seconds at most for it to load), runs `axe` when given and
    /// the layout checks, and closes it again.
    public static func check(_ address: String, in browser: ChromiumBrowser, axe: AxeCore?) -> PageAudit {
        var audit = PageAudit()
        let page: WebPage
        do throws(WebError) {
            page = try WebPage.open(address, in: browser, evenUnfinished: true)
        } catch {
            audit.notes.append("The page could not be checked by axe-core or for its layout: \(Self.clause(error.description))")
            return audit
        }
        defer { page.close() }
        if !page.finishedLoading {
            audit.notes.append("The page \(address) did not finish loading in 30 seconds, so it was checked as far as it had loaded.")
        }
        if let axe {
            do throws(WebError) {
                let run = try axe.run(on: page)
                audit.findings += run.findings
                audit.axeVersion = run.version
            } catch {
                if case let .pageScript(clause) = error {
                    audit.notes.append("\(clause), so only the layout checks were made.")
                } else {
                    audit.notes.append("axe-core could not check the page: \(Self.clause(error.description))")
                }
            }
        }
        do throws(WebError) {
            audit.findings += try PageLayoutCheck.run(on: page)
        } catch {
            audit.notes.append("The page's layout could not be checked: \(Self.clause(error.description))")
        }
        return audit
    }

    /// A sentence to follow a colon: its leading article in lower case.
    static func clause(_ sentence: String) -> String {
        for article in ["The ", "A "] where sentence.hasPrefix(article) { return article.lowercased() + sentence.dropFirst(article.count) }
        return sentence
    }
}
