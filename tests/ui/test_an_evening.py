"""An evening at the table, one per system, played from the keys only, as the README's "First evening"
tells the GM to play it.

Each test is the story of one evening: the keys the GM presses (:mod:`at_the_table` names them for what
the GM does), what the console says back, then what is left of the evening — the history (as ``gmconsole
history`` reads it, and the history screen), the recap and, for ``yze``, what the players' table view
showed. The console's dice are seeded (``make_app``) and the faces that decide the story are typed, as
from physical dice; the service is only read, to check.
"""

from __future__ import annotations

from at_the_table import (
    back,
    builder_says,
    dice_lines,
    harm,
    highlight,
    history_rows,
    new_scene,
    next_panic_dice_show,
    party_numbers,
    players_table_view,
    press,
    push_typed_faces,
    question,
    recap_shown,
    roll_skill,
    roll_the_consoles_dice,
    roll_typed_faces,
    roster_row,
    section,
    start_session,
    told,
    type_quickly,
    undo,
)
from pilot_harness import play, shown_text

from gmconsole.rules.initiative import Initiative
from gmconsole.ui.screens.confirm import ConfirmScreen
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.pick_combatants import PickCombatantsScreen
from gmconsole.ui.screens.pickers import MarkListScreen


def _session_entries(service, number: int) -> list[dict]:
    """Session ``number``'s history, oldest first, undone entries included (``gmconsole history NAME
    --session N --all``)."""
    return list(reversed(service.history.filtered(session=number, include_undone=True)))


def _faces(entry: dict) -> list[int]:
    return [die["face"] for die in entry["dice"]]


def _kinds(entry: dict) -> dict[str, list[str]]:
    """A roll's faces kind by kind, in the order rolled: ``{"base": ["4", "4", "3"], "skill": ["3"]}``."""
    kinds: dict[str, list[str]] = {}
    for die in entry["dice"]:
        kinds.setdefault(die["kind"], []).append(str(die["face"]))
    return kinds


def _dice_by_kind(entry: dict) -> str:
    """A roll's faces kind by kind, as the recap lists them: ``base 4 4 3 · skill 3``."""
    return " · ".join(f"{kind} {' '.join(faces)}" for kind, faces in _kinds(entry).items())


def test_a_yze_evening_session_scene_rolls_push_costs_panic_conflict_harm_undo_and_the_recap(make_app, open_service):
    """The Derelict, yze-demo's second session.

    The GM starts the session (the recap of the first one is shown, ``esc``) and a scene. Lambert Cho
    searches the wreck (Observation, the console's dice). Ripley Hale shoots (Ranged, the physical dice
    typed: ``b6312 s45 st2``, one success), her player pushes (faces typed: the new stress die shows 1),
    and the GM applies the costs with ``c``: the panic D6 shows 5, with her 2 stress 7 Nervous twitch, and
    the console asks who is at short range. Nobody is: ``esc``. ``c`` again only says the costs were
    applied — the 5 is what counts, no die is rolled again, nobody else gains stress.

    Then a fight: ``2`` ``s``, everyone marked (``ctrl+s``), cards drawn (``ctrl+s``), ``n`` through the
    round to round 2. The players' table view, open beside the console, shows the panic, Ripley's pushed
    dice, Lambert's dice, round 2 and the party's stress. ``e`` ends the fight (it asks: ``y``). Parker Moss
    takes 2 damage (``H`` on the roster); the GM harms Ripley on the tracker by mistake and takes it back
    (``ctrl+z``). ``S`` ends the evening: the recap of The Derelict is shown. The history holds each change
    once, in order, the harm taken back struck through; the recap has the rolls, the push and its panic,
    Parker's damage, never the harm taken back; the panic is under Panics with its D6, and the stress it gave
    Ripley under Stress and trauma.
    """
    app = make_app("yze-demo")
    service = app.service
    stress_before = {c.name: c.stress for c in service.campaign.roster}

    async def evening(pilot, seen: dict) -> None:
        said = seen["told"] = []  # what the status line said after each change, in order
        seen["first recap"] = await start_session(pilot, "The Derelict")
        await back(pilot)
        said.append(told(app))
        await new_scene(pilot)
        seen["tabs"] = shown_text(app.screen, "#pane-tabs")
        said.append(told(app))

        await roll_skill(pilot, "Lambert Cho", "obs")
        await roll_the_consoles_dice(pilot)
        said.append(told(app))
        seen["lambert"] = builder_says(app)
        seen["lambert dice"] = dice_lines(app)

        await roll_skill(pilot, "Ripley Hale", "ran")
        await roll_typed_faces(pilot, "b6312 s45 st2")
        said.append(told(app))
        seen["ripley"] = builder_says(app)
        seen["ripley dice"] = dice_lines(app)
        await push_typed_faces(pilot, "b36 s62 st13")  # the base 6 and 1 stay; the new stress die shows 1
        said.append(told(app))
        seen["pushed"] = builder_says(app)
        seen["pushed dice"] = dice_lines(app)
        seen["stress after the push"] = service.character("Ripley Hale").stress

        next_panic_dice_show(app, 5, then=2)
        await press(pilot, "c")
        seen["asked who is in range"] = isinstance(app.screen, MarkListScreen)
        seen["in range?"] = question(app)
        seen["offered"] = [label for _id, label in app.screen.choices] if seen["in range?"] else []
        await back(pilot)  # nobody else is at short range
        said.append(told(app))
        seen["applied"] = builder_says(app)
        await press(pilot, "c")
        seen["asked again"] = isinstance(app.screen, MarkListScreen)
        seen["again"] = builder_says(app)

        await press(pilot, "2", "s")
        seen["who fights"] = (isinstance(app.screen, PickCombatantsScreen), question(app))
        await press(pilot, "ctrl+s")  # everyone marked
        await press(pilot, "ctrl+s")  # speed 1 each, the console draws
        said.append(told(app))
        seen["round 1"] = shown_text(app.screen, "#initiative-status")
        fighters = len(service.campaign.roster)
        for _turn in range(fighters):
            await press(pilot, "n")
            said.append(told(app))
        seen["round 2"] = shown_text(app.screen, "#initiative-status")
        # the players look at the table view (a TV across the room: 80×24, the older rolls on a line each)
        seen["table"] = await players_table_view(open_service("yze-demo", read_only=True), (80, 24))
        seen["party stress"] = {c.name: c.stress for c in service.campaign.roster if not c.is_npc}
        seen["now"] = service.character(Initiative.from_dict(service.session.initiative).current().combatant).name

        await press(pilot, "e")
        seen["end?"] = shown_text(app.screen, "#confirm-question") if isinstance(app.screen, ConfirmScreen) else ""
        await press(pilot, "y")
        said.append(told(app))

        seen["parker's form"] = await harm(pilot, "1", "Parker Moss", "2")
        said.append(told(app))
        seen["ripley's form"] = await harm(pilot, "4", "Ripley Hale", "1")
        seen["harmed by mistake"] = told(app)
        await undo(pilot)
        seen["undone"] = told(app)
        seen["ripley's strength"] = service.character("Ripley Hale").attributes["strength"].current
        seen["roster"] = {name: roster_row(app, name) for name in ("Ripley Hale", "Parker Moss")}

        seen["recap"] = await start_session(pilot, "Into the vents")
        await back(pilot)
        said.append(told(app))
        await press(pilot, "h")
        seen["history screen"] = isinstance(app.screen, HistoryScreen)
        seen["rows"] = history_rows(app)
        await press(pilot, "a")  # hide what was undone
        seen["rows without undone"] = history_rows(app)
        await back(pilot)

    seen = play(app, evening)

    # -- the evening as it went ----------------------------------------------------------------------
    assert seen["first recap"].startswith("# yze-demo: session 1\n")
    assert "Nothing was rolled or changed in this session." in seen["first recap"]
    assert "Session 1 ended; session 2 is open." in seen["first recap"]
    assert "session 2 scene 2" in seen["tabs"]

    lambert = service.history.filtered(kind="roll")[1]
    assert lambert["character"] == "Lambert Cho" and lambert["skill"] == "observation" and not lambert.get("by_hand")
    assert seen["lambert"]["head"] == f"Last roll: {lambert['summary']}"
    assert {line[0]: [face.strip("[]") for face in line[1:]] for line in seen["lambert dice"]} == _kinds(lambert)

    assert seen["ripley"]["head"] == "Last roll: Ripley Hale rolls Ranged: 1 success"
    assert seen["ripley dice"] == [["base", "[6]", "[3]", "[1]", "[2]"], ["skill", "[4]", "[5]"], ["stress", "[2]"]]
    assert seen["ripley"]["result"].startswith("SUCCESS: 1 success (typed faces)")
    assert seen["pushed"]["head"] == "Last roll: Ripley Hale rolls Ranged: 3 successes (pushed)"
    assert seen["pushed dice"] == [["base", "[6]", "[3*]", "[1]", "[6*]"], ["skill", "[6*]", "[2*]"],
                                   ["stress", "[1*]", "[3*]"]]  # R-PUSH-1: the 6 and the 1 stay
    assert "a stress die shows 1: panic roll due (R-PUSH-3)" in seen["pushed"]["result"]
    assert "costs pending: panic roll" in seen["pushed"]["result"]
    assert seen["stress after the push"] == stress_before["Ripley Hale"] + 1  # paid at the push

    # R-PANIC-1: the 5 first rolled is kept; esc means nobody else is at short range
    assert seen["asked who is in range"]
    assert seen["in range?"] == "Ripley Hale panics: 7 Nervous twitch. Who is at short range (stress +1)?"
    assert seen["offered"] == ["Dallas Kane", "Parker Moss", "Lambert Cho", "Ash"]  # PCs only
    assert "Applied: Ripley Hale panics: D6 5 + stress 2 = 7: Nervous twitch" in seen["applied"]["result"]
    assert not seen["asked again"]
    ripley = service.history.filtered(kind="roll")[0]
    assert seen["again"]["message"] == (
        f"the costs of roll {ripley['id']} were already applied (undo that change to apply them again)")
    costs = service.history.filtered(kind="costs")
    assert len(costs) == 1 and len(service.history.filtered(kind="panic")) == 0
    panic = costs[0]["panic"]
    assert [(r["character_id"], r["face"], r["total"], r["effect"]) for r in panic["rolls"]] == [
        ("c1", 5, 7, "nervous-twitch")]
    assert panic["stress"] == []  # nobody else in range
    assert {c.name: c.stress for c in service.campaign.roster} == {
        **stress_before, "Ripley Hale": stress_before["Ripley Hale"] + 2}  # the push's 1, Nervous twitch's 1

    assert seen["who fights"][0] and "5 PCs and 2 NPCs, all marked" in seen["who fights"][1]
    assert seen["round 1"].startswith("Round 1 · cards")
    assert seen["round 2"].startswith("Round 2 · cards")
    assert seen["end?"] == "End the conflict? (ctrl+z undoes it)"
    assert service.session.initiative is None

    assert seen["parker's form"] == "Parker Moss takes damage"
    assert seen["ripley's form"] == "Ripley Hale takes damage"
    assert seen["harmed by mistake"] == "Ripley Hale: Strength 3 → 2 (damage 1)"
    assert seen["undone"] == "undone: Ripley Hale: Strength 3 → 2 (damage 1)"
    assert seen["ripley's strength"] == 3
    assert service.character("Parker Moss").attributes["strength"].current == 3
    assert seen["roster"]["Parker Moss"]["Dmg"] == "2" and seen["roster"]["Ripley Hale"]["Dmg"] == "0"
    assert seen["roster"]["Ripley Hale"]["Stress"] == "3"

    # -- what the players saw on the table view during round 2 --------------------------------------------
    table = seen["table"]
    assert table["session"].strip() == "yze-demo · session 2 · scene 2"
    assert f"ROUND 2   NOW:  {seen['now']}" in table["turns"]
    rolls = table["rolls"].splitlines()
    # the newest first, big: a panic has no dice
    assert rolls[0] == "Ripley Hale panics: D6 5 + stress 2 = 7: Nervous twitch"
    older = " ".join(table["rolls"].split())  # at 80 columns a roll's line may wrap
    assert ("Ripley Hale rolls Ranged: 3 successes (pushed) b 6★ 3↻ 1✖ 6★↻ · s 6★↻ 2↻ · st 1✖↻ 3↻ "
            f"{lambert['summary']} ") in older
    lambert_dice = older.split(lambert["summary"], 1)[1].split("Dice:", 1)[0]
    assert [int(ch) for ch in lambert_dice if ch.isdigit()] == _faces(lambert)
    assert older.endswith("Dice: b base s skill st stress ★ success ✖ bane ↻ rerolled")
    for name, stress in seen["party stress"].items():
        assert party_numbers(table["party"], name)[0] == str(stress), name
    assert party_numbers(table["party"], "Ripley Hale")[0] == "3"
    assert "Nervous twitch" in next(line for line in table["party"].splitlines() if line.startswith("Ripley Hale"))

    # -- the history: each change once, in order, as the console said it -----------------------------
    entries = _session_entries(service, 2)
    assert [e["kind"] for e in entries] == ["session", "scene", "roll", "roll", "push", "costs", "initiative",
                                            *["initiative"] * 7, "initiative", "harm", "harm"]
    done = [e["summary"] for e in entries if e["status"] == "done"]
    nobody = " · nobody else in range: only Ripley Hale panics"  # escape at who is in range (R-PANIC-1)
    assert [s for s in seen["told"] if s.endswith(nobody)] == [seen["told"][5]]
    said = [s.removesuffix(nobody) for s in seen["told"]]
    assert said[3] == "Ripley Hale rolls Ranged: 1 success"  # as first said: the push rewrites the roll's entry
    assert done == [*said[:3], "Ripley Hale rolls Ranged: 3 successes (pushed)", *said[4:-1]]
    assert said[-1] == "session 3 begins: Into the vents"
    assert len({e["id"] for e in entries}) == len(entries)
    assert entries[0]["summary"] == "session 2 begins: The Derelict"
    assert entries[4]["summary"] == "Ripley Hale pushes Ranged: 3 successes; stress +1 → 2"
    assert entries[5]["summary"] == "Ripley Hale panics: D6 5 + stress 2 = 7: Nervous twitch"
    assert entries[6]["summary"].startswith("conflict starts (cards): ")
    assert entries[13]["summary"].startswith(f"round 2: {seen['now']}")
    assert entries[14]["summary"] == "conflict ends after round 2"
    assert (entries[-1]["summary"], entries[-1]["status"]) == ("Ripley Hale: Strength 3 → 2 (damage 1)", "undone")
    assert entries[3]["costs_status"] == "applied"

    rows = seen["rows"]
    assert seen["history screen"]
    session_rows = [r for r in rows if r["session"] == 2]
    assert [r["id"] for r in session_rows] == [e["id"] for e in reversed(entries)]  # newest first, each once
    struck = [r for r in session_rows if r["struck"]]
    # the summary gives up room first: the name and the status read whole
    assert [(r["kind"], r["who"], r["status"]) for r in struck] == [("harm", "Ripley Hale", "undone")]
    assert [r["id"] for r in seen["rows without undone"] if r["session"] == 2] == [
        r["id"] for r in session_rows if not r["struck"]]

    # -- the recap of The Derelict, shown by S ----------------------------------------------------------
    recap = seen["recap"]
    assert recap.startswith("# yze-demo: session 2 — The Derelict\n")
    assert "Session 2 ended; session 3 is open." in recap
    assert section(recap, "Rolls") == [
        f"- scene 2 · {lambert['summary']} · dice: {_dice_by_kind(lambert)}",
        "- scene 2 · Ripley Hale rolls Ranged: 1 success · dice: base 6 3 1 2 · skill 4 5 · stress 2"]  # the first
    assert section(recap, "Pushes and their costs") == [
        "- scene 2 · Ripley Hale pushes Ranged: 3 successes; stress +1 → 2 · dice: base 6 3* 1 6* · skill 6* 2* · "
        "stress 1* 3*",
        "- scene 2 · Ripley Hale panics (see Panics)"]
    assert section(recap, "Panics") == ["- scene 2 · Ripley Hale panics: D6 5 + stress 2 = 7: Nervous twitch"]
    assert section(recap, "Stress and trauma") == ["- scene 2 · Ripley Hale: stress 2 → 3 (Nervous twitch)",
                                                   "- scene 2 · Parker Moss: Strength 5 → 3 (damage 2)"]
    assert "Ripley Hale: Strength" not in recap  # taken back


def _recap_lines(recap: str) -> list[str]:
    """The recap's event lines (``- scene …``), in order."""
    return [line for line in recap.splitlines() if line.startswith("- scene ")]


def test_a_myz_evening_a_typed_roll_pushed_its_trauma_paid_harm_to_the_rolled_attribute_undo_and_the_recap(make_app):
    """Rust and ruin, myz-demo's second session.

    ``S`` and a title; the recap of the first session is shown (``esc``). Vanja scouts the ruins (Scout,
    physical dice typed ``b631 s42``: one success), her player pushes: ``P`` and the rerolled dice's faces
    (``b5 s63``: the base 1 stays, R-PUSH-1), two successes and one trauma to Wits with a mutation point,
    applied with ``c``. Zone ghouls claw her: ``H`` on the roster offers the attribute of her last roll
    (Wits); the GM types 2 where the ghouls did 1 — Wits 2 → 0, broken — takes it back (``ctrl+z``) and
    types 1. ``S`` ends the evening: the recap has the roll, the push and the trauma it cost, the harm of 1,
    never the harm taken back.
    """
    app = make_app("myz-demo")
    service = app.service
    mutation_points = service.character("Vanja").mutation_points

    async def evening(pilot, seen: dict) -> None:
        seen["first recap"] = await start_session(pilot, "Rust and ruin")
        await back(pilot)
        await roll_skill(pilot, "Vanja", "sco")
        await roll_typed_faces(pilot, "b631 s42")
        seen["rolled"] = builder_says(app)
        await push_typed_faces(pilot, "b5 s63")
        seen["pushed"] = builder_says(app)
        seen["pushed dice"] = dice_lines(app)
        await press(pilot, "c")
        seen["paid"] = told(app)
        await highlight(pilot, "1", "Vanja")
        await press(pilot, "H")
        seen["form"] = shown_text(app.screen, "#form-title")
        seen["attribute offered"] = app.screen.query_one("#f-attribute").marked
        await type_quickly(pilot, "2")
        await press(pilot, "enter")
        seen["harmed"] = told(app)
        await undo(pilot)
        seen["undone"] = told(app)
        seen["wits after undo"] = service.character("Vanja").attributes["wits"].current
        await harm(pilot, "1", "Vanja", "1")
        seen["harm"] = told(app)
        seen["recap"] = await start_session(pilot, "The Elder's bargain")

    seen = play(app, evening)

    assert "Session 1 ended; session 2 is open." in seen["first recap"]
    assert seen["rolled"]["head"] == "Last roll: Vanja rolls Scout: 1 success"
    assert seen["rolled"]["result"].startswith("SUCCESS: 1 success (typed faces)")
    assert seen["pushed dice"] == [["base", "[6]", "[5*]", "[1]"], ["skill", "[6*]", "[3*]"]]
    assert "costs pending: trauma 1 (Wits), mutation points 1" in seen["pushed"]["result"]  # R-MYZ-TRAUMA
    assert seen["paid"] == (f"Vanja pays: Wits −1 → 2/3; mutation points {mutation_points} → "
                            f"{mutation_points + 1} (+1)")
    assert seen["form"] == "Vanja takes trauma" and seen["attribute offered"] == ["wits"]  # the last roll's
    assert seen["harmed"] == "Vanja: Wits 2 → 0 (trauma 2, broken)"
    assert seen["undone"] == "undone: Vanja: Wits 2 → 0 (trauma 2, broken)" and seen["wits after undo"] == 2
    assert seen["harm"] == "Vanja: Wits 2 → 1 (trauma 1)"
    assert service.character("Vanja").attributes["wits"].current == 1

    entries = _session_entries(service, 2)
    assert [(e["kind"], e["status"]) for e in entries] == [
        ("session", "done"), ("roll", "done"), ("push", "done"), ("costs", "done"), ("harm", "undone"),
        ("harm", "done")]
    assert entries[1]["costs_status"] == "applied"

    recap = seen["recap"]
    assert recap.startswith("# myz-demo: session 2 — Rust and ruin\n")
    assert _recap_lines(recap) == [
        "- scene 1 · Vanja rolls Scout: 1 success · dice: base 6 3 1 · skill 4 2",
        "- scene 1 · Vanja pushes Scout: 2 successes · dice: base 6 5* 1 · skill 6* 3*",
        f"- scene 1 · {seen['paid']}",
        "- scene 1 · Vanja: Wits 2 → 1 (trauma 1)"]
    assert section(recap, "Stress and trauma") == ["- scene 1 · Vanja: Wits 2 → 1 (trauma 1)"]


def test_a_yze_step_evening_a_typed_roll_pushed_with_the_consoles_dice_harm_to_the_right_one_and_the_recap(
        make_app):
    """The long road, yze-step-demo's second session.

    ``S``, a title, ``esc`` on the first session's recap. Ilsa Varro shoots (Ranged, her step dice typed
    ``d8,3``: the Agility d10 shows 8, a success; the Ranged d10 shows 3), and her player pushes with the
    console's dice (``p``): the 8 stays, the 3 is rerolled and a stress die joins (stress +1, paid at the
    push). Bandits fire back: the GM harms Brann Okoro on the tracker (``H`` ``1`` ``enter``), sees it was
    Ilsa who was hit, takes it back (``ctrl+z``) and harms her: her Strength die steps d8 → d6. ``S``: the
    recap lists the roll, the push with its dice, her step down, never Brann's.
    """
    app = make_app("yze-step-demo")
    service = app.service

    async def evening(pilot, seen: dict) -> None:
        await start_session(pilot, "The long road")
        await back(pilot)
        await roll_skill(pilot, "Ilsa Varro", "ran")
        await roll_typed_faces(pilot, "d8,3")
        seen["rolled"] = builder_says(app)
        seen["rolled dice"] = dice_lines(app)
        await press(pilot, "p")
        seen["pushed"] = builder_says(app)
        seen["pushed dice"] = dice_lines(app)
        seen["told push"] = told(app)
        seen["brann's form"] = await harm(pilot, "4", "Brann Okoro", "1")
        seen["wrong one"] = told(app)
        await undo(pilot)
        seen["undone"] = told(app)
        seen["ilsa's form"] = await harm(pilot, "4", "Ilsa Varro", "1")
        seen["harm"] = told(app)
        seen["recap"] = await start_session(pilot, "Bandit country")

    seen = play(app, evening)

    assert seen["rolled"]["head"] == "Last roll: Ilsa Varro rolls Ranged: 1 success"
    assert seen["rolled dice"] == [["step", "(Agility)", "[8]"], ["step", "(Ranged)", "[3]"]]
    roll = service.history.filtered(kind="roll")[0]
    push = service.history.filtered(kind="push")[0]
    assert seen["pushed"]["head"] == f"Last roll: {roll['summary']}" and roll["summary"].endswith("(pushed)")
    assert seen["told push"] == push["summary"] and push["summary"].endswith("; stress +1 → 1")
    ranged, stress = (next(d for d in roll["dice"] if d.get("source") == "ranged"),
                      next(d for d in roll["dice"] if d["kind"] == "stress"))
    assert seen["pushed dice"] == [["step", "(Agility)", "[8]"], ["step", "(Ranged)", f"[{ranged['face']}*]"],
                                   ["stress", f"[{stress['face']}*]"]]  # R-PUSH-1: the 8 stays
    assert "stress +1 paid at the push" in seen["pushed"]["result"]
    assert service.character("Ilsa Varro").stress == 1

    assert seen["brann's form"] == "Brann Okoro takes damage"
    assert seen["undone"] == f"undone: {seen['wrong one']}" and seen["wrong one"].startswith("Brann Okoro: Strength")
    assert service.character("Brann Okoro").attributes["strength"].current == 12
    assert seen["ilsa's form"] == "Ilsa Varro takes damage"
    assert seen["harm"] == "Ilsa Varro: Strength d8 → d6 (damage 1)"

    entries = _session_entries(service, 2)
    assert [(e["kind"], e["status"]) for e in entries] == [
        ("session", "done"), ("roll", "done"), ("push", "done"), ("harm", "undone"), ("harm", "done")]

    recap = seen["recap"]
    assert recap.startswith("# yze-step-demo: session 2 — The long road\n")
    first, *rest = _recap_lines(recap)
    assert first == "- scene 1 · Ilsa Varro rolls Ranged: 1 success (typed faces) · dice: step d10:8 d10:3"
    assert rest == [  # the dice typed, the push the console's
        f"- scene 1 · {push['summary']} · dice: step d10:8 d10:{ranged['face']}* · stress {stress['face']}*",
        "- scene 1 · Ilsa Varro: Strength d8 → d6 (damage 1)"]
    assert "Brann" not in recap


def test_an_exploding_evening_a_failed_check_retried_after_a_change_of_circumstances_wounds_and_the_recap(
        make_app):
    """Into the void, exploding-demo's second session.

    ``S``, a title, ``esc``. Kara Venn shoots (physical dice typed ``s3,1 t2``): top 3 against TN 4, a
    failure; the builder says what a retry after a change of circumstances would give and warns that she
    has only one chance this scene. She finds cover: ``w``, the reason, ``enter``, and the warning goes. She
    shoots again (``s10+4,2 t3``: the 10 explodes, top 14). A boarder's blade: ``H`` on the roster, the GM
    types 3 wounds where it was 2, ``ctrl+z``, then 2. The recap, from the history screen (``h`` ``r``),
    has both shots with the change of circumstances between them, and two wounds, never three.
    """
    app = make_app("exploding-demo")
    service = app.service

    async def evening(pilot, seen: dict) -> None:
        await start_session(pilot, "Into the void")
        await back(pilot)
        await roll_skill(pilot, "Kara Venn", "sho")
        await roll_typed_faces(pilot, "s3,1 t2")
        seen["missed"] = builder_says(app)
        await press(pilot, "w")
        await type_quickly(pilot, "found cover")
        await press(pilot, "enter")
        seen["why"] = told(app)
        seen["may retry"] = builder_says(app)
        await roll_typed_faces(pilot, "s10+4,2 t3")
        seen["retried"] = builder_says(app)
        seen["retried dice"] = dice_lines(app)
        seen["form"] = await harm(pilot, "1", "Kara Venn", "3")
        seen["mistyped"] = told(app)
        await undo(pilot)
        seen["harm form"] = await harm(pilot, "1", "Kara Venn", "2")
        seen["harm"] = told(app)
        await press(pilot, "h", "r")
        seen["recap"] = recap_shown(app)

    seen = play(app, evening)

    assert seen["missed"]["head"] == "Last roll: Kara Venn rolls shooting: top 3"
    assert seen["missed"]["result"].startswith("FAILURE: top 3 vs TN 4, margin -1 (typed faces)")
    assert "Retry after a change of circumstances (w): " in seen["missed"]["result"]
    assert seen["missed"]["warnings"] == (  # right after the roll: what the next one needs, not a warning
        "shooting is rolled for this scene: another roll needs changed circumstances (w)")
    assert seen["why"] == "Kara Venn may try shooting again: found cover"
    assert seen["may retry"]["warnings"] == ""
    assert seen["retried"]["head"] == "Last roll: Kara Venn rolls shooting: top 14"
    assert seen["retried"]["result"].startswith("SUCCESS: top 14 vs TN 4, margin +10 (typed faces)")
    assert seen["retried dice"] == [["skill", "[10+4]", "[2]"], ["trait", "[3]"]]
    assert seen["form"] == "Kara Venn takes wounds"
    assert seen["mistyped"] == "Kara Venn: wounds 0 → 3"
    assert seen["harm"] == "Kara Venn: wounds 0 → 2" and service.character("Kara Venn").wounds == 2

    entries = _session_entries(service, 2)
    assert [(e["kind"], e["status"]) for e in entries] == [
        ("session", "done"), ("roll", "done"), ("circumstances", "done"), ("roll", "done"), ("harm", "undone"),
        ("harm", "done")]

    recap = seen["recap"]
    assert recap.startswith("# exploding-demo: session 2 — Into the void\n")
    assert _recap_lines(recap) == [
        "- scene 1 · Kara Venn rolls shooting: top 3 (-1) · dice: skill d10:3 d10:1 · trait d10:2",
        f"- scene 1 · {seen['why']}",  # beside the retry it allows
        "- scene 1 · Kara Venn rolls shooting: top 14 (+10) · dice: skill d10:10+4 d10:2 · trait d10:3",
        "- scene 1 · Kara Venn: wounds 0 → 2"]


def test_a_tiered_evening_a_mixed_result_and_its_consequence_push_yourself_stamina_and_the_recap(make_app):
    """Goblin trouble, tiered-demo's second session.

    ``S``, a title, ``esc``. Aldric swings his sword (Strength, physical dice typed ``d431221``): Mixed, the
    highest die a 4; the GM picks the consequence with ``C``: ``d``, Damage, 2 stamina. Wren sneaks past the
    goblins: Stealth with Dexterity (``a``), and her player pushes herself (``y``: 2 stamina, one die more,
    R-TIER-1) before the dice are typed (``d6532141``: a 6, Great). The ogre's club: the GM harms Maelis on
    the tracker, sees it was Aldric, takes it back (``ctrl+z``) and harms him: 3 stamina. ``S``: the recap
    has both rolls, the consequence, Aldric's stamina lost, never Maelis'.
    """
    app = make_app("tiered-demo")
    service = app.service
    stamina = {c.name: c.stamina for c in service.campaign.roster}

    async def evening(pilot, seen: dict) -> None:
        await start_session(pilot, "Goblin trouble")
        await back(pilot)
        await roll_skill(pilot, "Aldric", "swo")
        seen["aldric's roll"] = builder_says(app)["settings"]
        await roll_typed_faces(pilot, "d431221")
        seen["mixed"] = builder_says(app)
        await press(pilot, "C")
        seen["menu"] = type(app.screen).__name__
        await press(pilot, "d")
        seen["consequence"] = told(app)
        await roll_skill(pilot, "Wren", "ste")
        await press(pilot, "a", "y")
        seen["wren's roll"] = builder_says(app)["settings"]
        seen["wren's pool"] = shown_text(app.screen, "#rb-pool")
        await roll_typed_faces(pilot, "d6532141")
        seen["great"] = builder_says(app)
        seen["wrong form"] = await harm(pilot, "4", "Maelis", "3")
        await undo(pilot)
        seen["undone"] = told(app)
        seen["form"] = await harm(pilot, "4", "Aldric", "3")
        seen["harm"] = told(app)
        seen["recap"] = await start_session(pilot, "The ogre's bridge")

    seen = play(app, evening)

    assert "attr Strength" in seen["aldric's roll"]
    assert seen["mixed"]["head"] == "Last roll: Aldric rolls swords: mixed"
    assert seen["mixed"]["result"].startswith("MIXED (highest 4) (typed faces)")
    assert "C: apply one" in seen["mixed"]["result"]
    assert seen["menu"] == "ChoiceMenu"
    assert seen["consequence"] == f"Aldric: Damage — stamina −2 → {stamina['Aldric'] - 2}"
    assert "attr Dexterity" in seen["wren's roll"] and "push yourself" in seen["wren's roll"]
    assert seen["wren's pool"].count("[d6]") == 7  # Luck 1, Dexterity 2, Stealth 3, and the die pushed for
    assert seen["great"]["head"] == "Last roll: Wren rolls stealth: great"
    assert service.character("Wren").stamina == stamina["Wren"] - 2
    assert seen["wrong form"] == "Maelis loses stamina"
    assert seen["undone"] == f"undone: Maelis: stamina {stamina['Maelis']} → {stamina['Maelis'] - 3}"
    assert service.character("Maelis").stamina == stamina["Maelis"]
    assert seen["form"] == "Aldric loses stamina"
    assert seen["harm"] == f"Aldric: stamina {stamina['Aldric'] - 2} → {stamina['Aldric'] - 5}"

    entries = _session_entries(service, 2)
    assert [(e["kind"], e["status"]) for e in entries] == [
        ("session", "done"), ("roll", "done"), ("consequence", "done"), ("roll", "done"), ("harm", "undone"),
        ("harm", "done")]
    assert entries[3]["request"]["push_yourself"] is True

    recap = seen["recap"]
    assert recap.startswith("# tiered-demo: session 2 — Goblin trouble\n")
    assert _recap_lines(recap) == [
        "- scene 1 · Aldric rolls swords: mixed · dice: 4 3 1 2 2 1",
        "- scene 1 · Wren rolls stealth: great · dice: 6 5 3 2 1 4 1",
        f"- scene 1 · {seen['consequence']}",
        f"- scene 1 · {seen['harm']}"]
    assert "Maelis" not in recap
