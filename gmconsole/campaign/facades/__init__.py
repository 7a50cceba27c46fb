"""The open campaign's API, one small class per job, each over the campaign's
:class:`~gmconsole.campaign.ledger.Ledger`.

:class:`~gmconsole.campaign.service.CampaignService` holds one of each as a typed attribute:

- ``service.rolls`` (:class:`~.rolls.Rolls`): preview, roll, push, quick and special rolls;
- ``service.outcomes`` (:class:`~.outcomes.Outcomes`): what a recorded roll leads to — costs,
  consequences, attack damage, role outcomes;
- ``service.trackers`` (:class:`~.trackers.Trackers`): stress, counters, harm, panic, doom, clocks;
- ``service.roster`` (:class:`~.roster.Roster`): characters, attributes, skill levels, gear;
- ``service.conflict`` (:class:`~.conflict.Conflict`): initiative, turns, actions;
- ``service.setup`` (:class:`~.setup.Setup`): settings and the campaign's skill list;
- ``service.sessions`` (:class:`~.sessions.Sessions`): sessions, scenes, the session list and recap;
- ``service.history`` (:class:`~.history.History`): entries, filters, chunks, export.

A facade imports the command modules (:mod:`gmconsole.campaign.commands`), which take the ledger and
never a facade or the service: the imports go one way. Nothing is imported here, so opening the
package costs nothing; each facade imports its command modules when first asked.
"""
