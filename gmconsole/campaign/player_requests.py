"""The players' requests waiting for the GM (``player_rolls = approve``): the inbox a player's page fills and
the GM's console answers.

A request (:class:`PlayerRequest`) is what a player asked from their page: a roll (skill, attribute, gear,
modifier, checked against their sheet by :func:`gmconsole.campaign.players.parse_ask`) or a push of their own
roll. It waits in the campaign's ``player-requests.json`` (:mod:`gmconsole.store.players_file`, written under the
campaign lock; a console following the campaign sees the file change, :func:`gmconsole.store.layout.read_from`).

The console's API (:class:`PlayerInbox` over its open service):

- :meth:`PlayerInbox.waiting`: the requests waiting, oldest first (id, character, what in the GM's words,
  asked at);
- :meth:`PlayerInbox.accept`: rolls (or pushes) it now, recorded as the player's (``source``
  ``player:<character id>``), and returns the history entry;
- :meth:`PlayerInbox.refuse`: refuses it with a word the player reads.

A player may withdraw their own waiting request (:meth:`PlayerInbox.withdraw`, the page's Cancel).

Both refuse with :class:`RequestGone` (one sentence) when the request was answered already (elsewhere, or a
moment ago), was withdrawn by its player, or is gone. A request is marked ``taken`` before it is rolled, so
two GMs accepting the same one at once roll it once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmconsole.campaign import skills as campaign_skills
from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.players import MAX_WAITING_PER_PLAYER, PlayerAsk, push_as_player, roll_as_player
from gmconsole.i18n import _
from gmconsole.safe_text import shown

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService

__all__ = ["PlayerInbox", "PlayerRequest", "RequestGone"]


class RequestGone(ValidationError):
    """The request was answered already, or is not in the inbox any more."""


@dataclass(frozen=True)
class PlayerRequest:
    """A player's request in the inbox: ``kind`` ``roll`` or ``push``; ``what`` says it in the GM's words;
    ``status`` ``waiting``, ``taken`` (being rolled), ``accepted`` (``entry_id`` the roll), ``refused``
    (``word`` the GM's)."""

    id: int
    character_id: str
    character: str
    kind: str
    ask: PlayerAsk
    what: str
    asked_at: str
    status: str
    word: str = ""
    entry_id: int | None = None


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


class PlayerInbox:
    """The players' requests of the campaign ``service`` has open (``player-requests.json``)."""

    def __init__(self, service: CampaignService, wait: float | None = None) -> None:
        self.service = service
        self.wait = wait

    @property
    def _folder(self) -> Path:
        return self.service.campaign_folder

    def _change(self, change: Callable[[dict[str, Any]], Any]) -> Any:
        from gmconsole.store.players_file import change_requests

        return change_requests(self._folder, change, self.wait)

    def _record(self, item: dict[str, Any]) -> PlayerRequest:
        campaign = self.service.campaign
        character = campaign.character(item["character_id"])
        name = character.name if character is not None else item["character_id"]
        ask = PlayerAsk.from_dict(item["ask"])
        what = self.describe(item["character_id"], name, item["kind"], ask)
        return PlayerRequest(item["id"], item["character_id"], name, item["kind"], ask, what, item["asked_at"],
                             item["status"], shown(item["word"]), item.get("entry_id"))

    def describe(self, character_id: str, name: str, kind: str, ask: PlayerAsk) -> str:
        """The request in the GM's words: "Ripley Hale asks to roll Ranged with Pistol, +1"."""
        campaign = self.service.campaign
        if kind == "push":
            return _("{name} asks to push roll {id}").format(name=shown(name), id=ask.roll)
        parts = [campaign_skills.name_of(campaign, ask.skill) or ask.skill or ""]
        owner = campaign.character(character_id)
        gear = [g.name for g in (owner.gear if owner else []) if g.id in ask.gear]
        if gear:
            parts.append(_("with {gear}").format(gear=", ".join(gear)))
        if ask.modifier:
            parts.append(f"{ask.modifier:+d}")
        return _("{name} asks to roll {what}").format(name=shown(name), what=shown(" ".join(parts)))

    def waiting(self) -> list[PlayerRequest]:
        """The requests waiting for the GM, oldest first."""
        from gmconsole.store.players_file import read_requests

        return [self._record(r) for r in read_requests(self._folder)["requests"] if r["status"] == "waiting"]

    def request(self, request_id: int, character_id: str | None = None) -> PlayerRequest:
        """One request (only ``character_id``'s own when given); :class:`RequestGone` when there is none."""
        from gmconsole.store.players_file import read_requests

        for item in read_requests(self._folder)["requests"]:
            if item["id"] == request_id and character_id in (None, item["character_id"]):
                return self._record(item)
        raise RequestGone(_("request {id} is not in the inbox any more").format(id=request_id))

    def ask(self, character_id: str, kind: str, ask: PlayerAsk) -> PlayerRequest:
        """Put a player's request in the inbox (the server does, with ``player_rolls = approve``)."""
        from gmconsole.store.players_file import MAX_REQUESTS

        def change(document: dict[str, Any]) -> dict[str, Any]:
            requests = document["requests"]
            mine = [r for r in requests if r["character_id"] == character_id and r["status"] == "waiting"]
            if len(mine) >= MAX_WAITING_PER_PLAYER:
                raise ValidationError(_("you have {count} requests waiting for the GM already").format(
                    count=len(mine)))
            if sum(r["status"] in ("waiting", "taken") for r in requests) >= MAX_REQUESTS:
                raise ValidationError(_("the GM has too many requests waiting; ask again in a moment"))
            item = {"id": document["next_id"], "character_id": character_id, "kind": kind, "ask": ask.to_dict(),
                    "asked_at": _now(), "status": "waiting", "word": "", "entry_id": None}
            document["next_id"] += 1
            requests.append(item)
            return item

        return self._record(self._change(change))

    def _take(self, request_id: int) -> dict[str, Any]:
        """Mark a waiting request taken (so no one else answers it), or refuse clearly."""
        def change(document: dict[str, Any]) -> dict[str, Any]:
            for item in document["requests"]:
                if item["id"] == request_id:
                    _still_waiting(item)
                    item["status"] = "taken"
                    return dict(item)
            raise RequestGone(_("request {id} is not in the inbox any more").format(id=request_id))

        return self._change(change)

    def withdraw(self, request_id: int, character_id: str) -> PlayerRequest:
        """The player takes back their own waiting request ``request_id``; :class:`RequestGone` when it is
        not theirs, not there, or no longer waiting (the GM is rolling or has answered it)."""
        def change(document: dict[str, Any]) -> None:
            for item in document["requests"]:
                if item["id"] == request_id and item["character_id"] == character_id:
                    _still_waiting(item)
                    item["status"] = "withdrawn"
                    return
            raise RequestGone(_("request {id} is not in the inbox any more").format(id=request_id))

        self._change(change)
        return self.request(request_id, character_id)

    def _settle(self, request_id: int, **fields: Any) -> None:
        def change(document: dict[str, Any]) -> None:
            for item in document["requests"]:
                if item["id"] == request_id:
                    item.update(fields)

        self._change(change)

    def accept(self, request_id: int, rng: random.Random | None = None) -> dict[str, Any]:
        """Roll (or push) what request ``request_id`` asked, now, and record it as the player's (``source``
        ``player:<character id>``); returns the history entry. :class:`RequestGone` when it was answered
        already or is gone; a rules refusal (a push no longer allowed) leaves it waiting."""
        item = self._take(request_id)
        character_id, ask = item["character_id"], PlayerAsk.from_dict(item["ask"])
        try:
            if item["kind"] == "push":
                push_as_player(self.service, character_id, ask.roll or 0, rng)
                roll_id = ask.roll or 0
            else:
                roll_id = roll_as_player(self.service, character_id, ask, rng)["roll"]
        except BaseException:
            self._settle(request_id, status="waiting")
            raise
        self._settle(request_id, status="accepted", entry_id=roll_id)
        return self.service.history.entry(roll_id)

    def refuse(self, request_id: int, word: str = "") -> PlayerRequest:
        """Refuse request ``request_id``; the player reads ``word`` (one line, at most 200 characters)."""
        from gmconsole.store.players_file import MAX_WORD

        word = " ".join((word or "").split())
        validation.check_typed_text(word, _("the word to the player"))
        if len(word) > MAX_WORD:
            raise ValidationError(_("the word to the player is at most {most} characters").format(most=MAX_WORD))
        self._take(request_id)
        self._settle(request_id, status="refused", word=word)
        return self.request(request_id)


def _still_waiting(item: dict[str, Any]) -> None:
    """Refuse, in one sentence, to answer or withdraw a request no longer waiting."""
    if item["status"] == "withdrawn":
        raise RequestGone(_("request {id} was withdrawn by its player").format(id=item["id"]))
    if item["status"] != "waiting":
        raise RequestGone(_("request {id} was answered already ({status})").format(
            id=item["id"], status=_status_word(item["status"])))


def _status_word(status: str) -> str:
    return {"taken": _("being rolled"), "accepted": _("accepted"), "refused": _("refused")}.get(status, status)
