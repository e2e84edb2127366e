import TestSupport
import Foundation
import Testing

/// The nb profile's reading of Bokmål, heard through `announce`. The wording in the shipped files
/// is pinned by RepositoryTests' `NorwegianWordingTests`.
@Suite(.startsProcesses) struct NorwegianWordingTests {
    @Test("The date label is its visible text, and the nb profile reads its format letter by letter with the full stops heard")
    func dateFormatIsReadByTheProfile() async throws {
        let tried = try await AnnounceProcess.run(["voices", "--embedded", "--lang", "nb", "--try", "Dato (dd.mm.åååå)"])
        #expect(tried.status == 0, "\(tried.standardError)")
        #expect(tried.standardOutput.contains("Given to eSpeak: Dato (d d punktum m m punktum å å å å)"), "\(tried.standardOutput)")
    }
}
