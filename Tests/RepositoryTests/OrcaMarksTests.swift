import TestSupport
import Testing

/// The tests' model of Orca's index marks, `OrcaMarks`, against what Orca really sent. EndToEndTests'
/// OrcaSpeechTests compares the marks announcerd reports for Orca's own speech server with this model.
struct OrcaMarksTests {
    @Test("OrcaMarks gives the marks Orca 43 sent to Speech Dispatcher for these texts")
    func orcaMarksMatchWhatOrcaSends() {
        // Captured from Orca 43.1 talking to Speech Dispatcher 0.11.4.
        #expect(OrcaMarks.marks(for: "Hello from Orca.") == ["0:5", "6:10", "11:16"])
        #expect(OrcaMarks.marks(for: "Then it reads the second line.") == ["0:4", "5:7", "8:13", "14:17", "18:24", "25:30"])
    }
}
