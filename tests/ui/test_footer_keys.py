"""The footer of a form follows the focus, and is drawn again only when the keys it shows change.

On the myz harm form (``4`` ``H``: the tracker's harm, R-MYZ-TRAUMA) the amount field shows the form's
keys; tabbing to the attribute list adds the list's ``space`` key, tabbing back takes it away. Tabbing
between fields whose keys are the same leaves the footer's keys as they were: Textual's footer mounts
a widget per key again on every focus change, which the GM paid on each Tab."""

from __future__ import annotations

from pilot_harness import drive, press
from textual.widgets._footer import FooterKey

from gmconsole.ui.screens.harm_form import HarmForm
from gmconsole.ui.widgets.footer import Footer


def _keys(app) -> str:
    return " ".join(str(key.render()) for key in app.screen.query_one(Footer).query(FooterKey))


def test_R_MYZ_TRAUMA_the_harm_forms_footer_shows_the_attribute_lists_key_only_while_the_list_has_focus(make_app):
    app = make_app("myz-demo")
    seen = {}

    async def steps(pilot):
        await press(pilot, "4", "H")
        assert isinstance(app.screen, HarmForm)
        seen["amount"] = (app.focused.id, _keys(app))
        await press(pilot, "tab")
        seen["list"] = (app.focused.id, _keys(app))
        await press(pilot, "shift+tab")
        seen["back"] = (app.focused.id, _keys(app))

    drive(app, steps)
    assert seen["amount"][0] == "f-amount" and "Mark/unmark" not in seen["amount"][1]
    assert "Save" in seen["amount"][1]
    assert seen["list"][0] == "f-attribute" and "Mark/unmark" in seen["list"][1]
    assert seen["back"] == seen["amount"]


def test_tabbing_between_fields_with_the_same_keys_keeps_the_footers_keys(make_app):
    """The character form: every field an ``Input``, the same keys shown on each; a Tab redraws no key."""
    app = make_app("yze-demo")
    seen = {}

    async def steps(pilot):
        await press(pilot, "1", "a")  # the roster's a: a new character
        footer = app.screen.query_one(Footer)
        before = list(footer.query(FooterKey))
        first = app.focused
        await press(pilot, "tab", "tab", "shift+tab")
        seen["moved"] = app.focused is not first
        seen["same"] = list(footer.query(FooterKey)) == before and all(k.is_attached for k in before)
        seen["keys"] = _keys(app)

    drive(app, steps)
    assert seen["moved"] and seen["same"] and seen["keys"]
