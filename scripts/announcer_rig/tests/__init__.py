"""Unit tests of the pure parts of announcer_rig: the percentile, the soak's reconciliation, figures and verdict."""
