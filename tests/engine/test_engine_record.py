"""Reading a game record: what makes it unreadable (exit 2), with the line number."""
from __future__ import annotations

import json

import pytest
from engine_helpers import FILLER, GOLDEN, header, lines, resolve

from tourney.engine import RecordError, read_record


def read(rows):
    return read_record(rows, resolve)


def test_minimal_header_form_of_the_issue_is_accepted():
    head = {"game": "myl", "version": 1, "format": "unificado", "first": "A", "hand": 8,
            "players": [
                {"id": "A", "name": "Ana", "gold": ["A0", "Oro"], "castle": [["A1", "Soldado"], ["A2", "Oro"]]},
                {"id": "B", "name": "Beto", "gold": ["B0", "Oro"], "castle": [["B1", "Oro"]]}]}
    record = read([json.dumps(head)])
    assert record.header.first == "A" and record.header.hand == 8
    assert [i for i, _ in record.header.players[0].castle] == ["A1", "A2"]
    assert record.cards["A1"].name == "Soldado"


def test_bad_json_reports_its_line():
    rows = lines(header(FILLER, FILLER), [{"p": "A", "do": "end"}, '{"p": "B", "do": ', {"p": "B", "do": "end"}])
    with pytest.raises(RecordError) as exc:
        read(rows)
    assert exc.value.line == 3 and "JSON" in exc.value.message


def test_unknown_card_name_is_unreadable():
    with pytest.raises(RecordError) as exc:
        read(lines(header(["Soldado", "Dragón Inexistente"], FILLER), []))
    assert exc.value.line == 1 and "Dragón Inexistente" in exc.value.message


def test_duplicate_instance_id_is_unreadable():
    head = header(FILLER, FILLER)
    head["players"][1]["castle"][0][0] = "A1"
    with pytest.raises(RecordError) as exc:
        read(lines(head, []))
    assert exc.value.line == 1 and "A1" in exc.value.message


@pytest.mark.parametrize("first", ['{"p": "A", "do": "end"}', "", "[1, 2]"])
def test_missing_header_is_unreadable(first):
    with pytest.raises(RecordError) as exc:
        read([first, '{"p": "A", "do": "end"}'])
    assert exc.value.line == 1 and "cabecera" in exc.value.message


def test_empty_record_is_unreadable():
    with pytest.raises(RecordError):
        read([])


@pytest.mark.parametrize("action, words", [
    ({"p": "C", "do": "end"}, "«p»"),
    ({"p": "A", "do": "fly"}, "verbo desconocido"),
    ({"p": "A", "do": "play", "card": "Z9", "pay": []}, "Z9"),
    ({"p": "A", "do": "attack"}, "«cards»"),
    ({"p": "A", "do": "block", "pairs": [["B1"]]}, "pares"),
    ({"p": "A", "do": "effect", "moves": [["A1", "moon"]]}, "zona desconocida"),
])
def test_malformed_actions_are_unreadable_with_their_line(action, words):
    with pytest.raises(RecordError) as exc:
        read(lines(header(FILLER, FILLER), [{"p": "A", "do": "end"}, action]))
    assert exc.value.line == 3 and words in exc.value.message


def test_action_round_trips_through_to_json():
    record = read((GOLDEN / "01_batalla_legal.jsonl").read_text(encoding="utf-8").splitlines())
    rows = (GOLDEN / "01_batalla_legal.jsonl").read_text(encoding="utf-8").splitlines()[1:]
    assert [a.to_json() for a in record.actions] == [json.loads(r) for r in rows]


def test_every_rule_the_engine_cites_is_in_the_rules_index():
    import re
    from pathlib import Path

    from tourney.engine.rules import RULES

    engine = Path(__file__).resolve().parents[2] / "tourney" / "engine"
    files = [p for p in engine.rglob("*.py") if "compiler" not in p.parts]
    source = "\n".join(p.read_text(encoding="utf-8") for p in files)
    cited = (set(re.findall(r'IllegalAction\("([^"]+)"', source))
             | set(re.findall(r'return "([0-9][^"]*)"', source))
             | set(re.findall(r'rule = "([0-9][^"]*)"', source))
             | {r for pair in re.findall(r'\{"destroy": "([^"]+)", "banish": "([^"]+)"\}', source)
                for r in pair})
    own = set(re.findall(r'self\._own\(.*"([^"]+)"\)', source))
    assert own == {"8.1", "9 B"}, own
    cited |= own
    assert cited and cited <= set(RULES), cited - set(RULES)
    index = (Path(__file__).resolve().parents[2] / "docs" / "rules-index.md").read_text(encoding="utf-8")
    for section in RULES:  # every rule of the table is in the index, with its basis
        rule = RULES[section]
        assert f"| {section} | {rule.title} | {rule.basis} |" in index, section


def test_rule_numbers_are_settled_against_the_transcription_notes():
    """The numbers the transcription notes or the seeds README name are marked confirmed,
    with the title the seed's paragraphs give them; estimated ones say why."""
    from tourney.engine.rules import CONFIRMED, ESTIMATED, RULES

    named = {"2.2": "Armas", "2.4": "Tótems", "4.2": "Condiciones de juego",
             "8.1": "Jugar una carta", "9 C2": "Declaración de Bloqueo",
             "9 C3": "Guerra de Talismanes", "9 C4": "Asignación de Daño", "10.3": "Alimentar",
             "10.11": "Ceder prioridad", "10.19": "Desterrar"}
    for section, title in named.items():
        assert (RULES[section].title, RULES[section].basis) == (title, CONFIRMED), section
    for rule in RULES.values():
        assert rule.basis in ("confirmada", "deducida", "estimada")
        assert (rule.basis == ESTIMATED) == bool(rule.note), rule.section
    assert "3.7" not in RULES  # the zones after 3.2 cannot be numbered: the transcription lacks two


# The header of the issue, laid out over four lines exactly as the issue prints it, with its
# "..." filled in with real cards ("Kirin" and plain "Oro", as in the issue).
ISSUE_HEADER = """{"game": "myl", "version": 1, "format": "unificado", "first": "A", "hand": 8,
 "players": [
  {"id": "A", "name": "Ana", "gold": ["A0", "Oro"], "castle": [["A1", "Kirin"], ["A2", "Oro"], %s]},
  {"id": "B", "name": "Beto", "gold": ["B0", "Oro"], "castle": [%s]}]}"""


def issue_record(actions=()):
    a_rest = ", ".join(f'["A{i}", "Oro"]' for i in range(3, 13))
    b_all = ", ".join(f'["B{i}", "Oro"]' for i in range(1, 13))
    return (ISSUE_HEADER % (a_rest, b_all)).splitlines() + [json.dumps(a) for a in actions]


def test_issue_header_as_printed_over_several_lines_with_real_cards(real_catalog):
    from tourney.engine import adjudicate, catalog_resolver

    rows = issue_record([{"p": "A", "do": "gold", "card": "A2"},
                         {"p": "A", "do": "play", "card": "A1", "pay": ["A0", "A2"]}])
    record = read_record(rows, catalog_resolver(real_catalog))
    head = record.header
    assert (head.format, head.first, head.hand) == ("unificado", "A", 8)
    assert record.cards["A1"].name == "Kirin" and record.cards["A2"].plain_gold
    assert [a.line for a in record.actions] == [5, 6]  # physical lines: the header takes 1–4
    assert record.cards["A1"].cost == 5
    verdict = adjudicate(record)  # Kirin costs 5 Oros: two do not pay for it
    assert (verdict.status, verdict.line, verdict.rule, verdict.actions) == ("illegal", 6, "8.1", 1)
    assert verdict.final["A"] == {"castle": 4, "hand": 7, "graveyard": 0, "exile": 0, "in_play": 2}


def test_a_header_over_several_lines_reports_bad_json_on_its_physical_line():
    rows = ['{"game": "myl", "version": 1,', ' "first": "A",', ' "players": [}']
    with pytest.raises(RecordError) as exc:
        read(rows)
    assert exc.value.line == 3 and "JSON" in exc.value.message
    with pytest.raises(RecordError) as exc:
        read(['{"game": "myl", "players": [', ' {"id": "A"'])
    assert exc.value.line == 1 and "no se cierra" in exc.value.message


def test_plain_oro_resolves_when_the_catalog_has_no_card_called_oro(real_catalog):
    from tourney.engine import catalog_resolver
    from tourney.engine.record import GENERIC_GOLD

    assert not real_catalog.resolve("Oro").ok  # DeckForge names every Oro
    resolve_real = catalog_resolver(real_catalog)
    assert resolve_real("Oro") is GENERIC_GOLD and GENERIC_GOLD.plain_gold
    with pytest.raises(LookupError):
        resolve_real("Oro Que No Existe")
