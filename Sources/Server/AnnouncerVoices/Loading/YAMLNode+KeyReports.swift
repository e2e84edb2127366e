import Yams

extension YAMLNode {
    /// Records a problem on the line of `key` in this mapping, rather than on the line its value
    /// starts on, which for a nested table is the line after the mistake.
    public func report(key: String, _ message: String) {
        var line = self.line
        if case let .mapping(mapping) = node,
           let keyNode = mapping.keys.first(where: { if case let .scalar(scalar) = $0 { scalar.string == key } else { false } }) {
            line = keyNode.mark?.line ?? line
        }
        problems.add(line: line, message: message)
    }
}
