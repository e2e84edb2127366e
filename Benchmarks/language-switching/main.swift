// The cost of finding the English inside one Bokmål announcement of about 200 characters, as the
// speech pipeline does before synthesis. `run` beside this file compiles it with the switcher's own
// sources (Sources/Server/AnnouncerVoices/Switching) at -O and runs it; see Benchmarks/README.md.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("Give the voices folder and the limit in microseconds.")
    exit(2)
}
let voices = arguments[1]
let limit = Double(arguments[2]) ?? 200

let started = ContinuousClock.now
guard let switcher = LanguageSwitcher.shipped(inVoicesDirectory: voices) else {
    print("The word lists were not found in \(voices)/switching; run Voices/switching/make.")
    exit(1)
}
switcher.preload()
let loading = ContinuousClock.now - started

/// Texts of about 200 characters, each made of the corpus's strings (brackets taken out).
func texts(from names: [String]) -> [String] {
    var texts: [String] = []
    var text = ""
    for name in names {
        let corpus = (try? String(contentsOfFile: "\(voices)/samples/\(name)", encoding: .utf8)) ?? ""
        for line in corpus.split(separator: "\n") where !line.hasPrefix("#") {
            text += (text.isEmpty ? "" : " ") + line.filter { $0 != "[" && $0 != "]" }
            if text.count >= 190 {
                texts.append(text)
                text = ""
            }
        }
    }
    return texts
}

/// Segments each text 40 times, the first round left out as warm-up; prints the figures and says
/// whether the 90th percentile is within the limit.
func measure(_ texts: [String], in language: Language, named: Set<String>) -> Bool {
    guard !texts.isEmpty else {
        print("The corpus in \(voices)/samples was not found.")
        return false
    }
    let clock = ContinuousClock()
    var samples: [Double] = []
    var parts = 0
    for round in 0..<40 {
        for text in texts {
            let start = clock.now
            let segments = switcher.segments(of: text, in: language, naming: named)
            let taken = start.duration(to: clock.now)
            if round > 0 { samples.append(Double(taken.components.attoseconds) / 1e12 + Double(taken.components.seconds) * 1e6) }
            parts += segments.count
        }
    }
    samples.sort()
    func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
    let characters = texts.map(\.count).reduce(0, +) / texts.count
    print("\(language) text: \(samples.count) segmentations of \(texts.count) texts, \(characters) characters on average (\(parts) parts).")
    print("  Per announcement: median \(String(format: "%.0f", percentile(0.5))) µs, p90 \(String(format: "%.0f", percentile(0.9))) µs, p99 \(String(format: "%.0f", percentile(0.99))) µs.")
    return percentile(0.9) <= limit
}

let loadingMilliseconds = Double(loading.components.attoseconds) / 1e15 + Double(loading.components.seconds) * 1e3
print("Reading the word lists took \(String(format: "%.1f", loadingMilliseconds)) ms.")
let bokmal = measure(texts(from: ["mixed-nb.txt", "pure-nb.txt"]), in: .norwegianBokmal, named: ["Bluetooth", "Wi-Fi"])
let english = measure(texts(from: ["mixed-en.txt", "pure-en.txt"]), in: .english, named: [])
if bokmal && english {
    print("Passed: both 90th percentiles are within the limit of \(Int(limit)) µs.")
} else {
    print("Failed: a 90th percentile is over the limit of \(Int(limit)) µs.")
    exit(1)
}
