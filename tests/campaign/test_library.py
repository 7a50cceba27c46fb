"""The campaign shelf: listing, the bundled demo campaigns, and the last campaign opened."""

from gmconsole.campaign.library import install_demos, last_campaign, list_campaigns, remember_last
from gmconsole.campaign.service import CampaignService
from gmconsole.families.yearzero.rules import skill_modifiers
from gmconsole.systems import SYSTEM_IDS


def test_demos_one_per_system_with_a_party_of_four_to_six(tmp_path):
    installed = install_demos(tmp_path)
    assert sorted(installed) == sorted(f"{s}-demo" for s in SYSTEM_IDS)
    for name in installed:
        with CampaignService.open(tmp_path, name, read_only=True) as service:
            campaign = service.campaign
            assert name == f"{campaign.system}-demo"
            pcs = [c for c in campaign.roster if not c.is_npc]
            assert 4 <= len(pcs) <= 6
            assert any(c.is_group for c in campaign.roster), name
            assert all(c.gear for c in pcs), name
            for pc in pcs:
                skill = next(iter(pc.skills))
                attribute = None if campaign.system in ("myz", "yze", "yze-step") else next(iter(pc.attributes))
                uses = [u.id for u in skill_modifiers.uses_for(campaign.system, skill)][:1]  # Sic a Dog: a use
                assert service.rolls.preview_roll(pc.id, skill, attribute=attribute, skill_modifiers=uses).can_roll, (
                    name, pc.name, skill)


def test_myz_demo_has_a_dog_handler_with_a_dog(tmp_path):
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "myz-demo", read_only=True) as service:
        handlers = [c for c in service.campaign.roster if c.role == "dog-handler"]
        assert len(handlers) == 1
        dog = handlers[0].dog
        assert (dog.attributes["strength"].max, dog.attributes["agility"].max) == (4, 6)
        roles = {c.role for c in service.campaign.roster if c.role}
        assert len(roles) >= 4


def test_install_never_overwrites_a_campaign_of_the_same_name(tmp_path):
    with CampaignService.create(tmp_path, "yze-demo", "yze") as mine:
        mine.roster.add_character({"name": "Mine", "attributes": {"strength": 3, "agility": 3, "wits": 3,
                                                                  "empathy": 3}})
    installed = install_demos(tmp_path)
    assert "yze-demo" not in installed
    assert install_demos(tmp_path) == []
    summaries = {s.name: s for s in list_campaigns(tmp_path)}
    assert summaries["yze-demo"].characters == ["Mine"]
    assert summaries["myz-demo"].system == "myz"


def test_list_reads_a_campaign_another_window_has_open(tmp_path):
    with CampaignService.create(tmp_path, "Open one", "tiered"):
        assert [s.as_dict() for s in list_campaigns(tmp_path)] == [
            {"name": "Open one", "system": "tiered", "characters": []}]


def test_last_campaign_is_remembered_while_it_exists(tmp_path):
    assert last_campaign(tmp_path) is None
    install_demos(tmp_path)
    remember_last(tmp_path, "tiered-demo")
    assert last_campaign(tmp_path) == "tiered-demo"
    remember_last(tmp_path, "gone")
    assert last_campaign(tmp_path) is None


def test_remembering_the_same_campaign_again_writes_nothing(tmp_path, monkeypatch):
    from gmconsole.store import atomic

    install_demos(tmp_path)
    remember_last(tmp_path, "yze-demo")
    writes = []
    monkeypatch.setattr(atomic, "atomic_write", lambda *args, **kwargs: writes.append(args))
    remember_last(tmp_path, "yze-demo")
    assert writes == [] and last_campaign(tmp_path) == "yze-demo"
    remember_last(tmp_path, "myz-demo")
    assert len(writes) == 1
