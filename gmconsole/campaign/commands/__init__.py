"""The changes a GM makes to a campaign, one module per area of play.

Each function takes the :class:`~gmconsole.campaign.service.CampaignService` (its public members and
its :class:`~gmconsole.campaign.ledger.Ledger`), checks what was asked, and records one undoable
change through ``service.ledger.commit``. The service's public methods are a thin front over them.
"""
