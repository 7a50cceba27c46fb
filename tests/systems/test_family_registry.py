"""The game families are objects found through the ``gmconsole.families`` entry points: gmconsole's own
three like any installed one; a broken or clashing one is named in one warning and the rest still work."""

from __future__ import annotations

import os
import textwrap
import warnings

import pytest

from gmconsole import systems
from gmconsole.campaign.sheet_rolls import RollEngine
from gmconsole.cli.dice_commands import FamilyCli
from gmconsole.systems.base import GameSystem
from gmconsole.systems.family import GameFamily, QuickPoolPart, RecordedPart, SecondChancePart, StatsPart
from gmconsole.ui.family_console import ConsoleParts, RequiredParts, console_of

OWN = ("myz", "yze", "yze-step", "exploding", "tiered")


def test_gmconsoles_own_families_are_found_through_their_entry_points():
    from importlib.metadata import entry_points

    named = {point.name: point.value for point in entry_points(group="gmconsole.families")}
    assert named["yearzero"] == "gmconsole.families.yearzero:FAMILY"
    assert [f.name for f in systems.all_families()][:3] == ["yearzero", "exploding", "tiered"]
    assert systems.SYSTEM_IDS[:5] == OWN


@pytest.mark.parametrize("system_id", OWN)
def test_every_family_gives_each_part_its_readers_ask_for(system_id):
    family = systems.family_of(system_id)
    assert isinstance(family, GameFamily)
    assert systems.get(system_id) in family.systems and isinstance(systems.get(system_id), GameSystem)
    assert isinstance(family.engine, RollEngine)
    assert isinstance(family.console, RequiredParts)
    assert isinstance(console_of(system_id), ConsoleParts)  # the optional members filled with "none of it"
    assert isinstance(family.cli, FamilyCli)
    assert isinstance(family.quick_pool, QuickPoolPart)
    assert isinstance(family.stats, StatsPart)
    assert family.recorded is None or isinstance(family.recorded, RecordedPart)
    assert family.second_chance is None or isinstance(family.second_chance, SecondChancePart)


def test_an_unknown_system_is_refused_naming_the_choices():
    from gmconsole.rules.errors import RulesError

    with pytest.raises(RulesError, match="choose one of myz, yze, yze-step, exploding, tiered"):
        systems.family_of("d100")


def _install(site, dist: str, entry_points: str, modules: dict[str, str]) -> None:
    info = site / f"{dist}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[gmconsole.families]\n" + textwrap.dedent(entry_points))
    for name, source in modules.items():
        (site / f"{name}.py").write_text(textwrap.dedent(source))


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on ``sys.path`` where a test installs families; gmconsole finds them again, and forgets
    them afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path))
    systems.rediscover()
    yield tmp_path
    monkeypatch.undo()
    systems.rediscover()


def test_a_broken_family_is_named_in_one_warning_and_the_others_still_work(site):
    _install(site, "broken-family", "broken = no_such_family_module:FAMILY\n", {})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert systems.SYSTEM_IDS == OWN
    said = [str(w.message) for w in caught]
    assert said == ["game family 'broken' (no_such_family_module:FAMILY) could not be loaded: "
                    "No module named 'no_such_family_module'"]


def test_a_family_claiming_a_system_already_played_is_named_and_leaves_it_alone(site):
    _install(site, "clash-family", "clash = clash_family:FAMILY\n", {"clash_family": """
        from gmconsole.families.tiered.rules.system import TieredSystem

        class Clash:
            name = "clash"
            order = 1
            systems = (TieredSystem(id="yze"),)

        FAMILY = Clash()
    """})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert systems.SYSTEM_IDS == OWN
        assert systems.family_of("yze").name == "yearzero"
    assert [str(w.message) for w in caught] == [
        "game family 'clash': system 'yze' is already played by family 'yearzero'; ignored"]


def test_a_second_family_of_the_same_name_is_named_and_the_first_kept(site):
    _install(site, "twin-family", "tiered = twin_family:FAMILY\n", {"twin_family": "FAMILY = None\n"})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert systems.family_of("tiered").name == "tiered"
    assert [str(w.message) for w in caught] == [
        "game family 'tiered' (twin_family:FAMILY) is registered twice; the first is kept"]


def test_the_entry_points_are_read_again_only_when_the_installed_packages_change(tmp_path, monkeypatch):
    """Start-up reads the cache file, not every package's metadata, until a folder of ``sys.path`` changes."""
    from gmconsole.systems import family_points

    monkeypatch.setenv("GMCONSOLE_FAMILY_CACHE", str(tmp_path / "cache" / "families.json"))
    read = []
    real = family_points._read_metadata
    monkeypatch.setattr(family_points, "_read_metadata", lambda: read.append(1) or real())
    first = family_points.points()
    assert family_points.points() == first and len(read) == 1
    assert ("yearzero", "gmconsole.families.yearzero:FAMILY", "gmconsole") in first
    installed = tmp_path / "site"
    _install(installed, "late-family", "late = late_family:FAMILY\n", {})
    monkeypatch.syspath_prepend(str(installed))
    assert ("late", "late_family:FAMILY", "late-family") in family_points.points() and len(read) == 2


def test_a_file_written_in_the_current_folder_keeps_the_cache(tmp_path, monkeypatch):
    """``python -m gmconsole`` puts the current folder on ``sys.path``; a file written there (a log, an export)
    changes its time but installs nothing, so the next start-up still reads the cache."""
    from gmconsole.systems import family_points

    monkeypatch.setenv("GMCONSOLE_FAMILY_CACHE", str(tmp_path / "cache" / "families.json"))
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.syspath_prepend("")
    read = []
    real = family_points._read_metadata
    monkeypatch.setattr(family_points, "_read_metadata", lambda: read.append(1) or real())
    family_points.points()
    (here / "recap.md").write_text("written by the GM\n")
    os.utime(here, ns=(1, 1))  # the folder's time surely differs from the cached one
    family_points.points()
    assert len(read) == 1


def test_an_install_whose_metadata_lacks_gmconsoles_own_families_says_how_to_mend_it(monkeypatch):
    """A checkout whose ``pyproject.toml`` gained the entry points after it was installed finds no family."""
    from gmconsole.systems import family_points

    monkeypatch.setenv("GMCONSOLE_FAMILY_CACHE", "")
    monkeypatch.setattr(family_points, "_read_metadata", list)
    systems.rediscover()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert systems.SYSTEM_IDS == ()
        assert [str(w.message) for w in caught] == [
            "gmconsole's own game families are not registered: its install's metadata has no gmconsole.families "
            "entry points (install it again: pip install -e .)"]
    finally:
        monkeypatch.undo()
        systems.rediscover()
