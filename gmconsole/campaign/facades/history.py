"""The history of an open campaign as its readers ask for it: every entry, one by id, filtered views,
the chunks the history screen reads, and a session exported as Markdown or CSV.

Nothing here changes the campaign; the entries are shown as the next writer will show them (a
reader's overlay laid over them, :meth:`~gmconsole.campaign.ledger.Ledger.seen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign import history as history_queries
from gmconsole.campaign import skills
from gmconsole.campaign.entries import Entry, from_dict
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


class History:
    """The campaign's history, as the console and the command line read it: ``service.history``."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        """The open campaign's ledger, which reads the history from the store."""

    def entries(self, session: int | None = None) -> list[dict]:
        """Every stored entry (oldest first), undone and failed ones included, as the next writer shows them."""
        return self.ledger.entries(session)

    def entry(self, entry_id: int, session: int | None = None) -> dict:
        """One entry by id (in the current session unless ``session`` is given)."""
        return self.ledger.entry(entry_id, session)

    def record(self, entry_id: int, session: int | None = None) -> Entry:
        """One entry by id as its typed record (:mod:`~gmconsole.campaign.entries`), for the console's
        readers; :meth:`entry` gives the same entry as the stored dict (what the CLI prints as JSON)."""
        return from_dict(self.entry(entry_id, session))

    def highest_entry_id(self) -> int:
        """The highest entry id the campaign knows, in its history files or named by its state (the
        entries of a file set aside are still named by the state): where a recap's gap ends."""
        return self.ledger.highest_entry_id()

    def entry_anywhere(self, entry_id: int) -> dict:
        """One entry by id in whichever session holds it (ids are unique in the campaign): the roll
        a push, a costs or a dropped-costs entry names may be in an earlier session than they are."""
        return self.ledger.entry_anywhere(entry_id)

    def filtered(
        self,
        session: int | None = None,
        character: str | None = None,
        skill: str | None = None,
        kind: str | None = None,
        *,
        include_undone: bool = False,
    ) -> list[dict]:
        """History entries, newest first, filtered by session, character (id or name), skill, kind.

        Undone (and failed) entries are left out unless ``include_undone``. ``skill`` is an id or a
        name from the campaign's skill list.
        """
        character, skill = self.filter_ids(character, skill)
        return history_queries.query(
            self.ledger.entries(session),
            character=character,
            skill=skill,
            kind=kind,
            include_undone=include_undone,
        )

    def filter_ids(self, character: str | None, skill: str | None) -> tuple[str | None, str | None]:
        """The ``character`` and ``skill`` :meth:`filtered` filters on: an id for a name the campaign
        knows (``Ripley`` finds Ripley Hale's rolls), else the text as typed."""
        found = skills.find(self.ledger.campaign, skill) if skill else None
        skill = found.id if found is not None else skill
        who = self.ledger.campaign.find_character(character) if character else None
        return (who.id if who is not None else character), skill

    def chunks(self) -> dict[tuple[int, int], tuple]:
        """Every history chunk, ``(session, first id)`` → a signature that changes with the file; reads
        none (:meth:`~gmconsole.store.history_reader.HistoryReader.chunk_signatures`)."""
        return self.ledger.chunk_signatures()

    def chunk_entries(self, session: int, first: int) -> list[dict]:
        """The entries of one history chunk, oldest first, as :meth:`entries` shows them. This and
        :meth:`chunks` may run in a worker thread (the history screen's first read)."""
        return self.ledger.chunk_entries(session, first)

    def chunk_rows(self, session: int, first: int) -> list[dict]:
        """What the history screen shows of each entry of one history chunk (its summary's rows,
        :mod:`~gmconsole.campaign.history_summary`), oldest first, as :meth:`entries` shows them; read from
        beside the chunk, or made from it when it changed. May run in a worker thread, as
        :meth:`chunk_entries`."""
        from gmconsole.campaign.history_summary import chunk_rows

        return chunk_rows(self.ledger, session, first)

    def export_session(self, session: int | None = None, fmt: str = "markdown", *, character: str | None = None,
                       skill: str | None = None, kind: str | None = None, title: str | None = None) -> str:
        """The session's history (oldest first) as ``markdown`` or ``csv`` text (current session by default),
        filtered as :meth:`filtered` filters (the history screen exports what its table shows); ``title``
        names what was exported (default: the campaign and session). Markdown ends with the session's dice
        and luck (the character's alone when one is named), as ``gmconsole stats`` gives them."""
        number = self.ledger.session.number if session is None else session
        entries = list(reversed(self.filtered(session=number, character=character, skill=skill, kind=kind)))
        figures = scope = None
        if fmt == "markdown":
            from gmconsole.campaign.statistics import statistics

            figures = statistics(self.ledger, session=number, character=character)
            scope = (_("session {number}, {name}").format(number=number, name=figures["character"]) if character
                     else _("session {number}").format(number=number))
        title = title or _("{campaign} — session {number}").format(campaign=self.ledger.campaign.name, number=number)
        from gmconsole.campaign.history_export import export

        return export(entries, fmt, title=title, skill_name=lambda skill: skills.name_of(self.ledger.campaign, skill),
                      figures=figures, figures_scope=scope or "")

    def statistics(self, session: int | None = None, character: str | None = None, *,
                   entries: list[dict] | None = None) -> dict:
        """The dice and luck of every session, or ``session`` alone, of every character or ``character``
        (:func:`~gmconsole.campaign.statistics.statistics`; ``entries``: a history already read, counted
        instead): what ``gmconsole stats`` prints."""
        from gmconsole.campaign.statistics import statistics

        return statistics(self.ledger, session=session, character=character, entries=entries)
