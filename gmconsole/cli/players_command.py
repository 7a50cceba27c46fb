"""``gmconsole players NAME [--json] [--revoke CHARACTER] [--new CHARACTER] [--difficulty D] [--wait S]``: the
players' links, and the difficulty of the players' own rolls.

One secret link per player character (:mod:`gmconsole.campaign.players`), answered by ``gmconsole serve NAME
--players``; a link reaches its one character. Listing makes a link for a player character that has none;
``--revoke`` ends one, ``--new`` makes a new one (the old one stops working at once, a running server
included). The links name the address the last ``serve --players`` recorded, else 127.0.0.1:8000 (said so).
``--difficulty D`` sets the difficulty the players' own rolls use this session (an id of the system's difficulty
ladder; ``default`` clears it), one undoable change.
``--json``: ``{"campaign", "players": [{"character", "character_id", "link"}], "difficulty"}``.
"""

from __future__ import annotations

from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, speak_campaign_language, warn_about
from gmconsole.cli.common import emit
from gmconsole.i18n import _
from gmconsole.phrasing import possessive
from gmconsole.safe_text import shown


def register(subparsers) -> None:
    """Add ``players``."""
    parser = subparsers.add_parser(
        "players", help=_("list, end or renew the players' own links (gmconsole serve NAME --players)"),
        description=_("Each player character's secret link to their own page, where they roll their dice "
                      "(served by `gmconsole serve NAME --players`). Keep the links to the players: anyone "
                      "with a link rolls for that character."))
    parser.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    parser.add_argument("--json", action="store_true",
                        help=_('print {"campaign", "players": [{"character", "character_id", "link"}], "difficulty"} '
                               'as JSON'))
    parser.add_argument("--revoke", metavar="CHARACTER", help=_("end this character's link (at once, even for a "
                                                                 "running server)"))
    parser.add_argument("--new", metavar="CHARACTER", help=_("give this character a new link; the old one stops "
                                                              "working at once"))
    parser.add_argument("--difficulty", metavar="D",
                        help=_("the difficulty the players' own rolls use this session (an id of the system's "
                               "difficulty ladder, as the roll builder's d/D cycle it; default clears it); undoable"))
    add_wait(parser)
    parser.set_defaults(handler=guard(run_players))


def run_players(args) -> int:
    from gmconsole.campaign import players
    from gmconsole.campaign.service import CampaignService

    root = campaign_root(args)
    notes = []
    if args.difficulty is not None:
        with CampaignService.open(root, args.name, wait=args.wait) as service:
            speak_campaign_language(service)  # the warnings, if any, once: when listing below
            set_to = None if args.difficulty == "default" else args.difficulty
            notes.append(service.setup.set_player_difficulty(set_to)["summary"])
    with CampaignService.open(root, args.name, read_only=True) as service:
        warn_about(service, args)
        campaign = service.campaign
        folder = service.campaign_folder
    if args.revoke:
        ended = players.revoke(folder, campaign, args.revoke, args.wait)
        # Translators: {whose} is a name made possessive ("Ann's", "Hull rats'"; zh-Hant: "Ann的")
        notes.append(_("{whose} link is ended").format(whose=possessive(shown(ended.name))))
    if args.new:
        renewed = players.renew(folder, campaign, args.new, args.wait)
        notes.append(_("{name} has a new link; the old one no longer works").format(name=shown(renewed.character)))
    # after --revoke the list leaves that character out (no new link made); else a link for every PC
    listed, defaulted = (players.listed if args.revoke else players.links)(folder, campaign, *(
        () if args.revoke else (args.wait,)))
    result = {"campaign": campaign.name, "players": [
        {"character": link.character, "character_id": link.character_id, "link": link.link} for link in listed],
        "difficulty": campaign.current_session.player_difficulty}
    lines = [*notes]
    if not listed:
        lines.append(_("{name} has no player links").format(name=shown(campaign.name)))
    lines += [_("{name}: {link}").format(name=shown(link.character), link=link.link) for link in listed]
    with_link = {link.character_id for link in listed}
    lines += [_("{name}: link ended (`gmconsole players {campaign} --new` with the name makes a new one)").format(
        name=shown(c.name), campaign=shown(campaign.name))
        for c in players.player_characters(campaign) if c.id not in with_link]
    if defaulted:
        lines.append(_("(the links name 127.0.0.1:8000, the default: `gmconsole serve {name} --players` records "
                       "the address it serves on)").format(name=shown(campaign.name)))
    emit(result, args.json, "\n".join(lines))
    return 0

