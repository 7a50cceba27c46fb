"""The one exception the rules core raises for anything a user got wrong."""


class RulesError(ValueError):
    """A request the rules forbid or input that cannot be right (bad count, face out of range, ...).

    The message is one clear sentence meant for the GM; callers show it as is.
    """

    limit: int | None = None
    """How many characters a one-line error printer keeps whole (``None``: its own limit); set where the
    sentence is the help, such as a list of every name the GM may type."""
