"""The players' own pages behind ``gmconsole serve NAME --players``: each player character's page and its
small JSON API, in the same aiohttp application as the table view (and behind its host checks).

Routes (``TOKEN`` is the player's secret, :mod:`gmconsole.campaign.players`):

- ``GET /p/TOKEN``: the page (``player_page/index.html``: self-contained, built for a phone);
- ``GET /p/TOKEN/sheet``: the sheet and what may be rolled;
- ``POST /p/TOKEN/odds``: ``{"skill", "attribute", "gear", "modifier"}`` → the pool and its exact odds;
- ``POST /p/TOKEN/roll``: the same body → the roll's result (``player_rolls = free``) or a request waiting
  for the GM (``approve``, status 202);
- ``POST /p/TOKEN/push``: ``{"roll": N}`` → the same, for a push of the player's own roll N;
- ``GET /p/TOKEN/requests/N``: a waiting request's status (``waiting``, ``accepted`` with the result,
  ``refused`` with the GM's word, ``withdrawn``); ``POST /p/TOKEN/requests/N/withdraw`` takes it back while
  it waits.

A wrong or revoked token gets a bare 403 (no page, no name). A body over :data:`MAX_BODY` gets 413, a
player asking faster than their bucket refills 429, a malformed or refused request 400 or 409, each with
one sentence (``{"error": ...}``), never a traceback. The token never reaches a log line or an error.
Campaign work runs on one worker thread, one request after another, so the table view's relay never waits
on a disk write; each write opens the campaign, does the one change, and closes it (as the command line).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from aiohttp import web

from gmconsole.i18n import _, verbatim

__all__ = ["MAX_BODY", "PAGE_FILE", "PlayerRoutes", "TokenBucket"]

_log = logging.getLogger("gmconsole.serve")

PAGE_FILE = Path(__file__).resolve().parent / "player_page" / "index.html"
MAX_BODY = 4096
"""The largest request body taken (bytes); a page's request is a few dozen."""
SECURITY_HEADERS = {
    verbatim("Cache-Control"): verbatim("no-store"),
    verbatim("Referrer-Policy"): verbatim("no-referrer"),  # the token is in the address: never sent on
    verbatim("X-Content-Type-Options"): verbatim("nosniff"),
    verbatim("Content-Security-Policy"): verbatim(
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
        "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
}


def page_words() -> dict[str, str]:
    """The page's own words, in the language the server speaks."""
    return {"skills": _("Skills"), "attribute": _("Attribute"), "gear": _("Gear"), "modifier": _("Modifier"),
            "roll": _("Roll"), "push": _("Push"), "costs": _("Costs"), "push_odds": _("Pushing succeeds"),
            "waiting": _("Waiting for the GM…"), "refused": _("The GM said no"), "withdraw": _("Cancel"),
            "withdrawn": _("Cancelled: the GM will not roll it"),
            # Translators: near the Roll button: the difficulty the GM set for the players' rolls ("GM: hard")
            "gm_difficulty": _("GM: {difficulty}")}


def page_text() -> str:
    """The page with its words and language filled in (the words as JSON no ``</script>`` can close)."""
    from gmconsole.i18n import language

    words = json.dumps(page_words(), ensure_ascii=True).replace("<", "\\u003c")
    slot = verbatim('<script id="words" type="application/json">{}</script>')
    return (PAGE_FILE.read_text(encoding="utf-8").replace(slot, slot.replace("{}", words))
            .replace(verbatim('<html lang="en">'), verbatim('<html lang="{code}">').format(code=language())))


class TokenBucket:
    """A small token bucket: ``size`` requests at once, refilled at ``rate`` a second."""

    def __init__(self, size: float, rate: float, clock=time.monotonic) -> None:
        self.size, self.rate, self.clock = size, rate, clock
        self.level = size
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.level = min(self.size, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Refused(Exception):
    """A request answered with ``status`` and one sentence."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(sentence)
        self.status = status
        self.sentence = sentence


class PlayerRoutes:
    """The players' pages of campaign ``name`` under the data folder ``root``."""

    def __init__(self, root: Path, name: str, *, bucket_size: float = 20, bucket_rate: float = 4,
                 rng: random.Random | None = None, wait: float | None = 5.0) -> None:
        from gmconsole.campaign.players import TokenDesk

        self.root = Path(root)
        self.name = name
        self.folder = self.root / name
        self.desk = TokenDesk(self.folder)
        self.bucket_size, self.bucket_rate = bucket_size, bucket_rate
        self.buckets: dict[str, TokenBucket] = {}
        self.rng = rng
        self.wait = wait
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="players")

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/p/{token}", self.page),
            web.get("/p/{token}/sheet", self.sheet),
            web.post("/p/{token}/odds", self.odds),
            web.post("/p/{token}/roll", self.roll),
            web.post("/p/{token}/push", self.push),
            web.get(r"/p/{token}/requests/{request:[0-9]{1,9}}", self.status),
            web.post(r"/p/{token}/requests/{request:[0-9]{1,9}}/withdraw", self.withdraw),
        ]

    def close(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ the gate
    def _character(self, request: web.Request) -> str:
        """The character the token reaches, after the rate limit; a bare 403 for a wrong token."""
        token = request.match_info.get("token", "")
        character_id = self.desk.character_for(token) if len(token) <= 128 else None
        if character_id is None:
            raise web.HTTPForbidden(text="", headers=SECURITY_HEADERS)
        bucket = self.buckets.setdefault(character_id, TokenBucket(self.bucket_size, self.bucket_rate))
        if not bucket.take():
            raise Refused(429, _("Too many requests from this page: wait a moment and try again."))
        return character_id

    async def _body(self, request: web.Request) -> Any:
        if request.content_length is not None and request.content_length > MAX_BODY:
            raise Refused(413, _("That request is too large."))
        data = await request.content.read(MAX_BODY + 1)
        if len(data) > MAX_BODY:
            raise Refused(413, _("That request is too large."))
        try:
            return json.loads(data.decode("utf-8")) if data else {}
        except (ValueError, RecursionError):
            raise Refused(400, _("That request is not JSON.")) from None

    async def _answer(self, request: web.Request, work, *, body: bool) -> web.StreamResponse:
        """Check the token, the rate, the body; run ``work(character_id, body)`` on the worker thread; answer
        JSON, or one sentence."""
        from gmconsole.campaign.errors import ValidationError
        from gmconsole.rules.errors import RulesError
        from gmconsole.store.errors import CampaignLocked, StoreError

        try:
            character_id = self._character(request)
            given = await self._body(request) if body else None
            status, answer = await asyncio.get_running_loop().run_in_executor(self.worker, work, character_id, given)
        except Refused as exc:
            return self._error(exc.status, exc.sentence)
        except (ValidationError, RulesError) as exc:
            return self._error(400, str(exc))
        except CampaignLocked:
            return self._error(409, _("The GM's campaign is busy: try again in a moment."))
        except StoreError as exc:
            _log.warning(_("a player's request could not be answered: {error}").format(error=exc))
            return self._error(409, _("The campaign cannot take this now; the GM's screen says why."))
        except web.HTTPException:
            raise
        except Exception as exc:  # one request's trouble is one line; the server goes on
            _log.warning(_("a player's request failed: {error}").format(error=type(exc).__name__))
            return self._error(500, _("Something went wrong; the GM's screen says more."))
        return web.json_response(answer, status=status, headers=SECURITY_HEADERS)

    @staticmethod
    def _error(status: int, sentence: str) -> web.Response:
        return web.json_response({"error": sentence}, status=status, headers=SECURITY_HEADERS)

    # ------------------------------------------------------------------ campaign work (the worker thread)
    def _reading(self):
        from gmconsole.campaign.service import CampaignService

        return CampaignService.open(self.root, self.name, read_only=True)

    def _writing(self):
        from gmconsole.campaign.service import CampaignService

        return CampaignService.open(self.root, self.name, rng=self.rng, wait=self.wait)

    @staticmethod
    def _player(service, character_id: str):
        character = service.campaign.character(character_id)
        if character is None or character.is_npc:  # removed, or made an NPC, since the link was made
            raise web.HTTPForbidden(text="", headers=SECURITY_HEADERS)
        return character

    # ------------------------------------------------------------------ the routes
    async def page(self, request: web.Request) -> web.StreamResponse:
        try:
            self._character(request)
        except Refused as exc:
            return self._error(exc.status, exc.sentence)
        return web.Response(text=page_text(), content_type="text/html", headers=SECURITY_HEADERS)

    async def sheet(self, request: web.Request) -> web.StreamResponse:
        from gmconsole.campaign.players import player_sheet

        def work(character_id: str, _body) -> tuple[int, Any]:
            with self._reading() as service:
                return 200, player_sheet(service.campaign, self._player(service, character_id))

        return await self._answer(request, work, body=False)

    async def odds(self, request: web.Request) -> web.StreamResponse:
        from gmconsole.campaign.players import odds_for, parse_ask

        def work(character_id: str, body) -> tuple[int, Any]:
            with self._reading() as service:
                ask = parse_ask(service.campaign, self._player(service, character_id), body)
                return 200, odds_for(service, character_id, ask)

        return await self._answer(request, work, body=True)

    async def roll(self, request: web.Request) -> web.StreamResponse:
        return await self._answer(request, self._ask_work("roll"), body=True)

    async def push(self, request: web.Request) -> web.StreamResponse:
        return await self._answer(request, self._ask_work("push"), body=True)

    def _ask_work(self, kind: str):
        from gmconsole.campaign.player_requests import PlayerInbox
        from gmconsole.campaign.players import parse_ask, push_as_player, roll_as_player

        def work(character_id: str, body) -> tuple[int, Any]:
            with self._reading() as service:  # checked first: a refused request writes nothing
                ask = parse_ask(service.campaign, self._player(service, character_id), body, push=kind == "push")
                free = service.campaign.settings.player_rolls == "free"
            if not free:
                with self._reading() as service:
                    asked = PlayerInbox(service, wait=self.wait).ask(character_id, kind, ask)
                _log.info(_("waiting for the GM: {what} (request {id})").format(what=asked.what, id=asked.id))
                return 202, {"request": asked.id, "status": "waiting", "what": asked.what}
            with self._writing() as service:
                if kind == "push":
                    result = push_as_player(service, character_id, ask.roll or 0)
                else:
                    result = roll_as_player(service, character_id, ask)
            _log.info(_("from a player's page: {summary}").format(summary=result["summary"]))
            return 200, {"status": "rolled", "result": result}

        return work

    async def status(self, request: web.Request) -> web.StreamResponse:
        from gmconsole.campaign.player_requests import PlayerInbox, RequestGone
        from gmconsole.campaign.players import result_of

        request_id = int(request.match_info["request"])

        def work(character_id: str, _body) -> tuple[int, Any]:
            with self._reading() as service:
                try:
                    asked = PlayerInbox(service).request(request_id, character_id)
                except RequestGone as exc:
                    raise Refused(404, str(exc)) from None
                answer: dict[str, Any] = {"request": asked.id, "status": asked.status, "what": asked.what}
                if asked.status == "refused":
                    answer["word"] = asked.word
                if asked.status == "accepted" and asked.entry_id is not None:
                    answer["result"] = result_of(service, service.history.entry(asked.entry_id))
                return 200, answer

        return await self._answer(request, work, body=False)

    async def withdraw(self, request: web.Request) -> web.StreamResponse:
        from gmconsole.campaign.player_requests import PlayerInbox, RequestGone

        request_id = int(request.match_info["request"])

        def work(character_id: str, _body) -> tuple[int, Any]:
            with self._reading() as service:
                try:
                    taken_back = PlayerInbox(service, wait=self.wait).withdraw(request_id, character_id)
                except RequestGone as exc:
                    raise Refused(409, str(exc)) from None
            return 200, {"request": taken_back.id, "status": taken_back.status, "what": taken_back.what}

        return await self._answer(request, work, body=True)
