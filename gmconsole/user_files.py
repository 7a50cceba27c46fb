"""Reading a file the GM names (a skill list today): bounded, and only a regular file.

``/dev/zero`` loaded as a skill list froze the console while its memory grew to GBs, and the CLI died
with MemoryError: ``read_text`` reads until the end, and a device, a pipe or a huge file has none worth
waiting for. :func:`read_user_text` refuses, in one line and before reading anything, a path that is not
a regular file (a device, a folder, a pipe) or is larger than the limit, then reads at most the limit
(a file that grows while it is read is refused too). The console and the CLI both read through it, so
they say the same sentences.

What a file holds is bounded too: :func:`deeper_than` finds lists nested deeper than any gmconsole
file nests them, and :func:`unparsable` says why ``json`` or ``tomllib`` gave up on one nested thousands
deep or holding a number of thousands of digits (``RecursionError``, ``ValueError``): every reader of a
file turns those into its own one-line refusal, never a traceback.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any

from gmconsole.i18n import _, ngettext

__all__ = ["MAX_USER_FILE", "MIB", "UserFileRefused", "deeper_than", "read_user_text", "size_words", "unparsable"]

MAX_USER_FILE = 256 * 1024
"""The largest file read (256 KiB): a skill list of hundreds of skills is a few KiB."""
MIB = 1024 * 1024

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)  # a pipe never blocks open


class UserFileRefused(ValueError):
    """A file the GM named cannot be read: the sentence says which and why (a ``ValueError``, so the
    console's forms show it inline like any other refusal)."""


def size_words(n: int) -> str:
    """A file size as a limit or a refusal says it: ``16 MiB``, ``64 KiB``, ``12 bytes``."""
    if n >= MIB:
        whole, rest = divmod(n, MIB)
        return _("{n} MiB").format(n=whole if not rest else f"{n / MIB:.1f}")
    if n >= 1024:
        return _("{n} KiB").format(n=n // 1024)
    return ngettext("{n} byte", "{n} bytes", n).format(n=n)


def deeper_than(value: object, limit: int) -> bool:
    """True when the lists and dicts of a parsed file (JSON, TOML) nest more than ``limit`` deep; ``value``
    itself is the first level. One pass over the containers, level by level, without recursion: a
    document nested hundreds deep parses, but copying or checking it recursively would hit Python's
    recursion limit far from the file, so every reader refuses it where it is read."""
    # the containers of one level: each is exactly a dict or a list (checked by type, not isinstance)
    level: list[Any] = [value] if type(value) in (dict, list) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        inner: list[Any] = []
        for container in level:
            inner.extend(item for item in (container.values() if type(container) is dict else container)
                         if type(item) in (dict, list))
        level = inner
    return False


def unparsable(error: BaseException) -> str:
    """Why a parser gave up on a file for a reason other than its syntax, as a clause for a refusal:
    Python's ``json`` and ``tomllib`` raise ``RecursionError`` on lists nested thousands deep, and
    ``ValueError`` on a whole number of more than ``sys.get_int_max_str_digits()`` digits."""
    if isinstance(error, RecursionError):
        return _("it nests lists or tables too deeply to be read")
    return _("it holds a number too long to be read (more than {digits} digits)").format(
        digits=sys.get_int_max_str_digits())


def _check(path: Path, info: os.stat_result, what: str, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        if stat.S_ISDIR(info.st_mode):
            raise UserFileRefused(_("{path} is not a regular file (a folder): name {what}").format(
                path=path, what=what))
        raise UserFileRefused(_("{path} is not a regular file (a device, pipe or socket): name {what}").format(
            path=path, what=what))
    if info.st_size > limit:
        raise UserFileRefused(_("{path} is {size}: {what} is read only up to {limit}").format(
            path=path, size=size_words(info.st_size), what=what, limit=size_words(limit)))


def read_user_text(path: str | Path, what: str | None = None, limit: int = MAX_USER_FILE) -> str:
    """The UTF-8 text of the file at ``path``, which the GM named; raises :class:`UserFileRefused`
    (one line naming the path) when it is missing, unreadable, not a regular file, over ``limit``
    bytes, or not UTF-8. ``what`` names what the file should be (``_("a skill list")``; default: a text
    file, in the language spoken)."""
    path = Path(path)
    what = _("a text file") if what is None else what
    try:
        _check(path, os.stat(path), what, limit)  # before opening: opening some devices does something
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        raise UserFileRefused(_("cannot read {path}: {reason}").format(path=path,
                                                                       reason=exc.strerror or exc)) from None
    with os.fdopen(fd, "rb") as fh:
        try:
            _check(path, os.fstat(fh.fileno()), what, limit)  # the file opened is the file checked
            data = fh.read(limit + 1)
        except OSError as exc:
            raise UserFileRefused(_("cannot read {path}: {reason}").format(path=path,
                                                                           reason=exc.strerror or exc)) from None
    if len(data) > limit:
        raise UserFileRefused(_("{path} grew past {limit} while it was read: {what} is read only up to {limit}")
                              .format(path=path, limit=size_words(limit), what=what))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UserFileRefused(_("{path} is not a UTF-8 text file").format(path=path)) from None
