"""The domain model (campaign, characters, gear, sessions, history entries) and the one service
that changes a campaign: it validates, calls the rules core, persists through the store and
records every change in the history so it can be undone and redone."""
