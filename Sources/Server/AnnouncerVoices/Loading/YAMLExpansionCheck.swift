// Yams' own libyaml, which it builds as its C target CYaml. Yams offers no event API, and its
// `compose` cannot be trusted with a hostile file: it checks each mapping for duplicate keys by
// hashing whole key nodes, so a key that is an alias of an alias bomb (`? *a9`) is hashed through
// every expansion, for ever. So the file's events are counted here first, with the very parser
// Yams will use; this is the one file of announcer that calls libyaml. SwiftPM makes the module of
// a dependency's C target visible to its dependents, though only the Yams product is declared.
internal import CYaml

/// Reads a YAML text's events with libyaml, without building it, and finds whether it stays within
/// `YAMLLimits`: each alias counted as every value it stands for, so the count is what a reader that
/// walks the tree would meet. Linear in the text; the counts saturate, so a bomb cannot overflow them.
enum YAMLExpansionCheck {
    /// Why the text cannot be read within `limits`, with the line where it went over; nil when it can.
    /// A syntax error is not reported here: Yams meets it too, and says it better.
    static func problem(in text: String, limits: YAMLLimits) -> (line: Int?, message: String)? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ problem(in: $0, limits: limits) }) {
            return found
        }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { problem(in: $0, limits: limits) }
    }

    /// What one anchored value stands for: how many values, and how many mappings and lists deep it
    /// nests (a scalar none, a list of scalars one).
    private struct Expansion {
        var values: Int
        var depth: Int
    }

    /// A mapping or list still open: itself and what it holds so far, and the deepest of those.
    private struct Open {
        var anchor: String?
        var values = 1
        var deepestHeld = 0
    }

    private static func problem(in bytes: UnsafeBufferPointer<UInt8>, limits: YAMLLimits) -> (line: Int?, message: String)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)

        // One past the limit is enough to refuse, and keeps every sum far from overflowing.
        let cap = limits.maxValues + 1
        var anchors: [String: Expansion] = [:]
        var open: [Open] = []
        var total = 0
        var aliased = false

        /// Counts a value met in the text, with everything it stands for when it is an alias.
        func count(_ expansion: Expansion) {
            total = min(cap, total + expansion.values)
            attach(expansion)
        }

        /// Adds a finished value to the mapping or list that holds it, for that one's anchor.
        func attach(_ expansion: Expansion) {
            guard !open.isEmpty else { return }
            open[open.count - 1].values = min(cap, open[open.count - 1].values + expansion.values)
            open[open.count - 1].deepestHeld = max(open[open.count - 1].deepestHeld, expansion.depth)
        }

        while true {
            var event = yaml_event_t()
            // A syntax error ends the count; Yams then reports the error with its line.
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let line = event.start_mark.line + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                if let anchor = name(event.data.scalar.anchor) { anchors[anchor] = Expansion(values: 1, depth: 0) }
                count(Expansion(values: 1, depth: 0))
            case YAML_ALIAS_EVENT:
                aliased = true
                // An alias of an anchor not yet defined is Yams' error to report; it stands for one value until then.
                let expansion = name(event.data.alias.anchor).flatMap { anchors[$0] } ?? Expansion(values: 1, depth: 0)
                if open.count + expansion.depth > limits.maxDepth {
                    return (line, limits.tooDeep(throughAliases: true))
                }
                count(expansion)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = event.type == YAML_SEQUENCE_START_EVENT
                    ? name(event.data.sequence_start.anchor) : name(event.data.mapping_start.anchor)
                open.append(Open(anchor: anchor))
                total = min(cap, total + 1)
                if open.count > limits.maxDepth { return (line, limits.tooDeep(throughAliases: false)) }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                let expansion = Expansion(values: closed.values, depth: closed.deepestHeld + 1)
                if let anchor = closed.anchor { anchors[anchor] = expansion }
                // Counted in `total` as it was read; what it holds matters now only to an anchor around it.
                attach(expansion)
            default:
                break
            }
            if total >= cap { return (line, limits.tooManyValues(throughAliases: aliased)) }
        }
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
