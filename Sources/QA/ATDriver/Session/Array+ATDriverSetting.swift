/// The settings module's rules, over the settings a backend supports.
extension Array where Element == ATDriverSetting {
    /// The values of the settings named, in that order, or of all of them when `names` is empty; a name the
    /// backend does not support is an invalid argument, as the specification's "get settings" has it.
    func values(named names: [String]) throws(ATDriverFailure) -> [ATDriverSettingValue] {
        guard !names.isEmpty else { return map { ATDriverSettingValue(name: $0.name, value: $0.value) } }
        return try names.map { name throws(ATDriverFailure) in
            guard let setting = first(where: { $0.name == name }) else { throw unknown(name) }
            return ATDriverSettingValue(name: name, value: setting.value)
        }
    }

    /// Refuses the changes, before any is made, when one names a setting the backend does not support or
    /// gives a value outside the ones it takes.
    func check(_ changes: [ATDriverSettingValue]) throws(ATDriverFailure) {
        guard !changes.isEmpty else { throw .invalidArgument("settings.setSettings needs at least one setting to change.") }
        for change in changes {
            guard let setting = first(where: { $0.name == change.name }) else { throw unknown(change.name) }
            guard setting.accepts(change.value) else {
                throw .invalidArgument("\(change.value) is not a value \(change.name) takes; it takes \(Self.describe(setting.values)).")
            }
        }
    }

    private func unknown(_ name: String) -> ATDriverFailure {
        .invalidArgument(isEmpty
            ? "\(name) is not a setting this server supports; it supports none."
            : "\(name) is not a setting this server supports; it supports \(map(\.name).joined(separator: ", ")).")
    }

    private static func describe(_ values: ATDriverSetting.Values) -> String {
        switch values {
        case .boolean: "true or false"
        case let .number(minimum, maximum): "a number from \(ATDriverValue.number(minimum)) to \(ATDriverValue.number(maximum))"
        case let .oneOf(choices): "one of " + choices.map { ATDriverValue.string($0).description }.joined(separator: ", ")
        }
    }
}
