"""The one error a rig reports: a problem that stops a run, told to the user in one plain sentence."""


class Failure(Exception):
    """A problem that stops a run before it can judge anything; the message is a sentence."""
