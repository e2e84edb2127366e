import AnnouncerClient

/// Where a command speaks.
enum Route {
    case server(ServerConnection)
    case embedded
}
