/// What an audit report covers, as an auditor states it: the product and its version or address, its
/// build, who tested it, and when the run began and ended. Each is nil when it was not given.
public struct AuditScope: Sendable {
    /// The product, with its version or the address it was tested at (`--product`).
    public var product: String?
    /// The product's build (`--build`).
    public var build: String?
    /// Who ran the check (`--tester`).
    public var tester: String?
    /// When the run began and ended, such as `2026-11-25 02:10 UTC`.
    public var began: String?
    public var ended: String?

    public init(product: String? = nil, build: String? = nil, tester: String? = nil, began: String? = nil, ended: String? = nil) {
        self.product = product
        self.build = build
        self.tester = tester
        self.began = began
        self.ended = ended
    }
}
