"""Helpers shared by the campaign tests: a frozen clock and a Year Zero attribute sheet."""

from datetime import datetime, timezone

FROZEN = datetime(2026, 3, 14, 19, 30, tzinfo=timezone.utc)


def frozen_clock():
    return FROZEN


def yz(strength, agility, wits, empathy):
    """Year Zero attributes as a sheet dict."""
    return {"strength": strength, "agility": agility, "wits": wits, "empathy": empathy}
