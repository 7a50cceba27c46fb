"""Where campaigns live on disk.

The ``--data-dir`` option wins, then the ``GMCONSOLE_HOME`` environment variable, then the settings
file's ``data_folder`` (``config.toml``, :mod:`gmconsole.settings_file`; the caller passes it), then the
user data folder ``platformdirs`` gives for "gmconsole" (``~/.local/share/gmconsole`` on Linux).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from gmconsole.i18n import _
from gmconsole.store.errors import StoreError

ENV_VAR = "GMCONSOLE_HOME"


def data_root(override: str | os.PathLike[str] | None = None, configured: os.PathLike[str] | None = None) -> Path:
    """Return the folder that holds every campaign, creating it if missing.

    ``override`` is the ``--data-dir`` value (``None`` when not given); an empty ``GMCONSOLE_HOME``
    counts as unset; ``configured`` is the settings file's ``data_folder`` (``None``: not set). ``~`` is
    expanded. Raises :class:`StoreError` when the folder cannot be created.
    """
    if override is not None and str(override) != "":
        root = Path(override)
    elif os.environ.get(ENV_VAR):
        root = Path(os.environ[ENV_VAR])
    elif configured is not None:
        root = Path(configured)
    else:
        root = Path(platformdirs.user_data_dir("gmconsole", appauthor=False))
    root = root.expanduser()
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(_("Could not create the data folder {root} ({reason}).").format(
            root=root, reason=error.strerror or error)) from error
    return root
