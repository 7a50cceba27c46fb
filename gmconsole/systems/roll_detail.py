"""A roll entry's family-specific fields as one typed record, and the mark of a field an entry does not have.

Every recorded roll shares the fields :class:`gmconsole.campaign.entries.RollEntry` names (who rolled, the
pool, the dice, the costs ...); what only one family's rolls carry (a tier, a top die against a target
number, stunts and panic) is one :class:`RollDetail` record the family defines, a frozen dataclass whose
fields are the stored keys it reads. The family object hands its record's class over
(:attr:`gmconsole.systems.family.GameFamily.detail_record`; a special roll's own fields are read into its
:attr:`~gmconsole.systems.family.GameFamily.special_record`, a push's into its
:attr:`~gmconsole.systems.family.GameFamily.push_record`). The history file does not change: the record is
read from the entry's flat keys (:meth:`RollDetail.read`) and written back to them (:meth:`RollDetail.stored`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

__all__ = ["MISSING", "NO_DETAIL", "RollDetail"]


class _Missing:
    """The value of a field the stored entry does not have."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()
"""An absent field: left out when the entry is written back."""

_Detail = TypeVar("_Detail", bound="RollDetail")


@dataclasses.dataclass(frozen=True)
class RollDetail:
    """The fields only one family's roll entries carry; this base names none (a roll whose family is
    unknown, or a family whose rolls carry nothing of their own). A family's record subclasses it as a
    frozen dataclass whose fields are stored keys, each defaulting to :data:`MISSING` (a plain default,
    no ``default_factory``: :meth:`read` leaves a field the entry does not have to its class default)."""

    _keys: ClassVar[dict[type, frozenset[str]]] = {}

    @classmethod
    def stored_keys(cls) -> frozenset[str]:
        """The stored keys the record reads (its fields' names)."""
        found = RollDetail._keys.get(cls)
        if found is None:
            found = RollDetail._keys[cls] = frozenset(f.name for f in dataclasses.fields(cls))
        return found

    @classmethod
    def read(cls: type[_Detail], stored: Mapping[str, Any]) -> _Detail:
        """The record of a stored entry's keys it names (the others are not its business). Built without the
        generated ``__init__``, as :mod:`gmconsole.campaign.entries` builds an entry (a history holds
        thousands of rolls): a field the entry does not have is not set and reads as its default, MISSING."""
        keys = cls.stored_keys()
        record = object.__new__(cls)
        record.__dict__.update({k: v for k, v in stored.items() if k in keys})
        return record

    @classmethod
    def of(cls: type[_Detail], detail: RollDetail) -> _Detail:
        """``detail`` as this family's record, for the family's own readers: itself when it is one; else
        (a roll of another family, or one read without its system) a record with every field absent."""
        return detail if isinstance(detail, cls) else cls()

    def stored(self) -> dict[str, Any]:
        """The fields the entry has, under their stored keys, in field order."""
        return {f.name: v for f in dataclasses.fields(self) if (v := getattr(self, f.name)) is not MISSING}

    def value(self, key: str, default: Any = MISSING) -> Any:
        """The field stored under ``key``, or ``default`` when the entry does not have it or the family's
        record names no such field: for the readers that word the rolls of every family by what a roll
        carries (``"tier"`` or ``"top"``), where the family is not known by name."""
        found = getattr(self, key, MISSING) if key in self.stored_keys() else MISSING
        return default if found is MISSING else found


NO_DETAIL = RollDetail()
"""The detail of a roll whose family is not known: no field of its own."""
