"""History entries as typed records: one dataclass per kind, one place to read and write them.

Every change the GM makes is one entry in the session's history: a roll, a push, costs applied, a panic
roll, a special roll (opposed, assisted, group, contested, save, attack), initiative, doom, a clock, a
character or their sheet changed, a session or scene begun, settings. :func:`from_dict` reads a stored
entry into the record of its kind and :meth:`Entry.to_dict` gives it back, the same keys in the same
order, so the history files keep their shape byte for byte. A field an entry does not have stays
absent (:data:`MISSING`), never ``None``; keys this module does not name ride along in ``extra``.

The ledger (:mod:`gmconsole.campaign.ledger`) builds each new entry through :func:`build`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

__all__ = ["MISSING", "Entry", "KINDS", "build", "from_dict"]


class _Missing:
    """The value of a field the stored entry does not have."""

    _instance: "_Missing | None" = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()
"""An absent field: left out of :meth:`Entry.to_dict`."""

_OWN = ("extra", "order")


@dataclass
class Entry:
    """What every history entry carries: when, where, who, what it says, and how to undo it."""

    kinds: ClassVar[tuple[str, ...]] = ()
    """The ``kind`` values this record reads."""

    kind: str = MISSING
    at: str = MISSING
    session: int = MISSING
    scene: int = MISSING
    character: str = MISSING
    character_id: str | None = MISSING
    summary: str = MISSING
    status: str = MISSING
    id: int = MISSING
    undo: dict = MISSING
    undone_at: str = MISSING
    done_at: str = MISSING
    extra: dict = field(default_factory=dict)
    """Stored keys this record does not name, kept as they were."""
    order: tuple[str, ...] = ()
    """The stored keys in the order read, so :meth:`to_dict` writes them back in that order."""

    def to_dict(self) -> dict:
        """The entry as stored: its keys in the order read, then any set since, in field order."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _OWN}
        values = {k: v for k, v in values.items() if v is not MISSING}
        values.update(self.extra)
        out = {k: values.pop(k) for k in self.order if k in values}
        out.update(values)
        return out


@dataclass
class RollEntry(Entry):
    """A check from the sheet or the GM's quick roll; an opposed roll carries its defender in ``opposed``."""

    kinds: ClassVar[tuple[str, ...]] = ("roll",)
    system: str = MISSING
    skill: str | None = MISSING
    attribute: str | None = MISSING
    goal: str | None = MISSING
    quick: str = MISSING
    request: dict = MISSING
    pool: dict = MISSING
    odds: dict = MISSING
    helpers: list = MISSING
    skill_modifiers: list = MISSING
    dice: list = MISSING
    first_dice: list = MISSING
    successes: int = MISSING
    stunts: int = MISSING
    pushes: int = MISSING
    outcome: dict = MISSING
    costs: list = MISSING
    costs_status: str = MISSING
    can_push: bool = MISSING
    push_refusal: str | None = MISSING
    panic: bool = MISSING
    by_hand: bool = MISSING
    by_hand_steps: list = MISSING
    pool_request: dict = MISSING
    top: int = MISSING
    tn: Any = MISSING
    tier: str = MISSING
    consequences: str = MISSING
    opposed: dict = MISSING


@dataclass
class PushEntry(Entry):
    """A Year Zero push of a recorded roll (R-PUSH-1..4); the roll's own entry is updated too."""

    kinds: ClassVar[tuple[str, ...]] = ("push",)
    roll_id: int = MISSING
    skill: str | None = MISSING
    push_dice: list = MISSING
    successes: int = MISSING
    costs: list = MISSING
    by_hand: bool = MISSING
    push_step: int = MISSING
    opposed: dict = MISSING
    stress_gained: int = MISSING


@dataclass
class CostsEntry(Entry):
    """A roll's pending costs applied to the roster, with the panic rolls they brought."""

    kinds: ClassVar[tuple[str, ...]] = ("costs",)
    roll_id: int = MISSING
    costs: list = MISSING
    lines: list = MISSING
    by_hand: bool = MISSING
    panic: dict = MISSING
    defender_panic: dict = MISSING


@dataclass
class DroppedCostsEntry(Entry):
    """A roll's pending costs dismissed without being applied."""

    kinds: ClassVar[tuple[str, ...]] = ("drop_costs",)
    roll_id: int = MISSING
    dropped: list = MISSING


@dataclass
class PanicEntry(Entry):
    """A panic roll (D6 + stress, R-PANIC-1) and what it did to those in range."""

    kinds: ClassVar[tuple[str, ...]] = ("panic",)
    panic: dict = MISSING
    by_hand: bool = MISSING


@dataclass
class SpecialRollEntry(Entry):
    """A roll beyond one character's check: opposed test, assisted or group check, contested roll,
    saving throw, attack."""

    kinds: ClassVar[tuple[str, ...]] = ("opposed", "assisted", "group", "contested", "save", "attack")
    system: str = MISSING
    skill: str | None = MISSING
    attribute: str | None = MISSING
    dice: list = MISSING
    top: int = MISSING
    tn: Any = MISSING
    tier: str = MISSING
    successes: int = MISSING
    outcome: Any = MISSING
    winner: Any = MISSING
    by_hand: bool = MISSING


@dataclass
class FollowUpEntry(Entry):
    """What follows a recorded roll: a tiered consequence, a repair, Mend the Broken, Shake It Off,
    Inspire, or an attack's damage."""

    kinds: ClassVar[tuple[str, ...]] = ("consequence", "repair", "heal", "trauma", "inspire", "damage")
    roll_id: int = MISSING
    inspire_roll_id: int = MISSING
    mode: str = MISSING
    gear: str = MISSING
    damage: int = MISSING
    tracker: str = MISSING
    before: int = MISSING
    value: int = MISSING


@dataclass
class CircumstancesEntry(Entry):
    """Why a roll may be tried again this scene (the "only one chance" warning set aside)."""

    kinds: ClassVar[tuple[str, ...]] = ("circumstances",)
    skill: str | None = MISSING
    goal: str | None = MISSING
    reason: str = MISSING


@dataclass
class InitiativeEntry(Entry):
    """A change to the conflict's turn order (started, drawn, stepped, ended)."""

    kinds: ClassVar[tuple[str, ...]] = ("initiative",)


@dataclass
class DoomEntry(Entry):
    """The GM's doom pool changed or set."""

    kinds: ClassVar[tuple[str, ...]] = ("doom",)
    delta: int = MISSING
    value: int = MISSING


@dataclass
class ClockEntry(Entry):
    """A progress clock added, advanced, set or removed."""

    kinds: ClassVar[tuple[str, ...]] = ("clock",)
    clock_id: str = MISSING


@dataclass
class TrackerEntry(Entry):
    """A character's counter, condition or stress changed, or a rest."""

    kinds: ClassVar[tuple[str, ...]] = ("stress", "condition", "rest", "mutation_points", "willpower", "wounds",
                                        "strain", "stamina", "xp")
    targets: list = MISSING


@dataclass
class CharacterEntry(Entry):
    """A character joining, leaving or copied, or their sheet or gear changed."""

    kinds: ClassVar[tuple[str, ...]] = ("roster", "sheet", "gear")
    changes: dict = MISSING
    attribute: str = MISSING
    skill: str = MISSING
    gear_id: str = MISSING
    gear: str = MISSING


@dataclass
class CampaignEntry(Entry):
    """The campaign's frame changed: a session or scene begun, settings, the skill list."""

    kinds: ClassVar[tuple[str, ...]] = ("session", "scene", "settings", "skills")
    title: str | None = MISSING
    changes: dict = MISSING


RECORDS: tuple[type[Entry], ...] = (RollEntry, PushEntry, CostsEntry, DroppedCostsEntry, PanicEntry,
                                    SpecialRollEntry, FollowUpEntry, CircumstancesEntry, InitiativeEntry,
                                    DoomEntry, ClockEntry, TrackerEntry, CharacterEntry, CampaignEntry)

KINDS: dict[str, type[Entry]] = {kind: record for record in RECORDS for kind in record.kinds}
"""The record each entry ``kind`` is read into; a kind not listed reads as a plain :class:`Entry`."""


def from_dict(data: dict) -> Entry:
    """The record of a stored entry (its kind's class; keys it does not name go to ``extra``)."""
    record = KINDS.get(data.get("kind"), Entry) if isinstance(data.get("kind"), str) else Entry
    names = {f.name for f in fields(record)} - set(_OWN)
    known = {k: v for k, v in data.items() if k in names}
    extra = {k: v for k, v in data.items() if k not in names}
    return record(**known, extra=extra, order=tuple(data))


def build(header: dict, info: dict) -> Entry:
    """A new entry: the ledger's ``header`` (when, where, who) with the change's own fields laid over it."""
    return from_dict({**header, **info})
