"""Extract the console's strings into its catalogues and compile them, so the console speaks the GM's language.

    python tools/update_catalogues.py          # extract, merge into every .po, compile every .mo
    python tools/update_catalogues.py --check  # exit 1 when a .po lacks a msgid or a .mo is stale

The ``.po`` keeps no source locations (``#: file:line``): moving a line of code does not change the
catalogue, only adding, changing or dropping a msgid does. ``grep -rn`` finds where a msgid is used.

Strings are found by Babel's Python extractor in every ``gmconsole/**/*.py`` file, for the keywords
``_``, ``ngettext`` and ``N_`` (``gmconsole/i18n.py``). Each language's ``.po`` keeps its reviewed
translations; a new msgid is added with an empty msgstr (the catalogue test then fails until someone
translates it), a msgid the code no longer has is dropped. No fuzzy matching: a guessed translation is
worse than none. The ``.mo`` written beside each ``.po`` is what the console reads (stdlib ``gettext``;
Babel is a test/tool dependency, never imported at run time).

To add a language: add its code to ``gmconsole.i18n.LANGUAGES``, create
``gmconsole/locale/<code with _>/LC_MESSAGES/gmconsole.po`` (copy the header of zh_Hant's), run this
tool, translate every msgstr, run it again.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gmconsole"
LOCALE = PACKAGE / "locale"
DOMAIN = "gmconsole"
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None}


def extracted() -> Catalog:
    """Every msgid the package's code wraps, with where it is used."""
    catalog = Catalog(project="gmconsole", domain=DOMAIN)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, strip_comment_tags=True
    ):
        catalog.add(message, None, [(f"gmconsole/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def po_files() -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=path.parent.parent.name, domain=DOMAIN)


def po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=120, omit_header=False, no_location=True, sort_output=False, include_previous=False,
             ignore_obsolete=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """The ``.mo`` the console reads, compiled from ``catalog`` (fuzzy entries left out)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def merged(po: Catalog, template: Catalog) -> Catalog:
    po.update(template, no_fuzzy_matching=True, update_header_comment=False, update_creation_date=False)
    po.obsolete.clear()
    return po


def main(argv: list[str]) -> int:
    check = "--check" in argv
    template = extracted()
    problems = []
    for path in po_files():
        po = merged(read(path), template)
        text = po_text(po)
        mo = mo_bytes(po)
        mo_path = path.with_suffix(".mo")
        if check:
            if text != path.read_bytes():
                problems.append(f"{path.relative_to(ROOT)} is not up to date with the code's msgids")
            if not mo_path.exists() or mo != mo_path.read_bytes():
                problems.append(f"{mo_path.relative_to(ROOT)} is not what its .po compiles to")
            continue
        path.write_bytes(text)
        mo_path.write_bytes(mo)
        missing = sum(1 for m in po if m.id and not m.string)
        print(f"{path.relative_to(ROOT)}: {len(template)} msgids, {missing} untranslated; wrote {mo_path.name}")
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print("run: python tools/update_catalogues.py", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
