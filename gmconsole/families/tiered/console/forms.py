"""The tiered family's special rolls in the console, offered by the roll builder: the saving throw
(R-TIER-3, ``service.rolls.saving_throw``), the attack (R-TIER-4, ``service.rolls.attack``) and the
contested roll (R-TIER-5, ``service.rolls.contested``).

Every roll goes through the campaign service, so it is recorded in the history and undoable; this module
only asks the questions and words the recorded entry. :func:`tiered_forms` returns each form as ``(title,
fields, run, hint)`` for :class:`~gmconsole.ui.screens.roll_form.RollFormScreen`; ``run`` raises
``ValueError`` with one sentence on bad input. Who takes an attack's damage is asked once its form closes
(:func:`pick_attack_target`).
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole import systems
from gmconsole.campaign.entries import Entry, SpecialRollEntry, as_record, as_special, given
from gmconsole.families.tiered.console.text import tier_word
from gmconsole.families.tiered.rules.detail import TieredSpecialDetail
from gmconsole.i18n import N_, _, ngettext
from gmconsole.phrasing import possessive, quoted
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import write_faces
from gmconsole.ui.screens.roll_form import FormField
from gmconsole.ui.widgets.faces_text import faces_example, with_letters
from gmconsole.ui.widgets.roll_specials import Form, other_rows

__all__ = ["pick_attack_target", "tiered_forms"]

SAVE_OUTCOMES = {"critical": N_("CRITICAL"), "success": N_("SUCCESS"), "failure": N_("FAILURE")}
"""A tiered saving throw's outcome as the result line shouts it (the entry keeps the id)."""


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        said = _("{what} must be a whole number, not {typed}").format(what=what, typed=quoted(text))
        raise RulesError(said) from None


def _yes(text: str) -> bool:
    return text.casefold() in ("y", "yes", "melee", "m")


def tiered_forms(service, character, state: dict, rng,
                 on_attack: Callable[[Entry], None] | None = None) -> dict[str, Form]:
    """Saving throw (R-TIER-3), attack (R-TIER-4) and contested roll (R-TIER-5) for ``tiered``, each
    recorded through the service. ``state`` (the builder's draft, as :func:`exploding_forms` takes it) is
    not read: each tiered form asks its own attribute. ``on_attack(entry)`` hears of each attack recorded (its damage is
    applied to a target once the form closes, :func:`pick_attack_target`)."""

    def save_run(v: dict[str, str]) -> str:
        entry = as_special(service.rolls.saving_throw(character.id, v["save"].casefold(), faces=v["faces"] or None,
                                                     rng=rng))
        faces = " ".join(str(d["face"]) for d in entry.dice)
        outcome = str(entry.outcome)
        own = TieredSpecialDetail.of(entry.detail)
        return _("{name} {save} save {score}: 2d6 [{faces}] = {total} → {outcome} (R-TIER-3)").format(
            name=character.name, save=own.save.upper(), score=own.score, faces=faces, total=own.total,
            outcome=_(SAVE_OUTCOMES[outcome]) if outcome in SAVE_OUTCOMES else outcome.upper())

    def attack_run(v: dict[str, str]) -> str:
        damage = _int(v["damage"], _("weapon damage")) if v["damage"] and not v["weapon"] else None
        melee = _yes(v["melee"])
        entry = as_special(service.rolls.attack(character.id, v["weapon"] or None, melee=melee,
                                               reckless=_yes(v["reckless"]),
                                               faces=v["faces"] or None, rng=rng, damage=damage))
        if on_attack is not None:
            on_attack(entry)
        faces = " ".join(str(d["face"]) for d in entry.dice)
        own = TieredSpecialDetail.of(entry.detail)
        notes = (_("; ") + _("; ").join(own.notes)) if own.notes else ""
        said = (_("{name} attacks (melee): [{faces}] → {tier}, damage {damage} (R-TIER-4)") if melee
                else _("{name} attacks (ranged): [{faces}] → {tier}, damage {damage} (R-TIER-4)"))
        return said.format(name=character.name, faces=faces, tier=tier_word(own.tier), damage=own.damage) + notes

    def contested_run(v: dict) -> str:
        if not v["opponent"]:
            raise RulesError(_("mark the opponent (space on a name)"))
        entry = as_special(service.rolls.contested(character.id, v["attribute"], v["opponent"],
                                                  opponent_attribute=v["opp_attribute"] or None,
                                                  faces=v["faces"] or None, rng=rng))
        rounds = _("; ").join(_("{a} vs {b}").format(a=a, b=b) for a, b in TieredSpecialDetail.of(entry.detail).rounds)
        return _("{rounds} → {winner} wins (R-TIER-5: ties are rolled again)").format(rounds=rounds,
                                                                                     winner=entry.winner_name)

    from gmconsole.campaign.shown_names import attribute_shown

    weapon = next((g.name for g in character.gear if g.damage), "")
    attack_hint = _("Class bonus + STR (melee) or DEX (ranged) d6, read as a skill check (R-TIER-4).")
    pools = _attack_pools(service.campaign.system, character)
    if pools:
        attack_hint += f" {pools[0]}"
    attack_example = faces_example(service.campaign.system, {("dice", 6): pools[1]}) if pools else ""
    typed = _("Faces typed (blank: console dice)")
    system = service.campaign.system
    strength = attribute_shown(system, "str")  # the name in the console's language
    save_faces = faces_example(system, {("dice", 6): 2})
    # a round of a contested roll, and a tied round (7-7) with its roll-off: faces the GM reads as such
    one_round, two_rounds = (write_faces(systems.get(system).face_kinds, {"dice": faces})
                             for faces in ([3, 4, 2, 6], [3, 4, 2, 5, 6, 1, 2, 2]))
    return {
        "save": (_("Saving throw"), [FormField("save", _("Save (phys, ment, perc)"), "phys"),
                                     FormField("faces", typed, placeholder=save_faces)],
                 save_run, with_letters(_("2d6 against the save score: ≥ 2× save critical, ≥ save success "
                                          "(R-TIER-3)."), system, save_faces)),
        "attack": (_("Attack roll"), [FormField("weapon", _("Weapon (item name; blank: type the damage)"), weapon),
                                      FormField("damage", _("Weapon damage (when no item)"), ""),
                                      FormField("melee", _("Melee? (y/n)"), "y"),
                                      FormField("reckless", _("Reckless? (y/n, melee only)"), "n"),
                                      FormField("faces", typed, placeholder=attack_example)],
                   attack_run, with_letters(attack_hint, system, save_faces)),
        "contested": (_("Contested roll"), [FormField("opponent", _("Opponent (space marks)"),
                                                      choices=other_rows(service, character.id)),
                                            FormField("attribute", _("Attribute (name)"), strength),
                                            FormField("opp_attribute", _("Opponent's attribute (blank: same)")),
                                            FormField("faces", _("Faces typed (a,a,b,b; blank: console dice)"),
                                                      placeholder=one_round)],
                      contested_run, with_letters(
                          _("Each side 2d6 + attribute; highest wins; a tie is rolled again (R-TIER-5). Typed faces: "
                            "4 per round (yours, yours, theirs, theirs); if the totals tie, type 4 more faces for "
                            "each reroll (e.g. {faces}).").format(faces=two_rounds), system, one_round)),
    }


def _attack_pools(system: str, character) -> tuple[str, int] | None:
    """The attack pool sizes of ``character`` in words (class bonus + STR / DEX, R-TIER-4), so the GM
    knows how many faces to type, and the melee pool's size (the form's default attack, whose faces the
    example shows); the size is read through the rules core's ``dice_to_roll``. ``None``: no pool to tell."""
    from gmconsole.families.tiered.rules import roll as tiered

    attrs = character.attributes
    if "str" not in attrs or "dex" not in attrs:
        return None
    bonus = character.class_bonus or 0
    try:
        melee = tiered.dice_to_roll(bonus + attrs["str"].current)
        ranged = tiered.dice_to_roll(bonus + attrs["dex"].current)
    except RulesError:
        return None
    melee_faces, ranged_faces = (faces_example(system, {("dice", 6): n}) for n in (melee, ranged))
    melee_pool = ngettext("melee {count} die (class bonus {bonus} + STR {str})",
                          "melee {count} dice (class bonus {bonus} + STR {str})", melee).format(
        count=melee, bonus=bonus, str=attrs["str"].current)
    ranged_pool = ngettext("ranged {count} die (class bonus {bonus} + DEX {dex})",
                           "ranged {count} dice (class bonus {bonus} + DEX {dex})", ranged).format(
        count=ranged, bonus=bonus, dex=attrs["dex"].current)
    return _("Pool: {melee}, {ranged}: type that many faces, e.g. {melee_faces} (melee) or {ranged_faces} "
             "(ranged).").format(melee=melee_pool, ranged=ranged_pool, melee_faces=melee_faces,
                                 ranged_faces=ranged_faces), melee


def pick_attack_target(app, service, entry: Entry | dict | None) -> None:
    """R-TIER-4: after an attack the GM picks who takes its damage from the roster;
    it comes off their stamina as one undoable entry (the status line says the new value). Escape at
    the picker applies nothing; an attack that did no damage asks nothing."""
    from gmconsole.ui.screens.pickers import PickCharacters
    from gmconsole.ui.widgets.sheet_view import who

    entry = as_record(entry) if entry is not None else None
    if not isinstance(entry, SpecialRollEntry) or entry.kind != "attack":
        return
    own = TieredSpecialDetail.of(entry.detail)
    tier = given(own.tier, "")
    if given(own.damage, 0) <= 0:
        app.show_error(_("{owner} attack did no damage ({tier}): nothing to apply.").format(
            owner=possessive(entry.character), tier=tier))
        return
    others = [(c.id, who(c)) for c in service.campaign.roster if c.id != given(entry.character_id, None)]
    if not others:
        return

    def picked(ids: list[str] | None) -> None:
        if ids:
            app.attempt(lambda: service.outcomes.apply_attack_damage(entry.id, ids[0]))

    title = _("{owner} attack: {damage} damage ({tier}). Who takes it? (esc: do not apply)").format(
        owner=possessive(entry.character), damage=own.damage, tier=tier_word(tier))
    app.push_screen(PickCharacters(title, others, limit=1, minimum=1), picked)
