"""A read-only service follows a writer: ``CampaignService.reload()`` (live changes).

The writer and the reader are two services on the same folder, as two consoles would be; the reader
never takes the lock, and reads again only when the files changed."""

from campaign_helpers import frozen_clock

from gmconsole.campaign.service import CampaignService


def _reader(tmp_path, name):
    return CampaignService.open(tmp_path, name, read_only=True, clock=frozen_clock)


def test_reader_sees_doom_stress_and_history_after_reload(tmp_path, make_service):
    writer = make_service("yze", "live")
    ripley = writer.roster.add_character({"name": "Ripley", "kind": "pc"})
    reader = _reader(tmp_path, "live")
    heard = []
    reader.subscribe(heard.append)
    try:
        assert reader.reload() is False  # nothing changed since it opened
        writer.trackers.change_doom(2)
        writer.trackers.change_doom(1)
        writer.trackers.change_stress(ripley.id, 2)
        assert reader.session.doom == 0  # a stale snapshot until told

        assert reader.reload() is True
        assert reader.session.doom == 3
        assert reader.character(ripley.id).stress == 2
        assert [e["summary"] for e in reader.history.filtered()][:2] == ["Ripley: stress 0 → 2 (+2)", "doom 2 → 3 (+1)"]
        assert heard == [{"kind": "reloaded"}]

        assert reader.reload() is False  # read once, not again
        assert heard == [{"kind": "reloaded"}]
        writer.undo()
        assert reader.reload() is True
        assert reader.character(ripley.id).stress == 0
        assert reader.history.filtered()[0]["summary"] == "doom 2 → 3 (+1)"
    finally:
        reader.close()


def test_damaged_state_keeps_what_the_reader_had_and_reads_the_next_change(tmp_path, make_service):
    writer = make_service("yze", "live")
    reader = _reader(tmp_path, "live")
    try:
        writer.trackers.change_doom(2)
        assert reader.reload() is True
        state = tmp_path / "live" / "campaign.json"
        good = state.read_bytes()
        state.write_bytes(good[: len(good) // 2])  # a torn file, as a hand copy would leave it

        assert reader.reload() is False
        assert reader.session.doom == 2

        state.write_bytes(good)
        writer.trackers.change_doom(1)
        assert reader.reload() is True
        assert reader.session.doom == 3
    finally:
        reader.close()


def test_half_written_history_chunk_keeps_the_old_history(tmp_path, make_service):
    writer = make_service("yze", "live")
    reader = _reader(tmp_path, "live")
    try:
        writer.trackers.change_doom(1)
        assert reader.reload() is True
        chunk = next((tmp_path / "live" / "history").glob("session-*/entries-*.json"))
        writer.trackers.change_doom(1)
        good = chunk.read_bytes()
        chunk.write_bytes(good[:-20])

        assert reader.reload() is False
        assert reader.session.doom == 1

        chunk.write_bytes(good)
        assert reader.reload() is True
        assert reader.session.doom == 2
    finally:
        reader.close()


def test_a_writer_does_not_reload(make_service):
    writer = make_service("yze", "live")
    writer.trackers.change_doom(1)
    assert writer.reload() is False


def test_new_history_chunk_is_found(tmp_path, make_service, monkeypatch):
    import gmconsole.store.campaign_store as campaign_store

    monkeypatch.setattr(campaign_store, "CHUNK_SIZE", 2)
    writer = make_service("yze", "live")
    reader = _reader(tmp_path, "live")
    try:
        writer.trackers.change_doom(1)
        assert reader.reload() is True
        assert len(reader.history.filtered()) == 1
        for _ in range(3):  # a second and a third chunk
            writer.trackers.change_doom(1)
        assert reader.reload() is True
        assert reader.history.filtered()[0]["summary"] == "doom 3 → 4 (+1)"
        assert len(reader.history.filtered()) == 4
    finally:
        reader.close()


def test_files_that_are_not_read_do_not_count(tmp_path, make_service):
    make_service("yze", "live")
    reader = _reader(tmp_path, "live")
    folder = tmp_path / "live"
    try:
        assert reader.is_campaign_file(folder / "campaign.json")
        assert reader.is_campaign_file(folder / "history" / "session-0001" / "entries-000000001.json")
        assert not reader.is_campaign_file(folder / "lock")
        assert not reader.is_campaign_file(folder / ".campaign.json.12.ab12cd34.tmp")
        assert not reader.is_campaign_file(folder / "backups" / "campaign.json.1")
        assert not reader.is_campaign_file(tmp_path / "other" / "campaign.json")
        (folder / "lock").touch()
        assert reader.reload() is False
    finally:
        reader.close()
