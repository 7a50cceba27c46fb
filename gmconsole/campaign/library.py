"""The shelf of campaigns under a data folder: list them, install the bundled demos, remember the last one.

Demo campaigns ship as JSON campaign documents in ``data/demo/<system>-demo.json`` (the same shape
as :meth:`Campaign.to_dict`); installing one validates every character against its system's sheet
rules and stores it like any other campaign, never over an existing campaign of the same name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from gmconsole.campaign import validation
from gmconsole.campaign.model import Campaign

LAST_FILE = ".last-campaign"
"""Under the data root; a dot name, so the store never takes it for a campaign."""
LAST_FILE_LIMIT = 1024
"""The most of :data:`LAST_FILE` read: it holds one campaign name (at most 255 bytes)."""


@dataclass(frozen=True)
class CampaignSummary:
    """One campaign on the shelf: its name, system and the names in its roster.

    ``error`` is the store's one-sentence message when the campaign could not be read
    (then ``system`` is ``None`` and ``characters`` empty).
    """

    name: str
    system: str | None
    characters: list[str] = field(default_factory=list)
    error: str | None = None

    def as_dict(self) -> dict:
        out = {"name": self.name, "system": self.system, "characters": list(self.characters)}
        if self.error:
            out["error"] = self.error
        return out


def list_campaigns(root: Path) -> list[CampaignSummary]:
    """Every campaign under ``root``, sorted by name, read without taking its lock.

    Each is read from its summary (:mod:`gmconsole.store.summary`: a few KiB at the head of its
    ``campaign.json``, never the whole file unless the head has none). One that cannot be read is listed
    with the store's sentence saying why (``error``), and never stops the others from being listed."""
    from gmconsole.store.campaign_store import CampaignStore
    from gmconsole.store.errors import StoreError
    from gmconsole.store.shape import GMCONSOLE
    from gmconsole.store.summary import read_summary

    out = []
    for name in CampaignStore.list_campaigns(Path(root)):
        try:
            summary = read_summary(Path(root), name, GMCONSOLE)
            out.append(CampaignSummary(name, summary["system"], summary["characters"]))
        except (StoreError, OSError) as exc:
            out.append(CampaignSummary(name, None, [], str(exc) or type(exc).__name__))
        except Exception as exc:  # one campaign that cannot be listed never hides the others
            out.append(CampaignSummary(name, None, [], f"{type(exc).__name__}: {exc}"))
    return out


def demo_folder() -> Path:
    """The bundled demo campaigns."""
    from gmconsole.rules.data import data_dir

    return data_dir() / "demo"


def demo_campaigns() -> list[Campaign]:
    """The bundled demo campaigns, one per system, each checked against its system's sheet rules."""
    campaigns = []
    for path in sorted(demo_folder().glob("*.json")):
        with path.open(encoding="utf-8") as fh:
            campaign = Campaign.from_dict(json.load(fh))
        validation.check_settings(campaign.settings, campaign.system)
        for character in campaign.roster:
            validation.check_character(campaign, character)
        campaigns.append(campaign)
    return campaigns


def install_demos(root: Path, *, wait: float | None = 0.0) -> list[str]:
    """Copy the demo campaigns under ``root``; returns the names installed now (those already there are
    left untouched, so running it twice installs nothing the second time). ``wait``: seconds to wait
    for a campaign's lock another process holds while creating it."""
    from gmconsole.campaign.service import CampaignService
    from gmconsole.store.campaign_store import CampaignStore
    from gmconsole.store.errors import CampaignExists

    existing = set(CampaignStore.list_campaigns(Path(root)))
    installed = []
    for campaign in demo_campaigns():
        if campaign.name in existing:
            continue
        try:
            service = CampaignService.from_campaign(Path(root), campaign, wait=wait)
        except CampaignExists:
            continue
        service.close()
        installed.append(campaign.name)
    return installed


def last_campaign(root: Path) -> str | None:
    """The campaign opened last under ``root``, if it still exists."""
    from gmconsole.store.campaign_store import CampaignStore
    from gmconsole.store.errors import StoreError
    from gmconsole.store.safe_open import read_head

    path = Path(root) / LAST_FILE
    try:  # a campaign name is at most 255 bytes: more is not a name, and is never read whole
        name = read_head(path, LAST_FILE_LIMIT, LAST_FILE_LIMIT).decode("utf-8").strip()
    except (OSError, StoreError, UnicodeDecodeError):
        return None
    return name if name and name in CampaignStore.list_campaigns(Path(root)) else None


def remember_last(root: Path, name: str) -> None:
    """Remember ``name`` as the campaign opened last (atomically; best effort on a full disk).

    Nothing is written when it is already the one remembered: opening the same campaign again (the
    usual case) costs no synced write on the way to the console."""
    from gmconsole.store.atomic import atomic_write
    from gmconsole.store.errors import WriteFailed

    path = Path(root) / LAST_FILE
    try:
        if path.read_bytes() == name.encode("utf-8"):
            return
    except OSError:
        pass
    try:
        atomic_write(path, name.encode("utf-8"))
    except WriteFailed:
        return
