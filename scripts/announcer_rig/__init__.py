"""Python code shared by the rigs that run announcerd for real: scripts/soak, scripts/abuse and Benchmarks/side-by-side."""
