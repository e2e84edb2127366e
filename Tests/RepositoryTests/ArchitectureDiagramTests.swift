import Foundation
import TestSupport
import Testing

/// docs/ARCHITECTURE.md's module diagram against Package.swift: every dependency a target names is
/// reachable along the diagram's arrows, and every arrow is a real dependency, direct or through
/// others. The C wrappers (`CALSA`, …), the test targets and the tests' support targets are left out, as the
/// diagram leaves them out.
@Suite struct ArchitectureDiagramTests {
    typealias Graph = [String: Set<String>]

    /// Each target of Package.swift and the targets it names as dependencies (products of other packages left out).
    static func packageGraph(_ manifest: String) -> Graph {
        var graph: Graph = [:]
        let declaration = #/\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/#
        let starts = manifest.matches(of: declaration)
        for (index, match) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
            var body = manifest[match.range.upperBound..<end]
            // Up to the next test target, whose dependencies are not the module's.
            if let test = body.range(of: ".testTarget(") { body = body[..<test.lowerBound] }
            var dependencies: Set<String> = []
            if let open = body.range(of: "dependencies: [") {
                var depth = 1
                var cursor = open.upperBound
                while cursor < body.endIndex, depth > 0 {
                    if body[cursor] == "[" { depth += 1 } else if body[cursor] == "]" { depth -= 1 }
                    cursor = body.index(after: cursor)
                }
                let list = String(body[open.upperBound..<cursor]).replacing(#/\.product\([^)]*\)/#, with: "")
                dependencies = Set(list.matches(of: #/"([^"]+)"/#).map { String($0.1) })
            }
            graph[String(match.1)] = dependencies
        }
        return graph.filter { !isLeftOut($0.key) }.mapValues { $0.filter { !isLeftOut($0) } }
    }

    /// The diagram's arrows: on a line `A, B ──► C ──► D`, each name of a part points to each of the next.
    static func diagramGraph(_ document: String) -> Graph {
        var graph: Graph = [:]
        for line in document.split(separator: "\n") where line.contains("──►") {
            let parts = line.components(separatedBy: "──►").map { part in
                part.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            for (from, to) in zip(parts, parts.dropFirst()) {
                for source in from { graph[source, default: []].formUnion(to) }
            }
        }
        return graph
    }

    static func isLeftOut(_ target: String) -> Bool {
        ["TestSupport", "SeamTestSupport"].contains(target) || (target.count > 1 && target.hasPrefix("C") && target.dropFirst().first!.isUppercase)
    }

    static func reachable(from start: String, in graph: Graph) -> Set<String> {
        var seen: Set<String> = []
        var next = Array(graph[start] ?? [])
        while let target = next.popLast() {
            guard seen.insert(target).inserted else { continue }
            next += graph[target] ?? []
        }
        return seen
    }

    static func missing(from diagram: Graph, package: Graph) -> [String] {
        package.flatMap { target, dependencies in
            dependencies.subtracting(reachable(from: target, in: diagram)).map { "\(target) ──► \($0)" }
        }.sorted()
    }

    @Test("Every dependency in Package.swift is in docs/ARCHITECTURE.md's diagram, and every arrow there is real")
    func theDiagramMatchesThePackage() throws {
        let package = Self.packageGraph(try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8))
        let diagram = Self.diagramGraph(try String(contentsOfFile: Repository.path("docs/ARCHITECTURE.md"), encoding: .utf8))
        #expect(package.count > 20, "Package.swift's targets were not read: \(package.keys.sorted())")
        #expect(Self.missing(from: diagram, package: package) == [], "Add these to the diagram in docs/ARCHITECTURE.md.")
        #expect(Self.missing(from: package, package: diagram) == [], "These arrows of the diagram are not dependencies in Package.swift.")
        #expect(Set(package.keys).subtracting(diagram.keys).subtracting(diagram.values.flatMap { $0 }) == [], "Modules missing from the diagram.")
    }

    @Test("A dependency the diagram lacks, and an arrow the package lacks, are both found")
    func theCheckFindsBothKindsOfDifference() {
        let manifest = """
            .target(name: "Low"),
            .target(name: "Middle", dependencies: ["Low", .product(name: "NIOCore", package: "swift-nio")]),
            .target(name: "High", dependencies: [
                "Middle", "CALSA",
            ]),
            .testTarget(name: "HighTests", dependencies: ["High", "Low"]),
            """
        let package = Self.packageGraph(manifest)
        #expect(package == ["Low": [], "Middle": ["Low"], "High": ["Middle"]])
        let diagram = Self.diagramGraph("High ──► Middle\nLow ──► Middle\n")
        #expect(Self.missing(from: diagram, package: package) == ["Middle ──► Low"])
        #expect(Self.missing(from: package, package: diagram) == ["Low ──► Middle"])
    }

    /// Each module's layer: the folder under `sources` that holds the module's folder.
    static func layers(under sources: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for layer in try FileManager.default.contentsOfDirectory(atPath: sources) {
            for module in try FileManager.default.contentsOfDirectory(atPath: "\(sources)/\(layer)") { result[module] = layer }
        }
        return result
    }

    /// The dependencies that point the wrong way between layers: the server on a client or QA module, a
    /// client library on QA. A program of the clients' layer (`announce`) is a thin front for all of them.
    static func wrongWay(_ package: Graph, layers: [String: String], programs: Set<String>) -> [String] {
        let allowed: [String: Set<String>] = ["Server": ["Server"], "Clients": ["Server", "Clients"], "QA": ["Server", "Clients", "QA"]]
        return package.flatMap { target, dependencies in
            dependencies.compactMap { dependency -> String? in
                guard let from = layers[target], let to = layers[dependency] else { return "\(target) ──► \(dependency): not both in a layer" }
                if allowed[from, default: []].contains(to) || (from == "Clients" && programs.contains(target)) { return nil }
                return "\(target) (\(from)) ──► \(dependency) (\(to))"
            }
        }.sorted()
    }

    @Test("The folder tree shows the layers, and they point one way: the server uses no client or QA module, no client library uses QA")
    func theLayersPointOneWay() throws {
        let manifest = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
        let layers = try Self.layers(under: Repository.path("Sources"))
        #expect(Set(layers.values) == ["Server", "Clients", "QA"])
        let package = Self.packageGraph(manifest)
        let programs = Set(manifest.matches(of: #/\.executableTarget\(\s*name:\s*"([^"]+)"/#).map { String($0.1) })
        #expect(programs.isSuperset(of: ["announce", "announcerd"]), "the programs were not read: \(programs.sorted())")
        #expect(Set(package.keys).subtracting(layers.keys) == [], "These modules have no folder in a layer under Sources/.")
        #expect(Self.wrongWay(package, layers: layers, programs: programs) == [], "These dependencies point the wrong way between layers.")
    }

    @Test("A server module that uses a QA module, and a client library that does, are both found")
    func theLayerCheckFindsWrongWays() {
        let layers = ["Engine": "Server", "Client": "Clients", "announce": "Clients", "Flows": "QA"]
        let package: Graph = ["Engine": ["Flows"], "Client": ["Flows", "Engine"], "announce": ["Flows"], "Flows": ["Client"]]
        #expect(Self.wrongWay(package, layers: layers, programs: ["announce"]) == ["Client (Clients) ──► Flows (QA)", "Engine (Server) ──► Flows (QA)"])
    }
}
