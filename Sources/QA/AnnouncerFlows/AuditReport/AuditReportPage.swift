import AnnouncerCore

/// The audit report of `flow check --report DIR`: one self-contained HTML page (its audio beside it) in
/// the flows' language, with every result mapped to the WCAG 2.2 criteria it is evidence for, and the
/// evidence itself: what was heard and how soon, the contrast of each colour pair, the focus order.
/// The page meets WCAG 2.2 AA itself: headings in order, tables with headers, plots with a title, a
/// description and a table of their figures, no meaning carried by colour alone, and a visible focus.
public enum AuditReportPage {
    public static func html(run: AuditRun, flows: [AuditedFlow], scope: AuditScope = AuditScope()) -> String {
        var page = Page(run: run, flows: flows, scope: scope)
        return page.render()
    }
}

private struct Page {
    let run: AuditRun
    let flows: [AuditedFlow]
    let scope: AuditScope
    let language: Language
    let words: AuditWords
    var html = ""

    init(run: AuditRun, flows: [AuditedFlow], scope: AuditScope) {
        self.run = run
        self.flows = flows
        self.scope = scope
        language = flows.lazy.compactMap(\.report.flow?.language).first ?? Language(code: "en")!
        words = AuditWords(language: language)
    }

    static func anchor(_ flowIndex: Int) -> String { "flow-\(flowIndex + 1)" }
    static func anchor(_ flowIndex: Int, _ criterion: WCAGCriterion) -> String {
        "flow-\(flowIndex + 1)-c-" + criterion.number.replacingOccurrences(of: ".", with: "-")
    }
    static func anchor(_ flowIndex: Int, step: Int) -> String { "flow-\(flowIndex + 1)-step-\(step)" }

    private func e(_ text: String) -> String { MarkupText.escaped(text) }
    /// The `lang` attribute a part needs when its language differs from the one around it.
    private func lang(_ part: Language, within: Language) -> String { part == within ? "" : " lang=\"\(part.rawValue)\"" }

    mutating func render() -> String {
        let audits = flows.map(\.report.audit)
        let failedCriteria = audits.reduce(0) { total, findings in
            total + Set(findings.map(\.criterion)).count { criterion in
                AuditVerdict.combined(findings.filter { $0.criterion == criterion }.map(\.verdict)) == .failed
            }
        }
        let failedChecks = flows.reduce(0) { $0 + $1.report.failedCount }
        // Rendered faster than real time: said at the top in words, and in the page's data for tools.
        let timed = !flows.contains { !$0.report.timed }
        html += """
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(e(words.title))</title>
        <style>\(Self.style)</style>
        </head>
        <body data-timed="\(timed)">
        <header><h1>\(e(words.title))</h1>
        <p class="overall">\(e(words.overall(flows: flows.count, failedCriteria: failedCriteria, failedChecks: failedChecks)))</p>\(timed ? "" : "\n<p class=\"not-timed\">\(e(words.notTimedNote))</p>")</header>
        <main>

        """
        contents()
        scopeSection()
        summary(audits)
        how()
        manual()
        runLatency()
        for (index, flow) in flows.enumerated() where flow.report.flow != nil {
            flowSection(index, flow, findings: audits[index])
        }
        unreadable()
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    // MARK: - Top

    private mutating func contents() {
        html += "<nav aria-labelledby=\"contents\"><h2 id=\"contents\">\(e(words.contentsHeading))</h2>\n<ul>"
        html += "<li><a href=\"#scope\">\(e(words.scopeHeading))</a></li>"
        html += "<li><a href=\"#summary\">\(e(words.summaryHeading))</a></li><li><a href=\"#how\">\(e(words.howHeading))</a></li>"
        html += "<li><a href=\"#manual\">\(e(words.manualHeading))</a></li>"
        if flows.contains(where: { !$0.report.heard.isEmpty }) { html += "<li><a href=\"#run-latency\">\(e(words.runLatencyHeading))</a></li>" }
        for (index, flow) in flows.enumerated() {
            guard let readable = flow.report.flow else { continue }
            let flowWords = AuditWords(language: readable.language)
            html += "<li\(lang(readable.language, within: language))><a href=\"#\(Self.anchor(index))\">\(e(flowWords.flowHeading(readable.name, file: FileName(path: flow.report.file).lastComponent)))</a></li>"
        }
        if flows.contains(where: { $0.report.flow == nil }) { html += "<li><a href=\"#unreadable\">\(e(words.unreadableHeading))</a></li>" }
        html += "</ul>\n</nav>\n"
    }

    /// What was tested, by whom and when, before any result.
    private mutating func scopeSection() {
        html += "<section aria-labelledby=\"scope\"><h2 id=\"scope\">\(e(words.scopeHeading))</h2>\n<dl>"
        let names = flows.compactMap { $0.report.flow?.name }
        let rows: [(String, String)] = [
            (words.productLabel, scope.product ?? words.notGiven("--product")),
            (words.buildLabel, scope.build ?? words.notGiven("--build")),
            (words.testerLabel, scope.tester ?? words.notGiven("--tester")),
            (words.whenLabel, words.period(began: scope.began ?? run.date, ended: scope.ended ?? run.date)),
            (words.flowsLabel, "\(names.count): " + names.map(words.quoted).joined(separator: ", ")),
        ]
        for (label, value) in rows { html += "<dt>\(e(label))</dt><dd>\(e(value))</dd>" }
        html += "</dl>\n</section>\n"
    }

    private mutating func how() {
        html += "<section aria-labelledby=\"how\"><h2 id=\"how\">\(e(words.howHeading))</h2>\n<p>\(e(words.scope))</p>\n<dl>"
        let rows: [(String, String)] = [
            (words.toolLabel, words.tool(version: run.version, commit: run.commit)),
            (words.dateLabel, run.date),
            (words.voicesLabel, run.voices.joined(separator: "; ")),
            (words.sinkLabel, run.sink),
        ] + run.tools.map { (words.checkedWithLabel, $0) } + [
            (words.machineLabel, run.machine),
            (words.commandLabel, run.command),
        ]
        for (label, value) in rows { html += "<dt>\(e(label))</dt><dd>\(e(value))</dd>" }
        html += "</dl>\n"
        for other in Set(flows.compactMap(\.report.flow?.language)).sorted() where other != language {
            html += "<p lang=\"\(other.rawValue)\">\(e(AuditWords(language: other).otherLanguageNote))</p>\n"
        }
        html += "</section>\n"
    }

    private mutating func manual() {
        html += "<section aria-labelledby=\"manual\"><h2 id=\"manual\">\(e(words.manualHeading))</h2>\n<p>\(e(words.manualIntro))</p>\n<ul>"
        for (criterion, text) in words.manualChecks {
            let number = criterion.map { "\($0.number) \($0.name(in: language)): " } ?? ""
            html += "<li>\(e(number))\(e(text))</li>"
        }
        html += "</ul>\n</section>\n"
    }

    private func verdictText(_ verdict: AuditVerdict, words: AuditWords) -> String {
        let mark = switch verdict {
        case .passed: "✓"
        case .failed: "✗"
        case .notTested: "?"
        case .notApplicable: "–"
        }
        return "<span class=\"verdict \(verdict.rawValue)\"><span aria-hidden=\"true\">\(mark) </span>\(e(words.verdict(verdict)))</span>"
    }

    /// At most this many flows side by side, so the summary fits a 1280-pixel-wide window with 8 flows:
    /// more flows give more tables, each with every criterion as a row.
    static let summaryColumns = 4

    private mutating func summary(_ audits: [[CriterionFinding]]) {
        html += "<section aria-labelledby=\"summary\"><h2 id=\"summary\">\(e(words.summaryHeading))</h2>\n"
        let readable = flows.indices.filter { flows[$0].report.flow != nil }
        // The criteria the flows' findings name: the flow's own checks always, the page checks' when they found something.
        let criteria = Set(audits.joined().map(\.criterion)).sorted()
        let parts = stride(from: 0, to: readable.count, by: Self.summaryColumns).map { Array(readable[$0..<min($0 + Self.summaryColumns, readable.count)]) }
        for (number, part) in parts.enumerated() {
            let caption = parts.count == 1 ? words.summaryCaption : words.summaryCaption(part: number + 1, of: parts.count)
            html += "<table class=\"summary\">\n<caption>\(e(caption))</caption>\n<thead><tr><th scope=\"col\">\(e(words.criterionHeader))</th>"
            for index in part {
                let flow = flows[index].report.flow!
                let name = FileName(path: flows[index].report.file).lastComponent
                html += "<th scope=\"col\"><span\(lang(flow.language, within: language))>\(e(flow.name))</span> <span class=\"file\">(\(e(name)))</span></th>"
            }
            html += "</tr></thead>\n<tbody>\n"
            for criterion in criteria {
                html += "<tr><th scope=\"row\">\(e(criterion.number)) \(e(criterion.name(in: language))) (\(criterion.level))</th>"
                for index in part {
                    // The page's own language in every cell: the summary is one section, in one language.
                    let verdict = AuditVerdict.combined(audits[index].filter { $0.criterion == criterion }.map(\.verdict))
                    html += "<td><a href=\"#\(Self.anchor(index, criterion))\">\(verdictText(verdict, words: words))</a></td>"
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        html += "</section>\n"
    }

    private mutating func runLatency() {
        let latencies = flows.flatMap { $0.report.heard.flatMap(\.utterances).compactMap(\.latencyMilliseconds) }
        guard !latencies.isEmpty else { return }
        let sorted = latencies.sorted()
        let median = words.milliseconds(sorted[sorted.count / 2])
        let slowest = words.milliseconds(sorted.last!)
        html += "<section aria-labelledby=\"run-latency\"><h2 id=\"run-latency\">\(e(words.runLatencyHeading))</h2>\n"
        guard !flows.contains(where: { !$0.report.timed }) else {
            html += "<p class=\"not-timed\">\(e(words.notTimedNote))</p>\n</section>\n"
            return
        }
        html += "<figure>"
        html += LatencyChart.histogram(latencies, id: "histogram", title: words.histogramTitle(count: latencies.count),
                                       description: words.histogramDescription(median: median, slowest: slowest), words: words)
        let utterances = flows.flatMap { $0.report.heard.flatMap(\.utterances) }.filter { $0.latencyMilliseconds != nil }
        let announcements = utterances.filter { $0.kind == .announcement }
        let late = announcements.count { $0.latencyMilliseconds! > LatencyChart.limit }
        html += "</figure>\n<p>\(e(words.histogramJudged(announcements: announcements.count, late: late, focus: utterances.count - announcements.count)))</p>\n"
        html += "<table>\n<caption>\(e(words.histogramTitle(count: latencies.count)))</caption>\n<thead><tr><th scope=\"col\">\(e(words.binHeader))</th><th scope=\"col\">\(e(words.countHeader))</th></tr></thead>\n<tbody>"
        for (bin, count) in zip(LatencyChart.bins, LatencyChart.binCounts(latencies)) {
            html += "<tr><th scope=\"row\">\(e(words.bin(from: bin.from, to: bin.to)))</th><td>\(count)</td></tr>"
        }
        html += "</tbody>\n</table>\n</section>\n"
    }

    // MARK: - A flow

    private mutating func flowSection(_ index: Int, _ audited: AuditedFlow, findings: [CriterionFinding]) {
        let report = audited.report
        let flow = report.flow!
        let words = AuditWords(language: flow.language)
        let id = Self.anchor(index)
        let file = FileName(path: report.file).lastComponent
        html += "<section\(lang(flow.language, within: language)) aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(e(words.flowHeading(flow.name, file: file)))</h2>\n"
        html += "<p>\(e(words.flowResult(passed: report.passedCount, failed: report.failedCount)))"
        if let recording = audited.recording {
            html += " <a href=\"\(e(recording))\">\(e(words.recordingText))</a> (WAV)."
        }
        html += "</p>\n"
        if !report.timed { html += "<p class=\"not-timed\">\(e(words.notTimedNote))</p>\n" }
        criteria(index, flow, findings, words: words)
        latency(index, audited, words: words)
        contrast(flow, report, words: words)
        focusOrder(index, flow, report, words: words)
        steps(index, audited, words: words)
        html += "</section>\n"
    }

    private func screenTitle(_ flow: Flow, _ id: ScreenID) -> String {
        flow.screen(id)?.title ?? id.rawValue
    }

    private mutating func criteria(_ index: Int, _ flow: Flow, _ findings: [CriterionFinding], words: AuditWords) {
        html += "<h3 id=\"\(Self.anchor(index))-criteria\">\(e(words.criteriaHeading))</h3>\n"
        // A check of the page that could not be made is said before the criteria it leaves without its findings.
        for note in flows[index].report.pageNotes { html += "<p\(lang(.english, within: flow.language))>\(e(note))</p>\n" }
        for criterion in Set(findings.map(\.criterion)).sorted() {
            let mine = findings.filter { $0.criterion == criterion }
            let verdict = AuditVerdict.combined(mine.map(\.verdict))
            html += "<h4 id=\"\(Self.anchor(index, criterion))\">\(e(criterion.number)) \(e(criterion.name(in: flow.language))) (\(criterion.level)): \(verdictText(verdict, words: words))</h4>\n"
            // W3C's explanation is in English; its link says so in the section's own language.
            html += "<p><a href=\"\(e(criterion.understandingAddress))\" hreflang=\"en\">\(e(words.understandingLink(criterion.number)))</a></p>\n"
            html += "<table>\n<caption>\(e(words.criterionCaption(criterion.number)))</caption>\n<thead><tr><th scope=\"col\">\(e(words.screenHeader))</th><th scope=\"col\">\(e(words.verdictHeader))</th><th scope=\"col\">\(e(words.evidenceHeader))</th></tr></thead>\n<tbody>"
            for finding in mine {
                html += "<tr><th scope=\"row\">\(e(screenTitle(flow, finding.screen)))</th><td>\(verdictText(finding.verdict, words: words))</td><td><ul>"
                for evidence in finding.evidence {
                    html += "<li>\(evidenceMark(evidence.passed, words: words))<span\(lang(evidence.language, within: flow.language))>\(e(evidence.text))</span>"
                    var places: [String] = []
                    if let step = evidence.step { places.append("<a href=\"#\(Self.anchor(index, step: step))\">\(e(words.stepLink(step)))</a>") }
                    if let line = evidence.line { places.append(e(words.lineNote(line))) }
                    if !places.isEmpty { html += " (" + places.joined(separator: ", ") + ")" }
                    html += "</li>"
                }
                html += "</ul></td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
    }

    private func evidenceMark(_ passed: Bool?, words: AuditWords) -> String {
        switch passed {
        case true?: "<span class=\"mark passed\">\(e(words.passWord)):</span> "
        case false?: "<span class=\"mark failed\">\(e(words.failWord)):</span> "
        case nil: "<span class=\"mark note\">\(e(words.factWord)):</span> "
        }
    }

    private mutating func latency(_ index: Int, _ audited: AuditedFlow, words: AuditWords) {
        let rows = audited.report.heard.flatMap { step in step.utterances.map { (step: step, utterance: $0) } }
        guard !rows.isEmpty else { return }
        let id = "\(Self.anchor(index))-latency"
        let measured = rows.compactMap { row in
            row.utterance.latencyMilliseconds.map { (label: "\(row.step.number)", milliseconds: $0, judged: row.utterance.kind == .announcement) }
        }
        let late = measured.count { $0.judged && $0.milliseconds > LatencyChart.limit }
        let slowest = words.milliseconds(measured.map(\.milliseconds).max() ?? 0)
        let flowName = audited.report.flow!.name
        html += "<h3 id=\"\(id)\">\(e(words.latencyHeading))</h3>\n"
        guard audited.report.timed else {
            html += "<p>\(e(words.notTimedNote))</p>\n"
            return
        }
        html += "<figure>"
        html += LatencyChart.bars(measured, id: "\(id)-plot", title: words.plotTitle(flowName),
                                  description: words.plotDescription(count: measured.count, late: late, slowest: slowest), words: words)
        html += "</figure>\n<table>\n<caption>\(e(words.plotTitle(flowName)))</caption>\n<thead><tr><th scope=\"col\">\(e(words.stepHeader))</th><th scope=\"col\">\(e(words.phraseHeader))</th><th scope=\"col\">\(e(words.kindHeader))</th><th scope=\"col\">\(e(words.latencyHeader))</th><th scope=\"col\">\(e(words.withinHeader))</th></tr></thead>\n<tbody>"
        for row in rows {
            let latency = row.utterance.latencyMilliseconds
            html += "<tr><td><a href=\"#\(Self.anchor(index, step: row.step.number))\">\(row.step.number)</a></td><td>\(e(row.utterance.text))</td><td>\(e(words.kind(row.utterance)))</td>"
            html += "<td>\(e(latency.map(words.milliseconds) ?? words.neverHeard))</td><td>\(e(row.utterance.kind != .announcement ? words.notJudged : latency.map { $0 <= LatencyChart.limit ? words.yes : words.no } ?? words.no))</td></tr>"
        }
        html += "</tbody>\n</table>\n"
    }

    private mutating func contrast(_ flow: Flow, _ report: FlowReport, words: AuditWords) {
        let findings = report.lint.filter { $0.rule == .contrast }
        guard !findings.isEmpty else { return }
        html += "<h3>\(e(words.contrastHeading))</h3>\n<table>\n<caption>\(e(words.contrastCaption))</caption>\n<thead><tr>"
        for header in [words.screenHeader, words.elementHeader, words.swatchHeader, words.textColourHeader, words.backgroundHeader, words.ratioHeader, words.requiredHeader, words.verdictHeader] {
            html += "<th scope=\"col\">\(e(header))</th>"
        }
        html += "</tr></thead>\n<tbody>"
        for finding in findings {
            guard let id = finding.element, let element = flow.screen(finding.screen)?.element(id), let pair = element.colours else { continue }
            let label = element.label.isEmpty ? id.rawValue : "\(element.label) (\(id))"
            let required = pair.large ? "3:1, \(words.largeText)" : (words.bokmal ? "4,5:1" : "4.5:1")
            html += "<tr><td>\(e(screenTitle(flow, finding.screen)))</td><th scope=\"row\">\(e(label))</th><td>\(swatch(pair, words: words))</td>"
            html += "<td>\(pair.text)</td><td>\(pair.background)</td><td>\(e(words.ratio(finding.contrastRatio ?? pair.contrastRatio)))</td><td>\(e(required))</td>"
            html += "<td>\(verdictText(finding.passed ? .passed : .failed, words: words))</td></tr>"
        }
        html += "</tbody>\n</table>\n"
    }

    /// The background as a block, the text colour as bars on it: the pair as it looks, with no text in it for a checker to read as text.
    private func swatch(_ pair: ColourPair, words: AuditWords) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="\(e(words.swatchLabel(pair)))" width="72" height="36" viewBox="0 0 72 36">\
        <rect x="0.5" y="0.5" width="71" height="35" fill="\(pair.background)" stroke="#1A1A1A"/>\
        <rect x="10" y="10" width="52" height="5" fill="\(pair.text)"/><rect x="10" y="21" width="36" height="5" fill="\(pair.text)"/></svg>
        """
    }

    private mutating func focusOrder(_ index: Int, _ flow: Flow, _ report: FlowReport, words: AuditWords) {
        let checks = report.heard.enumerated().compactMap { position, step in step.focusOrder.map { (position, step, $0) } }
        guard !checks.isEmpty else { return }
        html += "<h3>\(e(words.focusHeading))</h3>\n"
        for (position, step, comparison) in checks {
            // What each swipe right after the check read, until the steps do something else.
            var heard: [String] = []
            for later in report.heard[(position + 1)...] {
                guard later.action == "next", later.screen == step.screen else { break }
                heard.append(later.utterances.first { if case .focus = $0.kind { true } else { false } }?.text ?? "")
            }
            html += "<table>\n<caption>\(e(words.focusCaption(step: step.number, screen: screenTitle(flow, step.screen))))</caption>\n<thead><tr>"
            for header in [words.positionHeader, words.expectedHeader, words.foundHeader, words.heardHeader] {
                html += "<th scope=\"col\">\(e(header))</th>"
            }
            html += "</tr></thead>\n<tbody>"
            for row in 0..<max(comparison.expected.count, comparison.actual.count) {
                let expected = row < comparison.expected.count ? comparison.expected[row].rawValue : words.noneWord
                let actual = row < comparison.actual.count ? comparison.actual[row].rawValue : words.noneWord
                let differs = expected != actual
                html += "<tr><th scope=\"row\">\(row + 1)</th><td>\(e(expected))</td><td>\(differs ? "<strong>\(e(actual))</strong> <span class=\"mark failed\">(\(e(words.differs)))</span>" : e(actual))</td>"
                // A position the flow did not swipe to gets what a swipe there reads, said as such.
                let said = row < heard.count && !heard[row].isEmpty ? e(heard[row])
                    : row < comparison.phrases.count ? e(words.notSwiped(comparison.phrases[row])) : e(words.notSwiped(nil))
                html += "<td>\(said)</td></tr>"
            }
            html += "</tbody>\n</table>\n"
        }
    }

    private mutating func steps(_ index: Int, _ audited: AuditedFlow, words: AuditWords) {
        let report = audited.report
        html += "<h3>\(e(words.stepsHeading))</h3>\n<table>\n<caption>\(e(words.stepsCaption))</caption>\n<thead><tr>"
        // A real screen reader in the loop gets a column of its own, beside the virtual reader's.
        let readerName = report.results.lazy.compactMap { result -> String? in
            switch result.detail {
            case let .readerSaid(reader, _, _), let .readerSaidOther(reader, _, _): reader.displayName
            default: nil
            }
        }.first ?? (report.heard.contains { !$0.readerUtterances.isEmpty } ? RealReader.orca.displayName : nil)
        let headers = [words.stepHeader, words.actionHeader, words.screenHeader, words.heardColumnHeader]
            + (readerName.map { [words.readerColumnHeader($0)] } ?? []) + [words.checksHeader]
        for header in headers {
            html += "<th scope=\"col\">\(e(header))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for step in report.heard {
            html += "<tr><th scope=\"row\" id=\"\(Self.anchor(index, step: step.number))\">\(step.number)</th><td lang=\"en\"><code>\(e(step.action))</code></td><td>\(e(screenTitle(report.flow!, step.screen)))</td><td>"
            if step.utterances.isEmpty {
                html += e(words.nothingSaid)
            } else {
                html += "<ol>"
                for (number, utterance) in step.utterances.enumerated() {
                    let latency = utterance.latencyMilliseconds.map { report.timed ? words.milliseconds($0) : words.notTimed } ?? words.neverHeard
                    html += "<li><q>\(e(utterance.text))</q> (\(e(words.kind(utterance))), \(e(latency)))"
                    if let id = utterance.id, let clip = audited.clips[id] {
                        html += "<br><audio controls preload=\"none\" src=\"\(e(clip))\" aria-label=\"\(e(words.audioLabel(step: step.number, phrase: number + 1)))\"></audio>"
                    }
                    html += "</li>"
                }
                html += "</ol>"
            }
            if readerName != nil {
                html += "</td><td>"
                if step.readerUtterances.isEmpty {
                    html += e(words.nothingSaid)
                } else {
                    // The reader's own words, in its language, which may not be the flow's.
                    html += "<ol>" + step.readerUtterances.map { said in
                        "<li><q>\(e(said.text))</q> (\(e(words.readerTimes(received: said.receivedAfterKey, firstAudio: said.firstAudioAfterReceived))))</li>"
                    }.joined() + "</ol>"
                }
            }
            html += "</td><td>"
            let results = report.results.filter { $0.step == step.number }
            if results.isEmpty {
                html += e(words.noChecks)
            } else {
                html += "<ul>" + results.map { result in
                    let translated = words.sentence(for: result)
                    let language = translated == nil ? Language(code: "en")! : report.flow!.language
                    return "<li>\(evidenceMark(result.passed, words: words))<span\(lang(language, within: report.flow!.language))>\(e(translated ?? result.message))</span></li>"
                }.joined() + "</ul>"
            }
            html += "</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
    }

    private mutating func unreadable() {
        let failed = flows.filter { $0.report.flow == nil }
        guard !failed.isEmpty else { return }
        html += "<section aria-labelledby=\"unreadable\"><h2 id=\"unreadable\">\(e(words.unreadableHeading))</h2>\n<ul>"
        for flow in failed {
            html += "<li>\(e(flow.report.file)): <span lang=\"en\">\(e(flow.report.readProblems.joined(separator: " ")))</span></li>"
        }
        html += "</ul>\n</section>\n"
    }

    static let style = """
    body{font-family:system-ui,sans-serif;line-height:1.5;color:#1A1A1A;background:#FFFFFF;margin:0 auto;max-width:72rem;padding:1rem}
    a{color:#0B4F9C}a:focus-visible,audio:focus-visible{outline:3px solid #0B4F9C;outline-offset:2px}
    table{border-collapse:collapse;width:100%;margin:0.5rem 0 1.5rem}table.summary{table-layout:fixed}table.summary th:first-child{width:34%}caption{text-align:left;font-weight:600;padding:0.25rem 0}
    th,td{border:1px solid #6B6B6B;padding:0.3rem 0.5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
    thead th{background:#EEF2F7}ul,ol{margin:0;padding-left:1.2rem}
    .verdict.passed,.mark.passed{color:#0B5A0B}.verdict.failed,.mark.failed{color:#8B0000;font-weight:700}
    .verdict.not_tested,.mark.note{color:#4A4A4A}.overall{font-size:1.15rem;font-weight:600}
    dl{display:grid;grid-template-columns:max-content 1fr;gap:0.2rem 1rem}dt{font-weight:600}dd{margin:0}
    .not-timed{font-weight:700;border-left:4px solid #8B0000;padding-left:0.5rem}.file{font-weight:400}figure{margin:0.5rem 0}audio{max-width:100%}
    """
}

/// The last part of a path, for headings.
private struct FileName {
    let path: String
    var lastComponent: String { path.split(separator: "/").last.map(String.init) ?? path }
}
