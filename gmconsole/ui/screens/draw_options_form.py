"""The initiative forms (docs/RULES.md): what a combatant draws or rolls, typed or left to the console.

- :class:`DrawOptionsForm`, cards mode, when a conflict starts and when combatants join it: speed N
  and keep-best-of-N for each combatant (blank = 1), and the cards drawn from a physical deck
  (blank = the console draws; R-MANUAL-1).
- :class:`InitiativeDiceForm`, roll mode, when the GM asks to type the dice (``f`` in the picker):
  the D6 each combatant rolled (blank = the console rolls).
- :class:`NewRoundCardsForm`, R-INIT-2: the cards each combatant drew for the new round.

The rules core checks the cards (1-10, still in the deck, as many as speed × keep-best-of) and the
faces; its refusal shows in the form, which stays open.
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole.i18n import N_, _, ngettext
from gmconsole.phrasing import possessive
from gmconsole.safe_text import cut_cells
from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row

__all__ = ["DrawOptionsForm", "InitiativeDiceForm", "NewRoundCardsForm", "typed_cards"]

CARDS_HINT = N_("blank: the console draws; typed: one card per draw, e.g. 3")
"""Speed and keep-best-of are 1 unless typed, so the example is one card (speed 2: e.g. 3 7)."""

CARDS_HINTS = (CARDS_HINT, N_("blank: drawn here; one card per draw, e.g. 3"), N_("blank: drawn here; e.g. 3"))
"""The cards field's hint, longest first: the field shows the first that fits it (the whole hint is wider than
the field at any terminal size, and a long name before it takes more room)."""


def _named(whole: str, hint: str) -> str:
    """A field's hint after the whole name its short label cut (``hint`` alone when the label shows it all)."""
    return _("{name}: {text}").format(name=whole, text=hint) if whole else hint


def _cards_hints(whole: str, cards: str = "") -> tuple[str, ...]:
    """The cards field's hints, longest first, each after ``whole`` (the name a short label cut, or "") and
    ``cards`` (how many cards to draw, when the form says it)."""
    return tuple(_named(whole, _("{cards}; {hint}").format(cards=cards, hint=_(hint)) if cards else _(hint))
                 for hint in CARDS_HINTS)


def _short(name: str) -> tuple[str, str]:
    """A long name shortened with "…" for the label (12 cells: a wide character takes two), and the whole
    name for the field's hint ("" when the label shows it all)."""
    short = cut_cells(name, 12)
    return short, "" if short == name else name


def typed_cards(form: FormScreen, field_id: str, name: str) -> list[int] | None:
    """The cards typed in a field (spaces or commas between them), or ``None`` when it is blank."""
    raw = form.text(field_id).replace(",", " ").split()
    if not raw:
        return None
    try:
        return [int(card) for card in raw]
    except ValueError:
        said = _("{whose} cards must be numbers of the deck (1-10), like 3 or 3 7.")
        raise FormError(said.format(whose=possessive(name))) from None


class _PerCombatantForm(FormScreen):
    """A form with a row of fields per combatant, ``combatants`` as ``(id, name)`` pairs."""

    def __init__(self, combatants: list[tuple[str, str]], submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.combatants = combatants


class DrawOptionsForm(_PerCombatantForm):
    """Cards mode: speed N (draw N cards, act N times), keep-best-of-N and the typed cards per
    combatant; blank speed / keep = 1, blank cards = the console draws."""

    form_title = N_("Draw initiative: speed, keep-best-of (blank = 1) and cards from a physical deck "
                    "(blank = drawn here)")

    def fields(self):
        for cid, name in self.combatants:
            short, whole = _short(name)
            yield field_row(_("{name} speed").format(name=short), f"speed-{cid}", "", _named(whole, "1-4"))
            yield field_row(_("{name} keep").format(name=short), f"keep-{cid}", "",
                            _named(whole, _("keep best of 1-4")))
            yield field_row(_("{name} cards").format(name=short), f"cards-{cid}", "", _named(whole, _(CARDS_HINT)),
                            hints=_cards_hints(whole))

    def parse(self) -> dict:
        speeds, keep, cards = {}, {}, {}
        for cid, name in self.combatants:
            speed = self.whole(f"speed-{cid}", _("{whose} speed").format(whose=possessive(name)), blank=1)
            best = self.whole(f"keep-{cid}", _("{whose} keep-best-of").format(whose=possessive(name)), blank=1)
            if speed < 1 or best < 1:
                raise FormError(_("{name}: speed and keep-best-of are at least 1.").format(name=name))
            if speed != 1:
                speeds[cid] = speed
            if best != 1:
                keep[cid] = best
            typed = typed_cards(self, f"cards-{cid}", name)
            if typed is not None:
                cards[cid] = typed
        return {"speeds": speeds, "keep_best": keep, "cards": cards}


class InitiativeDiceForm(_PerCombatantForm):
    """Roll mode with physical dice: the D6 each combatant rolled (blank = the console rolls)."""

    form_title = N_("Initiative D6 rolled by hand (R-MANUAL-1): the face for each combatant (blank = rolled here)")

    def fields(self):
        for cid, name in self.combatants:
            short, whole = _short(name)
            yield field_row(f"{short} D6", f"d6-{cid}", "", _named(whole, _("1-6, blank: rolled here")))

    def parse(self) -> dict:
        faces = {}
        for cid, name in self.combatants:
            if self.text(f"d6-{cid}"):
                faces[cid] = self.whole(f"d6-{cid}", _("{whose} D6").format(whose=possessive(name)))
        return {"faces": faces}


class NewRoundCardsForm(FormScreen):
    """R-INIT-2: the new round's cards from a physical deck for each combatant who draws (blank = the
    console draws); ``drawers`` are ``(id, name, how many cards)``."""

    form_title = N_("New round, new cards (R-INIT-2): the cards drawn from a physical deck (blank = drawn here)")

    def __init__(self, drawers: list[tuple[str, str, int]], submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.drawers = drawers

    def fields(self):
        for cid, name, count in self.drawers:
            short, whole = _short(name)
            cards = ngettext("{count} card", "{count} cards", count).format(count=count)
            yield field_row(_("{name} cards").format(name=short), f"cards-{cid}", "",
                            _cards_hints(whole, cards)[0], hints=_cards_hints(whole, cards))

    def parse(self) -> dict:
        cards = {}
        for cid, name, _count in self.drawers:
            typed = typed_cards(self, f"cards-{cid}", name)
            if typed is not None:
                cards[cid] = typed
        return {"cards": cards}
