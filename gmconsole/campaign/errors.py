"""The campaign layer's own error: a change the campaign cannot take (unknown character, bad value).

It is a ``ValueError`` like :class:`gmconsole.rules.errors.RulesError`, so callers can catch both
with one clause; the message is one clear sentence for the GM, shown as is.
"""

from __future__ import annotations

from gmconsole.store.errors import CorruptFile, StoreError  # noqa: F401  (re-exported: ui/ reads storage errors through campaign/)


class ValidationError(ValueError):
    """A change the campaign refuses (bad sheet value, unknown id, nothing to undo, ...)."""


class Unchanged(ValidationError):
    """A change that would change nothing (stress −1 at 0, a counter set to the value it has): the
    service records no history entry and no undo step, and the message says why."""
