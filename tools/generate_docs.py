"""Write the generated parts of ``docs/keys.md`` and ``docs/command-line.md`` from the code.

    python tools/generate_docs.py            # rewrite the generated parts of both pages
    python tools/generate_docs.py --check    # change nothing; exit 1 naming each page that is stale

Each page is hand-written prose (what a GM needs explained, examples) around blocks this tool owns::

    <!-- generated: keys RosterPane (tools/generate_docs.py writes this part; edit the code, then run it) -->
    | key | what it does | key bar | keymap id |
    ...
    <!-- end generated -->

Only the lines between the two markers are rewritten; everything outside them is kept as written.

- ``docs/keys.md``: one table per screen or pane (``keys CLASS``), from the class's own Textual
  ``BINDINGS``: the keys, what the binding does (its description, and its tooltip when it has one: the
  texts the key bar and the help screen show, in English), whether the key bar shows it, its keymap id.
  Every class of ``gmconsole/ui`` that defines ``BINDINGS`` must have its block, so a new screen with
  keys fails ``--check`` (and ``tests/docs/test_generated_docs.py``) until the page has a place for it.
- ``docs/command-line.md``: ``commands``, the table of every command, and ``reference``, every command
  and subcommand with its usage and options, walked from the parser the ``gmconsole`` entry point builds
  (``gmconsole.cli.build_parser``), in English. The usage is written here from the parser's arguments
  (not argparse's own formatter, whose wrapping differs between Python versions), so the page reads the
  same on every Python the project supports.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
KEYS_PAGE = ROOT / "docs" / "keys.md"
CLI_PAGE = ROOT / "docs" / "command-line.md"
UI = ROOT / "gmconsole" / "ui"

NOTE = "(tools/generate_docs.py writes this part; edit the code, then run it)"
BLOCK = re.compile(r"^<!-- generated: (?P<name>[^()\n]+?) \(.*?\) -->\n(?P<body>.*?)^<!-- end generated -->$",
                   re.M | re.S)
"""A generated block: its opening marker (with the block's name), its body, its closing marker."""

SYSTEM_ASKED = ("RollBuilder",)
"""The owners whose keys the campaign's system turns on or off through ``GameSystem.builder_actions``
(the roll builder's ``check_action`` asks it): their tables say which systems have each key."""

KEY_NAMES = {"left_square_bracket": "[", "right_square_bracket": "]", "up": "↑", "down": "↓"}
"""Textual key names the keymap's own list (``gmconsole.ui.keymap.NAMES``) does not spell as typed."""

USAGE_WIDTH = 100
"""The usage lines' width in the CLI reference (continuation lines are indented by four spaces)."""


class StalePage(Exception):
    """A page whose blocks cannot be written: a block for nothing the code has, or a missing one."""


# ---------------------------------------------------------------------------------------------- blocks
def filled(page: str, blocks: dict[str, str], where: str) -> str:
    """``page`` with the body of each generated block replaced by ``blocks[name]``. Raises
    :class:`StalePage` for a block the code has nothing for, or a name of ``blocks`` the page has no
    block for (saying where to add it)."""
    found = [m.group("name") for m in BLOCK.finditer(page)]
    unknown = [name for name in found if name not in blocks]
    missing = [name for name in blocks if name not in found]
    twice = sorted({name for name in found if found.count(name) > 1})
    problems = [f"{where}: the block '{name}' is for nothing the code has (remove it)" for name in unknown]
    problems += [f"{where}: the block '{name}' is there twice" for name in twice]
    problems += [f"{where}: no block for '{name}': add, where it belongs,\n"
                 f"<!-- generated: {name} {NOTE} -->\n<!-- end generated -->" for name in missing]
    if problems:
        raise StalePage("\n".join(problems))

    def body(match: re.Match) -> str:
        name = match.group("name")
        return f"<!-- generated: {name} {NOTE} -->\n{blocks[name].rstrip()}\n<!-- end generated -->"

    return BLOCK.sub(body, page)


def cell(text: str) -> str:
    """``text`` fit for a Markdown table cell: one line, its bars escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def code(text: str) -> str:
    """``text`` as inline code (a backtick inside takes a longer fence)."""
    return f"`` {text} ``" if "`" in text else f"`{text}`"


@contextmanager
def english() -> Iterator[None]:
    """Speak English while the pages are written (descriptions and help texts as the code writes them),
    then the language spoken before."""
    from gmconsole.cli import argparse_words
    from gmconsole.i18n import language, set_language

    before = language()
    argparse_words.speak(set_language("en"))
    try:
        yield
    finally:
        argparse_words.speak(set_language(before))


# ------------------------------------------------------------------------------------------------ keys
def binding_owners() -> dict[str, type]:
    """Every class of ``gmconsole/ui`` that defines ``BINDINGS`` itself, by class name, in file order."""
    from textual.binding import Binding

    owners: dict[str, type] = {}
    for path in sorted(UI.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for name, value in vars(module).items():
            if (isinstance(value, type) and value.__module__ == module.__name__ and "BINDINGS" in value.__dict__
                    and any(isinstance(b, Binding) for b in value.__dict__["BINDINGS"])):
                if name in owners:
                    raise StalePage(f"two classes named {name} define BINDINGS: the key tables name them by class")
                owners[name] = value
    return owners


def key_text(binding) -> str:
    """The keys of ``binding`` as the GM types them; its ``key_display`` when that says more (``enter/space``)."""
    from gmconsole.ui.keymap import key_names

    names = [KEY_NAMES.get(name, name) for name in key_names(binding.key).split(" / ")]
    if binding.key_display and binding.key_display not in names:
        return code(binding.key_display)
    return " / ".join(code(name) for name in names)


def what_it_does(binding) -> str:
    """The binding's description (the key bar's word) in bold, then its tooltip (the help screen's longer
    text) when it has one; a tooltip that starts with the description goes on from it (``**Harm** the
    highlighted character: ...``) rather than saying it twice."""
    label, longer = binding.description, binding.tooltip or ""
    if longer[:len(label)].lower() == label.lower():
        rest = longer[len(label):]
        return f"**{cell(label)}**" + (" " if rest[:1].isspace() else "") + cell(rest)
    return f"**{cell(label)}**" + (f" — {cell(longer)}" if longer else "")


def systems_having(binding) -> str:
    """The systems whose roll builder has ``binding`` (``every`` when no system turns it off)."""
    from gmconsole import systems

    action = binding.action.split("(")[0]
    every = systems.all_systems()
    having = [s.id for s in every if action in s.builder_actions]
    if not any(action in s.builder_actions for s in every):
        return "every"
    return ", ".join(code(system_id) for system_id in having)


def key_table(owner: type) -> str:
    """The Markdown table of ``owner``'s own bindings, in the order the class binds them."""
    from textual.binding import Binding

    asked = owner.__name__ in SYSTEM_ASKED
    head = "| key | what it does | key bar | keymap id |" + (" systems |" if asked else "")
    rows = [head, "|---|---|---|---|" + ("---|" if asked else "")]
    for binding in owner.__dict__["BINDINGS"]:
        if not isinstance(binding, Binding) or not binding.description:
            continue
        row = [key_text(binding), what_it_does(binding), "shown" if binding.show else "hidden",
               code(binding.id) if binding.id else "—"]
        if asked:
            row.append(systems_having(binding))
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows)


def key_blocks() -> dict[str, str]:
    """``keys CLASS`` → the table of that class's keys, for every class with ``BINDINGS``."""
    return {f"keys {name}": key_table(owner) for name, owner in binding_owners().items()}


# ------------------------------------------------------------------------------------------------- cli
def _formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    return parser._get_formatter()


def _shown(action: argparse.Action) -> bool:
    return action.help is not argparse.SUPPRESS and not isinstance(action, argparse._HelpAction)


def _arguments(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """What follows an option (``N``, ``ITEM [ITEM ...]``), or a positional argument's own words."""
    formatter = _formatter(parser)
    if action.option_strings:
        if action.nargs == 0:
            return ""
        return formatter._format_args(action, formatter._get_default_metavar_for_optional(action))
    return formatter._format_args(action, formatter._get_default_metavar_for_positional(action))


def _invocation(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """How the options table names an argument: every spelling of an option with its value, or the
    positional argument's word."""
    args = _arguments(parser, action)
    if not action.option_strings:
        return code(args)
    return ", ".join(code(f"{flag} {args}".strip()) for flag in action.option_strings)


def usage(parser: argparse.ArgumentParser) -> str:
    """The parser's usage, wrapped at :data:`USAGE_WIDTH`: ``prog`` then each argument as argparse's
    usage writes it (optional ones in brackets)."""
    parts = []
    for action in parser._actions:
        if not _shown(action):
            continue
        args = _arguments(parser, action)
        if action.option_strings:
            part = f"{action.option_strings[0]} {args}".strip()
            parts.append(part if action.required else f"[{part}]")
        else:
            parts.append(args)
    lines, line = [], parser.prog
    for part in parts:
        if len(line) + 1 + len(part) > USAGE_WIDTH and line.strip():
            lines.append(line)
            line = "    " + part
        else:
            line += " " + part
    return "\n".join([*lines, line])


def help_text(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """An argument's help, its ``%(default)s`` and the like filled in, and its choices when its metavar
    hides them."""
    text = _formatter(parser)._expand_help(action) if action.help else ""
    if isinstance(action, argparse._SubParsersAction):
        return "one of " + ", ".join(code(name) for name in action.choices) + " (below)"
    if action.choices and action.metavar:
        choices = ", ".join(code(str(choice)) for choice in action.choices)
        text = f"{text} (one of {choices})" if text else f"one of {choices}"
    return cell(text) or "—"


def commands(parser: argparse.ArgumentParser, words: tuple[str, ...] = ("gmconsole",),
             said: str = "") -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser, str]]:
    """``(words, parser, what it does)`` for the parser and every subcommand below it, depth first."""
    yield words, parser, said or parser.description or ""
    for flags, form in getattr(parser, "other_forms", list)():  # roll SYSTEM --campaign: a sheet's, the GM's
        yield from commands(form, (*words, *flags), form.description or "")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, child in action.choices.items():
                yield from commands(child, (*words, name), helps.get(name, ""))


def anchor(words: tuple[str, ...]) -> str:
    """The anchor GitHub gives a heading made of ``words`` (lower case, punctuation but ``-`` and ``_``
    dropped, spaces as ``-``)."""
    return re.sub(r"[^\w\- ]", "", " ".join(words).lower()).replace(" ", "-")


def command_section(words: tuple[str, ...], parser: argparse.ArgumentParser, said: str) -> str:
    """One command's part of the reference: its heading, what it does, its usage, its arguments."""
    depth = "#" * min(2 + len(words), 5)
    parts = [f"{depth} {' '.join(words)}", ""]
    if said:
        parts += [cell(said[0].upper() + said[1:]).rstrip(".") + ".", ""]
    parts += ["```text", usage(parser), "```"]
    rows = [f"| {_invocation(parser, action)} | {help_text(parser, action)} |"
            for action in parser._actions if _shown(action)]
    if rows:
        parts += ["", "| argument | what it does |", "|---|---|", *rows]
    return "\n".join(parts)


def cli_blocks() -> dict[str, str]:
    """``commands``: every command in a table linking to its reference; ``reference``: each one's usage
    and arguments."""
    from gmconsole.cli import build_parser

    walked = list(commands(build_parser()))
    table = ["| command | what it does |", "|---|---|"]
    table += [f"| [{' '.join(words)}](#{anchor(words)}) | {cell(said) or '—'} |"
              for words, _parser, said in walked if len(words) == 2]
    reference = "\n\n".join(command_section(*command) for command in walked)
    return {"commands": "\n".join(table), "reference": reference}


# ----------------------------------------------------------------------------------------------- pages
def pages() -> dict[Path, str]:
    """Each page as this tool would write it (raises :class:`StalePage` when a page lacks a block)."""
    with english():
        wanted = {KEYS_PAGE: key_blocks(), CLI_PAGE: cli_blocks()}
    return {page: filled(page.read_text(encoding="utf-8"), blocks, str(page.relative_to(ROOT)))
            for page, blocks in wanted.items()}


def stale_pages() -> list[str]:
    """The pages (relative paths) whose text differs from what :func:`pages` would write."""
    return [str(page.relative_to(ROOT)) for page, text in pages().items()
            if page.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the generated parts of docs/keys.md and "
                                                 "docs/command-line.md from the bindings and the CLI parser.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a page is stale")
    args = parser.parse_args(argv)
    try:
        written = pages()
    except StalePage as exc:
        print(exc, file=sys.stderr)
        return 1
    changed = [page for page, text in written.items() if page.read_text(encoding="utf-8") != text]
    for page in changed:
        name = page.relative_to(ROOT)
        if args.check:
            print(f"{name} is stale: run python tools/generate_docs.py", file=sys.stderr)
        else:
            page.write_text(written[page], encoding="utf-8")
            print(f"wrote {name}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
