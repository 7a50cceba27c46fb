"""A seeded session for the statistics screen's tests and snapshots: the console's dice from
the service's seeded ``random.Random``, some pushes, and dice typed by hand."""

from __future__ import annotations

import contextlib

from gmconsole.campaign.errors import ValidationError
from gmconsole.rules.errors import RulesError

PCS = ("c1", "c4", "c6", "c9")  # Ripley Hale, Dallas Kane, Parker Moss, Lambert Cho (yze demo)


def typed(service, who: str, skill: str, face: int) -> str:
    """A faces spec giving every die of ``who``'s ``skill`` pool the same ``face`` (as a GM types them)."""
    by_kind: dict[str, list[str]] = {}
    for die in service.rolls.preview_roll(who, skill).dice:
        by_kind.setdefault(die["kind"], []).append(str(face))
    return " ".join(f"{kind}={','.join(faces)}" for kind, faces in by_kind.items())


def seeded_session(service, *, rolls: int = 12, sixes: int = 0) -> None:
    """``rolls`` console rolls shared by :data:`PCS` (every third pushed, when the roll allows it), one
    roll with typed faces (a 1 and the rest), then ``sixes`` rolls of Ripley's typed as all 6s."""
    for n in range(rolls):
        who = PCS[n % len(PCS)]
        service.rolls.roll(who, ("mobility", "ranged", "observation")[n % 3])
        if n % 3 == 0:
            with contextlib.suppress(RulesError, ValidationError):  # nothing to push: all successes
                service.rolls.push()
    service.rolls.roll("c4", "ranged", faces=typed(service, "c4", "ranged", 3))
    for _ in range(sixes):
        service.rolls.roll("c1", "ranged", faces=typed(service, "c1", "ranged", 6))
