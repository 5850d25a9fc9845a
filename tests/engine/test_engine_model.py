"""Ability values (tourney/engine/abilities/model.py): frozen, comparable, printable, pasted
back from their repr, round-tripped through JSON, rendered in Spanish; and the record format
version 2 read strictly (a malformed line is unreadable, naming line and field)."""
from __future__ import annotations

import json

import pytest
from engine_helpers import FILLER, GOLDEN, header, lines, resolve

from tourney.engine import RecordError, read_record
# the repr is pasted back with these names, each imported from its home
from tourney.engine.abilities.condition import Condition
from tourney.engine.abilities.effect_value import Effect
from tourney.engine.abilities.model import Ability, CardAbilities
from tourney.engine.abilities.target_filter import TargetFilter
from tourney.engine.abilities.trigger_cost_duration import Cost, Duration, Trigger  # noqa: F401 (eval)
from tourney.engine.abilities.registry import hand_written


def test_every_hand_written_file_reads_pastes_back_and_round_trips():
    files = hand_written()
    assert len(files) >= 20
    for identity, known in files.items():
        assert known.identity == identity and known.source == "hand"
        assert eval(repr(known)) == known, identity  # noqa: S307 - a repr you can paste back
        assert CardAbilities.from_json(json.loads(json.dumps(known.to_json()))) == known
        assert hash(known) == hash(eval(repr(known)))  # noqa: S307
        for ability in known.abilities:
            text = ability.describe()
            assert text and text[0].isupper() and text.endswith("."), (identity, text)


def test_puno_bendito_describes_itself_in_the_rules_words():
    puno = hand_written()["puno-bendito"].abilities[0]
    assert puno.describe() == "Destruye un Aliado oponente de Fuerza 2 o menos objetivo."
    assert puno == Ability(kind="effect", zone="hand", targets=(
        TargetFilter(types=("Aliado",), controller="opponent", max_strength=2),),
        effects=(Effect(kind="destroy"),), text=puno.text)


def test_conditional_keyword_says_mientras():
    iga = hand_written()["iga-kunoichi"].abilities[0]
    assert iga.describe() == "Mientras este Aliado porta un Arma, es Imbloqueable."
    assert Condition.from_json("bears_weapon") == Condition("bears_weapon")


@pytest.mark.parametrize("build", [
    lambda: Ability("keywrd", keyword="Furia"),
    lambda: Effect("explode"),
    lambda: Cost("gold", amount=-1),
    lambda: TargetFilter(zone="moon"),
    lambda: Ability("triggered"),  # a triggered ability needs its trigger
    lambda: Ability("effect", effects=(Effect("destroy", target=1),)),  # no such target
    lambda: Effect("draw", amount_from="luck"),
])
def test_an_unknown_word_or_an_incomplete_value_is_refused(build):
    with pytest.raises(ValueError):
        build()


def test_from_json_names_the_unknown_field():
    with pytest.raises(ValueError, match="campo desconocido «colour»"):
        Ability.from_json({"kind": "keyword", "keyword": "Furia", "colour": "red"})


def _v2(actions):
    head = dict(header(["Soldado"] + FILLER, FILLER), version=2)
    return lines(head, actions)


@pytest.mark.parametrize("action, field", [
    ({"p": "A", "do": "activate"}, "card"),
    ({"p": "A", "do": "activate", "card": "A1", "ability": 0}, "ability"),
    ({"p": "A", "do": "activate", "card": "A1", "pay": "A0"}, "pay"),
    ({"p": "A", "do": "activate", "card": "A1", "costs": ["Z9"]}, "costs"),
    ({"p": "A", "do": "choose"}, "order"),
    ({"p": "A", "do": "choose", "card": "A1"}, "targets"),
])
def test_record_v2_malformed_line_is_unreadable_naming_line_and_field(action, field):
    with pytest.raises(RecordError) as info:
        read_record(_v2([action]), resolve)
    assert info.value.line == 2 and f"«{field}»" in info.value.message


def test_record_v1_does_not_know_the_v2_verbs():
    head = header(["Soldado"] + FILLER, FILLER)
    with pytest.raises(RecordError) as info:
        read_record(lines(head, [{"p": "A", "do": "activate", "card": "A1"}]), resolve)
    assert "versión 2" in info.value.message


def test_cli_v2_malformed_line_exit_2_without_traceback(runner, tmp_path):
    path = tmp_path / "v2.jsonl"
    path.write_text("\n".join(_v2([{"p": "A", "do": "activate", "card": "A1", "ability": "uno"}]))
                    + "\n", encoding="utf-8")
    result = runner.invoke(args=["adjudicate", str(path), "--catalog",
                                 str(GOLDEN / "catalog.json")])
    assert result.exit_code == 2
    assert "línea 2" in result.output and "«ability»" in result.output
    assert "Traceback" not in result.output


def test_positions_step_through_a_record_as_plain_values(real_catalog):
    from tourney.engine import catalog_resolver, positions

    path = GOLDEN / "real" / "06_habilidades_bloqueo_imbloqueable.jsonl"
    record = read_record(path.read_text(encoding="utf-8").splitlines(),
                         catalog_resolver(real_catalog))
    steps = list(positions(record))
    assert [s.line for s in steps] == list(range(1, 17))
    assert json.loads(json.dumps([s.to_json() for s in steps])) == [s.to_json() for s in steps]
    anul = steps[13]
    assert anul.action.startswith("Beto usa la habilidad 1 de Nanna (B1)")
    assert "Nanna (B1)" in anul.players[1].exile
    last = steps[-1]
    assert (last.legal, last.rule, last.rule_title) == (False, "10.29", "10.29 Imbloqueable")
    assert last.phase == "la Declaración de Bloqueo" and last.players[0].attack == [
        "Monje (A1)", "César Borgia (A2)"]
    assert steps[7].effect == "verified" and steps[0].players[0].hand == 5
    assert last.players[0].strength == {"Monje (A1)": 2, "César Borgia (A2)": 2}
