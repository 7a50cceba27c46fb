"""The players' own pages (``gmconsole serve NAME --players``): a link per player character, its page and JSON
API, the ``player_rolls`` setting (``free`` rolls at once, ``approve`` waits for the GM), and the limits.

The server runs in this process (``TableServer``'s own application with its :class:`PlayerRoutes`) on a free
port of 127.0.0.1, talked to over real sockets by aiohttp's client, as a phone's page would (its ``Origin``
is the server's own). The links come from ``gmconsole players NAME --json``; what the campaign holds is read
back through the service, as the GM's console would read it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path

import aiohttp
import pytest
from served_views import free_port

from gmconsole.campaign.player_requests import PlayerInbox
from gmconsole.campaign.service import CampaignService


@pytest.fixture
def home(tmp_path, copy_demos):
    return copy_demos(tmp_path)


def player_links(run_cli, home: Path, name: str) -> dict[str, str]:
    """Character name → token, from ``gmconsole players NAME --json``."""
    done = run_cli("--data-dir", str(home), "players", name, "--json")
    assert done.returncode == 0, done.stderr
    return {p["character"]: p["link"].rsplit("/", 1)[1] for p in json.loads(done.stdout)["players"]}


def set_player_rolls(run_cli, home: Path, name: str, value: str) -> None:
    done = run_cli("--data-dir", str(home), "settings", name, "--set", f"player_rolls={value}")
    assert done.returncode == 0, done.stderr


@contextlib.asynccontextmanager
async def served(home: Path, name: str, **limits):
    """The server with the players' pages of ``name``: ``(client session, base url, routes)``."""
    from aiohttp import web

    from gmconsole.cli.player_routes import PlayerRoutes
    from gmconsole.cli.web_server import TableServer

    port = free_port()
    routes = PlayerRoutes(home, name, rng=random.Random(7), **limits)
    server = TableServer(["true"], host="127.0.0.1", port=port, title="t", name=name, max_views=1, players=routes)
    runner = web.AppRunner(await server._make_app(), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession(headers={"Origin": base}) as session:
            yield session, base, routes
    finally:
        routes.close()
        await runner.cleanup()


async def call(session, url: str, body=None, *, raw: bytes | None = None):
    """GET (no body) or POST; the status and the JSON answer (or the text when it is not JSON)."""
    if body is None and raw is None:
        response = await session.get(url)
    else:
        response = await session.post(url, data=raw if raw is not None else json.dumps(body))
    text = await response.text()
    try:
        return response.status, json.loads(text)
    except ValueError:
        return response.status, text


def newest_roll(home: Path, name: str) -> dict:
    with CampaignService.open(home, name, read_only=True) as service:
        return next(e for e in reversed(service.history.filtered()) if e.get("kind") == "roll")


def history_text(home: Path, name: str) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in (home / name / "history").rglob("*.json"))


# ---------------------------------------------------------------------------------------------- links
def test_players_lists_one_link_per_player_character_and_json_keeps_its_keys(run_cli, home):
    done = run_cli("--data-dir", str(home), "players", "yze-demo", "--json")
    data = json.loads(done.stdout)
    assert set(data) == {"campaign", "players", "difficulty"}
    assert data["difficulty"] is None  # the system's default until the GM sets one
    assert all(set(p) == {"character", "character_id", "link"} for p in data["players"])
    assert [p["character"] for p in data["players"]] == ["Ripley Hale", "Dallas Kane", "Parker Moss", "Lambert Cho",
                                                         "Ash"]  # the NPCs (Hull rats, Security officer) get none
    assert all(p["link"].startswith("http://127.0.0.1:8000/p/") for p in data["players"])
    text = run_cli("--data-dir", str(home), "players", "yze-demo").stdout
    assert "Ripley Hale: http://127.0.0.1:8000/p/" in text
    assert "127.0.0.1:8000, the default" in text
    assert (home / "yze-demo" / "players.json").stat().st_mode & 0o777 == 0o600


def test_listing_again_keeps_the_links_and_new_and_revoke_change_only_theirs(run_cli, home):
    first = player_links(run_cli, home, "yze-demo")
    assert player_links(run_cli, home, "yze-demo") == first
    renewed = run_cli("--data-dir", str(home), "players", "yze-demo", "--new", "Parker Moss")
    assert "Parker Moss has a new link; the old one no longer works" in renewed.stdout
    now = player_links(run_cli, home, "yze-demo")
    assert now["Parker Moss"] != first["Parker Moss"]
    unchanged = {k: v for k, v in first.items() if k != "Parker Moss"}
    assert {k: v for k, v in now.items() if k != "Parker Moss"} == unchanged
    revoked = run_cli("--data-dir", str(home), "players", "yze-demo", "--revoke", "Ash", "--json")
    assert "Ash" not in [p["character"] for p in json.loads(revoked.stdout)["players"]]
    # an ended link stays ended: listing again makes no new one for Ash, and says so
    assert "Ash" not in player_links(run_cli, home, "yze-demo")
    listed = run_cli("--data-dir", str(home), "players", "yze-demo").stdout
    assert "Ash: link ended" in listed and "--new" in listed
    run_cli("--data-dir", str(home), "players", "yze-demo", "--new", "Ash")
    assert "Ash" in player_links(run_cli, home, "yze-demo")
    refused = run_cli("--data-dir", str(home), "players", "yze-demo", "--revoke", "Hull rats")
    assert refused.returncode == 2
    assert "Hull rats is not a player character of yze-demo" in refused.stderr


def test_players_difficulty_sets_and_clears_the_players_difficulty_each_one_undoable_change(run_cli, home):
    set_hard = run_cli("--data-dir", str(home), "players", "yze-demo", "--difficulty", "hard", "--json")
    assert set_hard.returncode == 0, set_hard.stderr
    assert json.loads(set_hard.stdout)["difficulty"] == "hard"
    said = run_cli("--data-dir", str(home), "players", "yze-demo", "--difficulty", "hard").stdout
    assert said.splitlines()[0] == "players' rolls: difficulty hard" and "Ripley Hale: http" in said
    with CampaignService.open(home, "yze-demo", read_only=True) as service:
        assert service.campaign.current_session.player_difficulty == "hard"
        entries = [e for e in service.history.filtered() if e["kind"] == "players"]
        assert [e["summary"] for e in entries] == ["players' rolls: difficulty hard"] * 2
    cleared = run_cli("--data-dir", str(home), "players", "yze-demo", "--difficulty", "default")
    assert cleared.returncode == 0 and "players' rolls: the default difficulty" in cleared.stdout
    assert json.loads(run_cli("--data-dir", str(home), "players", "yze-demo", "--json").stdout)["difficulty"] is None
    with CampaignService.open(home, "yze-demo") as service:
        service.undo()  # the clearing undone: hard again
        assert service.campaign.current_session.player_difficulty == "hard"
    refused = run_cli("--data-dir", str(home), "players", "yze-demo", "--difficulty", "impossible")
    assert refused.returncode == 2
    assert "“impossible” is not a difficulty of yze" in refused.stderr and "formidable" in refused.stderr
    assert json.loads(run_cli("--data-dir", str(home), "players", "yze-demo", "--json").stdout)["difficulty"] == "hard"


def test_a_players_roll_uses_the_gms_difficulty_its_odds_differ_and_the_page_cannot_name_one(run_cli, home):
    set_player_rolls(run_cli, home, "yze-demo", "free")
    token = player_links(run_cli, home, "yze-demo")["Ripley Hale"]
    body = {"skill": "ranged", "gear": ["g2"]}

    async def odds_now():
        async with served(home, "yze-demo") as (session, base, _routes):
            return (await call(session, f"{base}/p/{token}/sheet"),
                    await call(session, f"{base}/p/{token}/odds", body))

    default_sheet, default_odds = asyncio.run(odds_now())
    assert default_sheet[1]["difficulty"] is None
    run_cli("--data-dir", str(home), "players", "yze-demo", "--difficulty", "hard")

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            sheet = await call(session, f"{base}/p/{token}/sheet")
            odds = await call(session, f"{base}/p/{token}/odds", body)
            own = await call(session, f"{base}/p/{token}/roll", dict(body, difficulty="trivial"))
            page = await call(session, f"{base}/p/{token}")
            rolled = await call(session, f"{base}/p/{token}/roll", body)
            return sheet, odds, own, page, rolled

    sheet, odds, own, page, rolled = asyncio.run(scenario())
    assert sheet[1]["difficulty"] == "hard"
    assert odds[1]["odds"] != default_odds[1]["odds"] and odds[1]["dice"] != default_odds[1]["dice"]
    assert own[0] == 400 and "difficulty" in own[1]["error"]  # a player cannot choose their own difficulty
    assert 'id="difficulty"' in page[1]
    assert rolled[0] == 200
    entry = newest_roll(home, "yze-demo")
    assert entry["id"] == rolled[1]["result"]["roll"] and entry["request"]["difficulty"] == "hard"


def test_an_accepted_request_rolls_with_the_gms_difficulty(run_cli, home):
    token = player_links(run_cli, home, "yze-demo")["Lambert Cho"]
    run_cli("--data-dir", str(home), "players", "yze-demo", "--difficulty", "formidable")

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            asked = await call(session, f"{base}/p/{token}/roll", {"skill": "medicine"})
            with CampaignService.open(home, "yze-demo", rng=random.Random(3)) as service:
                return PlayerInbox(service).accept(asked[1]["request"])

    entry = asyncio.run(scenario())
    assert entry["source"] == "player:c9" and entry["request"]["difficulty"] == "formidable"


def test_a_wrong_a_revoked_and_a_replaced_token_get_a_bare_403_at_once(run_cli, home):
    links = player_links(run_cli, home, "yze-demo")

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            answers = [await call(session, f"{base}/p/{links['Ash']}/sheet")]
            answers.append(await call(session, f"{base}/p/{'x' * 32}"))
            answers.append(await call(session, f"{base}/p/{'x' * 32}/sheet"))
            answers.append(await call(session, f"{base}/p/{links['Ash'][:-1]}/roll", {"skill": "ranged"}))
            assert run_cli("--data-dir", str(home), "players", "yze-demo", "--revoke", "Ash").returncode == 0
            answers.append(await call(session, f"{base}/p/{links['Ash']}/sheet"))
            assert run_cli("--data-dir", str(home), "players", "yze-demo", "--new", "Lambert").returncode == 0
            answers.append(await call(session, f"{base}/p/{links['Lambert Cho']}"))
            renewed = player_links(run_cli, home, "yze-demo")["Lambert Cho"]
            answers.append(await call(session, f"{base}/p/{renewed}/sheet"))
            return answers

    answers = asyncio.run(scenario())
    assert answers[0][0] == 200 and answers[0][1]["name"] == "Ash"
    assert answers[1:6] == [(403, "")] * 5  # nothing else: no page, no name
    assert answers[6][0] == 200 and answers[6][1]["name"] == "Lambert Cho"


def test_tokens_are_compared_in_constant_time(run_cli, home, monkeypatch):
    import hmac

    from gmconsole.campaign import players

    links = player_links(run_cli, home, "yze-demo")
    compared = []
    real = hmac.compare_digest

    def spy(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(players.hmac, "compare_digest", spy)
    desk = players.TokenDesk(home / "yze-demo")
    assert desk.character_for(links["Dallas Kane"]) == "c4"
    assert desk.character_for("y" * 32) is None
    assert len(compared) == 2 * len(links)  # every known token compared, whichever matches


# ---------------------------------------------------------------------------------------------- free rolls
FAMILY_ROLLS = [
    ("yze-demo", "Ripley Hale", {"skill": "ranged", "gear": ["g2"]}),
    ("yze-step-demo", "Ilsa Varro", {"skill": "ranged"}),
    ("myz-demo", "Grease", {"skill": "shoot"}),
    ("exploding-demo", "Kara Venn", {"skill": "shooting", "attribute": "agility", "gear": ["g2"]}),
    ("tiered-demo", "Aldric", {"skill": "swords", "attribute": "str", "modifier": 1}),
]


@pytest.mark.parametrize(("name", "who", "body"), FAMILY_ROLLS)
def test_each_family_shows_the_odds_then_rolls_from_the_page_and_records_the_players_roll(run_cli, home, name, who,
                                                                                          body):
    set_player_rolls(run_cli, home, name, "free")
    token = player_links(run_cli, home, name)[who]

    async def scenario():
        async with served(home, name) as (session, base, _routes):
            page = await call(session, f"{base}/p/{token}")
            sheet = await call(session, f"{base}/p/{token}/sheet")
            odds = await call(session, f"{base}/p/{token}/odds", body)
            rolled = await call(session, f"{base}/p/{token}/roll", body)
            return page, sheet, odds, rolled

    page, sheet, odds, rolled = asyncio.run(scenario())
    assert page[0] == 200
    ids = ("skills", "attributes", "gear", "roll", "push", "result", "status", "odds", "modifier-up", "modifier-down")
    assert all(f'id="{name}"' in page[1] for name in ids)
    assert 'data-skill' in page[1] and "src=" not in page[1] and "href=" not in page[1]  # nothing from outside
    assert sheet[1]["name"] == who and body["skill"] in [s["id"] for s in sheet[1]["skills"]]
    assert odds[0] == 200 and odds[1]["can_roll"] and odds[1]["odds_line"]
    assert rolled[0] == 200 and rolled[1]["status"] == "rolled"
    entry = newest_roll(home, name)
    assert entry["id"] == rolled[1]["result"]["roll"]
    assert entry["character"] == who and entry["skill"] == body["skill"]
    assert [d.get("face", d.get("faces")) for d in entry["dice"]] == [
        d["face"] if d["face"] is not None else d["faces"] for d in rolled[1]["result"]["dice"]]
    assert entry["source"] == "player:" + entry["character_id"]  # marked as the player's, for the GM's console


def test_a_free_push_of_the_players_own_roll_is_recorded_and_another_roll_is_refused(run_cli, home):
    set_player_rolls(run_cli, home, "yze-demo", "free")
    links = player_links(run_cli, home, "yze-demo")

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            rolled = await call(session, f"{base}/p/{links['Ripley Hale']}/roll", {"skill": "ranged"})
            roll = rolled[1]["result"]["roll"]
            other = await call(session, f"{base}/p/{links['Ash']}/push", {"roll": roll})
            pushed = await call(session, f"{base}/p/{links['Ripley Hale']}/push", {"roll": roll})
            return rolled, other, pushed

    rolled, other, pushed = asyncio.run(scenario())
    assert rolled[1]["result"]["can_push"] and rolled[1]["result"]["push_odds"]["success"] > 0
    assert other == (400, {"error": f"roll {rolled[1]['result']['roll']} is not one of your rolls this session"})
    assert pushed[0] == 200 and pushed[1]["result"]["pushes"] == 1
    assert newest_roll(home, "yze-demo")["pushes"] == 1
    with CampaignService.open(home, "yze-demo", read_only=True) as service:
        push = next(e for e in reversed(service.history.filtered()) if e.get("kind") == "push")
    assert push["source"] == "player:c1"


# ---------------------------------------------------------------------------------------------- what a page may ask
def test_a_request_naming_another_characters_skill_or_gear_or_too_large_a_modifier_is_refused(run_cli, home):
    set_player_rolls(run_cli, home, "exploding-demo", "free")
    token = player_links(run_cli, home, "exploding-demo")["Kara Venn"]
    asks = [
        {"skill": "medicine", "attribute": "intellect"},  # Doc Rell's skill, not Kara's
        {"skill": "shooting", "attribute": "agility", "gear": ["g4"]},  # gear someone else carries
        {"skill": "shooting", "attribute": "agility", "modifier": 9},
        {"skill": "shooting"},  # exploding: the attribute is the player's choice
        {"skill": "shooting", "attribute": "agility", "campaign": "yze-demo"},
        {"skill": "shooting", "attribute": "agility", "file": "/etc/passwd"},
        ["shooting"],
    ]

    async def scenario():
        async with served(home, "exploding-demo") as (session, base, _routes):
            return [await call(session, f"{base}/p/{token}/roll", body) for body in asks]

    with CampaignService.open(home, "exploding-demo", read_only=True) as service:
        before = len(service.history.filtered())
        skills_of = {c.name: set(c.skills) for c in service.campaign.roster}
        gear_of = {g.id: c.name for c in service.campaign.roster for g in c.gear}
    assert "medicine" in skills_of["Doc Rell"] - skills_of["Kara Venn"] and gear_of["g4"] != "Kara Venn"
    answers = asyncio.run(scenario())
    assert [status for status, _body in answers] == [400] * len(asks)
    assert [body["error"] for _status, body in answers] == [
        "that is not a skill of Kara Venn", "that is not gear Kara Venn carries",
        "a modifier is a whole number from -3 to +3", "choose the attribute this roll uses",
        "a request may not name campaign", "a request may not name file", "send a JSON object"]
    with CampaignService.open(home, "exploding-demo", read_only=True) as service:
        assert len(service.history.filtered()) == before  # nothing recorded


def test_a_large_body_gets_413_a_malformed_one_400_and_a_hurried_player_429(run_cli, home):
    token = player_links(run_cli, home, "yze-demo")["Ripley Hale"]

    async def scenario():
        async with served(home, "yze-demo", bucket_size=5, bucket_rate=0.01) as (session, base, _routes):
            large = await call(session, f"{base}/p/{token}/odds", raw=b'{"skill": "' + b"r" * 5000 + b'"}')
            malformed = await call(session, f"{base}/p/{token}/odds", raw=b'{"skill": ')
            nested = await call(session, f"{base}/p/{token}/odds", raw=b"[" * 2000 + b"]" * 2000)
            rest = [await call(session, f"{base}/p/{token}/sheet") for _ in range(4)]
            other = await call(session, f"{base}/p/{player_links(run_cli, home, 'yze-demo')['Ash']}/sheet")
            return large, malformed, nested, rest, other

    large, malformed, nested, rest, other = asyncio.run(scenario())
    assert large == (413, {"error": "That request is too large."})
    assert malformed == (400, {"error": "That request is not JSON."})
    assert nested[0] in (400, 413) and "error" in nested[1]
    assert [status for status, _ in rest] == [200, 200, 429, 429]
    assert rest[-1][1] == {"error": "Too many requests from this page: wait a moment and try again."}
    assert other[0] == 200  # the bucket is the player's own


# ---------------------------------------------------------------------------------------------- approve
def test_approve_a_request_waits_the_gm_accepts_it_and_a_second_accept_is_refused(run_cli, home):
    token = player_links(run_cli, home, "yze-demo")["Lambert Cho"]

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            asked = await call(session, f"{base}/p/{token}/roll", {"skill": "medicine"})
            waiting = await call(session, f"{base}/p/{token}/requests/{asked[1]['request']}")
            with CampaignService.open(home, "yze-demo", rng=random.Random(3)) as service:
                inbox = PlayerInbox(service)
                listed = inbox.waiting()
                entry = inbox.accept(asked[1]["request"])
                with pytest.raises(Exception) as again:
                    inbox.accept(asked[1]["request"])
            answered = await call(session, f"{base}/p/{token}/requests/{asked[1]['request']}")
            return asked, waiting, listed, entry, str(again.value), answered

    asked, waiting, listed, entry, again, answered = asyncio.run(scenario())
    assert asked[0] == 202 and asked[1]["status"] == "waiting"
    assert asked[1]["what"] == "Lambert Cho asks to roll Medicine"
    assert waiting[1]["status"] == "waiting"
    assert [(r.id, r.character, r.kind, r.what) for r in listed] == [
        (asked[1]["request"], "Lambert Cho", "roll", "Lambert Cho asks to roll Medicine")]
    assert entry["character"] == "Lambert Cho" and entry["skill"] == "medicine"
    assert entry["source"] == "player:c9"  # rolled when the GM accepted, as the player's
    assert again == f"request {asked[1]['request']} was answered already (accepted)"
    assert answered[1]["status"] == "accepted" and answered[1]["result"]["roll"] == entry["id"]


def test_approve_the_gm_refuses_with_a_word_the_player_reads_and_nothing_is_rolled(run_cli, home):
    token = player_links(run_cli, home, "tiered-demo")["Wren"]

    async def scenario():
        async with served(home, "tiered-demo") as (session, base, _routes):
            with CampaignService.open(home, "tiered-demo", read_only=True) as service:
                wren = service.campaign.find_character("Wren")
                body = {"skill": next(iter(wren.skills)), "attribute": next(iter(wren.attributes))}
                before = len(service.history.filtered())
            asked = await call(session, f"{base}/p/{token}/roll", body)
            with CampaignService.open(home, "tiered-demo") as service:
                PlayerInbox(service).refuse(asked[1]["request"], "not now, the ogre is asleep")
                after = len(service.history.filtered())
            answered = await call(session, f"{base}/p/{token}/requests/{asked[1]['request']}")
            return before, after, answered

    before, after, answered = asyncio.run(scenario())
    assert after == before
    assert answered == (200, {"request": 1, "status": "refused", "what": answered[1]["what"],
                              "word": "not now, the ogre is asleep"})


def test_a_player_reads_only_their_own_requests(run_cli, home):
    links = player_links(run_cli, home, "yze-demo")

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            asked = await call(session, f"{base}/p/{links['Ash']}/roll", {"skill": "observation"})
            return await call(session, f"{base}/p/{links['Ripley Hale']}/requests/{asked[1]['request']}")

    assert asyncio.run(scenario()) == (404, {"error": "request 1 is not in the inbox any more"})


# ---------------------------------------------------------------------------------------------- secrets, hostile files
def test_a_token_is_never_in_the_history_or_the_servers_log(run_cli, home):
    from served_views import ServeProcess

    set_player_rolls(run_cli, home, "yze-demo", "free")
    served_process = ServeProcess(home, "yze-demo", "--players")
    try:
        links = player_links(run_cli, home, "yze-demo")
        start = served_process.output()
        assert all(token in start for token in links.values())  # the GM's own start-up block says them

        async def scenario():
            async with aiohttp.ClientSession(headers={"Origin": served_process.url}) as session:
                base = served_process.url
                await call(session, f"{base}/p/{links['Ash']}/roll", {"skill": "observation"})
                await call(session, f"{base}/p/{links['Ash']}/roll", {"skill": "nothing"})
                await call(session, f"{base}/p/{links['Ash']}x/sheet")
                await call(session, f"{base}/p/{links['Ash']}/odds", raw=b"{")

        asyncio.run(scenario())
    finally:
        served_process.stop()
    after = served_process.output()[len(start):]
    assert "from a player's page: Ash rolls Observation" in after  # one line per roll, for the GM
    assert not any(token in after for token in links.values())
    assert not any(token in history_text(home, "yze-demo") for token in links.values())
    assert "Ash" in newest_roll(home, "yze-demo")["character"]


HOSTILE = [
    b"{" * 100000,
    b'{"gmconsole": "players", "version": 1, "links": {"c1": 5}}',
    b'{"gmconsole": "players", "version": 1, "links": {"c1\\u001b[2J": "' + b"a" * 32 + b'"}}',
    b'{"gmconsole": "players", "version": 1, "links": [[[[[[[[[[[]]]]]]]]]]]}',
    b'{"gmconsole": "players", "version": 1, "links": {}, "address": {"host": "x\\ny", "port": 80}}',
    b" " * (70 * 1024),
]


@pytest.mark.parametrize("content", HOSTILE, ids=["deep", "wrong-type", "control", "nested", "newline-host", "huge"])
def test_a_hostile_players_file_is_refused_with_a_sentence_and_lets_no_one_in(run_cli, home, content):
    token = player_links(run_cli, home, "yze-demo")["Ash"]
    (home / "yze-demo" / "players.json").write_bytes(content)
    done = run_cli("--data-dir", str(home), "players", "yze-demo")
    assert done.returncode == 2
    assert "players.json is damaged" in done.stderr and "Traceback" not in done.stderr

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            return await call(session, f"{base}/p/{token}/sheet")

    assert asyncio.run(scenario()) == (403, "")


HOSTILE_INBOX = [
    b"[" * 100000,
    b'{"gmconsole": "player-requests", "version": 1, "next_id": "x", "requests": []}',
    b'{"gmconsole": "player-requests", "version": 1, "next_id": 3, "requests": [{"id": 1, "character_id": "c1\\u0007",'
    b' "kind": "roll", "ask": {"skill": "x", "attribute": null, "gear": [], "modifier": 0, "roll": null},'
    b' "asked_at": "2026-12-03T21:00:00+00:00", "status": "waiting", "word": "", "entry_id": null}]}',
    b" " * (300 * 1024),
]


@pytest.mark.parametrize("content", HOSTILE_INBOX, ids=["deep", "wrong-type", "control", "huge"])
def test_a_hostile_request_inbox_is_refused_with_a_sentence_never_a_crash(run_cli, home, content):
    token = player_links(run_cli, home, "yze-demo")["Ash"]
    (home / "yze-demo" / "player-requests.json").write_bytes(content)

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            return await call(session, f"{base}/p/{token}/roll", {"skill": "observation"})

    status, answer = asyncio.run(scenario())
    assert status == 409 and answer == {"error": "The campaign cannot take this now; the GM's screen says why."}
    with CampaignService.open(home, "yze-demo", read_only=True) as service, pytest.raises(Exception) as refused:
        PlayerInbox(service).waiting()
    assert "player-requests.json is damaged" in str(refused.value)


def test_serve_without_players_serves_no_player_page(home, run_cli):
    from served_views import ServeProcess

    token = player_links(run_cli, home, "yze-demo")["Ash"]
    served_process = ServeProcess(home, "yze-demo")
    try:
        async def scenario():
            async with aiohttp.ClientSession() as session:
                return await call(session, f"{served_process.url}/p/{token}")

        status, _body = asyncio.run(scenario())
    finally:
        served_process.stop()
    assert status == 404
    assert "/p/" not in served_process.output()


# ---------------------------------------------------------------------------------------------- serve --players
@pytest.fixture
def served_players(monkeypatch):
    """``serve`` up to the server, which is not started: what it would serve (the players' routes included)."""
    from gmconsole.cli import web_server

    calls = []
    monkeypatch.setattr(web_server, "serve", lambda argv, host, port, **kwargs: calls.append((host, port, kwargs)))
    return calls


def test_serve_players_prints_each_links_name_link_and_qr_code_and_records_the_address(run_cli, home,
                                                                                      served_players):
    port = free_port()
    done = run_cli("--data-dir", str(home), "serve", "yze-demo", "--players", "--port", str(port))
    assert done.returncode == 0
    # served on this machine only: the GM is told a phone cannot open these links, and how to let them in
    assert done.stderr.startswith("gmconsole: note: the players' links below name 127.0.0.1, this machine only")
    assert "--host 0.0.0.0" in done.stderr
    links = json.loads(run_cli("--data-dir", str(home), "players", "yze-demo", "--json").stdout)["players"]
    assert all(f"{p['character']}: http://127.0.0.1:{port}/p/" in done.stdout for p in links)
    assert all(p["link"] in done.stdout for p in links)
    assert sum(1 for line in done.stdout.splitlines() if set(line) == {"▀"}) == len(links)  # a QR code each
    assert "players' rolls: approve" in done.stdout
    assert served_players[0][2]["players"].name == "yze-demo"
    listed = run_cli("--data-dir", str(home), "players", "yze-demo").stdout
    assert "the default" not in listed and f"127.0.0.1:{port}/p/" in listed


def test_serve_players_on_every_network_warns_that_the_pages_are_reachable_by_link(run_cli, home, served_players):
    done = run_cli("--data-dir", str(home), "serve", "yze-demo", "--players", "--host", "0.0.0.0",
                   "--port", str(free_port()))
    assert done.returncode == 0
    assert done.stderr.startswith("gmconsole: warning: serving on 0.0.0.0: anyone")
    assert "the players' pages are reachable on that network too, by their links" in done.stderr
    assert "http://0.0.0.0" not in done.stdout  # a link names this machine's address, which a phone can open


def test_a_player_has_at_most_three_requests_waiting_and_a_follower_watches_the_inbox(run_cli, home):
    token = player_links(run_cli, home, "yze-demo")["Ash"]

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            return [await call(session, f"{base}/p/{token}/roll", {"skill": "observation"}) for _ in range(4)]

    answers = asyncio.run(scenario())
    assert [status for status, _ in answers] == [202, 202, 202, 400]
    assert answers[-1][1] == {"error": "you have 3 requests waiting for the GM already"}
    with CampaignService.open(home, "yze-demo", read_only=True) as service:
        assert len(PlayerInbox(service).waiting()) == 3
        assert service.is_campaign_file(home / "yze-demo" / "player-requests.json")  # a console following notices
        assert not service.is_campaign_file(home / "yze-demo" / "players.json")  # the tokens are no reader's business


def test_approve_a_push_waits_and_the_gms_accept_pushes_the_players_roll(run_cli, home):
    set_player_rolls(run_cli, home, "myz-demo", "free")
    token = player_links(run_cli, home, "myz-demo")["Grease"]

    async def scenario():
        async with served(home, "myz-demo") as (session, base, _routes):
            rolled = await call(session, f"{base}/p/{token}/roll", {"skill": "jury-rig"})
            set_player_rolls(run_cli, home, "myz-demo", "approve")
            asked = await call(session, f"{base}/p/{token}/push", {"roll": rolled[1]["result"]["roll"]})
            with CampaignService.open(home, "myz-demo", rng=random.Random(5)) as service:
                inbox = PlayerInbox(service)
                assert [r.what for r in inbox.waiting()] == [f"Grease asks to push roll {rolled[1]['result']['roll']}"]
                entry = inbox.accept(asked[1]["request"])
            answered = await call(session, f"{base}/p/{token}/requests/{asked[1]['request']}")
            return rolled, asked, entry, answered

    rolled, asked, entry, answered = asyncio.run(scenario())
    assert asked[0] == 202
    assert entry["id"] == rolled[1]["result"]["roll"] and entry["pushes"] == 1
    with CampaignService.open(home, "myz-demo", read_only=True) as service:
        push = next(e for e in reversed(service.history.filtered()) if e.get("kind") == "push")
    assert push["source"] == "player:" + entry["character_id"]
    assert answered[1]["status"] == "accepted" and answered[1]["result"]["pushes"] == 1


def test_a_push_the_rules_refuse_is_one_sentence_and_the_gms_word_is_one_short_typed_line(run_cli, home):
    set_player_rolls(run_cli, home, "exploding-demo", "free")
    token = player_links(run_cli, home, "exploding-demo")["Kara Venn"]

    async def scenario():
        async with served(home, "exploding-demo") as (session, base, _routes):
            rolled = await call(session, f"{base}/p/{token}/roll", {"skill": "shooting", "attribute": "agility"})
            pushed = await call(session, f"{base}/p/{token}/push", {"roll": rolled[1]["result"]["roll"]})
            set_player_rolls(run_cli, home, "exploding-demo", "approve")
            asked = await call(session, f"{base}/p/{token}/roll", {"skill": "stealth", "attribute": "agility"})
            return rolled, pushed, asked

    rolled, pushed, asked = asyncio.run(scenario())
    assert rolled[1]["result"]["can_push"] is False
    assert pushed == (400, {"error": "exploding rolls cannot be pushed"})
    with CampaignService.open(home, "exploding-demo", read_only=True) as service:
        inbox = PlayerInbox(service)
        with pytest.raises(Exception, match="at most 200 characters"):
            inbox.refuse(asked[1]["request"], "no " * 100)
        with pytest.raises(Exception, match="control or text-direction characters"):
            inbox.refuse(asked[1]["request"], "no\x1b[2J")
        assert [r.status for r in inbox.waiting()] == ["waiting"]  # a refused word leaves the request waiting


def test_two_gms_accepting_one_request_at_once_roll_it_once(run_cli, home):
    import threading

    token = player_links(run_cli, home, "yze-demo")["Dallas Kane"]

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            return await call(session, f"{base}/p/{token}/roll", {"skill": "manipulation"})

    asked = asyncio.run(scenario())
    outcomes: list[str] = []
    start = threading.Barrier(2, timeout=30)

    def gm() -> None:
        with CampaignService.open(home, "yze-demo", wait=10) as service:  # the other GM's open is a turn too
            start.wait()
            try:
                outcomes.append(f"rolled {PlayerInbox(service).accept(asked[1]['request'])['id']}")
            except Exception as exc:  # the other GM's accept came first
                outcomes.append(str(exc))

    gms = [threading.Thread(target=gm) for _ in range(2)]
    for thread in gms:
        thread.start()
    for thread in gms:
        thread.join(30)
    rolled = [o for o in outcomes if o.startswith("rolled")]
    assert len(rolled) == 1, outcomes
    assert (set(outcomes) - set(rolled)) <= {f"request {asked[1]['request']} was answered already (being rolled)",
                                              f"request {asked[1]['request']} was answered already (accepted)"}
    with CampaignService.open(home, "yze-demo", read_only=True) as service:
        assert sum(e.get("source") == "player:c4" for e in service.history.filtered()) == 1


def test_a_link_of_a_character_made_an_npc_since_gets_a_bare_403(run_cli, home):
    token = player_links(run_cli, home, "yze-demo")["Ash"]
    with CampaignService.open(home, "yze-demo") as service:
        service.roster.update_character("c11", {"kind": "npc"})

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            return await call(session, f"{base}/p/{token}/sheet")

    assert asyncio.run(scenario()) == (403, "")


def test_a_player_withdraws_a_waiting_request_and_the_gm_is_told_it_is_gone(run_cli, home):
    links = player_links(run_cli, home, "yze-demo")

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            asked = await call(session, f"{base}/p/{links['Ash']}/roll", {"skill": "observation"})
            number = asked[1]["request"]
            others = await call(session, f"{base}/p/{links['Ripley Hale']}/requests/{number}/withdraw", {})
            taken_back = await call(session, f"{base}/p/{links['Ash']}/requests/{number}/withdraw", {})
            again = await call(session, f"{base}/p/{links['Ash']}/requests/{number}/withdraw", {})
            with CampaignService.open(home, "yze-demo") as service:
                inbox = PlayerInbox(service)
                waiting = inbox.waiting()
                with pytest.raises(Exception) as accepting:
                    inbox.accept(number)
            status = await call(session, f"{base}/p/{links['Ash']}/requests/{number}")
            return others, taken_back, again, waiting, str(accepting.value), status

    others, taken_back, again, waiting, accepting, status = asyncio.run(scenario())
    assert others == (409, {"error": "request 1 is not in the inbox any more"})  # not Ripley's to take back
    assert taken_back[0] == 200 and taken_back[1]["status"] == "withdrawn"
    assert again == (409, {"error": "request 1 was withdrawn by its player"})
    assert waiting == [] and accepting == "request 1 was withdrawn by its player"
    assert status[1]["status"] == "withdrawn"


def test_the_table_views_host_and_origin_checks_guard_the_players_pages_too(run_cli, home):
    token = player_links(run_cli, home, "yze-demo")["Ash"]

    async def scenario():
        async with served(home, "yze-demo") as (session, base, _routes):
            port = base.rsplit(":", 1)[1]
            rebound = await call(session, f"{base}/p/{token}/sheet")  # the page's own origin: served
            async with aiohttp.ClientSession() as other:
                evil_host = await other.get(f"{base}/p/{token}/sheet", headers={"Host": f"evil.example:{port}"})
                evil_page = await other.post(f"{base}/p/{token}/roll", data='{"skill": "observation"}',
                                             headers={"Origin": "http://evil.example"})
                return rebound[0], evil_host.status, await evil_host.text(), evil_page.status

    assert asyncio.run(scenario()) == (200, 403, "Refused: this table view is served only at its own address.", 403)
