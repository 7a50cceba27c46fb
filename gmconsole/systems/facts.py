"""The base class of each family's system object (see :class:`~gmconsole.systems.base.GameSystem`
for what the facts mean). Kept apart from the protocol so opening the console does not build the
protocol class, which only type checks and the tests read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.i18n import _, verbatim

if TYPE_CHECKING:
    from gmconsole.systems.panic_table import PanicTable

__all__ = ["SystemFacts"]


class SystemFacts:
    """The base of each family's system class: its facts are class attributes (the family's defaults),
    an instance may set others by keyword, and none changes afterwards.

    Not a dataclass: a family class names some fifty facts, and generating a dataclass's ``__init__``,
    ``__repr__``, ``__eq__`` and frozen ``__setattr__`` for each cost ~5 ms of every start-up."""

    id: str
    title_words: str
    no_skill_words: str
    # each family's class gives these three a value or takes them by keyword (declared here for the
    # properties below; the annotations name the same facts as the families' own)


    die_sizes: tuple[int, ...] = (4, 6, 8, 10, 12)
    """The sizes of the dice the system rolls (every family of gmconsole's own rolls the standard ones)."""

    def __init__(self, **facts: object) -> None:
        known = {name for cls in type(self).__mro__ for name in vars(cls).get("__annotations__", {})}
        for name, value in facts.items():
            if name not in known:
                raise TypeError(verbatim("{cls} has no fact {name!r}").format(cls=type(self).__name__, name=name))
            object.__setattr__(self, name, value)
        missing = sorted(name for name in known if not hasattr(self, name))
        if missing:
            raise TypeError(f"{type(self).__name__} needs {', '.join(missing)}")

    @property
    def title(self) -> str:
        """The game's name in the GM's language (the fact holds it marked in English: facts are built at
        import, before the language is known)."""
        return _(self.title_words)

    @property
    def no_skill_label(self) -> str:
        """The roll builder's "no skill" choice in the GM's language."""
        return _(self.no_skill_words)

    @property
    def panic_table(self) -> PanicTable | None:
        """No panic table (the systems that have one say so)."""
        return None

    def tier_name(self, tier: str, language: str) -> str | None:
        """No tiers to name (the systems that read results as tiers name theirs)."""
        return None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(verbatim("a game system's facts do not change ({name})").format(name=name))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(id={self.id!r})"
