import AnnounceCommands

Announce.main()
