/// The ducker's command line, as announcerd gives it.
struct DuckOptions {
    var decibels = 12.0
    var holdMilliseconds = 300
    var exemptProcessID: Int32 = 0
    var stateFolder = ""

    /// nil for anything announcerd does not give.
    init?(arguments: [String]) {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { return nil }
            switch name {
            case "--decibels": guard let number = Double(value), number > 0, number <= 60 else { return nil }; decibels = number
            case "--hold": guard let number = Int(value), number >= 0 else { return nil }; holdMilliseconds = number
            case "--exempt-pid": guard let number = Int32(value) else { return nil }; exemptProcessID = number
            case "--state-folder": stateFolder = value
            default: return nil
            }
        }
        guard exemptProcessID > 0, !stateFolder.isEmpty else { return nil }
    }
}
