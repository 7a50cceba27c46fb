"""``gmconsole session NAME new|scene|list|recap`` (sessions and scenes).

- ``new [--title T] [--date YYYY-MM-DD]`` opens the next session → ``{"session": N, "scene": 1}``
  (plus ``"warnings": [...]`` when there are any); costs still pending in the session it closes are a
  warning naming the rolls (the console asks; a command cannot), and the session is started anyway
- ``scene`` starts the next scene of the current session → ``{"session": N, "scene": M}``
- ``new`` dated before the previous session warns on stderr (a flashback is allowed) and still starts it
- ``list`` → ``[{"number", "title", "date", "started", "scenes", "entries"}, ...]``: ``date`` is the date of
  play the GM gave, ``started`` the moment the session was opened
- ``recap [--session N]`` prints the recap of a session as Markdown (``--json``: the data)

``new`` and ``scene`` write the campaign, so they take ``--wait SECONDS`` like every other writer;
``list`` and ``recap`` open it read-only. Bad input (an unknown campaign, a session the campaign does
not have, a title with control characters) exits 2 with one line on stderr.
"""

from __future__ import annotations

import sys

from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, warn_about
from gmconsole.cli.common import emit, session_number
from gmconsole.i18n import _, ngettext
from gmconsole.safe_text import shown, to_json

__all__ = ["register"]


def register(subparsers) -> None:
    """Add ``session NAME {new,scene,list,recap}``."""
    session = subparsers.add_parser("session", help=_("open a new session or scene, list sessions, read a recap"))
    session.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    actions = session.add_subparsers(dest="action", metavar="ACTION", required=True)

    new = actions.add_parser("new", help=_("open the next session (scenes start again at 1)"))
    new.add_argument("--title", metavar="T", help=_("what the session is called"))
    new.add_argument("--date", metavar="YYYY-MM-DD", help=_("the date of play (default: today)"))
    new.add_argument("--json", action="store_true",
                     help=_('print {"session": N, "scene": 1} (and "warnings" when there are any)'))
    add_wait(new)
    new.set_defaults(handler=guard(run_new))

    scene = actions.add_parser("scene", help=_("start the next scene (\"only one chance\" starts afresh)"))
    scene.add_argument("--json", action="store_true", help='print {"session": N, "scene": M}')
    add_wait(scene)
    scene.set_defaults(handler=guard(run_scene))

    listing = actions.add_parser("list", help=_("every session: number, title, started, scenes, entries"))
    listing.add_argument("--json", action="store_true", help=_("a JSON list"))
    listing.set_defaults(handler=guard(run_list))

    recap = actions.add_parser("recap", help=_("a session's recap, built from its history (Markdown)"))
    recap.add_argument("--session", type=session_number, metavar="N",
                       help=_("which session (default: the current one)"))
    recap.add_argument("--json", action="store_true", help=_("the recap as data"))
    recap.set_defaults(handler=guard(run_recap))


def _open(args, *, write: bool):
    from gmconsole.campaign.service import CampaignService

    if write:
        return CampaignService.open(campaign_root(args), args.name, wait=args.wait)
    return CampaignService.open(campaign_root(args), args.name, read_only=True)


def run_new(args) -> int:
    from gmconsole.campaign import recaps

    with _open(args, write=True) as service:
        warn_about(service)
        ending, pending = service.session.number, recaps.pending_costs(service.ledger)
        session = service.sessions.new_session(date=args.date, title=args.title)
        warnings = [recaps.pending_warning(ending, pending)] if pending else []
        warnings += [w for w in (recaps.date_warning(service.ledger),) if w]
        for warning in warnings:
            print(_("gmconsole: warning: {message}").format(message=shown(warning)), file=sys.stderr)
        result = {"session": session.number, "scene": session.scene}
        if warnings:  # only then: scripts comparing the documented {"session", "scene"} keep working
            result["warnings"] = warnings
        if session.title:
            text = _("session {number}: {title} begins ({date}), scene 1").format(
                number=result["session"], title=session.title, date=session.date)
        else:
            text = _("session {number} begins ({date}), scene 1").format(number=result["session"], date=session.date)
    emit(result, args.json, text)
    return 0


def run_scene(args) -> int:
    with _open(args, write=True) as service:
        warn_about(service)
        service.sessions.new_scene()
        result = {"session": service.session.number, "scene": service.session.scene}
    emit(result, args.json, _("session {number}, scene {scene} begins").format(number=result["session"],
                                                                               scene=result["scene"]))
    return 0


def run_list(args) -> int:
    from gmconsole.campaign.recaps import started_text

    with _open(args, write=False) as service:
        warn_about(service)
        rows = service.sessions.session_list()
    if args.json:
        print(to_json(rows))
        return 0
    for row in rows:  # titles come from the campaign file: escaped
        title = f"  {shown(row['title'])}" if row["title"] else ""
        scenes = ngettext("{n} scene", "{n} scenes", row["scenes"]).format(n=row["scenes"])
        entries = ngettext("{n} entry", "{n} entries", row["entries"]).format(n=row["entries"])
        print(_("session {number}{title}  started {started}  {scenes}  {entries}").format(
            number=row["number"], title=title, started=shown(started_text(row)), scenes=scenes, entries=entries))
    return 0


def run_recap(args) -> int:
    from gmconsole.campaign.recaps import recap_markdown

    with _open(args, write=False) as service:
        warn_about(service)
        data = service.sessions.recap(args.session)
    print(to_json(data, indent=2) if args.json else recap_markdown(data).rstrip("\n"))
    return 0
