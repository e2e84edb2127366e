import Foundation

/// Flow reports as JUnit XML, for CI systems: one test suite per flow file, one test case per result.
public enum JUnitReport {
    public static func xml(_ reports: [FlowReport]) -> String {
        let tests = reports.reduce(0) { $0 + $1.results.count + $1.lint.count + $1.page.count + $1.readProblems.count }
        let failures = reports.reduce(0) { $0 + $1.failedCount }
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="announce flow check" tests="\#(tests)" failures="\#(failures)">"# + "\n"
        for report in reports {
            let name = report.flow.map { "\($0.name) (\(report.file))" } ?? report.file
            let className = "flow." + ((report.file as NSString).lastPathComponent as NSString).deletingPathExtension
            xml += #"  <testsuite name="\#(escape(name))" tests="\#(report.results.count + report.lint.count + report.page.count + report.readProblems.count)" failures="\#(report.failedCount)">"# + "\n"
            for (index, problem) in report.readProblems.enumerated() {
                xml += #"    <testcase classname="\#(escape(className))" name="read the flow file, problem \#(index + 1)">"# + "\n"
                xml += #"      <failure message="\#(escape(problem))"/>"# + "\n"
                xml += "    </testcase>\n"
            }
            for finding in report.lint {
                let caseName = "lint \(finding.rule.code)" + (finding.line.map { " (line \($0))" } ?? "") + ": " + (finding.element?.rawValue ?? finding.screen.rawValue)
                if finding.passed {
                    xml += #"    <testcase classname="\#(escape(className))" name="\#(escape(caseName))"/>"# + "\n"
                } else {
                    xml += #"    <testcase classname="\#(escape(className))" name="\#(escape(caseName))">"# + "\n"
                    xml += #"      <failure message="\#(escape(finding.message))"/>"# + "\n"
                    xml += "    </testcase>\n"
                }
            }
            for result in report.results {
                let caseName = "step \(result.step)" + (result.line.map { " (line \($0))" } ?? "") + ", \(result.action): \(result.kind.rawValue)"
                let time = result.latencyMilliseconds.map { String(format: " time=\"%.6f\"", $0 / 1_000) } ?? ""
                if result.passed {
                    xml += #"    <testcase classname="\#(escape(className))" name="\#(escape(caseName))"\#(time)/>"# + "\n"
                } else {
                    xml += #"    <testcase classname="\#(escape(className))" name="\#(escape(caseName))"\#(time)>"# + "\n"
                    xml += #"      <failure message="\#(escape(result.message))"/>"# + "\n"
                    xml += "    </testcase>\n"
                }
            }
            // The page's checks: what a person must check is a skipped case, with what was seen.
            for finding in report.page {
                let caseName = "page \(finding.criterion.number), \(finding.tool == .axe ? "axe-core " : "")\(finding.rule)"
                switch finding.passed {
                case true?:
                    xml += #"    <testcase classname="\#(escape(className))" name="\#(escape(caseName))"/>"# + "\n"
                case let passed:
                    xml += #"    <testcase classname="\#(escape(className))" name="\#(escape(caseName))">"# + "\n"
                    xml += #"      <\#(passed == false ? "failure" : "skipped") message="\#(escape(finding.text))"/>"# + "\n"
                    xml += "    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
