"""The players' own dice: their links, their sheets as a phone shows them, their rolls and pushes, and
the requests that wait for the GM (the ``player_rolls`` setting, ``free`` or ``approve``).

- **Links** (:func:`links`, :func:`revoke`, :func:`renew`, :class:`TokenDesk`): one secret token per
  player character (``kind`` ``pc``; NPCs get none), kept in the campaign's ``players.json``
  (:mod:`gmconsole.store.players_file`). A token reaches its one character; it is compared in constant
  time (:func:`hmac.compare_digest`) and never written to the history, a log or an error.
- **What a player may ask** (:func:`parse_ask`): a skill of that character (on the sheet, or in the
  campaign's skill list when its system lists skills), an attribute of the sheet, gear the character
  carries, a situational modifier within :data:`PLAYER_MODIFIER`. Nothing names a file or a campaign:
  the token decides both. The pool, the odds and the roll are the campaign's own
  (:class:`~gmconsole.campaign.facades.rolls.Rolls`), built from the sheet as the console and the
  command line build them.
- **Rolling as the player** (:func:`roll_as_player`, :func:`push_as_player`): recorded as a normal roll
  entry whose ``source`` is ``player:<character id>``.
- **The inbox** (:mod:`gmconsole.campaign.player_requests`): with ``approve`` a request waits for the GM.
"""

from __future__ import annotations

import hmac
import random
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmconsole.campaign import skills as campaign_skills
from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character
from gmconsole.campaign.sources import player_source
from gmconsole.i18n import _
from gmconsole.safe_text import shown

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService

__all__ = ["DEFAULT_ADDRESS", "MAX_WAITING_PER_PLAYER", "PLAYER_MODIFIER", "PLAYER_ROLLS", "PlayerAsk", "PlayerLink",
           "TokenDesk", "links", "listed", "odds_for", "parse_ask", "player_characters", "player_sheet",
           "push_as_player", "record_address", "renew", "result_of", "revoke", "roll_as_player"]

PLAYER_ROLLS = ("free", "approve")
"""The ``player_rolls`` setting's choices (``data/settings.toml``): ``free`` rolls at once, ``approve`` waits."""
DEFAULT_ADDRESS = ("127.0.0.1", 8000)
"""The address a link names until ``gmconsole serve --players`` records its own."""
PLAYER_MODIFIER = 3
"""The largest situational modifier (either way) a player may give their own roll; the GM gives more."""
MAX_WAITING_PER_PLAYER = 3
"""Requests one player may have waiting at once: a phone tapped again and again does not fill the inbox."""


def player_characters(campaign: Campaign) -> list[Character]:
    """The characters who get a link: the player characters (``kind`` ``pc``), in roster order."""
    return [c for c in campaign.roster if not c.is_npc]


# ---------------------------------------------------------------------------------------------- links
@dataclass(frozen=True)
class PlayerLink:
    """One player character's link. ``link`` holds the token: show it to the GM only."""

    character_id: str
    character: str
    link: str


def _link(address: tuple[str, int], token: str) -> str:
    host, port = address
    shown_host = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown_host}:{port}/p/{token}"


def _address(document: dict[str, Any]) -> tuple[tuple[str, int], bool]:
    """The address recorded by the last server (and False), or the default one (and True)."""
    address = document.get("address")
    if address:
        return (address["host"], address["port"]), False
    return DEFAULT_ADDRESS, True


def links(folder: Path, campaign: Campaign, wait: float | None = None) -> tuple[list[PlayerLink], bool]:
    """Every player character's link (a token made for one that has none), and whether the address is the
    default one (no ``serve --players`` recorded its own yet). Tokens of characters no longer in the
    roster (or now NPCs) are dropped."""
    from gmconsole.store.players_file import change_players

    pcs = player_characters(campaign)

    def change(document: dict[str, Any]) -> tuple[list[PlayerLink], bool]:
        tokens, ended = document["links"], set(document["ended"])
        for gone in [cid for cid in tokens if cid not in {c.id for c in pcs}]:
            del tokens[gone]
        for character in pcs:
            if character.id not in ended:  # a link the GM ended stays ended until --new makes one
                tokens.setdefault(character.id, secrets.token_urlsafe(24))
        address, defaulted = _address(document)
        return [PlayerLink(c.id, c.name, _link(address, tokens[c.id])) for c in pcs if c.id in tokens], defaulted

    return change_players(folder, change, wait)


def listed(folder: Path, campaign: Campaign) -> tuple[list[PlayerLink], bool]:
    """The links as they are (none made), and whether the address is the default one."""
    from gmconsole.store.players_file import read_players

    document = read_players(folder)
    address, defaulted = _address(document)
    tokens = document["links"]
    return [PlayerLink(c.id, c.name, _link(address, tokens[c.id])) for c in player_characters(campaign)
            if c.id in tokens], defaulted


def _player(campaign: Campaign, who: str) -> Character:
    found = campaign.find_character(who)
    if found is None or found.is_npc:
        names = ", ".join(shown(c.name) for c in player_characters(campaign)) or _("none")
        raise ValidationError(_("{who} is not a player character of {campaign} (they are: {names})").format(
            who=shown(who), campaign=shown(campaign.name), names=names))
    return found


def revoke(folder: Path, campaign: Campaign, who: str, wait: float | None = None) -> Character:
    """End ``who``'s link at once (a running server reads the file again); no new one is made for them until
    ``gmconsole players NAME --new WHO``."""
    from gmconsole.store.players_file import change_players

    character = _player(campaign, who)

    def change(document: dict[str, Any]) -> None:
        document["links"].pop(character.id, None)
        if character.id not in document["ended"]:
            document["ended"].append(character.id)

    change_players(folder, change, wait)
    return character


def renew(folder: Path, campaign: Campaign, who: str, wait: float | None = None) -> PlayerLink:
    """A new token for ``who``: the old link stops working at once."""
    from gmconsole.store.players_file import change_players

    character = _player(campaign, who)

    def change(document: dict[str, Any]) -> PlayerLink:
        token = secrets.token_urlsafe(24)
        document["links"][character.id] = token
        document["ended"] = [cid for cid in document["ended"] if cid != character.id]
        return PlayerLink(character.id, character.name, _link(_address(document)[0], token))

    return change_players(folder, change, wait)


def record_address(folder: Path, host: str, port: int, wait: float | None = None) -> None:
    """Remember where ``gmconsole serve --players`` listens: the links name it from now on."""
    from gmconsole.store.players_file import change_players

    def change(document: dict[str, Any]) -> None:
        document["address"] = {"host": host, "port": port}

    change_players(folder, change, wait)


class TokenDesk:
    """Which character a token reaches, for a running server: the links are read again whenever
    ``players.json`` changed (one ``stat`` per request), so a revoked or renewed token stops working at
    once. Every known token is compared with the one given in constant time, whichever matches."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._stamp: object = ()
        self._tokens: list[tuple[bytes, str]] = []

    def _refresh(self) -> None:
        from gmconsole.store.players_file import players_stamp, read_players

        stamp = players_stamp(self.folder)
        if stamp == self._stamp:
            return
        try:
            document = read_players(self.folder)
        except Exception:  # a damaged file lets no one in (the GM is told by `gmconsole players`)
            document = {"links": {}}
        self._tokens = [(token.encode("ascii"), cid) for cid, token in document["links"].items()]
        self._stamp = stamp

    def character_for(self, token: str) -> str | None:
        """The character id ``token`` reaches, or ``None``."""
        self._refresh()
        given = token.encode("utf-8", "replace")
        found = None
        for known, character_id in self._tokens:
            if hmac.compare_digest(known, given):  # constant time; every token compared, match or not
                found = character_id
        return found


# ---------------------------------------------------------------------------------------------- the sheet
def player_sheet(campaign: Campaign, character: Character) -> dict[str, Any]:
    """The sheet as the player's page shows it: attributes, skills with their levels, gear, the trackers
    the family uses, conditions, and what the page lets them roll."""
    from gmconsole.campaign.sheet import sheet

    data = sheet(character)
    listed = validation.skills_listed(campaign.system)
    rollable = _skills_of(campaign, character)
    skills = [{"id": s, "name": campaign_skills.name_of(campaign, s) or s, "level": character.skills.get(s, 0),
               "attribute": (validation.known_skills(campaign).get(s) or None) if listed else None}
              for s in rollable]
    return {
        "system": campaign.system,
        "character_id": character.id,
        "name": character.name,
        "attributes": {k: dict(a, name=campaign_skills.attribute_name_of(campaign.system, k))
                       for k, a in data["attributes"].items()},
        "skills": skills,
        "gear": [{"id": g["id"], "name": g["name"], "bonus": g["bonus"], "skills": g["skills"]}
                 for g in data["gear"] if not g["destroyed"]],
        "trackers": {k: v for k, v in data["trackers"].items() if v and k != "level"},
        "conditions": data["conditions"],
        "panic": data["panic"],
        "attribute_needed": not listed,
        "most_modifier": PLAYER_MODIFIER,
        "player_rolls": campaign.settings.player_rolls,
        "difficulty": campaign.current_session.player_difficulty,
    }


def _skills_of(campaign: Campaign, character: Character) -> list[str]:
    """The skills ``character`` may roll: the sheet's, and the campaign's list when its system lists them
    (a Year Zero skill at level 0 rolls the attribute alone)."""
    if validation.skills_listed(campaign.system):
        return [s.id for s in campaign_skills.listing(campaign)]
    return list(character.skills)


# ---------------------------------------------------------------------------------------------- asks
@dataclass(frozen=True)
class PlayerAsk:
    """What a player asked: a roll (``skill``, ``attribute``, ``gear``, ``modifier``) or a push of their
    roll ``roll``."""

    skill: str | None = None
    attribute: str | None = None
    gear: tuple[str, ...] = ()
    modifier: int = 0
    roll: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"skill": self.skill, "attribute": self.attribute, "gear": list(self.gear),
                "modifier": self.modifier, "roll": self.roll}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerAsk:
        return cls(data.get("skill"), data.get("attribute"), tuple(data.get("gear", ())), data.get("modifier", 0),
                   data.get("roll"))


def parse_ask(campaign: Campaign, character: Character, body: object, *, push: bool = False) -> PlayerAsk:
    """What a page sent, checked against ``character``'s sheet; a :class:`ValidationError` with one sentence
    otherwise. A push names only ``roll``; a roll ``skill`` (needed), ``attribute``, ``gear``, ``modifier``."""
    if not isinstance(body, dict):
        raise ValidationError(_("send a JSON object"))
    allowed = {"roll"} if push else {"skill", "attribute", "gear", "modifier"}
    unknown = sorted(str(k) for k in body if k not in allowed)
    if unknown:
        raise ValidationError(_("a request may not name {keys}").format(keys=shown(", ".join(unknown))[:80]))
    if push:
        roll = body.get("roll")
        if type(roll) is not int or roll < 1:
            raise ValidationError(_("name the roll to push by its number"))
        return PlayerAsk(roll=roll)
    skill, attribute = body.get("skill"), body.get("attribute")
    gear, modifier = body.get("gear", []), body.get("modifier", 0)
    if not isinstance(skill, str) or skill not in _skills_of(campaign, character):
        raise ValidationError(_("that is not a skill of {name}").format(name=shown(character.name)))
    if attribute is not None and (not isinstance(attribute, str) or attribute not in character.attributes):
        raise ValidationError(_("that is not an attribute of {name}").format(name=shown(character.name)))
    if attribute is None and not validation.skills_listed(campaign.system):
        raise ValidationError(_("choose the attribute this roll uses"))
    carried = {g.id for g in character.gear if not g.destroyed}
    if not isinstance(gear, list) or len(gear) > 8 or not all(isinstance(g, str) and g in carried for g in gear):
        raise ValidationError(_("that is not gear {name} carries").format(name=shown(character.name)))
    if type(modifier) is not int or abs(modifier) > PLAYER_MODIFIER:
        raise ValidationError(_("a modifier is a whole number from -{most} to +{most}").format(most=PLAYER_MODIFIER))
    return PlayerAsk(skill, attribute, tuple(dict.fromkeys(gear)), modifier)


def _options(campaign: Campaign, ask: PlayerAsk) -> dict[str, Any]:
    """The roll's options: what the player asked, and the difficulty the GM set for the players' rolls this
    session (never the page's: :func:`parse_ask` refuses a request that names one)."""
    return {"attribute": ask.attribute, "gear": list(ask.gear), "modifier": ask.modifier,
            "difficulty": campaign.current_session.player_difficulty}


def odds_for(service: CampaignService, character_id: str, ask: PlayerAsk) -> dict[str, Any]:
    """The pool ``ask`` would roll and its exact odds (push odds included where the family has them), as
    the console's roll builder shows them; nothing written."""
    from gmconsole import systems

    preview = service.rolls.preview_roll(character_id, ask.skill, **_options(service.campaign, ask))
    words = systems.get(service.campaign.system).odds_words(preview.odds) if preview.odds else ""
    return {"dice": preview.dice, "explanation": preview.explanation, "odds": preview.odds, "odds_line": words,
            "can_roll": preview.can_roll, "reason": preview.reason, "can_push": preview.can_push,
            "warnings": preview.warnings, "target_number": preview.target_number}


def roll_as_player(service: CampaignService, character_id: str, ask: PlayerAsk,
                   rng: random.Random | None = None) -> dict[str, Any]:
    """Roll ``ask`` for ``character_id`` and record it as the player's (``source`` ``player:<id>``)."""
    with service.acting_as(player_source(character_id)):
        entry = service.rolls.roll(character_id, ask.skill, rng=rng, **_options(service.campaign, ask))
    return result_of(service, entry)


def push_as_player(service: CampaignService, character_id: str, roll_id: int,
                   rng: random.Random | None = None) -> dict[str, Any]:
    """Push ``character_id``'s own recorded roll ``roll_id`` as the player."""
    from gmconsole.store.errors import EntryNotFound

    try:
        entry = service.history.entry(roll_id)
    except (EntryNotFound, KeyError):
        entry = None
    if entry is None or entry.get("kind") != "roll" or entry.get("character_id") != character_id:
        raise ValidationError(_("roll {id} is not one of your rolls this session").format(id=roll_id))
    with service.acting_as(player_source(character_id)):
        service.rolls.push(roll_id, rng=rng)
    return result_of(service, service.history.entry(roll_id))


def result_of(service: CampaignService, entry: dict[str, Any]) -> dict[str, Any]:
    """A recorded roll as the player's page shows it: the dice, the verdict, the costs, and the odds of a
    push when one is possible."""
    from gmconsole.campaign.pending_costs import cost_text

    result = {"roll": entry["id"], "summary": entry.get("summary", ""),
              "dice": [{"kind": d.get("kind"), "sides": d.get("sides"), "face": d.get("face"),
                        "faces": d.get("faces"), "rerolled": d.get("rerolled", False)} for d in entry.get("dice", [])],
              "costs": [cost_text(c) for c in entry.get("costs") or []],
              "costs_status": entry.get("costs_status"), "can_push": bool(entry.get("can_push")),
              "pushes": entry.get("pushes", 0), "push_odds": None}
    if result["can_push"]:
        try:
            odds = service.rolls.push_odds(entry["id"])
        except Exception:  # a family without push odds (tiered's Push Yourself), or a push refused now
            odds = None
        if odds is not None and hasattr(odds, "p_success"):
            result["push_odds"] = {"success": float(odds.p_success),
                                   "expected_successes": float(odds.expected_successes)}
    return result
