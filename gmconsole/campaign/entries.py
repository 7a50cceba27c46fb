"""History entries as typed records: one class per kind, one place to read and write them.

Every change the GM makes is one entry in the session's history: a roll, a push, costs applied, a panic
roll, a special roll (opposed, assisted, group, contested, save, attack), initiative, doom, a clock, a
character or their sheet changed, a session or scene begun, settings. :func:`from_dict` reads a stored
entry into the record of its kind and :meth:`Entry.to_dict` gives it back, the same keys in the same
order, so the history files keep their shape byte for byte. A field an entry does not have stays
absent (:data:`MISSING`), never ``None``; keys this module does not name ride along in ``extra``.
A roll's, a push's and a special roll's record hold the fields every family's entries of that kind share,
and ``detail``: one record of the fields only its family's carry, defined by the family and read from and
written back to the same flat keys. A roll takes its system's family's
:attr:`~gmconsole.systems.family.GameFamily.detail_record`, a special roll its
:attr:`~gmconsole.systems.family.GameFamily.special_record` (the roll's and more: the defender's dice, an
attack's damage; one that names no system, a tiered saving throw or attack, the one family's whose keys it
holds); a push names no system and takes the one family's
:attr:`~gmconsole.systems.family.GameFamily.push_record` whose keys it holds (a push's fields differ from a
roll's: the tier before Push Yourself, the stress a push raised).

The ledger (:mod:`gmconsole.campaign.ledger`) builds each new entry through :func:`build`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gmconsole import systems
from gmconsole.systems.roll_detail import MISSING as _MISSING
from gmconsole.systems.roll_detail import NO_DETAIL, RollDetail

__all__ = ["KINDS", "MISSING", "Entry", "TableRollEntry", "as_record", "as_roll", "as_special", "build",
           "from_dict", "given"]


MISSING: Any = _MISSING
"""An absent field: left out of :meth:`Entry.to_dict` (the same mark a family's roll detail uses)."""

_OWN = ("extra", "order", "detail")


def given(value: Any, default: Any) -> Any:
    """``value``, or ``default`` when the entry does not have that field: what ``stored.get(key, default)``
    read, for the readers that show an absent field differently from a falsy one."""
    return default if value is MISSING else value


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
    skill: str | None = MISSING
    """The skill the change was about (a roll, a push, a special roll, a sheet change); absent where
    a kind names none, so the history filters on it across kinds."""
    summary: str = MISSING
    status: str = MISSING
    source: str = MISSING
    """Where the change was made (``console``, ``cli``, ``player:<character id>``:
    :mod:`gmconsole.campaign.sources`)."""
    id: int = MISSING
    undo: dict = MISSING
    undone_at: str = MISSING
    done_at: str = MISSING
    extra: dict = MISSING
    """Stored keys this record does not name, kept as they were."""
    order: tuple[str, ...] = ()
    """The stored keys in the order read, so :meth:`to_dict` writes them back in that order."""

    def __init__(self) -> None:
        """A record with no field set: every field reads as its class default, :data:`MISSING`. Records
        are read from stored entries (:func:`from_dict`), not built field by field: they are plain
        classes whose annotated class attributes are the fields, not dataclasses (generating sixty
        fields' ``__init__``, ``__repr__`` and ``__eq__`` for each kind cost 24 ms at every start-up)."""
        self.extra = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_dict()})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.to_dict() == self.to_dict()

    __hash__ = None  # type: ignore[assignment]  # a record is compared by its fields, never hashed

    def to_dict(self) -> dict:
        """The entry as stored: its keys in the order read, then any set since, in field order."""
        values = {name: getattr(self, name) for name in _names(type(self))}
        values = {k: v for k, v in values.items() if v is not MISSING}
        values.update(self._detail_fields())
        values.update(self.extra)
        out = {k: values.pop(k) for k in self.order if k in values}
        out.update(values)
        return out

    def _detail_fields(self) -> dict:
        """The stored fields of a family's own record (a roll's, push's or special roll's ``detail``); none
        for other kinds."""
        return {}


class _Detailed(Entry):
    """An entry kind with a family's own record: the fields only that family's entries of the kind carry."""

    detail: RollDetail = NO_DETAIL
    """The fields only the entry's family carries, as its family's record (none where the family is not
    known; its keys then ride along in ``extra``)."""

    def _detail_fields(self) -> dict:
        return self.detail.stored()


class RollEntry(_Detailed):
    """A check from the sheet or the GM's quick roll; an opposed roll carries its defender in ``opposed``.

    The fields here are those every family's rolls share; what only one family's rolls carry (a tier, the
    top die against a TN, stunts and panic) is ``detail``, the record its family defines."""

    kinds: ClassVar[tuple[str, ...]] = ("roll",)
    system: str = MISSING
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
    pushes: int = MISSING
    outcome: dict = MISSING
    costs: list = MISSING
    costs_status: str = MISSING
    can_push: bool = MISSING
    push_refusal: str | None = MISSING
    by_hand: bool = MISSING
    by_hand_steps: list = MISSING
    pool_request: dict = MISSING
    opposed: dict = MISSING
    # read by the console and the CLI
    roll_type: str = MISSING
    """What kind of roll the check was made for (``opposed`` for a Year Zero opposed roll)."""
    hidden: bool = MISSING
    """True for the GM's hidden roll (absent otherwise): recorded as usual, never on the table view."""
    actions: dict = MISSING
    """In a conflict: the helpers' actions the roll spent, ``{"kind": "fast"/"slow", "helpers": [ids]}`` (R-ACT-2)."""


class PushEntry(_Detailed):
    """A Year Zero push of a recorded roll (R-PUSH-1..4), or a tiered Push Yourself die added after the roll;
    the roll's own entry is updated too. What only one family's pushes carry (the tier reached and the tier
    before, the stress raised at once) is ``detail``, its family's push record."""

    kinds: ClassVar[tuple[str, ...]] = ("push",)
    roll_id: int = MISSING
    push_dice: list = MISSING
    successes: int = MISSING
    costs: list = MISSING
    by_hand: bool = MISSING
    push_step: int = MISSING
    opposed: dict = MISSING


class CostsEntry(Entry):
    """A roll's pending costs applied to the roster, with the panic rolls they brought."""

    kinds: ClassVar[tuple[str, ...]] = ("costs",)
    roll_id: int = MISSING
    costs: list = MISSING
    lines: list = MISSING
    by_hand: bool = MISSING
    panic: dict = MISSING
    defender_panic: dict = MISSING


class DroppedCostsEntry(Entry):
    """A roll's pending costs dismissed without being applied."""

    kinds: ClassVar[tuple[str, ...]] = ("drop_costs",)
    roll_id: int = MISSING
    dropped: list = MISSING


class PanicEntry(Entry):
    """A panic roll (D6 + stress, R-PANIC-1) and what it did to those in range."""

    kinds: ClassVar[tuple[str, ...]] = ("panic",)
    panic: dict = MISSING
    by_hand: bool = MISSING


class SpecialRollEntry(_Detailed):
    """A roll beyond one character's check: opposed test, assisted or group check, contested roll,
    saving throw, attack. What only one family's special rolls carry (the top die against a TN and the
    defender's, the helpers' turns; a tier, the damage dealt, a saving throw's score) is ``detail``, its
    family's special-roll record, read by ``system`` as a roll's is."""

    kinds: ClassVar[tuple[str, ...]] = ("opposed", "assisted", "group", "contested", "save", "attack")
    system: str = MISSING
    attribute: str | None = MISSING
    dice: list = MISSING
    successes: int = MISSING
    outcome: Any = MISSING
    winner: Any = MISSING
    by_hand: bool = MISSING
    # read by the console and the CLI
    winner_name: str = MISSING
    """Who carried an opposed test or a contested roll, by name."""
    participants: list = MISSING
    """Assisted or group check: the ids of all who rolled."""


class FollowUpEntry(Entry):
    """What follows a recorded roll: a tiered consequence, a repair, Mend the Broken, Shake It Off,
    Inspire, an attack's damage, or a myz role skill's outcome (R-MYZ-ROLE-1): a Jury-Rig build, Find the
    Path's or a deal's finds, Save a Life."""

    kinds: ClassVar[tuple[str, ...]] = ("consequence", "repair", "heal", "trauma", "inspire", "damage", "build",
                                        "finds", "save_life")
    roll_id: int = MISSING
    inspire_roll_id: int = MISSING
    mode: str = MISSING
    gear: str = MISSING
    damage: int = MISSING
    tracker: str = MISSING
    before: int = MISSING
    value: int = MISSING
    build: dict = MISSING
    """A Jury-Rig build (R-MYZ-BUILD-1/2): the device, its stunts and the item added (``gear_id``)."""
    gear_id: str = MISSING
    finds: list = MISSING
    """Finds (R-MYZ-FINDS-1/2): each choice with its dice and amount, in the order chosen."""
    outcome: str = MISSING
    """The ``role_outcomes`` row applied (``find-the-path``, ``side-deal``...)."""
    by_hand: bool = MISSING
    patient: str = MISSING
    """Save a Life (R-MYZ-SAVE-1): the patient's name and id, and what the roll did to them."""
    patient_id: str = MISSING
    save: dict = MISSING


class CircumstancesEntry(Entry):
    """Why a roll may be tried again this scene (the "only one chance" warning set aside)."""

    kinds: ClassVar[tuple[str, ...]] = ("circumstances",)
    goal: str | None = MISSING
    reason: str = MISSING


class InitiativeEntry(Entry):
    """A change to the conflict's turn order (started, drawn, stepped, ended)."""

    kinds: ClassVar[tuple[str, ...]] = ("initiative",)


class DoomEntry(Entry):
    """The GM's doom pool changed or set."""

    kinds: ClassVar[tuple[str, ...]] = ("doom",)
    delta: int = MISSING
    value: int = MISSING


class ClockEntry(Entry):
    """A progress clock added, advanced, set or removed."""

    kinds: ClassVar[tuple[str, ...]] = ("clock",)
    clock_id: str = MISSING


class TrackerEntry(Entry):
    """A character's counter, condition or stress changed, or a rest."""

    kinds: ClassVar[tuple[str, ...]] = ("stress", "condition", "rest", "mutation_points", "willpower", "wounds",
                                        "strain", "stamina", "xp")
    targets: list = MISSING


class HarmEntry(Entry):
    """Harm the GM applied (the harm key, ``gmconsole harm``): what took it, from what to what."""

    kinds: ClassVar[tuple[str, ...]] = ("harm",)
    amount: int = MISSING
    attribute: str = MISSING
    """The attribute whose current value harm lowered (Year Zero), or absent."""
    tracker: str = MISSING
    """The counter harm changed (``wounds``, ``stamina``), or absent."""
    before: int = MISSING
    value: int = MISSING


class CharacterEntry(Entry):
    """A character joining, leaving or copied, or their sheet or gear changed."""

    kinds: ClassVar[tuple[str, ...]] = ("roster", "sheet", "gear")
    changes: dict = MISSING
    values: list = MISSING
    """The numbers an edit of the sheet changed, each with its values before and after
    (:func:`gmconsole.campaign.harm.sheet_values`)."""
    attribute: str = MISSING
    gear_id: str = MISSING
    gear: str = MISSING


class CampaignEntry(Entry):
    """The campaign's frame changed: a session or scene begun, settings, the skill list, the GM's tables, the
    difficulty the GM set for the players' own rolls (``players``)."""

    kinds: ClassVar[tuple[str, ...]] = ("session", "scene", "settings", "skills", "tables", "players")
    title: str | None = MISSING
    difficulty: str | None = MISSING
    changes: dict = MISSING
    tables: list = MISSING


class TableRollEntry(Entry):
    """A roll on one of the GM's own tables (:mod:`gmconsole.campaign.gm_tables`): the faces, the total read,
    the row and what it costs (``costs_status`` ``pending`` while a character owes them)."""

    kinds: ClassVar[tuple[str, ...]] = ("table_roll",)
    table: str = MISSING
    die: str = MISSING
    faces: list = MISSING
    total: int = MISSING
    row: int = MISSING
    text: str = MISSING
    costs: list = MISSING
    costs_status: str = MISSING
    by_hand: bool = MISSING


RECORDS: tuple[type[Entry], ...] = (RollEntry, PushEntry, CostsEntry, DroppedCostsEntry, PanicEntry,
                                    SpecialRollEntry, FollowUpEntry, CircumstancesEntry, InitiativeEntry,
                                    DoomEntry, ClockEntry, TrackerEntry, HarmEntry, CharacterEntry, CampaignEntry,
                                    TableRollEntry)

KINDS: dict[str, type[Entry]] = {kind: record for record in RECORDS for kind in record.kinds}
"""The record each entry ``kind`` is read into; a kind not listed reads as a plain :class:`Entry`."""


_NAMES: dict[type[Entry], tuple[str, ...]] = {}
_NAMED: dict[type[Entry], frozenset[str]] = {}


def _names(record: type[Entry]) -> tuple[str, ...]:
    """The stored keys ``record`` names, in field order: its own annotated fields after its bases'
    (read once per record: readers build many)."""
    found = _NAMES.get(record)
    if found is None:
        names: dict[str, None] = {}
        for cls in reversed(record.__mro__):
            for name, hint in vars(cls).get("__annotations__", {}).items():
                if name not in _OWN and not str(hint).startswith("ClassVar"):
                    names[name] = None
        found = _NAMES[record] = tuple(names)
    return found


def _named(record: type[Entry]) -> frozenset[str]:
    """The same names as :func:`_names`, to look a key up in."""
    found = _NAMED.get(record)
    if found is None:
        found = _NAMED[record] = frozenset(_names(record))
    return found


def from_dict(data: dict) -> Entry:
    """The record of a stored entry (its kind's class; keys it does not name go to ``extra``)."""
    kind = data.get("kind")
    record = KINDS.get(kind, Entry) if isinstance(kind, str) else Entry
    return _read(record, data)


def _read(record: type[Entry], data: dict) -> Entry:
    """``data`` as a ``record``: the keys it names set, a roll's, push's or special roll's family's own keys in
    its ``detail``, the rest in ``extra``."""
    names = _named(record)
    # Built without the generated __init__ (a roll names some sixty fields): a field the entry does
    # not have is not set, so it reads as the class's default, MISSING. Readers build many records.
    entry = object.__new__(record)
    entry.__dict__.update({k: v for k, v in data.items() if k in names})
    detail = None
    if issubclass(record, _Detailed):  # by the system the entry names; a push or special roll naming none, by its keys
        detail = (_detail_record(record, data.get("system")) if "system" in data or record is RollEntry
                  else _record_by_keys(record, data))
    if detail is None:
        entry.extra = {k: v for k, v in data.items() if k not in names}
    else:
        kind, own, known = detail
        # the record takes the keys it names; those every roll shares, where it names any, stay the entry's
        entry.__dict__["detail"] = kind.read(data if own is None else {k: v for k, v in data.items() if k in own})
        entry.extra = {k: v for k, v in data.items() if k not in known}
    entry.order = tuple(data)
    return entry


_Detail = tuple[type[RollDetail], frozenset[str] | None, frozenset[str]]
_DETAIL_RECORDS: dict[tuple[type[Entry], str], tuple[object, _Detail | None]] = {}
"""Each entry kind's and system's family object and what :func:`_detail_record` answered for them (readers
build many records)."""


def _detail_record(record: type[Entry], system: object) -> _Detail | None:
    """For an entry of kind ``record`` (a roll or a special roll): the record of the fields only ``system``'s
    family's rolls carry, the stored keys it reads where some of them are keys every entry of the kind shares
    (those stay the entry's own; ``None`` where none is) and every key an entry of the family names; ``None``
    for an entry that names no system or one gmconsole does not know, or a family whose rolls carry nothing
    of their own (the keys then ride along in ``extra``)."""
    if not isinstance(system, str):
        return None
    known = _DETAIL_RECORDS.get((record, system))
    if known is not None and known[0] is systems.family_of(system):
        return known[1]
    if systems.find(system) is None:
        return None
    family = systems.family_of(system)  # a system not seen yet, or the families found again
    answer = _own_keys(record, _record_of(family, record))
    _DETAIL_RECORDS[(record, system)] = (family, answer)
    return answer


def _own_keys(record: type[Entry], kind: type[RollDetail]) -> _Detail | None:
    """``kind`` as the detail of an entry of kind ``record``: the keys it reads where it names keys ``record``
    names itself (``None`` where it names none of them), and every key the two name; ``None`` where ``kind``
    names nothing of its own."""
    shared = _named(record)
    own = kind.stored_keys() - shared
    return (kind, own if kind.stored_keys() & shared else None, own | shared) if own else None


def _record_of(family: object, record: type[Entry]) -> type[RollDetail]:
    """``family``'s record of what only its entries of kind ``record`` carry: a roll's, a push's (``RollDetail``
    where the family names none) or a special roll's (the roll's where the family names none)."""
    if record is PushEntry:
        kind = getattr(family, "push_record", RollDetail)
    elif record is SpecialRollEntry:
        kind = getattr(family, "special_record", None) or getattr(family, "detail_record", RollDetail)
    else:
        kind = getattr(family, "detail_record", RollDetail)
    assert isinstance(kind, type) and issubclass(kind, RollDetail)  # the family's protocol says so
    return kind


_BY_KEYS: dict[type[Entry], tuple[object, tuple[_Detail, ...]]] = {}
"""For each entry kind read by its keys, the families found and their records of it (readers build many)."""


def _record_by_keys(record: type[Entry], data: dict) -> _Detail | None:
    """For an entry of kind ``record`` that names no system (every push; a tiered saving throw or attack): the
    record of the one family whose entries of that kind carry keys ``data`` holds (a push's:
    the family's :attr:`~gmconsole.systems.family.GameFamily.push_record`, the tier before Push Yourself or
    the stress a push raised at once; a special roll's: its roll record, a tier). ``None`` where no family's
    record names a key ``data`` holds, or more than one does (the keys then ride along in ``extra``)."""
    found = systems.all_families()
    known = _BY_KEYS.get(record)
    if known is None or known[0] is not found:
        kinds = {_record_of(family, record) for family in found}  # families sharing one: once
        known = _BY_KEYS[record] = (found, tuple(d for d in (_own_keys(record, kind) for kind in kinds) if d))
    shared = _named(record)
    held = [d for d in known[1] if not (d[2] - shared).isdisjoint(data)]
    return held[0] if len(held) == 1 else None


def as_record(entry: Entry | dict) -> Entry:
    """``entry`` as a record: a stored dict is read (:func:`from_dict`), a record is given back as it is.
    The readers that show an entry take either, so a caller holding what a service method returned
    (a dict, as the CLI's ``--json`` prints it) and one holding a record see the same words."""
    return entry if isinstance(entry, Entry) else from_dict(entry)


def as_roll(entry: Entry | dict) -> RollEntry:
    """``entry`` read as a roll, for the readers of a roll's result: a roll's record as it is; anything
    else (a stored dict without a kind, a push, a costs entry) with the fields it shares with a roll
    and the rest absent, as reading those keys from the stored dict found them."""
    if isinstance(entry, RollEntry):
        return entry
    read = _read(RollEntry, entry.to_dict() if isinstance(entry, Entry) else entry)
    assert isinstance(read, RollEntry)  # _read builds the class it is given
    return read


def as_special(entry: Entry | dict) -> SpecialRollEntry:
    """``entry`` read as a special roll (opposed test, assisted or group check, contested roll, saving throw,
    attack), for the readers that word one: its record as it is; anything else with the fields it shares
    with a special roll and the rest absent, as :func:`as_roll` reads a roll."""
    if isinstance(entry, SpecialRollEntry):
        return entry
    read = _read(SpecialRollEntry, entry.to_dict() if isinstance(entry, Entry) else entry)
    assert isinstance(read, SpecialRollEntry)  # _read builds the class it is given
    return read


def build(header: dict, info: dict) -> Entry:
    """A new entry: the ledger's ``header`` (when, where, who) with the change's own fields laid over it."""
    return from_dict({**header, **info})
