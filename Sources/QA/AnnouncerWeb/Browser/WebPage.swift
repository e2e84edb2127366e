public import AnnouncerFlows
public import DevToolsProtocol
import Foundation
import Synchronization

/// One page open in `ChromiumBrowser`: loaded from a URL or a local file, with its own DevTools session.
public final class WebPage: @unchecked Sendable {
    public let browser: ChromiumBrowser
    public let session: String
    /// What was opened, as given.
    public let address: String
    private let target: String
    private let listener = Mutex<UUID?>(nil)
    /// Whether the page lives in the browser's first tab, which closing leaves open.
    private let keepsTab: Bool
    /// False when the page was opened with `evenUnfinished` and its load event never came in time.
    public private(set) var finishedLoading = true

    private init(browser: ChromiumBrowser, session: String, address: String, target: String, keepsTab: Bool) {
        self.keepsTab = keepsTab
        self.browser = browser
        self.session = session
        self.address = address
        self.target = target
    }

    /// Closes the page and stops hearing its changes; the browser goes on.
    public func close() {
        if let key = listener.withLock({ $0 }) { browser.stopListening(key) }
        if keepsTab { return }
        _ = try? browser.send(Target.CloseTarget(targetId: target), timeout: .seconds(5))
    }

    /// A URL as it is; anything else is a local file, made absolute.
    public static func url(for address: String) -> String {
        if address.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*:", options: .regularExpression) != nil { return address }
        let path = address.hasPrefix("/") ? address : FileManager.default.currentDirectoryPath + "/" + address
        return URL(fileURLWithPath: path).standardized.absoluteString
    }

    /// Opens `address` in a new page and waits for its load event; `onChange`, when given, hears every
    /// live-region change and focus move from before the page's first script (on the reading thread).
    /// With `inFirstTab`, the page is loaded in the browser's first tab, the one a real window shows
    /// and a screen reader follows, and closing it leaves that tab. With `evenUnfinished`, a page whose
    /// load event does not come in time is given as it is, with `finishedLoading` false.
    public static func open(
        _ address: String, in browser: ChromiumBrowser, inFirstTab: Bool = false, timeout: Duration = .seconds(30),
        evenUnfinished: Bool = false, onChange: (@Sendable (PageChange) -> Void)? = nil
    ) throws(WebError) -> WebPage {
        let url = url(for: address)
        if url.hasPrefix("file://"), let path = URL(string: url)?.path, !FileManager.default.fileExists(atPath: path) {
            throw .pageNotLoaded(url: address, error: "no such file")
        }
        let targetID: String
        if inFirstTab, let first = try browser.send(Target.GetTargets()).targetInfos.first(where: { $0.type == "page" }) {
            targetID = first.targetId
        } else {
            targetID = try browser.send(Target.CreateTarget(url: "about:blank")).targetId
        }
        let session = try browser.send(Target.AttachToTarget(targetId: targetID)).sessionId
        let page = WebPage(browser: browser, session: session, address: address, target: targetID, keepsTab: inFirstTab)
        try page.send(Page.Enable())
        if let onChange {
            let key = browser.listen { method, eventSession, message in
                guard method == Runtime.BindingCalled.method, eventSession == session, let change = PageObserver.change(from: message) else { return }
                onChange(change)
            }
            page.listener.withLock { $0 = key }
            try PageObserver.install(on: page)
        }
        let loaded = DispatchSemaphore(value: 0)
        let listener = browser.listen { method, eventSession, _ in
            if method == Page.LoadEventFired.method, eventSession == session { loaded.signal() }
        }
        defer { browser.stopListening(listener) }
        let navigation = try page.send(Page.Navigate(url: url))
        if let error = navigation.errorText, !error.isEmpty { throw .pageNotLoaded(url: address, error: error) }
        let seconds = Double(timeout.components.seconds)
        if loaded.wait(timeout: .now() + seconds) != .success {
            guard evenUnfinished else { throw .timedOut(method: "Page.navigate (the page never finished loading)") }
            page.finishedLoading = false
        }
        try page.send(Accessibility.Enable())
        return page
    }

    /// Sends a command in this page's session.
    @discardableResult
    public func send<Command: DevToolsCommand>(_ command: Command, timeout: Duration = .seconds(30)) throws(WebError) -> Command.Response {
        try browser.send(command, session: session, timeout: timeout)
    }

    /// Evaluates a script and returns its value; a script that throws is a `WebError.pageScript`.
    public func evaluate(_ expression: String) throws(WebError) -> JSONValue? {
        let response = try send(Runtime.Evaluate(expression: expression))
        if let exception = response.exceptionDetails { throw .pageScript(exception.text) }
        return response.result.value
    }

    /// Calls a function with `this` as the element with `backendNodeId`.
    public func call(_ function: String, on backendNodeId: Int) throws(WebError) -> JSONValue? {
        let object = try send(DOM.ResolveNode(backendNodeId: backendNodeId)).object
        guard let objectId = object.objectId else { return nil }
        let response = try send(Runtime.CallFunctionOn(functionDeclaration: function, objectId: objectId))
        if let exception = response.exceptionDetails { throw .pageScript(exception.text) }
        return response.result.value
    }

    /// Presses a key as a keyboard does: down, then up; Tab with Shift when `shift`. A key that types
    /// (Enter's carriage return, Space) goes down with its text, which is what activates a button.
    public func press(_ key: String, code: String, keyCode: Int, shift: Bool = false, text: String? = nil) throws(WebError) {
        let modifiers = shift ? 8 : 0
        try send(Input.DispatchKeyEvent(type: text == nil ? "rawKeyDown" : "keyDown", key: key, code: code, text: text,
                                        windowsVirtualKeyCode: keyCode, modifiers: modifiers))
        try send(Input.DispatchKeyEvent(type: "keyUp", key: key, code: code, windowsVirtualKeyCode: keyCode, modifiers: modifiers))
    }

    /// Presses a chord as DevTools key events: the modifiers are held as flags (Alt 1, Control 2, Meta 4,
    /// Shift 8), as a page sees them.
    public func press(_ chord: KeyChord) throws(WebError) {
        let flags: [Key: Int] = [.alt: 1, .control: 2, .meta: 4, .shift: 8]
        let modifiers = chord.modifiers.reduce(0) { $0 | (flags[$1] ?? 0) }
        let event = chord.key.domEvent
        // Text is typed only by a key without Control, Alt or Meta, as a keyboard types it.
        let text = modifiers & 7 == 0 ? event.text : nil
        try send(Input.DispatchKeyEvent(type: text == nil ? "rawKeyDown" : "keyDown", key: event.key, code: event.code, text: text,
                                        windowsVirtualKeyCode: event.keyCode, modifiers: modifiers))
        try send(Input.DispatchKeyEvent(type: "keyUp", key: event.key, code: event.code, windowsVirtualKeyCode: event.keyCode, modifiers: modifiers))
    }

    /// The backend node id of the focused element; nil when the page itself (its body) has focus.
    public func focusedNode() throws(WebError) -> Int? {
        let response = try send(Runtime.Evaluate(expression: "document.activeElement === document.body ? null : document.activeElement", returnByValue: false))
        guard let objectId = response.result.objectId else { return nil }
        return try send(DOM.DescribeNode(objectId: objectId)).node.backendNodeId
    }
}
