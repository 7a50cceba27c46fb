"""The results a roll reached are listed in order: exploding margins by number (``+10`` after ``+2``, not
before it as text sorts them) and tiered tiers best first (as the recap's table reads them)."""

from __future__ import annotations

import pytest
from stats_session import play_session, stats_json

from gmconsole.campaign.library import install_demos


@pytest.mark.parametrize("name", ["exploding-demo", "tiered-demo"])
def test_bands_are_listed_in_the_order_a_gm_reads_them(tmp_path, name):
    install_demos(tmp_path)
    play_session(tmp_path, name)
    bands = list(stats_json(tmp_path, name)["bands"])
    assert len(bands) >= 3
    if name == "tiered-demo":
        order = ["critical", "great", "mixed", "limited"]
        assert bands == [tier for tier in order if tier in bands]
    else:
        assert bands == sorted(bands, key=int)
