"""The migration that pins riichi's corrected preset defaults (docs/spec/riichi.md §9) in the
rule versions stored before them: an EMA version keeps 13+ han as a yakuman, a WRC version
keeps leftover sticks to first place, so every stored hand and game scores as it did; a
setting a version already names, and other families' versions, are left alone."""

from __future__ import annotations

import importlib
from typing import Any

from django.apps import apps
from django.contrib.auth.models import User

from games import services
from games.models import Club, RuleSetVersion
from scoring.families import get_family

MIGRATION = importlib.import_module("games.migrations.0024_riichi_pin_corrected_defaults")
RIICHI = get_family("riichi")
COUNTED = {"outcome": "ron", "wins": [{"winner": 1, "han": 13}], "discarder": 2}


def stored(club: Club, alice: User, name: str, family: str, params: dict[str, Any]) -> Any:
    rules = services.rule_set_create(club=club, name=name, family=family, params=params, by=alice)
    return rules.current_version()


def test_old_riichi_versions_keep_their_answers_and_new_ones_get_the_corrected_defaults(
    club: Club, alice: User
) -> None:
    ema = stored(club, alice, "EMA", "riichi", {"preset": "ema"})
    wrc = stored(club, alice, "WRC", "riichi", {"preset": "wrc", "pao": False})
    chosen = stored(club, alice, "Chosen", "riichi", {"preset": "ema", "kazoe_yakuman": False})
    club_game = stored(club, alice, "Club", "riichi", {"preset": "club"})
    hk = stored(club, alice, "HK", "hk", get_family("hk").clean_params({}))
    before = {version.pk: version.params for version in (chosen, club_game, hk)}
    # under the corrected EMA preset the 13 han hand is a sanbaiman ...
    assert int(RIICHI.score_hand(COUNTED, ema.params)[1].points) == 24000

    MIGRATION.pin_old_defaults(apps, None)

    ema.refresh_from_db()
    wrc.refresh_from_db()
    assert ema.params == {"preset": "ema", "kazoe_yakuman": True}
    assert wrc.params == {"preset": "wrc", "pao": False, "leftover_sticks": "first"}
    for pk, params in before.items():
        assert RuleSetVersion.objects.get(pk=pk).params == params
    # ... and the stored version scores it as it was scored: a yakuman
    assert int(RIICHI.score_hand(COUNTED, ema.params)[1].points) == 32000

    MIGRATION.unpin_old_defaults(apps, None)
    ema.refresh_from_db()
    wrc.refresh_from_db()
    assert ema.params == {"preset": "ema"}
    assert wrc.params == {"preset": "wrc", "pao": False}


KIRIAGE = importlib.import_module("games.migrations.0026_riichi_wrc_kiriage")
FOUR_THIRTY = {"outcome": "ron", "wins": [{"winner": 1, "han": 4, "fu": 30}], "discarder": 2}


def test_old_wrc_versions_keep_4_han_30_fu_as_counted_and_new_ones_pay_a_mangan(
    club: Club, alice: User
) -> None:
    wrc = stored(club, alice, "WRC", "riichi", {"preset": "wrc"})
    chosen = stored(club, alice, "Chosen", "riichi", {"preset": "wrc", "kiriage": True})
    ema = stored(club, alice, "EMA", "riichi", {"preset": "ema"})
    # under the corrected WRC preset 4 han 30 fu is a mangan (WRC §6.1) ...
    assert int(RIICHI.score_hand(FOUR_THIRTY, wrc.params)[1].points) == 8000

    KIRIAGE.pin_no_kiriage(apps, None)

    for version in (wrc, chosen, ema):
        version.refresh_from_db()
    assert wrc.params == {"preset": "wrc", "kiriage": False}
    assert chosen.params == {"preset": "wrc", "kiriage": True}
    assert ema.params == {"preset": "ema"}
    # ... and the stored version scores it as it was scored: 7,700
    assert int(RIICHI.score_hand(FOUR_THIRTY, wrc.params)[1].points) == 7700

    KIRIAGE.unpin_no_kiriage(apps, None)
    wrc.refresh_from_db()
    assert wrc.params == {"preset": "wrc"}
