"""The soak test of announcerd (scripts/soak): many clients over JSON lines and SSIP, PulseAudio restarted twice, every announcement reconciled.

docs/RELIABILITY.md ("Soak") describes the method and each check. main.py runs it; the other
modules are its parts, in the order a run uses them: traffic, ledger, connections, clients,
timeline, monitor, run, reconciliation, figures, verdict.
"""
