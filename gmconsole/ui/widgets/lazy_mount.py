"""The lazy-mount helpers' former home, kept while the panes that import them from here move:
they are :mod:`gmconsole.ui.lazy_mount` (helpers, not widgets)."""

from __future__ import annotations

from gmconsole.ui.lazy_mount import child, mount_in_place, show_line

__all__ = ["child", "mount_in_place", "show_line"]
