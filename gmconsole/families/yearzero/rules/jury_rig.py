"""`myz` Jury-Rig builds (seed 000, the Gearhead's skill): the devices the seed names, its build stunts, and
the item a successful build puts on the Gearhead's sheet.

The devices and stunts are data (``jury_rig_devices``, ``jury_rig_stunts`` in ``data/myz.toml``), each in
the seed's words. This module is pure: :func:`build` takes a recorded roll's successes, the device the roll
was marked for (the roll builder's ``m``, ``device=NAME``) and the stunts the GM picked, and returns the
gear fields and the words; the campaign layer adds the item and records the build.

R-MYZ-BUILD-1 (gmconsole's reading): a successful Jury-Rig roll marked for a device builds it: the item
joins the Gearhead's gear with the Gear Bonus the seed gives it (binoculars +1 to Scout, camouflage +2 to
Sneak, a cold suit +3 to Endure; none named: 0) and the skills it helps; the seed's other figures (Armor
Rating, Protection Rating, Blast Power, how many it carries), which the gear model has no field for, are
written in the item's notes with the seed's words. A device the GM names that the seed does not list is
added by that name with bonus 0 and no skills, for the GM to edit. The seed gives no weapon damage for
its devices: a device starts at damage 0. A failed roll builds nothing (the seed: the device falls apart
when needed, or blows up); R-MYZ-LIMIT then warns against the same device.

R-MYZ-BUILD-2 (gmconsole's reading): each 6 beyond the first buys one stunt from the seed's list, each
once unless the seed says it may be chosen several times (an extra barrel, +1 Armor/Protection Rating,
+3 Blast Power); only the stunts that fit the device are offered (a weapon's damage, a gun's barrel, an
armor's or Rot suit's rating, an explosive charge's Blast Power and shrapnel, a raft's load), all of them
for a device the GM names. Gear Bonus +1 raises the item's bonus; weapon damage +1 its damage; shrapnel
makes its damage 2. Without the durable stunt the item's notes say the seed's words: it lasts one action
or use, then falls apart (its Gear Bonus drops to zero): the GM lowers it (the console cannot tell when a
device is used outside a roll); with it, it breaks down by the normal gear rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gmconsole.i18n import _, ngettext, pick
from gmconsole.rules.data import system_table
from gmconsole.rules.errors import RulesError

__all__ = ["Build", "BuildStunt", "Device", "build", "device_named", "devices", "stunt_choices", "stunts_for"]

RATINGS = ("armor", "protection", "blast_power", "carries")
"""The device figures the gear model has no field for: kept in the item's notes, raised by stunts."""


@dataclass(frozen=True)
class Device:
    """One device Jury-Rig can build: the seed's own (``listed``) or one the GM names."""

    id: str
    name: dict[str, Any]
    effect: dict[str, Any]
    bonus: int = 0
    skills: tuple[str, ...] = ()
    quantity: int = 1
    weapon: bool = False
    gun: bool = False
    ratings: dict[str, int] = field(default_factory=dict)
    listed: bool = True

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Device:
        return cls(id=row["id"], name=row["name"], effect=row["effect"], bonus=int(row.get("bonus", 0)),
                   skills=tuple(row.get("skills", ())), quantity=int(row.get("quantity", 1)),
                   weapon=bool(row.get("weapon", False)), gun=bool(row.get("gun", False)),
                   ratings={k: int(row[k]) for k in RATINGS if k in row})

    @classmethod
    def named(cls, text: str) -> Device:
        """A device the GM names that the seed does not list (bonus 0, no skills, every stunt offered)."""
        return cls(id="", name={"en": text}, effect={"en": ""}, listed=False)

    def fits(self, need: str | None) -> bool:
        """Whether a stunt that needs ``need`` (``weapon``, ``gun``, ``armor``, ``blast_power``, ``carries``)
        fits this device; a device of the GM's own takes any."""
        if need is None or not self.listed:
            return True
        if need == "armor":
            return "armor" in self.ratings or "protection" in self.ratings
        if need in ("weapon", "gun"):
            return self.weapon if need == "weapon" else self.gun
        return need in self.ratings

    def effect_text(self, bonus: int | None = None, ratings: dict[str, Any] | None = None) -> str:
        """The seed's words for the device in the console's language, with its figures (after stunts)."""
        figures = {"bonus": self.bonus if bonus is None else bonus, **self.ratings, **(ratings or {})}
        return pick(self.effect).format(**figures)

    def label(self) -> str:
        """How a list of devices shows it: the seed's words, after the name unless they start with it."""
        name, effect = pick(self.name), self.effect_text()
        if not effect or effect.casefold().startswith(name.casefold()):
            return effect or name
        return _("{name}: {effect}").format(name=name, effect=effect)


@dataclass(frozen=True)
class BuildStunt:
    """One of Jury-Rig's stunts as a build applies it (R-MYZ-BUILD-2)."""

    id: str
    name: dict[str, Any]
    text: dict[str, Any]
    fits: str | None = None
    repeat: bool = False

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> BuildStunt:
        return cls(id=row["id"], name=row["name"], text=row["text"], fits=row.get("fits"),
                   repeat=bool(row.get("repeat", False)))


@dataclass(frozen=True)
class Build:
    """What a successful build puts on the sheet: ``gear`` (the fields of a new item), the stunts taken
    and the words (``summary_item``: the item and what it gives)."""

    device: Device
    gear: dict[str, Any]
    stunts: tuple[str, ...]
    stunt_names: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"device": self.device.name["en"], "device_id": self.device.id or None, "listed": self.device.listed,
                "stunts": list(self.stunts), "gear": dict(self.gear)}


def devices(system: str = "myz") -> list[Device]:
    """The devices the seed names (empty for a system without Jury-Rig)."""
    return [Device.from_row(r) for r in system_table(system).get("jury_rig_devices", ())]


def device_named(system: str, text: str) -> Device:
    """The listed device ``text`` names (its id or name in either language, without regard to case), else
    a device of the GM's own by that name."""
    wanted = " ".join(str(text).split()).casefold()
    if not wanted:
        raise RulesError(_("name the device to build"))
    for device in devices(system):
        if wanted in {device.id.casefold(), *(str(n).casefold() for n in device.name.values())}:
            return device
    return Device.named(" ".join(str(text).split()))


def stunts_for(system: str, device: Device) -> list[BuildStunt]:
    """The stunts that fit ``device`` (R-MYZ-BUILD-2), in the seed's order."""
    rows = [BuildStunt.from_row(r) for r in system_table(system).get("jury_rig_stunts", ())]
    return [s for s in rows if device.fits(s.fits)]


def stunt_choices(system: str, device: Device, stunts: int) -> list[tuple[str, str]]:
    """``(value, label)`` rows for marking up to ``stunts`` stunts: a repeatable one once per stunt
    (``blast_power#2``: the second time), the others once."""
    out = []
    for stunt in stunts_for(system, device):
        times = max(1, stunts) if stunt.repeat else 1
        for n in range(1, times + 1):
            label = pick(stunt.text) if n == 1 else _("{stunt} (again: {times}×)").format(stunt=pick(stunt.text),
                                                                                        times=n)
            out.append((stunt.id if n == 1 else f"{stunt.id}#{n}", label))
    return out


def _counted(system: str, device: Device, picked: Sequence[str], stunts: int) -> Counter[str]:
    """The stunts picked, each counted (``blast_power#2`` is a second Blast Power), checked against the
    device and the stunts the roll has."""
    offered = {s.id: s for s in stunts_for(system, device)}
    counts: Counter[str] = Counter()
    for value in picked:
        stunt_id = str(value).split("#", 1)[0].strip()
        if stunt_id not in offered:
            known = ", ".join(offered) or _("none")
            raise RulesError(_("{stunt} is not a stunt for {device}: choose from {known}").format(
                stunt=stunt_id, device=pick(device.name), known=known))
        counts[stunt_id] += 1
        if counts[stunt_id] > 1 and not offered[stunt_id].repeat:
            raise RulesError(_("{stunt} can be chosen once per roll (R-MYZ-BUILD-2)").format(stunt=stunt_id))
    total = sum(counts.values())
    if total > stunts:
        raise RulesError(ngettext("{count} stunts picked, but the roll has {stunts} stunt (one per 6 beyond the "
                                  "first, R-MYZ-BUILD-2)",
                                  "{count} stunts picked, but the roll has {stunts} stunts (one per 6 beyond the "
                                  "first, R-MYZ-BUILD-2)", stunts).format(count=total, stunts=stunts))
    return counts


def build(system: str, device: Device, successes: int, picked: Sequence[str] = ()) -> Build:
    """R-MYZ-BUILD-1/2: the item a Jury-Rig roll with ``successes`` builds, with the stunts ``picked``.
    A roll without a success builds nothing (refused with the seed's words)."""
    if successes < 1:
        raise RulesError(_("the Jury-Rig roll failed: nothing is built (R-MYZ-BUILD-1)"))
    counts = _counted(system, device, picked, successes - 1)
    bonus = device.bonus + counts["bonus"]
    damage = 2 if counts["shrapnel"] else counts["damage"]
    ratings = dict(device.ratings)
    for rating in ("armor", "protection"):
        if rating in ratings:
            ratings[rating] += counts["armor"]
    if "blast_power" in ratings:
        ratings["blast_power"] += 3 * counts["blast_power"]
    if "carries" in ratings and counts["carries"]:
        ratings["carries"] *= 2
    notes = [device.effect_text(bonus, ratings)] if device.listed else []
    if counts["barrel"]:
        notes.append(ngettext("{count} extra barrel: fires {count} more time before reloading.",
                              "{count} extra barrels: fires {count} more times before reloading.",
                              counts["barrel"]).format(count=counts["barrel"]))
    if counts["shrapnel"]:
        notes.append(_("Deadly shrapnel: weapon damage 2."))
    if not device.listed and counts["armor"]:
        notes.append(_("Armor/Protection Rating +{count}.").format(count=counts["armor"]))
    if not device.listed and counts["blast_power"]:
        notes.append(_("Blast Power +{count}.").format(count=3 * counts["blast_power"]))
    notes.append(_("Durable: it breaks down by the normal gear rules.") if counts["durable"]
                 else _("Lasts one action or use, then falls apart (its Gear Bonus drops to zero)."))
    gear = {"name": pick(device.name), "bonus": bonus, "max_bonus": bonus, "skills": list(device.skills),
            "quantity": device.quantity, "damage": damage, "notes": " ".join(notes)}
    offered = stunts_for(system, device)
    taken = tuple(s.id for s in offered for _n in range(counts[s.id]))
    names = tuple(pick(s.name) + (f" ×{counts[s.id]}" if counts[s.id] > 1 else "") for s in offered if counts[s.id])
    return Build(device, gear, taken, names)
