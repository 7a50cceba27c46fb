"""The campaign's API: small facades over the ledger, and command modules that take the ledger.

The open campaign (``CampaignService``) holds one facade per job (``service.rolls``, ``service.trackers``,
...); each facade hands a change to a command module, and a command module gets the ``Ledger`` — never the
service or a facade — so the imports go one way. A type-only import counts too: it would close a circle a
reader has to hold in their head all the same.
"""

from __future__ import annotations

import ast
from pathlib import Path

import gmconsole.campaign
from gmconsole.campaign.facades.conflict import Conflict
from gmconsole.campaign.facades.history import History
from gmconsole.campaign.facades.outcomes import Outcomes
from gmconsole.campaign.facades.rolls import Rolls
from gmconsole.campaign.facades.roster import Roster
from gmconsole.campaign.facades.sessions import Sessions
from gmconsole.campaign.facades.setup import Setup
from gmconsole.campaign.facades.trackers import Trackers
from gmconsole.campaign.service import CampaignService

CAMPAIGN = Path(gmconsole.campaign.__file__).parent


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top, in a function or under ``if TYPE_CHECKING:``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_command_module_reaches_back_to_the_service_or_a_facade():
    for path in sorted((CAMPAIGN / "commands").glob("*.py")):
        back = {name for name in _imported(path)
                if name.startswith(("gmconsole.campaign.service", "gmconsole.campaign.facades"))}
        assert not back, f"{path.name} imports {sorted(back)}"


def test_the_open_campaign_holds_one_facade_per_job_over_its_own_ledger(make_service):
    service = make_service("yze")
    jobs = {"rolls": Rolls, "outcomes": Outcomes, "trackers": Trackers, "roster": Roster,
            "conflict": Conflict, "setup": Setup, "sessions": Sessions, "history": History}
    for name, kind in jobs.items():
        facade = getattr(service, name)
        assert type(facade) is kind and facade.ledger is service.ledger
    assert CampaignService.__bases__ == (object,)  # no mixins


def test_a_change_made_through_a_facade_reaches_the_campaign_undo_and_the_listeners(make_service):
    service = make_service("yze")
    heard: list[str] = []
    service.subscribe(lambda entry: heard.append(entry.get("kind", "")))
    ann = service.roster.add_character({"name": "Ann", "attributes": {"strength": 3, "agility": 3, "wits": 3,
                                                                      "empathy": 3}})
    service.trackers.change_stress(ann.id, 2)
    assert service.character("Ann").stress == 2 and heard == ["roster", "stress"]
    assert service.history.filtered()[0]["summary"] == "Ann: stress 0 → 2 (+2)"
    service.undo()
    assert service.character("Ann").stress == 0 and service.history.filtered()[0]["kind"] == "roster"
