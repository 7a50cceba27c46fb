"""Where campaigns live: --data-dir, then GMCONSOLE_HOME, then the platformdirs user data folder."""

from __future__ import annotations

import sys

import pytest

from gmconsole.store import StoreError, data_root


def test_explicit_data_dir_wins_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("GMCONSOLE_HOME", str(tmp_path / "from-env"))
    chosen = data_root(tmp_path / "from-option" / "nested")
    assert chosen == tmp_path / "from-option" / "nested"
    assert chosen.is_dir()
    assert not (tmp_path / "from-env").exists()


def test_gmconsole_home_is_used_when_no_data_dir_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("GMCONSOLE_HOME", str(tmp_path / "home"))
    assert data_root() == tmp_path / "home"
    assert data_root("") == tmp_path / "home"
    assert (tmp_path / "home").is_dir()


def test_tilde_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_root("~/campaigns") == tmp_path / "campaigns"


@pytest.mark.skipif(sys.platform != "linux", reason="XDG_DATA_HOME is the Linux convention")
def test_default_is_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("GMCONSOLE_HOME", "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_root() == tmp_path / "xdg" / "gmconsole"
    assert (tmp_path / "xdg" / "gmconsole").is_dir()


def test_a_data_dir_that_cannot_be_made_is_a_clear_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match=r"Could not create the data folder .*a-file/sub"):
        data_root(blocker / "sub")
