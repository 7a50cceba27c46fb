"""Parsing of the faces SPEC typed at the command line or in the console (R-MANUAL-1).

A SPEC is ``kind=face,face,...`` groups separated by spaces, e.g. ``"base=6,1,3 skill=1,4 gear=1"``.
This module only splits the text into kinds and tokens and turns plain tokens into integers;
each system checks the tokens against its own pool (an exploding face may read ``8+3``).
"""

from __future__ import annotations

import re

from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError

_GROUP = re.compile(r"^([a-z][a-z-]*)=(.*)$")


def split_spec(spec: str, kinds: tuple[str, ...]) -> dict[str, list[str]]:
    """Split ``spec`` into ``{kind: [token, ...]}``; unknown kinds, empty groups and repeats are errors."""
    if not isinstance(spec, str) or not spec.strip():
        raise RulesError(_("no faces given: write them as kind=face,face (e.g. base=6,1 skill=4)"))
    out: dict[str, list[str]] = {}
    for group in spec.split():
        match = _GROUP.match(group)
        if not match:
            raise RulesError(_("cannot read {group!r}: write faces as kind=face,face (e.g. base=6,1)").format(
                group=group))
        kind, body = match.groups()
        if kind not in kinds:
            raise RulesError(_("unknown die kind {kind!r}: use {kinds}").format(kind=kind, kinds=", ".join(kinds)))
        if kind in out:
            raise RulesError(_("{kind}= is given twice; put all {kind} faces in one group").format(kind=kind))
        tokens = body.split(",")
        if body == "" or any(t == "" for t in tokens):
            raise RulesError(_("{kind}= has an empty face; write faces like {kind}=6,1,3").format(kind=kind))
        out[kind] = tokens
    return out


def to_int(token: str, kind: str) -> int:
    """A plain face token as an integer, with a clear error for anything else."""
    if not re.fullmatch(r"[0-9]{1,3}", token):
        raise RulesError(_("{kind} face {token!r} is not a whole number").format(kind=kind, token=token))
    return int(token)


def parse_int_spec(spec: str, kinds: tuple[str, ...]) -> dict[str, list[int]]:
    """A SPEC whose faces are plain integers: ``{kind: [face, ...]}``."""
    return {kind: [to_int(t, kind) for t in tokens] for kind, tokens in split_spec(spec, kinds).items()}
