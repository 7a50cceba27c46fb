"""The GM's own tables changed and rolled, each one recorded, undoable change (:mod:`gmconsole.campaign.gm_tables`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gmconsole.campaign import gm_tables
from gmconsole.campaign.model import Campaign
from gmconsole.rules.gm_tables import parse_faces

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def load_tables(ledger: Ledger, text: str, source: str) -> dict:
    """Add the tables of a TOML file (``source`` names it), replacing those of the same names; undoable."""
    tables = gm_tables.parse_file(text, ledger.campaign.system, source)
    return ledger.commit("tables", lambda c: gm_tables.load(c, tables, source))


def remove_table(ledger: Ledger, name: str) -> dict:
    """Take a table out of the campaign; undoable."""
    gm_tables.find(ledger.campaign, name)  # refused before a turn is taken
    return ledger.commit("tables", lambda c: gm_tables.remove(c, name))


def roll_table(ledger: Ledger, name: str, character: str | None, faces: str | None, rng: random.Random) -> dict:
    """Roll a table, with the console's dice or ``faces`` typed from physical dice (R-MANUAL-1), for
    ``character`` (id or name; the costs of the row read then wait for them) or for nobody; undoable."""
    table = gm_tables.find(ledger.campaign, name)
    die = gm_tables.die_of(table)
    rolled = die.roll(rng) if faces is None else parse_faces(faces, die)
    who = ledger.character(character) if character else None

    def mutate(c: Campaign) -> dict:
        return gm_tables.roll_fields(gm_tables.find(c, table["name"]), rolled, who.name if who else None,
                                     by_hand=faces is not None)

    return ledger.commit("table_roll", mutate, character_id=who.id if who else None)
