import Foundation
import Testing
@testable import AnnouncerFlows

/// The screen lint: the shipped flow lints clean, and a broken copy fails every rule with a clear sentence.
@Suite struct FlowLinterTests {
    static func read(_ yaml: String) throws -> Flow {
        try FlowReader.read(yaml: yaml, file: "broken.en.yaml").get()
    }

    static func failures(_ findings: [LintFinding], _ rule: LintRule) -> [LintFinding] {
        findings.filter { $0.rule == rule && !$0.passed }
    }

    /// The login screen with one of each failure: the sign-in button has no label, the focus order starts at
    /// the bottom, an error sits on a static text and is set on another, a caption is #808080 on white
    /// (3.95:1), a group holds two buttons, and a banner is shown without taking focus.
    static let broken = """
    flow: Sign in, broken
    language: en
    screens:
      - id: login
        title: Sign in
        focus_order: [sign-in, email, password, caption, wrong-password, actions, sign-in-error]
        elements:
          - id: email
            role: text_field
            label: Email address
            validate: { rules: [required, email], error: Must be a valid email address }
          - id: password
            role: secure_text_field
            label: Password
          - id: caption
            role: static_text
            label: Use the address you registered with
            colours: { text: "#808080", background: "#FFFFFF" }
          - id: wrong-password
            role: static_text
            label: Wrong password
            error: Wrong password
          - id: actions
            role: group
            label: Actions
            elements:
              - { id: cancel, role: button, label: Cancel }
              - { id: help, role: button, label: Help }
          - id: sign-in-error
            role: banner
            value: Could not sign in
            hidden: true
          - id: sign-in
            role: button
            on_activate:
              - submit:
                  fields: [email]
                  invalid:
                    - show: sign-in-error
                    - set: { element: caption, error: Check your email address }
    """

    @Test("The shipped English login flow lints clean, and every contrast ratio is reported")
    func shippedLoginLintsClean() throws {
        let flow = try FlowSessionTests.flow("login.en.yaml")
        let findings = FlowLinter.lint(flow)
        #expect(findings.filter { !$0.passed }.map(\.message) == [])
        #expect(Set(findings.map(\.rule)) == [.label, .focusOrder, .errorAttached, .contrast])
        #expect(findings.filter { $0.rule == .contrast }.count == 5)
        #expect(findings.allSatisfy { $0.screen == "login" && $0.line != nil })
        let messages = findings.map(\.message)
        #expect(messages.contains("Contrast of \"Sign in\" (sign-in): #FFFFFF on #00205B is 15.4:1; at least 4.5:1 is needed."))
        #expect(messages.contains("Contrast of \"Blindeforbundet\" (organisation): #00205B on #FFFFFF is 15.4:1; at least 3:1 is needed for large text."))
        #expect(messages.contains("The button \"Sign in\" (sign-in) has a label."))
        #expect(messages.contains("The focus order of screen \"Sign in\" (login) is top to bottom, as the elements are listed: organisation, email, password, show-password, sign-in."))
        #expect(messages.contains("The validation error \"Must be a valid email address\" is attached to the field \"Email address\" (email)."))
    }

    @Test("A broken copy of the login screen fails every rule, each with a sentence that says what to fix")
    func brokenCopyFailsEveryRule() throws {
        let findings = FlowLinter.lint(try Self.read(Self.broken))

        let label = Self.failures(findings, .label)
        #expect(label.map(\.message) == [
            "The button with the id sign-in has no label, so a screen reader says only its role; give it a label that says what it does.",
        ])
        #expect(label.first?.element == "sign-in")
        #expect(label.first?.line == 33)

        #expect(Self.failures(findings, .focusOrder).map(\.message) == [
            "The focus order of screen \"Sign in\" (login) is sign-in, email, password, caption, wrong-password, actions, sign-in-error, but top to bottom it is email, password, caption, wrong-password, actions, sign-in-error, sign-in; put it top to bottom, or give focus_order_reason if this order is meant.",
        ])

        #expect(Self.failures(findings, .errorAttached).map(\.message) == [
            "The error \"Wrong password\" is on \"Wrong password\" (wrong-password), a static text, not on a field; attach it to the text field it is about, so it is read with that field.",
            "Activating the unlabelled button (sign-in), when the form is invalid, puts the error \"Check your email address\" on \"Use the address you registered with\" (caption), a static text, not on a field; put it on the text field it is about, so it is read with that field.",
        ])

        let contrast = Self.failures(findings, .contrast)
        #expect(contrast.map(\.message) == [
            "Contrast of \"Use the address you registered with\" (caption): #808080 on #FFFFFF is 3.9:1; at least 4.5:1 is needed for normal text.",
        ])
        #expect(abs((contrast.first?.contrastRatio ?? 0) - 3.949) < 0.001)

        #expect(Self.failures(findings, .group).map(\.message) == [
            "The group \"Actions\" (actions) holds 2 interactive elements: \"Cancel\" (cancel) and \"Help\" (help); a group is one swipe stop and activating it reaches only \"Cancel\" (cancel), so give each its own stop.",
        ])

        #expect(Self.failures(findings, .bannerFocus).map(\.message) == [
            "Activating the unlabelled button (sign-in), when the form is invalid, shows the banner \"Could not sign in\" (sign-in-error) but does not move focus to it; add focus: sign-in-error after the show, so the banner is read.",
        ])
        #expect(Set(findings.filter { !$0.passed }.map(\.rule)) == Set(LintRule.allCases))
    }

    @Test("Contrast follows WCAG 2.2: black on white is 21:1, #777777 on white is 4.48:1 and prints 4.4:1, failing")
    func contrastMathsMatchesWCAG() {
        let white = RGBColour(hex: "#FFFFFF")!
        #expect(abs(RGBColour(hex: "#000")!.contrastRatio(with: white) - 21) < 1e-9)
        #expect(FlowLinter.ratioText(21) == "21.0:1")
        let grey = ColourPair(text: RGBColour(hex: "#777777")!, background: white)
        #expect(abs(grey.contrastRatio - 4.48) < 0.005)
        #expect(grey.contrastRatio < grey.requiredRatio)
        #expect(FlowLinter.ratioText(grey.contrastRatio) == "4.4:1")
        #expect(FlowLinter.ratioText(4.5) == "4.5:1")
        #expect(FlowLinter.ratioText(4.4999) == "4.4:1")
        // #767676 is the lightest grey that passes on white: 4.54:1.
        #expect(ColourPair(text: RGBColour(hex: "#767676")!, background: white).contrastRatio >= 4.5)
    }

    @Test("Large text needs 3:1: #808080 on white passes as large text and fails as normal text")
    func largeTextNeedsThreeToOne() throws {
        let findings = FlowLinter.lint(try Self.read("""
        flow: Large
        language: en
        screens:
          - id: one
            elements:
              - { id: big, role: header, label: Welcome, colours: { text: "#808080", background: "#FFFFFF", large: true } }
              - { id: small, role: static_text, label: Fine print, colours: { text: "#808080", background: "#FFFFFF" } }
        """)).filter { $0.rule == .contrast }
        #expect(findings.map(\.passed) == [true, false])
        #expect(findings.first?.message == "Contrast of \"Welcome\" (big): #808080 on #FFFFFF is 3.9:1; at least 3:1 is needed for large text.")
    }

    @Test("A focus order fails when it leaves out a visible element or names one twice, and passes out of order with a reason")
    func focusOrderOmissionsRepeatsAndReasons() throws {
        let findings = FlowLinter.lint(try Self.read("""
        flow: Orders
        language: en
        screens:
          - id: gaps
            focus_order: [first, first, third]
            elements:
              - { id: first, role: button, label: First }
              - { id: second, role: button, label: Second }
              - { id: third, role: button, label: Third }
              - { id: later, role: banner, value: Saved, hidden: true }
          - id: reasoned
            focus_order: [total, amount]
            focus_order_reason: The total is what the user checks first.
            elements:
              - { id: amount, role: text_field, label: Amount }
              - { id: total, role: static_text, label: Total }
        """)).filter { $0.rule == .focusOrder }
        #expect(findings.filter { !$0.passed }.map(\.message) == [
            "The focus order of screen gaps names \"First\" (first) more than once; each element is one swipe stop.",
            "The focus order of screen gaps leaves out \"Second\" (second), so a screen reader reaches it only after everything else; name it where it belongs.",
        ])
        #expect(findings.contains {
            $0.passed && $0.screen == "reasoned"
                && $0.message == "The focus order of screen reasoned, total, amount, is not top to bottom, for a reason given: The total is what the user checks first."
        })
    }

    @Test("A focus order that names a group's child or another screen's element says which stop to name instead")
    func focusOrderNamesOnlyThisScreensStops() throws {
        let findings = FlowLinter.lint(try Self.read("""
        flow: Stops
        language: en
        screens:
          - id: one
            focus_order: [row, answer, elsewhere]
            elements:
              - id: row
                role: group
                label: Captcha
                elements:
                  - { id: answer, role: text_field, label: Answer }
          - id: two
            elements:
              - { id: elsewhere, role: button, label: Back }
        """)).filter { $0.rule == .focusOrder && !$0.passed }
        #expect(findings.map(\.message) == [
            "The focus order of screen one names \"Answer\" (answer), which is inside the group \"Captcha\" (row); a group is one swipe stop, so name the group instead.",
            "The focus order of screen one names \"Back\" (elsewhere), which is on screen two, not on this one.",
        ])
    }

    @Test("A banner visible when a screen opens must come first in its focus order")
    func bannerVisibleAtOpenComesFirst() throws {
        let findings = FlowLinter.lint(try Self.read("""
        flow: Banners
        language: en
        screens:
          - id: late
            elements:
              - { id: title, role: header, label: Sign in }
              - { id: expired, role: banner, value: Your session has expired }
          - id: early
            elements:
              - { id: notice, role: banner, value: You are offline }
              - { id: retry, role: button, label: Try again, on_activate: [show: done, focus: done] }
              - { id: done, role: banner, value: Back online, hidden: true }
        steps:
          - app: [show: done]
        """)).filter { $0.rule == .bannerFocus }
        #expect(findings.map(\.message) == [
            "The banner \"Your session has expired\" (expired) is shown when screen late opens, but comes after \"Sign in\" (title) in the focus order; put it first, so it is read when the screen opens.",
            "The banner \"You are offline\" (notice) is shown when screen early opens and is first in the focus order.",
            "Activating \"Try again\" (retry) shows the banner \"Back online\" (done) and moves focus to it.",
            "The app step at line 14 shows the banner \"Back online\" (done) but does not move focus to it; add focus: done after the show, so the banner is read.",
        ])
        #expect(findings.map(\.passed) == [false, true, true, false])
        #expect(findings.last?.line == 14)
    }

    @Test("A validation on a static text fails, and an error set on a field passes")
    func validationsAndSetErrorsBelongOnFields() throws {
        let findings = FlowLinter.lint(try Self.read("""
        flow: Errors
        language: en
        screens:
          - id: form
            elements:
              - { id: code, role: text_field, label: Code }
              - { id: note, role: static_text, label: Note, validate: { rules: [required], error: Enter a note } }
              - { id: send, role: button, label: Send, on_activate: [set: { element: code, error: Wrong code }] }
        """)).filter { $0.rule == .errorAttached }
        #expect(findings.map(\.message) == [
            "The validation error \"Enter a note\" is on \"Note\" (note), a static text, not on a field; validate the text field it is about, so the error is read with that field.",
            "Activating \"Send\" (send) puts the error \"Wrong code\" on the field \"Code\" (code).",
        ])
        #expect(findings.map(\.passed) == [false, true])
    }

    @Test("A group is labelled by its own label or its children's, and hidden interactive elements need labels too")
    func groupAndHiddenLabels() throws {
        let findings = FlowLinter.lint(try Self.read("""
        flow: Labels
        language: en
        screens:
          - id: one
            elements:
              - id: captcha
                role: group
                elements:
                  - { id: letters, role: static_text, label: Type the letters }
                  - { id: answer, role: text_field }
              - { id: undo, role: button, hidden: true }
              - { id: flag, role: switch, label: Notifications, label_on: "" }
        """)).filter { $0.rule == .label }
        #expect(findings.map(\.passed) == [true, false, false])
        #expect(findings.first?.message == "The group \"Type the letters\" (captcha) has a label.")
        #expect(findings.last?.message == "The switch \"Notifications\" (flag) has an empty label_on, so while it is on a screen reader says only its role; give label_on a label or leave it out.")
    }
}
