"""R-STUNT-1 in the roll builder, by keys: a Move roll's result counts the friends helped ("2 sixes: 2
friends helped"), not "1 stunt", and still lists the skill's stunt text; in zh-Hant in the skill's
Chinese words."""

from __future__ import annotations

from pilot_harness import pilot_test, shown_text, typed_roll

from gmconsole.i18n import set_language

VANJA = "c4"


async def _move_with_faces(pilot, faces: str):
    return await typed_roll(pilot, VANJA, "move", faces)


@pilot_test
async def test_r_stunt_1_the_result_counts_friends_helped_not_stunts(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await _move_with_faces(pilot, "b66123 s23")
        result = shown_text(builder, "#rb-result")
        stunts = shown_text(builder, "#rb-stunts")
    assert "SUCCESS: 2 successes, 2 sixes: 2 friends helped" in result
    assert "stunt" not in result
    assert "For every 6, a friend in the same trouble makes it out" in stunts


@pilot_test
async def test_r_stunt_1_one_six_is_one_friend_helped(builder_app):
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await _move_with_faces(pilot, "b61234 s23")
        result = shown_text(builder, "#rb-result")
        stunts = shown_text(builder, "#rb-stunts")
    assert "SUCCESS: 1 success, 1 six: 1 friend helped" in result
    assert "For every 6" in stunts, "one 6 may help a friend too (seed 000): the text is shown"


@pilot_test
async def test_r_stunt_1_in_traditional_chinese(builder_app):
    set_language("zh-Hant")
    app = builder_app("myz-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await _move_with_faces(pilot, "b66123 s23")
        result = shown_text(builder, "#rb-result")
    assert "2 個 6：2 位同伴脫身" in result
