/// What the check found for one success criterion on one screen: passed, failed, not tested by this
/// tool (a person must check it, often on a device), or not applicable (nothing on the screen it is about).
public enum AuditVerdict: String, Sendable, Hashable, CaseIterable {
    case passed
    case failed
    case notTested = "not_tested"
    case notApplicable = "not_applicable"

    /// Several screens' verdicts as one: any failure fails; otherwise a pass passes; otherwise
    /// a criterion not tested stays so; nothing at all is not applicable.
    public static func combined(_ verdicts: some Sequence<AuditVerdict>) -> AuditVerdict {
        let all = Set(verdicts)
        if all.contains(.failed) { return .failed }
        if all.contains(.passed) { return .passed }
        if all.contains(.notTested) { return .notTested }
        return .notApplicable
    }
}
