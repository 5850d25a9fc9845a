"""Family «bloqueador / no bloqueado» (issue 22): cards named by their part in the combat.

«un Aliado bloqueador» is a declared blocker of this combat (``TargetFilter.blocking``);
«atacantes no bloqueados», «declarado atacante que no haya sido bloqueado» an attacker no
Aliado blocks (``blocked`` False, with ``attacking``); «atacante o bloqueador» either one
(``any_of``). A trigger on a blocker that leaves play stays not understood (it has left the
combat when the event is seen). Values of real cards, then short games with them.
"""
from __future__ import annotations

from tourney.engine.compiler import compile_card

from .games import attack, block, cast, deck, effect, end, header, passes, put
from .realcards import compiled


def test_karakasa_kozo_chooses_a_blocker_in_the_war(real):
    assert compiled(real("Karakasa Kozo")) == [{
        "kind": "activated", "targets": [{"types": ["Aliado"], "blocking": True}],
        "effects": [{"kind": "strength", "amount": 2, "duration": {"kind": "end_of_turn"}}],
        "phases": ["war"], "per_turn": 1}]


def test_santuario_kappa_strengthens_your_faerie_blockers(real):
    (_, kappa) = compiled(real("Santuario Kappa"))
    assert kappa == {"kind": "continuous", "effects": [{
        "kind": "strength", "subject": "each", "amount": 1,
        "filter": {"types": ["Aliado"], "races": ["Faerie"], "controller": "you", "blocking": True}}]}


def test_ex_acuminibus_destroys_an_attacker_or_a_blocker(real):
    assert compiled(real("Ex acuminibus")) == [{
        "kind": "effect", "zone": "hand", "effects": [{"kind": "destroy"}],
        "targets": [{"types": ["Aliado"], "max_cost": 2, "any_of": [
            {"targets": False, "attacking": True}, {"targets": False, "blocking": True}]}]}]


def test_danza_fantasma_destroys_an_unblocked_attacker(real):
    assert compiled(real("Danza Fantasma")) == [{
        "kind": "effect", "zone": "hand", "effects": [{"kind": "destroy"}],
        "targets": [{"types": ["Aliado"], "controller": "opponent", "attacking": True, "blocked": False}]}]


def test_jodo_weakens_every_unblocked_attacker(real):
    assert compiled(real("Jodo")) == [{
        "kind": "effect", "zone": "hand", "effects": [{
            "kind": "strength", "subject": "each", "amount": -3, "duration": {"kind": "end_of_turn"},
            "filter": {"types": ["Aliado"], "attacking": True, "blocked": False}}]}]


def test_a_trigger_on_a_blocker_leaving_play_stays_not_understood(real):
    (_, hussar) = compile_card(real("Hussar Alado")).sentences
    assert not hussar.understood and "bloqueador" in hussar.reason


def test_the_rendering_names_the_combat_part(real):
    text = " ".join(a.describe() for a in compile_card(real("Jodo")).abilities)
    assert "Cada Aliado atacante no bloqueado pierde 3 a la Fuerza" in text
    text = " ".join(a.describe() for a in compile_card(real("Ex acuminibus")).abilities)
    assert "(atacante o bloqueador)" in text


# -- played: A's Thorkell el Alto (A2, Fuerza 2) attacks, B's card B1 blocks --------------

def _fight():
    return [put("A", "A2"), end("A"), put("B", "B1"), end("B"), attack("A", "A2"), block("B", ("B1", "A2"))]


def test_played_karakasa_kozo_boosts_itself_blocking_and_wins(judge):
    head = header(deck(), deck("Karakasa Kozo"), hand=1)
    use = effect("B", "B1", targets=["B1"], strength=[["B1", 2]])
    v = judge(head, _fight() + [use, passes("B"), passes("A")])
    assert v.legal and len(_fight()) + 2 in v.verified, v
    assert v.final["A"]["graveyard"] == 1  # Fuerza 3 against 2
    v = judge(head, _fight() + [effect("B", "B1", targets=["A2"], strength=[["A2", 2]])])
    assert (v.status, v.rule, v.line) == ("illegal", "8.2", len(_fight()) + 2)  # the attacker is no blocker


def test_played_ex_acuminibus_takes_the_blocker_not_a_resting_aliado(judge, cost):
    head = header(deck("Ex acuminibus"), deck(), hand=1)
    setup = [put("A", "A2"), end("A"), put("B", "B1", "B3"), end("B")]
    fight = [attack("A", "A2"), block("B", ("B1", "A2")), passes("B")]
    ok = cast("A", "A1", "Ex acuminibus", cost, targets=["B1"]) + \
        [effect("A", "A1", moves=[["B1", "graveyard"]])]
    v = judge(head, setup + fight + ok)
    assert v.legal and len(setup + fight + ok) + 1 in v.verified, v
    bad = cast("A", "A1", "Ex acuminibus", cost, targets=["B3"])  # in defense, not blocking
    v = judge(head, setup + fight + bad)
    assert (v.status, v.rule, v.line) == ("illegal", "8.2", len(setup + fight + bad) + 1)


def test_played_danza_fantasma_only_on_an_unblocked_attacker(judge, cost):
    head = header(deck(), deck("Danza Fantasma"), hand=1)
    setup = [put("A", "A2", "A3"), end("A"), put("B", "B2"), end("B")]
    fight = [attack("A", "A2", "A3"), block("B", ("B2", "A2"))]
    ok = cast("B", "B1", "Danza Fantasma", cost, targets=["A3"]) + \
        [effect("B", "B1", moves=[["A3", "graveyard"]])]
    v = judge(head, setup + fight + ok)
    assert v.legal and len(setup + fight + ok) + 1 in v.verified, v
    bad = cast("B", "B1", "Danza Fantasma", cost, targets=["A2"])  # blocked by B2
    v = judge(head, setup + fight + bad)
    assert (v.status, v.rule, v.line) == ("illegal", "8.2", len(setup + fight + bad) + 1)


def test_played_jodo_weakens_the_unblocked_attacker_only(judge, cost):
    head = header(deck(), deck("Jodo"), hand=1)
    setup = [put("A", "A2", "A3"), end("A"), put("B", "B2"), end("B")]
    fight = [attack("A", "A2", "A3"), block("B", ("B2", "A2"))]
    ok = cast("B", "B1", "Jodo", cost) + [effect("B", "B1", strength=[["A3", -3]])]
    v = judge(head, setup + fight + ok)
    assert v.legal and len(setup + fight + ok) + 1 in v.verified, v
    bad = cast("B", "B1", "Jodo", cost) + [effect("B", "B1", strength=[["A2", -3], ["A3", -3]])]
    v = judge(head, setup + fight + bad)
    assert (v.status, v.line) == ("illegal", len(setup + fight + bad) + 1)


def test_played_santuario_kappa_decides_the_combat(judge):
    # Karakasa Kozo (Faerie, Fuerza 1) blocks Thorkell el Alto (Fuerza 2)
    head = header(deck(), deck("Karakasa Kozo", "Santuario Kappa"), hand=1)
    plain = judge(head, _fight() + [passes("B"), passes("A")])
    assert plain.legal and plain.final["A"]["graveyard"] == 0  # 1 against 2: Karakasa loses
    kappa = [put("A", "A2"), end("A"), put("B", "B1"), put("B", "B2", zone="support"), end("B"),
             attack("A", "A2"), block("B", ("B1", "A2")), passes("B"), passes("A")]
    v = judge(head, kappa)
    assert v.legal and v.final["A"]["graveyard"] == 1  # 2 against 2: both are Destroyed
