/// The result of the commands that only act: `{}`.
struct ATDriverEmptyResult: Codable, Sendable, Equatable {}
