import AnnouncerClient
import AnnouncerCore

extension OutgoingAnnouncement {
    /// One of the bench's announcements, named by its id in the bench's scheme.
    init(_ id: BenchID, _ text: String, politeness: Politeness, language: Language = .english) {
        self.init(id: id.description, text, politeness: politeness, language: language)
    }
}
