"""Campaign names are folder names: what a new one may be, and what an existing one must not be.

A new name (:func:`check_new_name`, ``gmconsole new NAME``) must be a folder name on every file
system a GM might copy the data folder to — Linux, macOS, Windows, a FAT/exFAT USB stick:

- at most :data:`MAX_NAME_BYTES` bytes of UTF-8 (and 100 characters). Most file systems allow 255
  bytes per name (ext4, APFS; NTFS 255 UTF-16 units), but eCryptfs, the encrypted home folder of
  many Linux installs, allows 143; 143 is the strictest limit a GM is likely to meet, and still 35
  emoji or 47 CJK characters. A 64-emoji name is 256 bytes: ``File name too long`` everywhere.
- none of ``/ \\ : * ? " < > |`` (refused by Windows, FAT and exFAT; ``/`` and ``\\`` are separators);
- no control or text-direction character (:data:`gmconsole.safe_text.UNSAFE`): the name is shown on
  the terminal and in every listing;
- not empty, no leading or trailing space, no leading dot (hidden; ``..`` escapes), no trailing dot
  (Windows drops it, so ``Hope.`` and ``Hope`` would be one folder);
- not a Windows device name (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9), with or without an
  extension (``nul.txt`` is the device too).

An existing name (:func:`check_existing_name`, ``open``, ``history``) is only checked for what would
escape or hide the folder, or could not be a file name anywhere (over 255 bytes): a campaign this file
system holds under a name Windows would refuse still opens — refusing it would lock the GM out.
"""

from __future__ import annotations

import re

from gmconsole.i18n import _
from gmconsole.safe_text import UNSAFE, shown
from gmconsole.store.errors import InvalidCampaignName

__all__ = ["MAX_NAME_BYTES", "MAX_NAME_CHARACTERS", "check_existing_name", "check_new_name"]

MAX_NAME_BYTES = 143
"""UTF-8 bytes of a new campaign name (eCryptfs's limit; see the module docstring)."""
MAX_NAME_CHARACTERS = 100
NAME_MAX = 255
"""No common file system takes a longer file name, in bytes."""
NOT_PORTABLE = '/\\:*?"<>|'
_RESERVED = re.compile(r"(CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])(\..*)?", re.IGNORECASE)


def check_existing_name(name: object) -> str:
    """The name of a campaign that may already exist: refuse what would escape or hide its folder
    (a slash, a leading dot), what is empty or padded, holds a C0 control, or is longer than any
    file system allows. Returns ``name``."""
    if not isinstance(name, str):
        raise InvalidCampaignName(name, _("it is not text"))
    if not name.strip():
        raise InvalidCampaignName(name, _("it is empty"))
    if name != name.strip():
        raise InvalidCampaignName(name, _("it starts or ends with a space"))
    if any(c in name for c in "/\\\0") or any(ord(c) < 32 for c in name):
        raise InvalidCampaignName(name, _("it holds a slash or a control character"))
    if name.startswith("."):
        raise InvalidCampaignName(name, _("it starts with a dot"))
    if len(name.encode("utf-8", "surrogatepass")) > NAME_MAX:
        raise InvalidCampaignName(name, _("it is {count} bytes long, more than any file system allows ({most})").format(
            count=len(name.encode("utf-8", "surrogatepass")), most=NAME_MAX))
    return name


def check_new_name(name: object) -> str:
    """The name of a campaign being created: :func:`check_existing_name` plus the portable rules of
    the module docstring. Returns ``name``; raises :class:`InvalidCampaignName` saying which rule."""
    if isinstance(name, str) and any("\ud800" <= c <= "\udfff" for c in name):
        raise InvalidCampaignName(name, _("it is not valid Unicode text"))  # undecodable bytes on the command line
    if isinstance(name, str) and len(name.encode("utf-8")) > MAX_NAME_BYTES:
        raise InvalidCampaignName(name, _("it is {count} bytes long in UTF-8 and a name may be at most {most} bytes "
                                          "(an emoji takes 4, an accented letter 2)").format(
            count=len(name.encode("utf-8")), most=MAX_NAME_BYTES))
    check_existing_name(name)
    assert isinstance(name, str)
    unsafe = UNSAFE.search(name)
    if unsafe:
        raise InvalidCampaignName(name, _("it holds a control or text-direction character ({character})").format(
            character=shown(unsafe.group())))
    refused = [c for c in NOT_PORTABLE if c in name]
    if refused:
        raise InvalidCampaignName(name, _("it holds {character!r}, which Windows and USB sticks (FAT, exFAT) refuse "
                                          "in a folder name; none of {characters} may be used").format(
            character=refused[0], characters=" ".join(NOT_PORTABLE)))
    if name.endswith("."):
        raise InvalidCampaignName(name, _("it ends with a dot, which Windows drops from folder names"))
    if _RESERVED.fullmatch(name):
        raise InvalidCampaignName(name, _("{device} is a device name reserved by Windows").format(
            device=name.split(".")[0].upper()))
    if len(name) > MAX_NAME_CHARACTERS:
        raise InvalidCampaignName(name, _("it is longer than {most} characters").format(most=MAX_NAME_CHARACTERS))
    return name
