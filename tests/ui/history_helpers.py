"""Long histories built fast, for the console's history tests.

Recording a thousand changes through the service is a thousand synced writes (tens of seconds on a
busy machine). :func:`repeat_history` instead repeats entries a campaign already has, with fresh
ids, straight into new chunk files of the store's own format, written whole by the store's writer
(one synced write per chunk), and tells the campaign state the newest entry, as if they had been
recorded one by one (``bench/store.py`` and ``bench/history_filter.py`` build theirs the same way).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from gmconsole.store import campaign_store as cs
from gmconsole.store.atomic import ensure_folder
from gmconsole.store.clean_close import drop_marker
from gmconsole.store.storage import AtomicJSONStorage


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
