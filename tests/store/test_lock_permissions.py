"""A campaign whose ``lock`` cannot be opened for writing (a 0444 file, a read-only
folder or file system) gives one clear sentence that says what is wrong and offers read-only —
not ``unexpected PermissionError``.

The tests run as root, which ignores file permissions, so the refusal is simulated by making
``os.open`` of the lock file fail as it does for an ordinary user (EACCES, or EROFS on a read-only
file system).
"""

from __future__ import annotations

import errno
import os

import pytest

from gmconsole.store import CampaignStore, StoreError
from gmconsole.store import lock as lock_module


@pytest.fixture
def unwritable_lock(monkeypatch):
    """``os.open`` of any ``lock`` file fails with the errno given (EACCES by default)."""
    real_open = os.open

    def arm(number: int = errno.EACCES):
        def fake_open(path, flags, *args, **kwargs):
            if os.path.basename(os.fspath(path)) == "lock":
                raise OSError(number, os.strerror(number), os.fspath(path))
            return real_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(lock_module.os, "open", fake_open)

    return arm


@pytest.mark.parametrize("number", [errno.EACCES, errno.EPERM, errno.EROFS])
def test_an_unwritable_lock_is_a_store_error_that_offers_read_only(root, unwritable_lock, number):
    CampaignStore.create(root, "Hope", {"title": "x"}).close()
    unwritable_lock(number)
    with pytest.raises(StoreError) as caught:
        CampaignStore.open(root, "Hope")
    message = str(caught.value)
    assert "Hope" in message and "lock" in message and os.strerror(number) in message
    assert "read-only" in message
    with CampaignStore.open(root, "Hope", read_only=True) as store:  # the offer works
        assert store.load_state() == {"title": "x"}


def test_cli_names_read_only_for_an_unwritable_lock(tmp_path, unwritable_lock, capsys):
    from gmconsole.cli import main

    assert main(["--data-dir", str(tmp_path), "demo"]) == 0
    capsys.readouterr()
    unwritable_lock()
    status = main(["--data-dir", str(tmp_path), "roll", "yze", "--campaign", "yze-demo",
                   "--character", "c1", "--skill", "ranged", "--seed", "1"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1
    assert "unexpected" not in err[0] and "PermissionError" not in err[0]
    assert "--read-only" in err[0] and "Permission denied" in err[0]
    assert main(["--data-dir", str(tmp_path), "history", "yze-demo"]) == 0  # reading needs no lock


def test_console_offers_read_only_for_an_unwritable_lock(tmp_path, unwritable_lock, monkeypatch):
    """The console makes the same offer as for a campaign another console holds."""
    from gmconsole.campaign.library import install_demos
    from gmconsole.ui import launch as launcher

    install_demos(tmp_path)
    unwritable_lock()
    asked = []

    def answer(make):
        screen = make()
        asked.append((screen.title_text, screen.text, screen.offer))
        return True

    monkeypatch.setattr(launcher, "_ask", answer)
    service, why = launcher._open_service(tmp_path, "yze-demo", read_only=False)
    try:
        assert service.read_only and why == launcher.NOT_WRITABLE
        _title, text, offer = asked[0]
        assert "Permission denied" in text and offer == "Open it read-only?"
    finally:
        service.close()


def test_a_failed_first_save_does_not_claim_a_previous_version(root, monkeypatch):
    """"The previous version is still intact" only when there was one."""
    from gmconsole.store import WriteFailed, atomic

    real_replace = os.replace

    def failing_replace(src, dst, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "replace", failing_replace)
    with pytest.raises(WriteFailed) as caught:
        CampaignStore.create(root, "Hope", {"title": "x"})
    assert "previous version" not in str(caught.value)
    assert "nothing was saved" in str(caught.value)
    monkeypatch.setattr(atomic.os, "replace", real_replace)
