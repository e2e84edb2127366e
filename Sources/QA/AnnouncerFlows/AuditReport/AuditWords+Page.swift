/// The words of the report page itself: headings, table headers and the sentences around the evidence.
extension AuditWords {
    var title: String { say("Accessibility audit report: WCAG 2.2 level AA", "Tilgjengelighetsrapport: WCAG 2.2 nivå AA") }
    func overall(flows: Int, failedCriteria: Int, failedChecks: Int) -> String {
        let flowWord = flows == 1 ? say("1 flow", "1 flyt") : say("\(flows) flows", "\(flows) flyter")
        if failedCriteria == 0, failedChecks == 0 {
            return say("Result: \(flowWord) checked, and nothing failed.", "Resultat: \(flowWord) kontrollert, og ingenting feilet.")
        }
        let criteria = failedCriteria == 1 ? say("1 criterion", "1 kriterium") : say("\(failedCriteria) criteria", "\(failedCriteria) kriterier")
        let checks = failedChecks == 1 ? say("1 check", "1 kontroll") : say("\(failedChecks) checks", "\(failedChecks) kontroller")
        return say("Result: \(flowWord) checked; \(criteria) and \(checks) failed, counted flow by flow. Release is blocked.",
                   "Resultat: \(flowWord) kontrollert; \(criteria) og \(checks) feilet, talt flyt for flyt. Utgivelsen er stoppet.")
    }
    var scopeHeading: String { say("Scope", "Omfang") }
    var productLabel: String { say("Product, and its version or address", "Produkt, med versjon eller adresse") }
    var buildLabel: String { say("Build", "Bygg") }
    var testerLabel: String { say("Tester", "Testet av") }
    var whenLabel: String { say("Date and time", "Dato og tid") }
    var flowsLabel: String { say("Flows", "Flyter") }
    func notGiven(_ option: String) -> String { say("not given (\(option))", "ikke oppgitt (\(option))") }
    func period(began: String, ended: String) -> String {
        began == ended ? began : say("\(began) to \(ended)", "\(began) til \(ended)")
    }
    var contentsHeading: String { say("Contents", "Innhold") }
    var howHeading: String { say("How it was checked", "Slik ble det kontrollert") }
    var scope: String {
        say("announce flow check carried out each flow's steps as a screen-reader user would (swipes, double taps, typing), spoke every phrase through eSpeak NG with the voices below, and timed each from the user's action to its first audio. A flow file describes the app's screens; this report proves what a screen reader says given those semantics, and how soon. Criteria marked as not tested by this tool need a person, most on a real device with VoiceOver and TalkBack, such as touch exploration.",
            "announce flow check gjennomførte stegene i hver flyt slik en skjermleserbruker ville gjort (sveip, dobbelttrykk, skriving), leste hver frase med eSpeak NG med stemmene nedenfor, og målte tiden fra brukerens handling til første lyd. En flytfil beskriver appens skjermbilder; denne rapporten viser hva en skjermleser sier ut fra den semantikken, og hvor raskt. Kriterier som ikke er testet av dette verktøyet, må kontrolleres av en person, de fleste på en ekte enhet med VoiceOver og TalkBack, for eksempel berøringsutforsking.")
    }
    var toolLabel: String { say("Tool", "Verktøy") }
    func tool(version: String, commit: String?) -> String {
        "announcer \(version), " + (commit.map { say("built from commit \($0)", "bygget fra commit \($0)") } ?? say("commit not known", "commit ukjent"))
    }
    var dateLabel: String { say("Date", "Dato") }
    var voicesLabel: String { say("Voices", "Stemmer") }
    var sinkLabel: String { say("Audio", "Lyd") }
    var machineLabel: String { say("Machine", "Maskin") }
    var commandLabel: String { say("Command", "Kommando") }
    var summaryHeading: String { say("Summary: criteria and flows", "Sammendrag: kriterier og flyter") }
    var summaryCaption: String {
        say("Each success criterion, flow by flow. A cell links to the criterion's evidence in that flow.",
            "Hvert suksesskriterium, flyt for flyt. En celle lenker til bevisene for kriteriet i den flyten.")
    }
    func summaryCaption(part: Int, of parts: Int) -> String {
        say("Each success criterion, flow by flow (part \(part) of \(parts)). A cell links to the criterion's evidence in that flow.",
            "Hvert suksesskriterium, flyt for flyt (del \(part) av \(parts)). En celle lenker til bevisene for kriteriet i den flyten.")
    }

    var checkedWithLabel: String { say("Checked with", "Kontrollert med") }
    var criterionHeader: String { say("Success criterion", "Suksesskriterium") }
    var runLatencyHeading: String { say("Announcement latency over the run", "Forsinkelse for opplesninger i hele kjøringen") }
    func histogramTitle(count: Int) -> String {
        say("How soon \(count) phrases began to sound after the user's action", "Hvor raskt \(count) fraser begynte å høres etter brukerens handling")
    }
    func histogramDescription(median: String, slowest: String) -> String {
        say("A histogram: phrases counted by their time from action to first audio. The median is \(median), the slowest \(slowest). The table below has the same figures.",
            "Et histogram: fraser telt etter tiden fra handling til første lyd. Medianen er \(median), den tregeste \(slowest). Tabellen under har de samme tallene.")
    }
    /// Beside the histogram: which of its phrases are judged against 500 ms, and why the others are not.
    func histogramJudged(announcements: Int, late: Int, focus: Int) -> String {
        let judged = say("Only announcements are judged against the 500 ms limit: \(announcements) here, \(late) of them late.",
                         "Bare kunngjøringer vurderes mot grensen på 500 ms: \(announcements) her, \(late) av dem for sent.")
        guard focus > 0 else { return judged }
        return judged + " " + say("The other \(focus) are focus phrases, which queue behind what is already being said, as a screen reader's do; their times are shown, not judged, so a focus phrase at 500 ms or more is no failure.",
                                  "De andre \(focus) er fokusfraser, som venter på tur bak det som allerede leses opp, slik en skjermlesers gjør; tidene vises, men vurderes ikke, så en fokusfrase på 500 ms eller mer er ingen feil.")
    }
    var binHeader: String { say("Time to first audio", "Tid til første lyd") }
    var countHeader: String { say("Phrases", "Fraser") }
    func bin(from: Int, to: Int?) -> String {
        guard let to else { return say("\(from) ms or more", "\(from) ms eller mer") }
        return say("\(from) to \(to) ms", "\(from) til \(to) ms")
    }
    func flowHeading(_ name: String, file: String) -> String { say("Flow: \(name) (\(file))", "Flyt: \(name) (\(file))") }
    func flowResult(passed: Int, failed: Int) -> String {
        say("\(passed) checks passed, \(failed) failed.", "\(passed) kontroller bestått, \(failed) feilet.")
    }
    var criteriaHeading: String { say("Success criteria", "Suksesskriterier") }
    func understandingLink(_ number: String) -> String {
        say("Understanding \(number) (W3C)", "Forklaring av \(number) fra W3C (på engelsk)")
    }
    var screenHeader: String { say("Screen", "Skjermbilde") }
    var verdictHeader: String { say("Result", "Resultat") }
    var evidenceHeader: String { say("Evidence", "Bevis") }
    func criterionCaption(_ number: String) -> String { say("Criterion \(number), screen by screen.", "Kriterium \(number), skjermbilde for skjermbilde.") }
    func stepLink(_ number: Int) -> String { say("step \(number)", "steg \(number)") }
    func lineNote(_ line: Int) -> String { say("line \(line) of the flow file", "linje \(line) i flytfilen") }
    var latencyHeading: String { say("Latency: from action to first audio", "Forsinkelse: fra handling til første lyd") }
    func plotTitle(_ flow: String) -> String { say("Time to first audio, phrase by phrase, in \(flow)", "Tid til første lyd, frase for frase, i \(flow)") }
    func plotDescription(count: Int, late: Int, slowest: String) -> String {
        say("A bar for each of \(count) phrases, in the order of the steps; the dashed line is the 500 ms limit for announcements. \(late) announcements began after it, marked with a cross; the slowest phrase took \(slowest). The table below has the same figures.",
            "En søyle for hver av \(count) fraser, i stegenes rekkefølge; den stiplede linjen er grensen på 500 ms for kunngjøringer. \(late) kunngjøringer begynte etter den, merket med et kryss; den tregeste frasen tok \(slowest). Tabellen under har de samme tallene.")
    }
    var limitLabel: String { say("limit 500 ms", "grense 500 ms") }
    var stepHeader: String { say("Step", "Steg") }
    var phraseHeader: String { say("Phrase", "Frase") }
    var kindHeader: String { say("Kind", "Type") }
    var latencyHeader: String { say("First audio after the action", "Første lyd etter handlingen") }
    var withinHeader: String { say("Within 500 ms", "Innen 500 ms") }
    var yes: String { say("yes", "ja") }
    var no: String { say("no, too late", "nei, for sent") }
    var notJudged: String { say("not judged: a focus phrase", "ikke vurdert: en fokusfrase") }
    /// What a report rendered faster than real time (`--fast`) says, at its top and in each flow.
    var notTimedNote: String {
        say("Not timed: the audio was rendered faster than real time (--fast), so its times are not a listener's, and no timing is judged. A run without --fast gives a timed report.",
            "Ikke tidsmålt: lyden ble laget raskere enn sanntid (--fast), så tidene er ikke en lytters, og ingen tidsbruk er vurdert. En kjøring uten --fast gir en tidsmålt rapport.")
    }
    var notTimed: String { say("not timed", "ikke tidsmålt") }
    var neverHeard: String { say("never heard", "aldri hørt") }
    func kind(_ utterance: HeardUtterance) -> String {
        switch utterance.kind {
        case .focus: say("focus phrase", "fokusfrase")
        case .announcement: utterance.politeness == .assertive ? say("announcement, assertive", "kunngjøring, haster") : say("announcement, polite", "kunngjøring, vanlig")
        }
    }
    var contrastHeading: String { say("Contrast", "Kontrast") }
    var contrastCaption: String { say("Each colour pair, its ratio and the ratio required.", "Hvert fargepar, kontrastforholdet og forholdet som kreves.") }
    var elementHeader: String { say("Element", "Element") }
    var swatchHeader: String { say("Swatch", "Fargeprøve") }
    var textColourHeader: String { say("Text", "Tekst") }
    var backgroundHeader: String { say("Background", "Bakgrunn") }
    var ratioHeader: String { say("Ratio", "Forhold") }
    var requiredHeader: String { say("Required", "Kreves") }
    func swatchLabel(_ pair: ColourPair) -> String {
        say("Text colour \(pair.text) on \(pair.background)", "Tekstfarge \(pair.text) på \(pair.background)")
    }
    var largeText: String { say("large text", "stor tekst") }
    var focusHeading: String { say("Focus order", "Fokusrekkefølge") }
    func focusCaption(step: Int, screen: String) -> String {
        say("Screen \(screen), checked at step \(step): the expected order, the order found, and what was heard swiping through it.",
            "Skjermbildet \(screen), kontrollert i steg \(step): forventet rekkefølge, rekkefølgen som ble funnet, og det som ble hørt ved sveip gjennom den.")
    }
    var positionHeader: String { say("Position", "Nr.") }
    var expectedHeader: String { say("Expected", "Forventet") }
    var foundHeader: String { say("Found", "Funnet") }
    var heardHeader: String { say("Heard when swiping", "Hørt ved sveip") }
    var differs: String { say("differs", "avviker") }
    /// A position in the focus order that no step swiped to: what a swipe there reads, or that there is nothing.
    func notSwiped(_ phrase: String?) -> String {
        guard let phrase else { return say("nothing: no element at this position", "ingenting: ikke noe element her") }
        return say("\(quoted(phrase)) (what a swipe here reads; the flow's steps did not swipe here)",
                   "\(quoted(phrase)) (det et sveip hit leser opp; stegene i flyten sveipet ikke hit)")
    }
    var noneWord: String { say("none", "ingen") }
    var stepsHeading: String { say("Step by step: what was heard", "Steg for steg: det som ble hørt") }
    var stepsCaption: String { say("Each step's action, what was said with its audio, and each check.", "Handlingen i hvert steg, det som ble sagt med lyden, og hver kontroll.") }
    var actionHeader: String { say("Action", "Handling") }
    var heardColumnHeader: String { say("Heard", "Hørt") }
    /// The column of what a real screen reader said, beside the virtual reader's.
    func readerColumnHeader(_ reader: String) -> String { say("What \(reader) said", "Det \(reader) leste opp") }
    /// One utterance of a real reader's, with its two shares of the time from the key.
    func readerTimes(received: Double, firstAudio: Double?) -> String {
        let sent = say("sent \(milliseconds(received)) after the key", "sendt \(milliseconds(received)) etter tastetrykket")
        guard let firstAudio else { return sent + say(", never heard", ", aldri hørt") }
        return sent + say("; first audio \(milliseconds(firstAudio)) later", "; første lyd \(milliseconds(firstAudio)) senere")
    }
    var checksHeader: String { say("Checks", "Kontroller") }
    var nothingSaid: String { say("Nothing was said.", "Ingenting ble sagt.") }
    var noChecks: String { say("No expectation.", "Ingen forventning.") }
    func audioLabel(step: Int, phrase: Int) -> String { say("Audio of step \(step), phrase \(phrase)", "Lyd fra steg \(step), frase \(phrase)") }
    var recordingText: String { say("The whole recording", "Hele opptaket") }
    var passWord: String { say("pass", "bestått") }
    var failWord: String { say("FAIL", "FEIL") }
    var factWord: String { say("note", "merknad") }
    var unreadableHeading: String { say("Files that could not be checked", "Filer som ikke kunne kontrolleres") }
    var otherLanguageNote: String {
        say("This run also has flows in English; their parts of the report are in English.",
            "Denne kjøringen har også flyter på norsk bokmål; deres deler av rapporten er på bokmål.")
    }
}

/// What a person must still check on a device, since a flow file and eSpeak NG cannot show it.
extension AuditWords {
    var manualHeading: String { say("What a person must still check on a device", "Dette må en person fortsatt kontrollere på en enhet") }
    var manualIntro: String {
        say("The criteria marked as not tested, and these parts of the others, need a person with VoiceOver and TalkBack on physical phones:",
            "Kriteriene som ikke er testet, og disse delene av de andre, krever en person med VoiceOver og TalkBack på fysiske telefoner:")
    }
    var manualChecks: [(criterion: WCAGCriterion?, text: String)] {
        [
            (nil, say("Touch exploration: drag a finger over each screen; each element is read as in this report.",
                      "Berøringsutforsking: dra en finger over hvert skjermbilde; hvert element leses som i denne rapporten.")),
            (.nonTextContent, say("Each image's text alternative says what the picture shows.", "Tekstalternativet til hvert bilde sier hva bildet viser.")),
            (.infoAndRelationships, say("What is seen together (a label and its field, an error and its field) is read together.",
                                        "Det som hører sammen visuelt (en ledetekst og feltet, en feil og feltet), leses sammen.")),
            (.contrastMinimum, say("Contrast as rendered, text in images and text over pictures included.", "Kontrasten slik den vises, også tekst i bilder og tekst over bilder.")),
            (.keyboard, say("Every step with an external keyboard, and with Switch Control or Switch Access.",
                            "Hvert steg med et eksternt tastatur, og med brytertilgang (Switch Control eller Switch Access).")),
            (.headingsAndLabels, say("Each heading and label describes its topic or purpose.", "Hver overskrift og ledetekst beskriver emnet eller formålet.")),
            (.labelInName, say("Each control's visible text is part of its accessible name, so voice control can say it.",
                               "Den synlige teksten på hver kontroll er en del av det tilgjengelige navnet, så talestyring kan si den.")),
            (.accessibleAuthenticationMinimum, say("A password manager fills the password field, and the alternative to a cognitive test needs no such test itself.",
                                                   "En passordbehandler kan fylle ut passordfeltet, og alternativet til en kognitiv test krever ingen slik test selv.")),
            (.statusMessages, say("The time to speech on the device itself: this report times eSpeak NG on this machine.",
                                  "Tiden til tale på selve enheten: denne rapporten måler eSpeak NG på denne maskinen.")),
        ]
    }
}
