"""Initiative for every system (docs/RULES.md): cards, roll and manual modes.

PURE: every function takes an :class:`Initiative` and returns a new one (the input is never
changed); randomness comes from a passed-in ``random.Random`` or from cards / faces the GM typed.

- ``cards``: a deck of cards 1–10, shuffled when the conflict starts; each combatant draws one,
  lowest acts first. Speed N draws N cards (N places a round). Keep-best-of-N draws N, keeps the
  lowest and returns the rest to the deck, which is then shuffled. Two combatants can swap.
  R-INIT-1: when a draw finds the deck empty (more than 10 cards drawn), a second deck of 1–10 is
  opened and shuffled. Two equal cards from different decks: the earlier draw acts first.
- ``roll``: D6 + an attribute (myz: Agility); highest first; ties go to the higher attribute, then
  to a roll-off (a D6 each, again while still tied).
- ``manual``: the GM gives the order.
- All modes: round counter, current turn, next / previous turn, delay, remove, add mid-conflict.
  R-INIT-3: a delay lasts until the delayed combatant acts: when the round ends every place goes back to the
  mode's order (cards and totals; manual: the order the GM gave), and the fast and slow actions marked are
  cleared (R-ACT-1, :mod:`.initiative_actions`). The conflict ends when the caller drops the state.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gmconsole.i18n import N_, _
from gmconsole.phrasing import possessive
from gmconsole.rules.errors import RulesError

MODES = ("cards", "roll", "manual")
DECK = tuple(range(1, 11))
MAX_SPEED = 4
MAX_KEEP_BEST = 4


@dataclass
class Slot:
    """One place in the acting order: who, and the card / total / position that put them there.

    ``attribute`` and ``rolloff`` are the roll-mode tie-breaks; ``seq`` is the draw order. In manual
    mode ``value`` is the place the GM gave (a delay moves the slot, not its value). ``delayed``: the
    place was moved by a delay this round (it goes back to its place when the round ends).
    """

    combatant: str
    value: int
    attribute: int = 0
    rolloff: list[int] = field(default_factory=list)
    seq: int = 0
    delayed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "value": self.value, "attribute": self.attribute,
                "rolloff": list(self.rolloff), "seq": self.seq, "delayed": self.delayed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Slot:
        return cls(data["combatant"], int(data["value"]), int(data.get("attribute", 0)),
                   list(data.get("rolloff", [])), int(data.get("seq", 0)), bool(data.get("delayed", False)))


@dataclass
class Initiative:
    """A conflict's initiative: the mode, the deck (cards left, next draw first), decks opened,
    the acting order (``slots``), the round (from 1), the current turn (index into ``slots``),
    cards drawn so far, and whether the first turn has begun (adds before it just sort in).

    Cards mode also keeps each combatant's ``draw_options`` (``[speed, keep_best_of]``, for a draw
    each round) and the ``keepers``: combatants allowed to keep their card instead of drawing anew
    (R-INIT-2). ``actions``: the fast and slow actions each combatant has taken this round (R-ACT-1)."""

    mode: str
    deck: list[int] = field(default_factory=list)
    decks: int = 0
    slots: list[Slot] = field(default_factory=list)
    round: int = 1
    turn: int = 0
    draws: int = 0
    seq: int = 0
    begun: bool = False
    draw_options: dict[str, list[int]] = field(default_factory=dict)
    keepers: list[str] = field(default_factory=list)
    actions: dict[str, list[str]] = field(default_factory=dict)

    def current(self) -> Slot | None:
        """The slot whose turn it is (``None`` when nobody is in the conflict)."""
        return self.slots[self.turn] if self.slots else None

    def combatants(self) -> list[str]:
        """Everyone in the conflict, once each, in acting order."""
        seen: list[str] = []
        for slot in self.slots:
            if slot.combatant not in seen:
                seen.append(slot.combatant)
        return seen

    def order(self) -> list[str]:
        """The combatant of every slot in acting order (speed N shows a combatant N times)."""
        return [slot.combatant for slot in self.slots]

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "deck": list(self.deck), "decks": self.decks,
                "slots": [s.to_dict() for s in self.slots], "round": self.round, "turn": self.turn,
                "draws": self.draws, "seq": self.seq, "begun": self.begun,
                "draw_options": {k: list(v) for k, v in self.draw_options.items()}, "keepers": list(self.keepers),
                **({"actions": {k: list(v) for k, v in self.actions.items()}} if self.actions else {})}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Initiative:
        return cls(mode=data["mode"], deck=list(data.get("deck", [])), decks=int(data.get("decks", 0)),
                   slots=[Slot.from_dict(s) for s in data.get("slots", [])], round=int(data.get("round", 1)),
                   turn=int(data.get("turn", 0)), draws=int(data.get("draws", 0)), seq=int(data.get("seq", 0)),
                   begun=bool(data.get("begun", False)),
                   draw_options={k: [int(x) for x in v] for k, v in data.get("draw_options", {}).items()},
                   keepers=list(data.get("keepers", [])),
                   actions={k: [str(x) for x in v] for k, v in data.get("actions", {}).items()})


def _copy(state: Initiative) -> Initiative:
    return copy.deepcopy(state)


def _key(state: Initiative, slot: Slot) -> tuple[int | tuple[int, ...], ...]:
    if state.mode == "cards":
        return (slot.value, slot.seq)
    if state.mode == "roll":
        return (-slot.value, -slot.attribute, tuple(-r for r in slot.rolloff), slot.seq)
    return (slot.value, slot.seq)


def _insert(state: Initiative, slot: Slot) -> None:
    """Put ``slot`` in its place by the mode's order; once turns have begun the current turn stays
    with whoever has it (a slot placed before it shifts the index)."""
    key = _key(state, slot)
    index = next((i for i, s in enumerate(state.slots) if _key(state, s) > key), len(state.slots))
    state.slots.insert(index, slot)
    if state.begun and index <= state.turn and len(state.slots) > 1:
        state.turn += 1


def _require_mode(state: Initiative, mode: str, action: str) -> None:
    if state.mode != mode:
        raise RulesError(_("{action} needs {mode} initiative; this conflict uses {used}").format(
            action=_(action), mode=mode, used=state.mode))


def _require_in(state: Initiative, combatant: str) -> None:
    if combatant not in state.combatants():
        raise RulesError(_("{name} is not in the conflict").format(name=combatant))


def _require_out(state: Initiative, combatant: str) -> None:
    if combatant in state.combatants():
        raise RulesError(_("{name} already has initiative in this conflict").format(name=combatant))


def _new_deck(rng: random.Random | None) -> list[int]:
    deck = list(DECK)
    if rng is not None:
        rng.shuffle(deck)
    return deck


def start(mode: str, rng: random.Random | None = None) -> Initiative:
    """A new conflict in ``mode``; ``cards`` shuffles a fresh deck with ``rng`` (no ``rng``: the
    GM draws from a physical deck and types the cards)."""
    if mode not in MODES:
        raise RulesError(_("unknown initiative mode {mode!r}: use cards, roll or manual").format(mode=mode))
    return Initiative(mode=mode, deck=_new_deck(rng), decks=1) if mode == "cards" else Initiative(mode=mode)


def begin(state: Initiative) -> Initiative:
    """Mark the first turn as begun: from now on, adds and removals keep the current turn's owner."""
    new = _copy(state)
    new.begun = True
    return new


def _take(state: Initiative, rng: random.Random | None, wanted: int | None) -> tuple[int, bool]:
    """Draw one card (``wanted``: the card the GM typed); R-INIT-1 opens a new deck when empty."""
    opened = False
    if not state.deck:
        state.deck.extend(_new_deck(rng))
        state.decks += 1
        opened = True
    if wanted is None:
        card = state.deck.pop(0)
    else:
        if isinstance(wanted, bool) or not isinstance(wanted, int) or wanted not in DECK:
            raise RulesError(_("{card!r} is not an initiative card (cards run 1-10)").format(card=wanted))
        if wanted not in state.deck:
            holder = next((slot.combatant for slot in state.slots if slot.value == wanted), None)
            if holder is not None:  # typed for two combatants: say who holds it
                raise RulesError(_("card {card} is already {whose}").format(card=wanted, whose=possessive(holder)))
            left = _(", ").join(str(c) for c in sorted(state.deck))
            raise RulesError(_("card {card} is not in the deck any more; cards left: {left}").format(
                card=wanted, left=left))
        state.deck.remove(wanted)
        card = wanted
    state.draws += 1
    return card, opened


def _whose_cards(combatant: str, problem: str) -> RulesError:
    """A refusal of the cards typed for ``combatant`` that says whose they are (the draw form has a cards
    field per combatant): ``c4's cards: card 7 is already c1's``, the ids named by the campaign."""
    return RulesError(_("{whose} cards: {problem}").format(whose=possessive(combatant), problem=problem))


def draw(
    state: Initiative,
    combatant: str,
    rng: random.Random | None = None,
    *,
    speed: int = 1,
    keep_best_of: int = 1,
    cards: Sequence[int] | None = None,
) -> tuple[Initiative, dict[str, Any]]:
    """``combatant`` draws: ``speed`` places, each the best (lowest) of ``keep_best_of`` cards; the
    others go back into the deck, which is shuffled (with ``rng``). ``cards`` are the cards the
    GM drew from a physical deck, in order (``speed`` × ``keep_best_of`` of them).

    Returns the new state and ``{"drawn": [...], "kept": [...], "returned": [...], "decks_opened": n}``.
    """
    _require_mode(state, "cards", N_("drawing cards"))
    _require_out(state, combatant)
    if not 1 <= speed <= MAX_SPEED:
        raise RulesError(_("{whose} speed must be from 1 to {most}").format(whose=possessive(combatant),
                                                                            most=MAX_SPEED))
    if not 1 <= keep_best_of <= MAX_KEEP_BEST:
        raise RulesError(_("{whose} keep-best-of must be from 1 to {most} cards").format(
            whose=possessive(combatant), most=MAX_KEEP_BEST))
    if cards is not None and len(cards) != speed * keep_best_of:
        raise _whose_cards(combatant, _("{given} cards given but speed {speed} with keep-best-of {best} draws {draws}")
                           .format(given=len(cards), speed=speed, best=keep_best_of, draws=speed * keep_best_of))
    new = _copy(state)
    new.draw_options[combatant] = [speed, keep_best_of]
    typed = list(cards) if cards is not None else None
    drawn: list[int] = []
    kept: list[int] = []
    returned: list[int] = []
    opened = 0
    for _place in range(speed):
        hand = []
        for _card in range(keep_best_of):
            try:
                card, was_opened = _take(new, rng, typed.pop(0) if typed is not None else None)
            except RulesError as exc:  # only a typed card is refused: the GM reads whose field it is in
                raise _whose_cards(combatant, str(exc)) from None
            opened += was_opened
            hand.append(card)
        drawn.extend(hand)
        best = min(hand)
        hand.remove(best)
        kept.append(best)
        if hand:
            returned.extend(hand)
            new.deck.extend(hand)
            if rng is not None:
                rng.shuffle(new.deck)
        new.seq += 1
        _insert(new, Slot(combatant, best, seq=new.seq))
    return new, {"drawn": drawn, "kept": kept, "returned": returned, "decks_opened": opened}


def _settle_ties(state: Initiative, rng: random.Random | None) -> list[tuple[str, int]]:
    """Roll-off: slots tied on total and attribute each roll a D6, again while still tied."""
    rolled: list[tuple[str, int]] = []
    while True:
        groups: dict[tuple[int, int, tuple[int, ...]], list[Slot]] = {}
        for slot in state.slots:
            groups.setdefault((slot.value, slot.attribute, tuple(slot.rolloff)), []).append(slot)
        tied = [g for g in groups.values() if len(g) > 1]
        if not tied:
            return rolled
        if rng is None:
            raise RulesError(_("a tie on total and attribute needs a roll-off, so a random source is needed"))
        for group in tied:
            for slot in group:
                face = rng.randint(1, 6)
                slot.rolloff.append(face)
                rolled.append((slot.combatant, face))


def roll(
    state: Initiative,
    combatant: str,
    attribute: int,
    rng: random.Random | None = None,
    *,
    face: int | None = None,
) -> tuple[Initiative, dict[str, Any]]:
    """``combatant`` rolls D6 + ``attribute`` (``face``: a D6 rolled by hand); highest acts first;
    ties go to the higher attribute, then a roll-off. Returns the state and
    ``{"face", "attribute", "total", "rolloffs": [[combatant, face], ...]}``."""
    _require_mode(state, "roll", N_("rolling for initiative"))
    _require_out(state, combatant)
    if isinstance(attribute, bool) or not isinstance(attribute, int) or not -10 <= attribute <= 20:
        raise RulesError(_("initiative attribute {value!r} must be a whole number from -10 to 20").format(
            value=attribute))
    if face is None:
        if rng is None:
            raise RulesError(_("give a D6 face or a random source for the initiative roll"))
        face = rng.randint(1, 6)
    elif isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
        raise RulesError(_("an initiative D6 cannot show {face!r} (faces run 1-6)").format(face=face))
    new = _copy(state)
    new.seq += 1
    slot = Slot(combatant, face + attribute, attribute=attribute, seq=new.seq)
    new.slots.append(slot)
    rolloffs = _settle_ties(new, rng)
    new.slots.remove(slot)
    if rolloffs and not new.begun:
        new.slots.sort(key=lambda s: _key(new, s))
    _insert(new, slot)
    return new, {"face": face, "attribute": attribute, "total": face + attribute,
                 "rolloffs": [list(r) for r in rolloffs]}


def place(state: Initiative, combatant: str, position: int | None = None) -> Initiative:
    """Manual mode: put ``combatant`` at ``position`` (0 = first; default last)."""
    _require_mode(state, "manual", N_("placing by hand"))
    _require_out(state, combatant)
    new = _copy(state)
    index = len(new.slots) if position is None else position
    if not 0 <= index <= len(new.slots):
        raise RulesError(_("position {position} is outside the order (0 to {last})").format(
            position=position, last=len(new.slots)))
    new.seq += 1
    rank = min((s.value for s in new.slots[index:]), default=len(new.slots))
    for slot in new.slots:
        if slot.value >= rank:
            slot.value += 1
    new.slots.insert(index, Slot(combatant, rank, seq=new.seq))
    if new.begun and index <= new.turn and len(new.slots) > 1:
        new.turn += 1
    _renumber(new)
    return new


def _renumber(state: Initiative) -> None:
    """Manual mode: the places the GM gave, numbered 0, 1, ... again (after an add or a removal)."""
    if state.mode == "manual":
        for rank, slot in enumerate(sorted(state.slots, key=lambda s: (s.value, s.seq))):
            slot.value = rank


def _restore(state: Initiative) -> None:
    """The end of a round: every place goes back to the mode's order, delays are over, no action is taken."""
    state.slots.sort(key=lambda s: _key(state, s))
    state.actions = {}
    for slot in state.slots:
        slot.delayed = False


def set_order(state: Initiative, combatants: Sequence[str]) -> Initiative:
    """Manual mode: the GM types the whole order (every combatant once); round and turn restart."""
    _require_mode(state, "manual", N_("typing the order"))
    names = list(combatants)
    if len(set(names)) != len(names):
        raise RulesError(_("each combatant may appear only once in the order"))
    if state.slots and sorted(names) != sorted(state.combatants()):
        raise RulesError(_("the order must name every combatant in the conflict, and no one else"))
    new = _copy(state)
    new.slots = []
    for name in names:
        new.seq += 1
        new.slots.append(Slot(name, len(new.slots), seq=new.seq))
    new.turn = 0
    return new


def swap(state: Initiative, first: str, second: str) -> Initiative:
    """Two combatants swap initiative (their first places in the order, and the cards there)."""
    _require_in(state, first)
    _require_in(state, second)
    if first == second:
        raise RulesError(_("a combatant cannot swap with themselves"))
    new = _copy(state)
    a = next(s for s in new.slots if s.combatant == first)
    b = next(s for s in new.slots if s.combatant == second)
    a.combatant, b.combatant = second, first
    return new


def delay(state: Initiative, combatant: str | None = None, after: str | None = None) -> Initiative:
    """``combatant`` (default: whoever's turn it is) delays: their next place moves to right after
    ``after``'s next place (default: the end of the round). R-INIT-3: the delay lasts until they act: when
    the round ends their place goes back where the mode puts it."""
    if not state.slots:
        raise RulesError(_("nobody is in the conflict"))
    who = combatant or state.slots[state.turn].combatant
    _require_in(state, who)
    if after == who:
        raise RulesError(_("a combatant cannot delay until after themselves"))
    if after is not None:
        _require_in(state, after)
        _require_to_act(state, after)
    _require_to_act(state, who)
    new = _copy(state)
    index = _next_index(new, who)
    slot = new.slots.pop(index)
    slot.delayed = True
    target = len(new.slots) if after is None else _next_index(new, after) + 1
    new.slots.insert(target, slot)
    if index < new.turn and target >= new.turn:
        new.turn -= 1
    elif index > new.turn and target <= new.turn:
        new.turn += 1
    _renumber(new)
    return new


def bring_in(state: Initiative, combatant: str) -> Initiative:
    """A delayed ``combatant`` acts now: their delayed place moves to right after the current turn,
    and the turn passes to them; the delay is over (R-INIT-3), so the place no longer reads delayed."""
    if not state.slots:
        raise RulesError(_("nobody is in the conflict"))
    _require_in(state, combatant)
    if state.slots[state.turn].combatant == combatant:  # the current slot (the conflict has slots)
        raise RulesError(_("it is already {whose} turn").format(whose=possessive(combatant)))
    later = [s for s in state.slots[state.turn + 1:] if s.combatant == combatant and s.delayed]
    if not later:
        raise RulesError(_("{name} is not delaying this round").format(name=combatant))
    new = _copy(state)
    index = state.slots.index(later[0])
    slot = new.slots.pop(index)
    slot.delayed = False
    new.slots.insert(new.turn + 1, slot)
    new.turn += 1
    return new


def _require_to_act(state: Initiative, combatant: str) -> None:
    """Refuse a delay for (or until after) someone who has no place left this round."""
    if not any(s.combatant == combatant for s in state.slots[state.turn:]):
        raise RulesError(_("{name} has already acted this round").format(name=combatant))


def _next_index(state: Initiative, combatant: str) -> int:
    """The index of ``combatant``'s next place: from the current turn on, else their first."""
    for i in range(state.turn, len(state.slots)):
        if state.slots[i].combatant == combatant:
            return i
    return next(i for i, s in enumerate(state.slots) if s.combatant == combatant)


def next_turn(state: Initiative) -> Initiative:
    """The next place acts; after the last, the round goes up by one and the first acts. The place
    that has just acted is no longer delayed (R-INIT-3: a delay lasts until they act)."""
    if not state.slots:
        raise RulesError(_("nobody is in the conflict"))
    new = _copy(state)
    new.begun = True
    if new.turn < len(new.slots):
        new.slots[new.turn].delayed = False
    new.turn += 1
    if new.turn >= len(new.slots):
        _restore(new)
        new.turn = 0
        new.round += 1
    return new


def previous_turn(state: Initiative) -> Initiative:
    """Back one place; before the first, the last place of the round before."""
    if not state.slots:
        raise RulesError(_("nobody is in the conflict"))
    if state.turn == 0 and state.round == 1:
        raise RulesError(_("this is the first turn of the conflict"))
    new = _copy(state)
    if new.turn == 0:
        new.round -= 1
        new.turn = len(new.slots) - 1
    else:
        new.turn -= 1
    return new


def remove(state: Initiative, combatant: str) -> Initiative:
    """Take ``combatant`` out (every place they hold); their cards are not returned. If they held
    the current turn it passes to the next place (the next round's first after the last)."""
    _require_in(state, combatant)
    new = _copy(state)
    before_turn = sum(1 for s in new.slots[: new.turn] if s.combatant == combatant)
    new.slots = [s for s in new.slots if s.combatant != combatant]
    new.draw_options.pop(combatant, None)
    new.keepers = [k for k in new.keepers if k != combatant]
    new.actions.pop(combatant, None)
    new.turn -= before_turn
    if not new.slots:
        new.turn = 0
    elif new.turn >= len(new.slots):
        _restore(new)
        new.turn = 0
        new.round += 1
    _renumber(new)
    return new
