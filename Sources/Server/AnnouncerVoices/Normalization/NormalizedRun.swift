/// What a rule recognized: the characters it covers, up to `end`, and the words that replace them.
struct NormalizedRun: Equatable {
    let end: Int
    let spoken: String
}
