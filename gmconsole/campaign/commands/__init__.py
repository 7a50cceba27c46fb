"""The changes a GM makes to a campaign, one module per area of play.

Each function takes the open campaign's :class:`~gmconsole.campaign.ledger.Ledger` (never the service
or a facade: the imports go one way), checks what was asked, and records one undoable change through
``ledger.commit``. The facades (:mod:`gmconsole.campaign.facades`) are a thin front over them.
"""
