"""Long histories built fast, for the console's history tests.

Recording a thousand changes through the service is a thousand synced writes (tens of seconds on a
busy machine). :func:`repeat_history` instead repeats entries a campaign already has, with fresh
ids, straight into new chunk files of the store's own format, written whole by the store's writer
(one synced write per chunk), and tells the campaign state the newest entry, as if they had been
recorded one by one (``bench/store.py`` and ``bench/history_filter.py`` build theirs the same way).

:class:`HistoryApp` shows the history screen alone; :func:`play_myz` records a short myz session to
list; :func:`table_cells` reads the table as the GM sees it.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from textual.app import App

from gmconsole.store import campaign_store as cs
from gmconsole.store.atomic import ensure_folder
from gmconsole.store.clean_close import drop_marker
from gmconsole.store.storage import AtomicJSONStorage


class HistoryApp(App):
    """An app that only shows the history screen (``escape`` pops back to an empty default screen)."""

    def __init__(self, service) -> None:
        super().__init__()
        self.service = service
        self.rng = random.Random(1)
        self.animation_level = "none"

    def on_mount(self) -> None:
        from gmconsole.ui.screens.history import HistoryScreen

        self.push_screen(HistoryScreen())


def play_myz(service) -> None:
    """A short myz session: a roll, its push, the costs applied, a stress change, a second roll."""
    service.rolls.roll("c1", "jury-rig", faces="base=1,3,4,5,2 skill=1,2,3")
    service.rolls.push(faces="base=1,6,2,2 skill=6,3")  # R-PUSH-1: the skill 1 stays (and costs, R-MYZ-TRAUMA)
    service.outcomes.apply_costs()
    service.trackers.change_tracker("c4", "mutation_points", 1)
    service.rolls.roll("c6", "fight", faces="base=6,6,2,3,4 skill=2,3,4")


def table_cells(app) -> list[list[str]]:
    """The rows of the screen's table, each cell as text."""
    from textual.widgets import DataTable

    table = app.screen.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


def repeat_history(root: Path, name: str, per_session: dict[int, int]) -> int:
    """Add ``per_session[s]`` entries to each session ``s`` (ascending) of the closed campaign ``name``,
    copies of its existing entries in turn; return the newest id. The campaign must not be open."""
    store = cs.CampaignStore.open(root, name)
    try:
        models = [{k: v for k, v in e.items() if k not in ("id", "session")} for e in store.entries()]
        assert models, "the campaign needs a few real entries to repeat"
        next_id = store.next_entry_id()
        for session, count in sorted(per_session.items()):
            ensure_folder(cs.session_folder(store.path, session))
            for start in range(0, count, cs.CHUNK_SIZE):
                ids = range(next_id, next_id + min(cs.CHUNK_SIZE, count - start))
                chunk = {str(i): models[i % len(models)] for i in ids}
                AtomicJSONStorage(cs.chunk_file(store.path, session, next_id), "history").write({"entries": chunk})
                next_id = ids.stop
        state = store.load_state()
        state["last_entry"] = next_id - 1  # as if recorded one by one: no crash recovery to do at open
        store.save_state(state)
    finally:
        store.close()
    drop_marker(store.path)  # the marker names the id given last before these: the next open finds it
    return next_id - 1


async def wait_loaded(pilot, screen, timeout: float = 120.0) -> None:
    """Wait until the history screen has read the history (a long one is read in a worker thread)."""
    waited = 0.0
    while screen.loading or screen._reading is not None:
        assert waited < timeout, "the history never finished loading"
        await asyncio.sleep(0.02)
        waited += 0.02
    await pilot.pause()
