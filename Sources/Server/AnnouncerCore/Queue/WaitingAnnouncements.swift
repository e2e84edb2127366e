/// The queue's waiting announcements by id, each kept in a box of its own.
///
/// An `Announcement` is about 200 bytes, and a dictionary keeps a quarter or more of its places empty: held
/// inline, 10,000 waiting took 3.7 MB, most of the server's growth under that load. Boxed, the table
/// holds references and the boxes only what waits (2.8 MB). A box is never changed, only replaced, so
/// the queue keeps its value semantics.
struct WaitingAnnouncements: Sendable {
    private final class Box: Sendable {
        let announcement: Announcement
        init(_ announcement: Announcement) { self.announcement = announcement }
    }

    private var boxes: [AnnouncementID: Box] = [:]

    subscript(id: AnnouncementID) -> Announcement? {
        get { boxes[id]?.announcement }
        set { boxes[id] = newValue.map(Box.init) }
    }

    @discardableResult
    mutating func removeValue(forKey id: AnnouncementID) -> Announcement? {
        boxes.removeValue(forKey: id)?.announcement
    }

    var values: [Announcement] { boxes.values.map(\.announcement) }
    var isEmpty: Bool { boxes.isEmpty }
}
