"""Helpers shared by the campaign tests: a frozen clock and a Year Zero attribute sheet."""

from datetime import UTC, datetime

FROZEN = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)


def frozen_clock():
    return FROZEN


def yz(strength, agility, wits, empathy):
    """Year Zero attributes as a sheet dict."""
    return {"strength": strength, "agility": agility, "wits": wits, "empathy": empathy}
