"""Area D of the compiler: static abilities, restrictions, protections and damage, read from
real cards and played in short games (see test_compiler_played.py for the games)."""
from __future__ import annotations

from .games import cast, deck, effect, header, put
from .realcards import compiled, sentence_json

MINE = {"controller": "you", "other": True}


# -- Protection of several cards against a kind of source ---------------------------------

def _protection(filter_, keyword, by):
    return {"kind": "protection", "subject": "each", "filter": filter_, "keyword": keyword, "by": by}


def test_proteccion_hijikata_and_monje_pulpo_keep_other_allies_of_their_race_from_talismanes(real):
    for name, race in (("Hijikata", "Samurái"), ("Monje Pulpo", "Faerie")):
        assert compiled(real(name)) == [{"kind": "continuous", "effects": [_protection(
            {"types": ["Aliado"], "races": [race], **MINE}, "banished",
            {"types": ["Talismán"], "targets": False})]}]


def test_proteccion_chaac_keeps_your_totems_from_being_targeted_by_the_opponent(real):
    assert compiled(real("Chaac")) == [{"kind": "continuous", "effects": [_protection(
        {"types": ["Tótem"], "controller": "you"}, "targeted",
        {"controller": "opponent", "targets": False})]}]


def test_proteccion_nanabozho_keeps_other_guardians_from_abilities_of_allies(real):
    assert sentence_json(real("Nanabozho"), 1) == [{"kind": "continuous", "effects": [_protection(
        {"types": ["Aliado"], "keywords": ["Guardián"], **MINE}, "targeted",
        {"types": ["Aliado"], "targets": False})]}]


def test_proteccion_henricus_institor_against_cartas_oscuridad_both_moves(real):
    allies = {"types": ["Aliado"], "attribute": "Luz", **MINE}
    dark = {"attribute": "Oscuridad", "targets": False}
    assert sentence_json(real("Henricus Institor"), 1) == [{"kind": "continuous", "effects": [
        _protection(allies, "destroyed", dark), _protection(allies, "banished", dark)]}]


def test_proteccion_dougga_only_allies_destroy_your_allies(real):
    ability = compiled(real("Dougga"))[0]
    assert ability["effects"] == [_protection({"types": ["Aliado"], "controller": "you"}, "destroyed",
                                              {"not_types": ["Aliado"], "targets": False})]
    assert "sólo" not in ability  # read as: not by any card that is not an Aliado


def test_proteccion_hijikata_leaves_a_talisman_banishing_a_samurai_unverified(judge, cost):
    """The engine does not enforce a continuous protection yet: the Talismán's line that
    banishes a covered Samurái is neither verified nor illegal; without Hijikata it is verified."""
    head = header(deck("Luz Destructora"), deck("Hijikata", "Nakano Takeko"), hand=1)
    shot = cast("A", "A1", "Luz Destructora", cost, targets=["B2"])
    hit = effect("A", "A1", moves=[["B2", "exile"]])
    covered = judge(head, [put("B", "B1", "B2")] + shot + [hit])
    assert covered.legal
    line = 2 + len(shot) + 1  # the header is line 1, the set-up line 2
    assert line in covered.unverified and line not in covered.verified
    alone = judge(head, [put("B", "B2")] + shot + [hit])
    assert alone.legal and line in alone.verified
