"""The campaign settings as the GM sees them: which apply to the campaign's system, their R-ids, a line
on what each does, their allowed values, and typed text turned into a value.

Which setting applies to which system, its R-id (or docs/RULES.md section) and its line of text are data
(``data/settings.toml``), not ``if system ==`` code: the settings screen (``ctrl+o``) and
``gmconsole settings NAME`` both read them from here. A change itself goes through
``service.setup.update_settings`` (one safe commit, one history entry, undoable); this module
only checks and converts what was typed, so a bad key or value is refused before anything is written,
with a message listing what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.i18n import N_, _, language
from gmconsole.phrasing import quoted
from gmconsole.rules.data import load_table
from gmconsole.safe_text import shown

__all__ = [
    "SettingInfo",
    "allowed_text",
    "next_value",
    "parse_assignment",
    "parse_value",
    "setting_rows",
    "settings_for",
    "shown_value",
]

COVERAGE = "condition_coverage"
COVERAGE_HELP = N_("one condition at a time: condition_coverage.CONDITION=SKILL,SKILL (the skills its -1 covers), "
                 "=all (every roll) or =none (no -1); any condition name (the GM chooses conditions; "
                 "tired, angry, scared are examples)")
EMPTY_CHOICE = "(config.toml)"
"""How an empty choice is shown: the language setting left to the GM's settings file."""
ON_WORDS = ("on", "true", "yes", "1")
OFF_WORDS = ("off", "false", "no", "0")


@dataclass(frozen=True)
class SettingInfo:
    """One row of ``data/settings.toml``: the model's key, how a value is given, its R-id and text."""

    key: str
    kind: str  # choice, bool, number, attribute, map
    rule: str
    text: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    label: str = ""

    @property
    def editable(self) -> bool:
        """False for ``condition_coverage`` (a map): the screen shows it; the command line sets it one
        condition at a time (``condition_coverage.CONDITION=...``, :func:`parse_assignment`)."""
        return self.kind != "map"


def settings_for(system: str) -> list[SettingInfo]:
    """The settings that apply to ``system``, in the table's order."""
    return [SettingInfo(key=row["key"], kind=row["kind"], rule=row["rule"], text=_words(row, "text"),
                        choices=tuple(row.get("choices", ())), minimum=int(row.get("min", 0)),
                        maximum=int(row.get("max", 0)), label=_words(row, "label") or row["key"])
            for row in load_table("settings")["settings"] if system in row["systems"]]


def _words(row: dict, field: str) -> str:
    """A setting's ``label`` or ``text`` in the console's language (the table's ``"zh-Hant"`` part), English
    when the table has none in it."""
    return (row.get(language()) or {}).get(field) or row.get(field, "")


def _info(campaign: Campaign, key: str) -> SettingInfo:
    found = {s.key: s for s in settings_for(campaign.system)}
    if key not in found:
        editable = ", ".join(s.key if s.editable else f"{s.key}.CONDITION" for s in found.values())
        raise ValidationError(_("{key} is not a setting of {system} campaigns; the settings are: {settings}").format(
            key=quoted(key), system=campaign.system, settings=editable))
    return found[key]


def choices_of(campaign: Campaign, info: SettingInfo) -> tuple[str, ...]:
    """The values a choice or attribute setting may take (attribute: the system's attributes; exploding,
    whose traits are the GM's own: every trait on the roster, and the current value)."""
    if info.kind == "choice":
        return info.choices
    if info.kind == "attribute":
        fixed = validation.attribute_ids(campaign.system)
        if fixed is not None:
            return tuple(fixed)
        traits = {name for c in campaign.roster for name in c.attributes}
        traits.add(campaign.settings.initiative_attribute)
        return tuple(sorted(traits))
    return ()


def allowed_text(campaign: Campaign, info: SettingInfo) -> str:
    """What ``info`` accepts, in words (for a refusal and the CLI's listing)."""
    if info.kind == "bool":
        return _("on or off")
    if info.kind == "number":
        return _("a whole number from {low} to {high}").format(low=info.minimum, high=info.maximum)
    if info.kind == "map":
        return _(COVERAGE_HELP)
    empty = _('"" (empty: the settings file\'s)')
    return _("one of {choices}").format(choices=_(", ").join(shown(c) if c else empty
                                                             for c in choices_of(campaign, info)))


def parse_value(campaign: Campaign, key: str, text: str):
    """The value ``text`` gives setting ``key`` of ``campaign``; a ValidationError saying what is allowed."""
    info = _info(campaign, key)
    typed = text.strip()
    validation.check_typed_text(typed, _("the value of {key}").format(key=key))
    problem = _("{value} is not a value of {key} ({rule}): it takes {allowed}").format(
        value=quoted(typed), key=key, rule=info.rule, allowed=allowed_text(campaign, info))
    if info.kind == "bool":
        if typed.lower() in ON_WORDS:
            return True
        if typed.lower() in OFF_WORDS:
            return False
        raise ValidationError(problem)
    if info.kind == "number":
        if typed.isascii() and typed.isdigit() and info.minimum <= int(typed) <= info.maximum:
            return int(typed)
        raise ValidationError(problem)
    if info.kind == "map":
        raise ValidationError(_("{key} ({rule}) is set {how}").format(key=key, rule=info.rule, how=_(COVERAGE_HELP)))
    if typed not in choices_of(campaign, info):
        raise ValidationError(problem)
    return typed


def parse_assignment(campaign: Campaign, text: str, pending: dict | None = None) -> tuple[str, object]:
    """``KEY=VALUE`` (the CLI's ``--set``) as ``(key, value)``. ``condition_coverage.CONDITION=...``
    gives ``("condition_coverage", the whole new map)``, built on ``pending`` (the changes parsed so far
    in the same command) or else the campaign's map."""
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ValidationError(_("{text} is not KEY=VALUE (e.g. push_cost=doom)").format(text=quoted(text)))
    head, dot, condition = key.partition(".")
    if dot and head == COVERAGE:
        _info(campaign, COVERAGE)  # only where the system has the setting
        current = (pending or {}).get(COVERAGE, getattr(campaign.settings, COVERAGE))
        return COVERAGE, _coverage(campaign, dict(current), condition.strip(), value.strip())
    return key, parse_value(campaign, key, value)


def _coverage(campaign: Campaign, coverage: dict, condition: str, value: str) -> dict:
    """``coverage`` with ``condition`` covering the skills in ``value`` (``all``: every roll; ``none``: removed).

    Any condition name is accepted: with the conditions push cost the GM chooses the condition
    (docs/RULES.md: "e.g. Tired, Angry, Scared"; data/yze.toml's ``conditions`` are those examples), so
    a name not in the table is a rule reading, not a typo to refuse. It is kept case-folded, as a push's
    condition is (:func:`gmconsole.campaign.sheet_rolls.apply_costs`), so the two match. The skills are
    checked against the campaign's own list when it has one (as rolls are), not only the system's."""
    validation.check_typed_text(condition, _("a condition name"))
    condition = condition.casefold()
    validation.check_typed_text(value, _("the skills of a condition"))
    if not condition:
        raise ValidationError(_("name the condition: {how}").format(how=_(COVERAGE_HELP)))
    if value.lower() == "none":
        coverage.pop(condition, None)
        return coverage
    skills = [] if value.lower() == "all" else [s.strip() for s in value.split(",") if s.strip()]
    if value.lower() != "all" and not skills:
        raise ValidationError(_("{value} names no skill: {how}").format(value=quoted(value), how=_(COVERAGE_HELP)))
    for skill in skills:
        validation.check_skill_name(campaign, skill)
    coverage[condition] = skills
    return coverage


def shown_value(value) -> str:
    """A setting's value in words: on/off for a flag, ``condition: skill, skill`` for the coverage map,
    ``(config.toml)`` for an empty choice (the language: the GM's settings file says); escaped (the
    value comes from the campaign file)."""
    if value == "":
        return EMPTY_CHOICE
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, dict):
        every = _("every roll")
        return _("; ").join(_("{condition}: {skills}").format(
            condition=shown(k), skills=_(", ").join(shown(s) for s in v) if isinstance(v, list) and v else every)
            for k, v in value.items()) or _("none")
    return shown(value)


def change_text(system: str, changes: dict) -> str:
    """Settings changes in the GM's words, from the table's labels: ``New cards each
    round: on``, ``Initiative attribute: Agility``; a key the table does not have as it is."""
    from gmconsole.campaign.skills import attribute_name_of

    rows = {s.key: s for s in settings_for(system)}
    parts = []
    for key, value in changes.items():
        info = rows.get(key)
        if info is not None and info.kind == "attribute" and isinstance(value, str):
            value = attribute_name_of(system, value)
        parts.append(_("{setting}: {value}").format(setting=shown(info.label if info else key),
                                                    value=shown_value(value)))
    return _(", ").join(parts)


def next_value(campaign: Campaign, key: str):
    """The value after the current one (enter/space on the screen): a flag toggled, a choice or number
    cycled in order; ``None`` for the coverage map, which is not changed from here."""
    info = _info(campaign, key)
    current = getattr(campaign.settings, key)
    if info.kind == "bool":
        return not current
    if info.kind == "number":
        return info.minimum if not isinstance(current, int) or current >= info.maximum else current + 1
    if info.kind == "map":
        return None
    options = choices_of(campaign, info)
    if not options:
        return None
    return options[(options.index(current) + 1) % len(options)] if current in options else options[0]


def setting_rows(campaign: Campaign) -> list[dict]:
    """Every setting of the campaign's system with its value: ``{"key", "value", "rule", "text",
    "allowed"}`` (the CLI's JSON; values as the model holds them)."""
    return [{"key": info.key, "value": getattr(campaign.settings, info.key), "rule": info.rule, "text": info.text,
             "allowed": allowed_text(campaign, info)}
            for info in settings_for(campaign.system)]
