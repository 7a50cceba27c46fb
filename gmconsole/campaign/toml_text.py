"""A TOML file the GM supplies (a skill list, the GM's own tables), read into its document or refused in
one sentence: a file that is not TOML names the line and column ``tomllib`` gives; one nested thousands
deep or holding a number of thousands of digits, which ``tomllib`` gives up on, says why."""

from __future__ import annotations

from typing import Any

from gmconsole.campaign.errors import ValidationError
from gmconsole.i18n import _
from gmconsole.user_files import unparsable


def toml_document(text: str, source: str) -> dict[str, Any]:
    """The document of the TOML ``text`` read from ``source`` (named in a refusal)."""
    import tomllib  # here, not at import: the console's start-up does not need it

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValidationError(_("{source} is not TOML: {error}").format(source=source, error=exc)) from None
    except (RecursionError, ValueError) as exc:  # nested thousands deep, a number of thousands of digits
        raise ValidationError(_("{source} cannot be read: {reason}").format(source=source,
                                                                            reason=unparsable(exc))) from None
