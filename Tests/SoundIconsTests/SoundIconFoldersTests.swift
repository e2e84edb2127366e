import SoundIcons
import Testing

/// Sound icons are looked for in Debian's folder, then the user's, then those given with --sounds.
@Suite struct SoundIconFoldersTests {
    @Test("The order is Debian's sound-icons, then $XDG_DATA_HOME/announcer/sounds, then --sounds folders in the order given, then Emacspeak's sounds")
    func searchOrderIsDebianThenUserThenExtra() {
        let folders = SoundIconFolders.standard(extra: ["/opt/a", "/opt/b"], environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
        #expect(folders.paths == ["/usr/share/sounds/sound-icons", "/data/announcer/sounds", "/opt/a", "/opt/b",
                                  "/usr/share/emacs/site-lisp/emacspeak/sounds"])
    }

    @Test("Without $XDG_DATA_HOME the user's folder is ~/.local/share/announcer/sounds")
    func userFolderDefaultsToLocalShare() {
        #expect(SoundIconFolders.userFolder(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/announcer/sounds")
    }

    @Test("A relative $XDG_DATA_HOME is ignored, as the XDG specification says")
    func relativeDataHomeIsIgnored() {
        #expect(SoundIconFolders.userFolder(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"]) == "/home/u/.local/share/announcer/sounds")
    }

    @Test("With neither variable there is no user folder, and the rest are still searched")
    func noHomeMeansNoUserFolder() {
        #expect(SoundIconFolders.standard(extra: ["/opt/a"], environment: [:]).paths
            == ["/usr/share/sounds/sound-icons", "/opt/a", "/usr/share/emacs/site-lisp/emacspeak/sounds"])
    }

    @Test("A folder given twice, or with a trailing slash, is searched once, where it first appears")
    func foldersAreSearchedOnce() {
        #expect(SoundIconFolders(["/a/", "/b", "/a", "/"]).paths == ["/a", "/b", "/"])
    }
}
