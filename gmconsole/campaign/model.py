"""The campaign's domain model: campaign, settings, characters, gear, sessions, clocks.

Plain dataclasses with ``to_dict()`` / ``from_dict()`` (JSON-able, round-trip exact). The
campaign state document the store keeps is :meth:`Campaign.to_dict`. Nothing here changes a
campaign on its own: every change goes through :class:`gmconsole.campaign.service.CampaignService`,
which copies, validates, persists and records. The model only knows shapes, defaults and
what follows directly from the numbers (trauma = max − current, broken = an attribute at 0).

Numbers per system (validated by :mod:`gmconsole.campaign.validation`):

- ``myz`` / ``yze``: attributes are dice counts (1–6 max in myz, current 0..max), skills levels 0–5.
- ``yze-step``: attributes and skills hold a step rating letter's die size (6, 8, 10, 12);
  a skill of 0 means no rating. ``Attribute.current`` still counts damage for the push costs.
- ``exploding``: attributes (traits) and skills hold die sizes (4–12); a skill of 0 means untrained.
- ``tiered``: attributes are small counts of d6 (STR, DEX, INT, CHA, PER), skills 0–5, plus
  level, stamina, XP.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from gmconsole import systems
from gmconsole.i18n import _, verbatim
from gmconsole.phrasing import quoted

SCHEMA_VERSION = 1
"""Version of the campaign state document (the store adds its own file-level version)."""


SKILL_ONES = ("stay", "blank")
"""R-PUSH-5: the ``skill_ones`` setting's choices (the rules core's ``yearzero.SKILL_ONES``)."""

INITIATIVE_MODES = ("cards", "roll", "manual")

MYZ_TRAUMA = {"strength": "damage", "agility": "fatigue", "wits": "confusion", "empathy": "doubt"}
"""Trauma by kind in myz: which attribute each kind of trauma lowers (docs/RULES.md, push costs)."""

CLOCK_SIZES = (4, 6, 8)

CHARACTER_KINDS = ("pc", "npc")


def _pick(cls, data: dict) -> dict:
    """Only the keys ``cls`` knows, so an older/newer document with extra keys still loads."""
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in data.items() if k in names}


@dataclass
class Settings:
    """Every R-… *setting* of docs/RULES.md, with its default.

    - ``push_cost`` (yze / yze-step): one of the system's ``push_costs``, default ``stress-dice``.
    - ``max_pushes`` (R-PUSH-2): default 1.
    - ``skill_ones`` (R-PUSH-5, Year Zero): ``stay`` (default: a skill die showing 1 stays on a push,
      and in myz costs trauma) or ``blank`` (the published dice: it is rerolled and costs nothing).
    - ``panic_escalation`` (R-PANIC-2): default off.
    - ``opposed_reroll_ties`` (R-OPP-1): default off (a tie is a failure for the active side).
    - ``tool_takes_damage`` (damage-stress option): default off.
    - ``condition_coverage`` (conditions option): condition → the skills its −1 covers
      (an empty list means every roll).
    - ``exploding_tie_to_defender`` (R-EXP-4): default on.
    - ``tiered_strict_over`` (R-TIER-3): default off (a total equal to the save succeeds).
    - ``initiative_mode`` (docs/RULES.md, Initiative): ``cards`` / ``roll`` / ``manual``, default per system.
    - ``initiative_attribute``: the attribute added to the D6 in ``roll`` mode.
    - ``initiative_redraw`` (R-INIT-2): cards mode draws anew each round; default off (cards kept).
    - ``language``: the console's language here (``en``, ``zh-Hant``; ``""``, the default: the GM's
      settings file says; ``--lang`` wins over both).
    - ``player_rolls``: a player's roll from their own page waits for the GM (``approve``, default) or not (``free``).
    """

    push_cost: str = "stress-dice"
    max_pushes: int = 1
    skill_ones: str = "stay"
    panic_escalation: bool = False
    opposed_reroll_ties: bool = False
    tool_takes_damage: bool = False
    condition_coverage: dict[str, list[str]] = field(
        default_factory=lambda: {"tired": [], "angry": [], "scared": []}
    )
    exploding_tie_to_defender: bool = True
    tiered_strict_over: bool = False
    initiative_mode: str = "roll"
    initiative_attribute: str = "agility"
    initiative_redraw: bool = False
    language: str = ""
    player_rolls: str = "approve"

    @classmethod
    def for_system(cls, system: str) -> Settings:
        """The defaults for a new campaign of ``system`` (initiative mode and attribute differ)."""
        return cls(
            initiative_mode=systems.get(system).default_initiative,
            initiative_attribute=systems.get(system).initiative_attribute,
        )

    def to_dict(self) -> dict:
        return asdict(self)  # asdict copies every list and dict: nothing is shared with self

    @classmethod
    def from_dict(cls, data: dict) -> Settings:
        return cls(**copy.deepcopy(_pick(cls, data)))


@dataclass
class Attribute:
    """An attribute with its maximum (the sheet value) and its current value (after trauma/damage)."""

    max: int
    current: int

    @property
    def trauma(self) -> int:
        """Points lost: max − current (myz trauma of this attribute's kind; yze damage)."""
        return self.max - self.current

    def to_dict(self) -> dict:
        return {"max": self.max, "current": self.current}

    @classmethod
    def from_dict(cls, data: dict | int) -> Attribute:
        if isinstance(data, int):
            return cls(max=data, current=data)
        return cls(max=int(data["max"]), current=int(data.get("current", data["max"])))


@dataclass
class Gear:
    """An item on a character's sheet.

    ``bonus`` is the current gear bonus (gear dice in Year Zero, bonus dice in tiered),
    ``max_bonus`` its undamaged value (R-REPAIR-1 lowers it on a failed repair),
    ``artifact_die`` 8 / 10 / 12 for a mighty / epic / legendary artifact (R-ART-1), ``damage``
    a weapon's damage (tiered attacks), ``skills`` the skills it helps (empty: GM decides),
    ``destroyed`` set when a failed repair at bonus 0 destroys it.
    """

    id: str
    name: str
    bonus: int = 0
    max_bonus: int = 0
    artifact_die: int | None = None
    damage: int = 0
    skills: list[str] = field(default_factory=list)
    quantity: int = 1
    destroyed: bool = False
    notes: str = ""

    def to_dict(self) -> dict:
        return asdict(self)  # asdict copies every list and dict: nothing is shared with self

    @classmethod
    def from_dict(cls, data: dict) -> Gear:
        return cls(**copy.deepcopy(_pick(cls, data)))


@dataclass
class Panic:
    """The active panic effect of a character (yze stress-dice): lasts until stress is back to 0."""

    total: int
    effect: str
    name: str = ""

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> Panic | None:
        return None if data is None else cls(**_pick(cls, data))


@dataclass
class Dog:
    """A myz Dog Handler's dog (Sic a Dog): Strength 4, Agility 6, takes trauma like a mutant."""

    name: str = verbatim("Dog")
    attributes: dict[str, Attribute] = field(
        default_factory=lambda: {"strength": Attribute(4, 4), "agility": Attribute(6, 6)}
    )

    @property
    def dead(self) -> bool:
        """The dog dies when its Strength reaches zero."""
        return self.attributes["strength"].current <= 0

    def to_dict(self) -> dict:
        return {"name": self.name, "attributes": {k: a.to_dict() for k, a in self.attributes.items()}}

    @classmethod
    def from_dict(cls, data: dict | None) -> Dog | None:
        if data is None:
            return None
        return cls(
            name=data.get("name", verbatim("Dog")),
            attributes={k: Attribute.from_dict(v) for k, v in data.get("attributes", {}).items()},
        )


@dataclass
class Character:
    """A PC or an NPC (``count`` > 1 makes an NPC group), with the sheet and every tracker.

    Trackers present for every system (unused ones stay 0): stress and the active panic effect,
    mutation points (myz), willpower (yze attribute-damage), conditions, wounds and strain
    (exploding), stamina / stamina_max / level / xp (tiered; XP also myz), notes, reroll grants (R-EXP-5).
    """

    id: str
    name: str
    kind: str = "pc"
    count: int = 1
    role: str = ""
    attributes: dict[str, Attribute] = field(default_factory=dict)
    skills: dict[str, int] = field(default_factory=dict)
    gear: list[Gear] = field(default_factory=list)
    stress: int = 0
    panic: Panic | None = None
    mutation_points: int = 0
    willpower: int = 0
    conditions: list[str] = field(default_factory=list)
    wounds: int = 0
    strain: int = 0
    stamina: int = 0
    stamina_max: int = 0
    level: int = 1
    xp: int = 0
    class_bonus: int = 0
    dog: Dog | None = None
    notes: str = ""
    reroll_grants: list[dict] = field(default_factory=list)
    table_numbers: bool | None = None  # the table view: True numbers, False name only, None by kind (stored once set)

    @property
    def is_npc(self) -> bool:
        return self.kind == "npc"

    @property
    def is_group(self) -> bool:
        """An NPC group: one sheet standing for ``count`` identical NPCs."""
        return self.kind == "npc" and self.count > 1

    @property
    def broken(self) -> bool:
        """Broken: any attribute at 0 current value (myz/yze)."""
        return any(a.current <= 0 and a.max > 0 for a in self.attributes.values())

    def trauma(self) -> dict[str, int]:
        """Trauma by kind (myz names: damage, fatigue, confusion, doubt) — max − current per attribute."""
        return {MYZ_TRAUMA.get(name, name): a.trauma for name, a in self.attributes.items()}

    def gear_item(self, gear_id_or_name: str) -> Gear | None:
        """The item with this id, or else the first with this name (case-insensitive)."""
        for item in self.gear:
            if item.id == gear_id_or_name:
                return item
        wanted = gear_id_or_name.casefold()
        for item in self.gear:
            if item.name.casefold() == wanted:
                return item
        return None

    def to_dict(self) -> dict:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "attributes":
                value = {k: a.to_dict() for k, a in value.items()}
            elif f.name == "gear":
                value = [g.to_dict() for g in value]
            elif f.name in ("panic", "dog"):
                value = None if value is None else value.to_dict()
            elif (f.name == "table_numbers" and value is None) or (f.name == "reroll_grants" and not value):
                continue
            else:
                value = copy.deepcopy(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict) -> Character:
        raw = copy.deepcopy(_pick(cls, data))
        raw["attributes"] = {k: Attribute.from_dict(v) for k, v in raw.get("attributes", {}).items()}
        raw["gear"] = [Gear.from_dict(g) for g in raw.get("gear", [])]
        raw["panic"] = Panic.from_dict(raw.get("panic"))
        raw["dog"] = Dog.from_dict(raw.get("dog"))
        return cls(**raw)


@dataclass
class Clock:
    """A progress clock of 4, 6 or 8 segments (tracker pane; tiered complications advance one)."""

    id: str
    name: str
    segments: int = 4
    filled: int = 0

    @property
    def full(self) -> bool:
        return self.filled >= self.segments

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Clock:
        return cls(**_pick(cls, data))


@dataclass
class Session:
    """One game session: number, date (ISO text), scene counter, initiative state, doom pool, clocks.

    ``initiative`` is the dict form of :class:`gmconsole.rules.initiative.Initiative`
    (``None`` outside a conflict). ``scene`` counts scenes for the "only one chance" warning.
    ``title`` is what the GM called the evening (typed text, may be blank); ``started`` the moment it
    was opened (ISO timestamp, blank for sessions recorded before sessions kept it).
    ``player_difficulty`` is the difficulty the GM set for the players' own rolls on their pages (an id of
    the system's difficulty ladder; ``None``: the system's default), written only when set.
    """

    number: int
    date: str
    scene: int = 1
    initiative: dict | None = None
    doom: int = 0
    clocks: list[Clock] = field(default_factory=list)
    title: str = ""
    started: str = ""
    player_difficulty: str | None = None

    def clock(self, clock_id: str) -> Clock | None:
        return next((c for c in self.clocks if c.id == clock_id), None)

    def to_dict(self) -> dict:
        out = {
            "number": self.number,
            "date": self.date,
            "scene": self.scene,
            "initiative": copy.deepcopy(self.initiative),
            "doom": self.doom,
            "clocks": [c.to_dict() for c in self.clocks],
            "title": self.title,
            "started": self.started,
        }
        if self.player_difficulty is not None:  # files without one stay as they were
            out["player_difficulty"] = self.player_difficulty
        return out

    @classmethod
    def from_dict(cls, data: dict) -> Session:
        return cls(
            number=int(data["number"]),
            date=data.get("date", ""),
            scene=int(data.get("scene", 1)),
            initiative=copy.deepcopy(data.get("initiative")),
            doom=int(data.get("doom", 0)),
            clocks=[Clock.from_dict(c) for c in data.get("clocks", [])],
            title=data.get("title", ""),
            started=data.get("started", ""),
            player_difficulty=data.get("player_difficulty"),
        )


@dataclass
class CampaignSkill:
    """A skill of the campaign's own list: ``id`` (what sheets and history entries name),
    ``name`` in the campaign's language, the ``attribute`` it rolls with (a push charges it, R-PUSH)
    and ``text``, its stunts or bonus effects in the GM's words."""

    id: str
    name: str
    attribute: str
    text: str = ""

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> CampaignSkill:
        return cls(**_pick(cls, data))


@dataclass
class Campaign:
    """A GM's campaign: name, system, settings, roster (in display order), sessions.

    ``next_id`` numbers new characters, gear and clocks (``c1``, ``g7``, ``k2``) so ids never
    repeat, even after a removal. The current session is the last one in ``sessions``."""

    name: str
    system: str
    settings: Settings
    roster: list[Character] = field(default_factory=list)
    sessions: list[Session] = field(default_factory=list)
    next_id: int = 1
    schema: int = SCHEMA_VERSION
    skills: list[CampaignSkill] | None = None
    """The campaign's own skill list; ``None`` (the default): the system's table (:mod:`~gmconsole.campaign.skills`)."""
    pending_costs: list[dict] = field(default_factory=list)
    """Costs of rolls not yet applied, one item per roll (:mod:`gmconsole.campaign.pending_costs`)."""
    tables: list[dict] = field(default_factory=list)  # the GM's own tables (gmconsole.campaign.gm_tables)

    def __post_init__(self) -> None:
        if self.system not in systems.SYSTEM_IDS:
            raise ValueError(_("unknown system {system}: choose one of {systems}").format(
                system=quoted(self.system), systems=", ".join(systems.SYSTEM_IDS)))

    @classmethod
    def new(cls, name: str, system: str, date: str, settings: Settings | None = None) -> Campaign:
        """A fresh campaign with session 1 open and the system's default settings."""
        return cls(
            name=name,
            system=system,
            settings=settings or Settings.for_system(system),
            sessions=[Session(number=1, date=date)],
        )

    @property
    def current_session(self) -> Session:
        return self.sessions[-1]

    def session(self, number: int) -> Session | None:
        return next((s for s in self.sessions if s.number == number), None)

    def character(self, character_id: str) -> Character | None:
        """The roster member with this id, or ``None``."""
        return next((c for c in self.roster if c.id == character_id), None)

    def find_character(self, id_or_name: str) -> Character | None:
        """By id, else by full name (case-insensitive), else the one name starting so (see
        :mod:`gmconsole.campaign.name_match`)."""
        from gmconsole.campaign import name_match

        return name_match.find(self.roster, id_or_name)

    def new_id(self, prefix: str) -> str:
        """A fresh id such as ``c12`` (advances ``next_id``; call on the copy being changed)."""
        value = f"{prefix}{self.next_id}"
        self.next_id += 1
        return value

    def to_dict(self) -> dict:
        return {
            "schema": self.schema,
            "name": self.name,
            "system": self.system,
            "settings": self.settings.to_dict(),
            "roster": [c.to_dict() for c in self.roster],
            "sessions": [s.to_dict() for s in self.sessions],
            "next_id": self.next_id,
            **({} if self.skills is None else {"skills": [k.to_dict() for k in self.skills]}),
            "pending_costs": copy.deepcopy(self.pending_costs),
            **({"tables": copy.deepcopy(self.tables)} if self.tables else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> Campaign:
        return cls(
            name=data["name"],
            system=data["system"],
            settings=Settings.from_dict(data.get("settings", {})),
            roster=[Character.from_dict(c) for c in data.get("roster", [])],
            sessions=[Session.from_dict(s) for s in data.get("sessions", [])],
            next_id=int(data.get("next_id", 1)),
            schema=int(data.get("schema", SCHEMA_VERSION)),
            skills=None if data.get("skills") is None else [CampaignSkill.from_dict(k) for k in data["skills"]],
            pending_costs=copy.deepcopy(data.get("pending_costs", [])),
            tables=copy.deepcopy(data.get("tables", [])),
        )

    def copy(self) -> Campaign:
        """A deep copy to change (the service changes a copy, persists it, then swaps it in)."""
        return Campaign.from_dict(self.to_dict())


@dataclass
class RollPreview:
    """What a roll would be, built from the sheet without rolling or writing anything.

    ``dice`` is the pool kept apart by kind (R-POOL-1): ``[{"kind", "sides", "source"}]``;
    ``explanation`` one line per step of building it (attribute, skill, gear, modifiers);
    ``odds`` the exact odds at the time, shaped per system (Year Zero: ``{"success": p,
    "at_least": [p1, p2, ...], "push": {...}}``; exploding: ``{"success": p, "critical_failure": p}``;
    tiered: ``{"critical": p, "great": p, "mixed": p, "limited": p}``); ``can_roll`` with
    ``reason`` when not; ``warnings`` such as the "only one chance" warning of docs/RULES.md
    (the GM may dismiss it); ``can_push`` whether the roll could be pushed afterwards.
    """

    system: str
    character_id: str
    character: str
    skill: str | None
    attribute: str | None
    dice: list[dict]
    explanation: list[str]
    odds: dict
    can_roll: bool
    reason: str = ""
    warnings: list[str] = field(default_factory=list)
    can_push: bool = False
    target_number: int | None = None

    def to_dict(self) -> dict:
        return asdict(self)  # asdict copies every list and dict: nothing is shared with self
