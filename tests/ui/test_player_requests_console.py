"""The GM's console answers the players' requests (``player_rolls = approve``) with one key each.

A player asks from their page; the request lands in the campaign's inbox (``player-requests.json``), written
here by a second writer on the same campaign folder, as the server does. The console must show it above the
key bar within a second (its watch of the folder, no key pressed), ``ctrl+r`` accepts it (the dice rolled
then, recorded as the player's, shown in the roll builder where ``p`` pushes it), ``ctrl+n`` refuses it with a
word the player reads (escape: it waits on), and a request answered elsewhere is one sentence, never a
traceback. With ``player_rolls = free`` the player's roll simply arrives."""

from __future__ import annotations

import time

import pytest
from pilot_harness import builder_text, burst, pilot_test, press, status_text, type_text

from gmconsole.campaign.player_requests import PlayerInbox
from gmconsole.campaign.players import PlayerAsk, roll_as_player

LAMBERT = "c9"
ASH = "c11"


def request_line(app) -> str:
    """The line above the key bar naming the request waiting ("" when it is hidden)."""
    line = app.screen.query_one("#player-request")
    return str(line.render()) if line.display else ""


def key_bar(app) -> str:
    return str(app.screen.query_one("KeyBar").render())


async def shown_within(pilot, app, wanted: str, deadline: float = 1.0) -> float:
    """Seconds until the request line holds ``wanted``; fails after ``deadline`` seconds."""
    start = time.monotonic()
    while wanted not in request_line(app):
        assert time.monotonic() - start < deadline, f"request line {request_line(app)!r}, wanted {wanted!r}"
        await pilot.pause(0.02)
    return time.monotonic() - start


@pytest.fixture
def player(open_service):
    """The server's side: a second writer on the demo campaign asking as a player (``ask(who, skill, ...)``)."""
    service = open_service("yze-demo")

    class Player:
        inbox = PlayerInbox(service)

        def ask(self, who: str = LAMBERT, skill: str = "medicine", gear: tuple[str, ...] = ("g10",),
                modifier: int = 1) -> int:
            return self.inbox.ask(who, "roll", PlayerAsk(skill, None, gear, modifier)).id

    Player.service = service
    return Player()


@pilot_test
async def test_a_request_shows_within_a_second_and_the_accept_key_rolls_it_as_the_players(make_app, player):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert request_line(app) == "" and "Accept" not in key_bar(app)
        before = len(app.service.history.entries())
        player.ask()
        assert await shown_within(pilot, app, "Lambert Cho asks to roll Medicine with Medkit +1") < 1.0
        assert "ctrl+r accept · ctrl+n refuse" in request_line(app)
        assert "^r Accept" in key_bar(app) and "^n Refuse" in key_bar(app)
        assert app.focused is not None and app.focused.id != "player-request"  # the roster keeps the focus

        await press(pilot, "ctrl+r")
        entries = app.service.history.entries()
        assert len(entries) == before + 1
        rolled = entries[-1]
        assert rolled["kind"] == "roll" and rolled["source"] == f"player:{LAMBERT}"
        assert rolled["character_id"] == LAMBERT and rolled["skill"] == "medicine"
        assert "from Lambert Cho's phone" in status_text(app) and "Lambert Cho rolls Medicine" in status_text(app)
        assert player.inbox.request(1).status == "accepted" and player.inbox.request(1).entry_id == rolled["id"]
        assert request_line(app) == "" and "Accept" not in key_bar(app)
        verdict = rolled["summary"].rsplit(": ", 1)[-1]  # "0 successes": the roll builder shows the player's roll
        assert verdict in builder_text(app) and "p: push" in builder_text(app)

        await press(pilot, "p")  # the builder's push works on the player's roll as on any roll
        pushed = app.service.history.entry(rolled["id"])
        assert pushed["pushes"] == 1 and "pushed 1×" in builder_text(app)


@pilot_test
async def test_a_request_waiting_when_the_console_opens_is_shown_at_once(player, make_app):
    player.ask()
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Lambert Cho asks to roll Medicine" in request_line(app)


@pilot_test
async def test_refuse_asks_for_the_word_the_player_reads_and_nothing_is_rolled(make_app, player):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = len(app.service.history.entries())
        request = player.ask()
        await shown_within(pilot, app, "Lambert Cho asks")
        await press(pilot, "ctrl+n")
        assert "The word Lambert Cho reads" in str(app.screen.query_one("#faces-hint").render())
        await type_text(pilot, "not now, the ogre sleeps")
        await press(pilot, "enter")
        refused = player.inbox.request(request)
        assert refused.status == "refused" and refused.word == "not now, the ogre sleeps"
        assert len(app.service.history.entries()) == before
        assert "Refused: Lambert Cho asks to roll Medicine" in status_text(app)
        assert request_line(app) == ""


@pilot_test
async def test_escape_from_the_word_keeps_the_request_waiting(make_app, player):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        request = player.ask()
        await shown_within(pilot, app, "Lambert Cho asks")
        await press(pilot, "ctrl+n")
        await press(pilot, "escape")
        assert player.inbox.request(request).status == "waiting"
        assert "Lambert Cho asks" in request_line(app) and "^r Accept" in key_bar(app)


@pilot_test
async def test_a_request_answered_by_another_console_is_one_sentence(make_app, player):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = player.ask()
        await shown_within(pilot, app, "Lambert Cho asks")
        await press(pilot, "ctrl+n")  # the GM starts typing a word; another GM accepts it meanwhile
        player.inbox.accept(first)
        start = time.monotonic()
        main = app.screen_stack[0]  # under the word's entry
        while "from Lambert Cho's phone" not in str(main.query_one("#status-line").render()):  # the roll arrives
            assert time.monotonic() - start < 1.0
            await pilot.pause(0.02)
        await type_text(pilot, "no")
        await press(pilot, "enter")
        assert f"request {first} was answered already (accepted)" in status_text(app)
        assert player.inbox.request(first).status == "accepted"

        second = player.ask(who=ASH, gear=())
        await shown_within(pilot, app, "Ash asks")
        before = len(app.service.history.entries())
        # answered elsewhere just before the GM's key reaches the console: the key is queued at once, before the
        # folder's watch (which gathers a change's events for 50 ms) has read the inbox again
        player.inbox.refuse(second, "busy")
        await burst(pilot, "ctrl+r")
        assert f"request {second} was answered already (refused)" in status_text(app)
        assert "Traceback" not in status_text(app)
        assert len(app.service.history.entries()) == before
        start = time.monotonic()
        while request_line(app):  # the watch has seen the answer: the line goes
            assert time.monotonic() - start < 1.0
            await pilot.pause(0.02)


@pilot_test
async def test_several_waiting_oldest_first_with_how_many_more(make_app, player):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        player.ask()
        player.ask(who=ASH, gear=(), modifier=0)
        player.ask(who=ASH, skill="observation", gear=(), modifier=-1)
        await shown_within(pilot, app, "(2 more waiting)")
        assert request_line(app).startswith("Lambert Cho asks to roll Medicine")
        await press(pilot, "ctrl+r")
        assert request_line(app).startswith("Ash asks to roll Medicine") and "(1 more waiting)" in request_line(app)
        await press(pilot, "ctrl+r")
        assert request_line(app).startswith("Ash asks to roll Observation -1") and "more" not in request_line(app)
        sources = [e.get("source") for e in app.service.history.entries()[-2:]]
        assert sources == [f"player:{LAMBERT}", f"player:{ASH}"]


@pilot_test
async def test_keys_in_a_burst_accept_then_push_and_refuse_with_a_word(make_app, player):
    """The type-ahead gate: ``ctrl+r p`` sent at once pushes the roll just accepted; ``ctrl+n`` and a word
    typed ahead land in the word's entry."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        player.ask()
        await shown_within(pilot, app, "Lambert Cho asks")
        await burst(pilot, "ctrl+r", "p")
        rolled = app.service.history.entries()[-2]
        assert rolled["source"] == f"player:{LAMBERT}" and app.service.history.entry(rolled["id"])["pushes"] == 1

        request = player.ask(who=ASH, gear=())
        await shown_within(pilot, app, "Ash asks")
        await burst(pilot, "ctrl+n", "l", "a", "t", "e", "r", "enter")
        refused = player.inbox.request(request)
        assert refused.status == "refused" and refused.word == "later"


@pilot_test
async def test_the_keys_do_nothing_while_no_request_waits_and_the_skill_filter_types_letters(make_app, player):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = len(app.service.history.entries())
        await press(pilot, "ctrl+r")
        await press(pilot, "ctrl+n")
        assert len(app.service.history.entries()) == before and app.screen.id != "faces-box"
        player.ask()
        await shown_within(pilot, app, "Lambert Cho asks")
        await press(pilot, "3")
        await press(pilot, "s")  # the roll builder's skill filter has the focus: letters are typed, not answers
        await type_text(pilot, "med")
        assert app.focused.value == "med" and "Lambert Cho asks" in request_line(app)
        await press(pilot, "ctrl+r")  # the accept key still answers, from the filter too
        rolled = app.service.history.entries()[-1]
        assert rolled["source"] == f"player:{LAMBERT}"
        # the filter closed as escape closes it (it hid the last result), and the player's roll is shown
        assert not app.screen.roll_builder.has_class("-filtering")
        assert rolled["summary"].rsplit(": ", 1)[-1] in builder_text(app)
        await press(pilot, "O")  # the full push odds of the roll on screen: the player's
        from gmconsole.ui.screens.push_odds import PushOddsScreen

        assert isinstance(app.screen, PushOddsScreen)
        assert "Lambert Cho rolls Medicine" in " ".join(str(w.render()) for w in app.screen.query("Static"))


@pilot_test
async def test_free_player_rolls_arrive_with_nothing_to_accept(make_app, player):
    player.service.setup.update_settings({"player_rolls": "free"})
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        roll_as_player(player.service, LAMBERT, PlayerAsk("medicine", None, ("g10",), 0))
        start = time.monotonic()
        while "from Lambert Cho's phone" not in status_text(app):
            assert time.monotonic() - start < 1.0, status_text(app)
            await pilot.pause(0.02)
        assert request_line(app) == "" and "Accept" not in key_bar(app)
        assert app.service.history.entries()[-1]["source"] == f"player:{LAMBERT}"


def test_main_screen_with_a_request_waiting_80x24(snap_compare, make_app, open_service):
    PlayerInbox(open_service("yze-demo")).ask(LAMBERT, "roll", PlayerAsk("medicine", None, ("g10",), 1))
    assert snap_compare(make_app("yze-demo"), terminal_size=(80, 24))


@pilot_test
async def test_the_keymap_moves_the_answer_keys_and_the_request_line_names_the_gms_keys(open_service, player):
    import random
    from pathlib import Path

    from gmconsole.settings_file import parse
    from gmconsole.ui.app import GMConsoleApp

    config = parse('[keymap]\n"main.accept_request" = "f6"\n"main.refuse_request" = "f7"\n', Path("/gm/config.toml"))
    app = GMConsoleApp(open_service("yze-demo"), rng=random.Random(1), config=config)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        player.ask()
        await shown_within(pilot, app, "f6 accept · f7 refuse")
        assert "f6 Accept" in key_bar(app) and "^r" not in key_bar(app)
        await press(pilot, "ctrl+r")  # no longer the accept key
        assert "Lambert Cho asks" in request_line(app)
        await press(pilot, "f6")
        assert app.service.history.entries()[-1]["source"] == f"player:{LAMBERT}"
        assert "✗" not in status_text(app)  # the keymap's check found nothing wrong


@pilot_test
async def test_accepting_a_players_push_pushes_their_roll_in_the_roll_builder(make_app, player):
    rolled = roll_as_player(player.service, LAMBERT, PlayerAsk("medicine", None, (), 0))["roll"]
    request = player.inbox.ask(LAMBERT, "push", PlayerAsk(roll=rolled)).id
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert f"Lambert Cho asks to push roll {rolled}" in request_line(app)
        await press(pilot, "ctrl+r")
        pushed = app.service.history.entry(rolled)
        assert pushed["pushes"] == 1 and player.inbox.request(request).status == "accepted"
        assert "pushed 1×" in builder_text(app) and "from Lambert Cho's phone" in status_text(app)


@pilot_test
async def test_a_read_only_console_shows_no_request_and_answers_none(make_app, player):
    player.ask()
    app = make_app("yze-demo", read_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert request_line(app) == "" and "Accept" not in key_bar(app)
        await press(pilot, "ctrl+r")
        assert player.inbox.waiting()[0].status == "waiting"


@pilot_test
async def test_a_damaged_inbox_is_one_line_in_the_status_line_and_the_console_goes_on(make_app, demo_root, player):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        (demo_root / "yze-demo" / "player-requests.json").write_text('{"gmconsole": "player-requests", [[[')
        start = time.monotonic()
        while "requests could not be read" not in status_text(app):
            assert time.monotonic() - start < 1.0, status_text(app)
            await pilot.pause(0.02)
        assert "Traceback" not in status_text(app) and request_line(app) == ""
        await press(pilot, "4")
        await press(pilot, "o")  # a change of the GM's own: its status line is not overwritten by the inbox again
        await pilot.pause(0.3)
        assert "doom 0 → 1" in status_text(app) and "could not be read" not in status_text(app)
        (demo_root / "yze-demo" / "player-requests.json").unlink()  # mended: the next request shows as usual
        player.ask()
        await shown_within(pilot, app, "Lambert Cho asks")


@pilot_test
async def test_accepting_says_the_roll_the_gm_was_building_is_kept_and_it_comes_back_with_its_character(
        make_app, player):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ripley = app.screen.roster.selected_id
        await press(pilot, "3", "s")
        await type_text(pilot, "med")
        await press(pilot, "enter")  # the GM builds Ripley Hale's Medicine, not rolled yet
        assert app.screen.roll_builder.controller.draft.skill == "medicine"
        player.ask()
        await shown_within(pilot, app, "Lambert Cho asks to roll Medicine")
        await press(pilot, "ctrl+r")
        said = [n.message for n in app._notifications]
        assert any("Ripley Hale's roll is kept" in message for message in said), said
        app.screen.select_character(ripley)  # back to Ripley: the roll the GM was building is there
        await pilot.pause()
        assert app.screen.roll_builder.controller.draft.skill == "medicine"
