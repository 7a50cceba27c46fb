"""``gmconsole odds d20-test`` and ``gmconsole roll d20-test`` (:class:`gmconsole.cli.dice_commands.FamilyCli`)."""

from __future__ import annotations

import random

from d20test import rules


def add_odds_arguments(parser, system: str) -> None:
    parser.add_argument("--target", type=int, required=True, help="the d20 must show this or less")


def add_roll_arguments(parser, system: str) -> None:
    add_odds_arguments(parser, system)
    parser.add_argument("--faces", help="the face of a physical d20 (d14)")
    parser.add_argument("--seed", type=int)


def run_odds(args) -> tuple[dict, str]:
    p = rules.chance(args.target)
    return {"system": "d20-test", "target": args.target, "p_success": float(p)}, (
        f"d20-test: a d20 at or under {args.target}\nsuccess {float(p):.1%}")


def run_roll(args) -> tuple[dict, str]:
    face = rules.face_of(args.faces, random.Random(args.seed))
    data = rules.fields(args.target, face, args.faces is not None)
    return data, f"d20 shows {face}: {'SUCCESS' if data['success'] else 'FAILURE'}"
