"""The test family installed for this folder's tests only: ``site/`` (the ``d20test`` package and its
``.dist-info`` with the ``gmconsole.families`` entry point) is put on ``sys.path`` and on ``PYTHONPATH``
for a child process, as ``pip install`` would put it in site-packages, and gmconsole finds its families
again; afterwards it is taken away, so no other test sees a fourth family."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parent / "site"


@pytest.fixture(autouse=True)
def d20_family_installed(monkeypatch):
    from gmconsole import systems

    monkeypatch.syspath_prepend(str(SITE))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(SITE), *filter(None, [os.environ.get("PYTHONPATH")])]))
    systems.rediscover()
    yield
    monkeypatch.undo()
    for name in [m for m in sys.modules if m == "d20test" or m.startswith("d20test.")]:
        del sys.modules[name]
    systems.rediscover()
