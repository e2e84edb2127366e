import Speech

// The synthesis worker that announcerd and announce start and supervise: eSpeak NG in a process of
// its own, so a crash or hang in the library costs one announcement, not the server.
SynthesisWorkerMain.run()
