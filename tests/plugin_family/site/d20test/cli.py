"""``gmconsole odds d20-test`` and ``gmconsole roll d20-test`` (:class:`gmconsole.cli.dice_commands.FamilyCli`)."""

from __future__ import annotations

import json
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


def register_commands(subparsers) -> None:
    """The family's own command (:class:`gmconsole.cli.dice_commands.FamilyCommands`): ``gmconsole advantage``,
    the chance with two d20 keeping the lower."""
    advantage = subparsers.add_parser("advantage", help="d20-test: the chance with two d20, the lower kept")
    advantage.add_argument("--target", type=int, required=True, help="the kept d20 must show this or less")
    advantage.add_argument("--json", action="store_true")
    advantage.set_defaults(handler=run_advantage)


def run_advantage(args) -> int:
    miss = 1 - rules.chance(args.target)
    p = 1 - miss * miss
    if args.json:
        print(json.dumps({"system": "d20-test", "target": args.target, "p_success": float(p)}))
    else:
        print(f"d20-test with advantage: two d20 at or under {args.target}\nsuccess {float(p):.1%}")
    return 0
