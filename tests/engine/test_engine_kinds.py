"""One home per kind of ability value, and «compiled» meaning enforced (issue 20, items 1–2):
every value the compiler produces on the real catalog has a home for the role it plays, and
`tourney engine coverage` counts a card as compiled only when the engine enforces each value."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tourney.cli.group import cli
from tourney.engine.abilities.kinds.base import FAMILY_ROLES, REGISTRY, Use, kind_of
from tourney.engine.abilities.kinds.enforcement import missing_homes, unenforced, uses
from tourney.engine.abilities.vocabulary import (
    ABILITY_KINDS,
    AMOUNT_SOURCES,
    CONDITIONS,
    COSTS,
    DURATIONS,
    EFFECTS,
    EVENTS,
)
from tourney.engine.compiler import compile_card
from tourney.engine.compiler import coverage as coverage_module
from tourney.engine.compiler.coverage import coverage, representatives

CARDS = ("deckforge", "public-data", "cards.json")


def _card(catalog, name):
    found = catalog.resolve(name)
    assert found.ok, name
    return found.card


def test_every_value_the_compiler_produces_has_a_home_for_its_role(real_catalog):
    missing: dict[tuple[str, str, str], str] = {}
    walked = 0
    for card in representatives(real_catalog):
        for ability in compile_card(card).abilities:
            walked += 1
            for home in missing_homes(ability):
                missing.setdefault(home, card.name)
    assert walked > 2000
    assert missing == {}


def test_every_word_of_the_vocabularies_has_a_home_for_every_role_of_its_family():
    tables = {"effect": EFFECTS, "ability": ABILITY_KINDS, "cost": COSTS, "event": EVENTS,
              "condition": CONDITIONS, "duration": DURATIONS, "amount": AMOUNT_SOURCES}
    for family, words in tables.items():
        for word in words:
            kind = kind_of(family, word)
            assert kind is not None, (family, word)
            assert set(kind.roles) == set(FAMILY_ROLES[family]), (family, word)
    assert all(k.family in FAMILY_ROLES for k in REGISTRY.values())


def test_a_value_the_engine_does_not_check_makes_the_card_partly_compiled(real_catalog):
    machu = _card(real_catalog, "Machu Picchu")  # «el daño directo … aumenta en 1»
    assert compile_card(machu).complete
    reasons = unenforced(machu, compile_card(machu).abilities)
    assert any("daño directo aumenta" in r for r in reasons)
    cov = coverage([machu], hand=frozenset())
    assert (cov.counts["compiled"], cov.counts["partial"], cov.counts["compiled_unenforced"]) == (0, 1, 1)


def test_a_prohibition_is_enforced_at_play(real_catalog):
    julio = _card(real_catalog, "Julio César")  # «no se pueden jugar Talismanes»: play_rules
    assert not any("prohibición de jugar" in r for r in unenforced(julio, compile_card(julio).abilities))


def test_a_play_restriction_is_enforced_at_play(real_catalog):
    card = _card(real_catalog, "Gran Incendio")  # «Sólo puedes jugar este Talismán …»
    assert not any("restricción de juego" in r for r in unenforced(card, compile_card(card).abilities))


def test_inmunidad_in_the_compilers_words_is_enforced(real_catalog):
    card = _card(real_catalog, "Endriago")  # compiled «Inmunidad - talismanes»
    assert not any("Inmunidad" in r for r in unenforced(card, compile_card(card).abilities))


def test_a_card_whose_every_value_is_enforced_is_compiled(real_catalog):
    kyudo = _card(real_catalog, "Kyudo")  # «tu oponente Bota 7 cartas»: verified at its line
    assert unenforced(kyudo, compile_card(kyudo).abilities) == ()
    cov = coverage([kyudo], hand=frozenset())
    assert cov.counts["compiled"] == 1 and cov.to_json()["compiled"] == 1


def test_each_use_of_a_value_is_judged_in_its_role(real_catalog):
    kyudo = _card(real_catalog, "Kyudo")
    roles = {(family, role) for a in compile_card(kyudo).abilities for family, _, role, _ in uses(a)}
    assert ("effect", "line") in roles and ("ability", "use") in roles
    kind = kind_of("effect", "mill")
    assert kind is not None and kind.verdict("static", Use(kyudo, None, None)) is not None


def test_coverage_json_compiled_means_enforced_and_adds_up(real_catalog):
    data = coverage(real_catalog).to_json(limit=5)
    assert data["compiled"] + data["partial"] + data["none"] + data["override"] + data["error"] \
        == data["with_text"]
    assert 0 < data["compiled_unenforced"] <= data["partial"]
    for row in data["by_type"].values():
        assert row["compiled"] + row["partial"] + row["none"] + row["override"] + row["error"] \
            == row["with_text"]
        assert row["compiled_unenforced"] <= row["partial"]
    assert data["top_unenforced"] and all(set(r) == {"reason", "identities", "example"}
                                          for r in data["top_unenforced"])


@pytest.fixture
def broken_compiler(monkeypatch, real_catalog):
    """The compiler failing on one card (Kyudo): a bug in it, as it could happen."""
    kyudo = _card(real_catalog, "Kyudo")

    def compile_or_fail(card):
        if card.identity == kyudo.identity:
            raise RuntimeError("fallo de prueba")
        return compile_card(card)

    monkeypatch.setattr(coverage_module, "compile_card", compile_or_fail)
    return kyudo


def test_a_compiler_error_is_counted_as_error_and_logged(broken_compiler, real_catalog, caplog):
    cov = coverage([broken_compiler, _card(real_catalog, "Julio César")], hand=frozenset())
    data = cov.to_json()
    assert data["error"] == 1 and data["errors"][0]["error"] == "RuntimeError: fallo de prueba"
    assert data["by_type"][broken_compiler.type]["error"] == 1
    assert "error del compilador en Kyudo" in caplog.text


def test_engine_abilities_shows_a_compiler_error(broken_compiler, shared_data):
    path = str(shared_data.joinpath(*CARDS))
    result = CliRunner().invoke(cli, ["engine", "abilities", "Kyudo", "--catalog", path])
    assert result.exit_code == 0 and "Error del compilador: RuntimeError: fallo de prueba" in result.output
    as_json = json.loads(CliRunner().invoke(
        cli, ["engine", "abilities", "Kyudo", "--catalog", path, "--json"]).output)
    assert as_json["status"] == "error" and as_json["error"] == "RuntimeError: fallo de prueba"


def test_engine_abilities_says_why_a_card_read_whole_is_not_enforced(shared_data):
    path = str(shared_data.joinpath(*CARDS))
    result = CliRunner().invoke(cli, ["engine", "abilities", "Machu Picchu", "--catalog", path])
    assert "Leída entera, pero compilada en parte" in result.output
    assert "daño directo aumenta" in result.output
    as_json = json.loads(CliRunner().invoke(
        cli, ["engine", "abilities", "Machu Picchu", "--catalog", path, "--json"]).output)
    assert as_json["status"] == "partial" and as_json["complete"] and not as_json["enforced"]
    assert as_json["unenforced"]


def test_tests_run_with_the_compiler_on():
    """Tests run as the product runs: no test anywhere calls the registry's compiler switch
    (only a benchmark compares the engine with and without it), and the compiler is on."""
    import ast
    from pathlib import Path

    from tourney.engine.abilities.registry import compiler_on

    tests = Path(__file__).resolve().parent.parent
    offenders = []
    for path in tests.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name == "use_compiler":
                    offenders.append(f"{path.relative_to(tests)}:{node.lineno}")
    assert offenders == []
    assert compiler_on()


def test_an_effect_is_enforced_in_a_line_exactly_when_its_home_verifies_it():
    """One home: the status the coverage reads and the code the engine runs are the same
    declaration (an effect with a line check has a ``verify`` handler, and only then)."""
    for word in EFFECTS:
        kind = kind_of("effect", word)
        assert kind is not None
        status = kind.roles["line"]
        verifies = "verify" in kind.handlers
        assert verifies == (status is None or callable(status)), word


def test_a_step_whose_kind_has_no_verification_leaves_the_line_unverified(real_catalog):
    """«Juega un turno adicional» (extra_turn) has no line check in its home: its lines stay
    unverified (never illegal)."""
    from tourney.engine.abilities.kinds.base import handler

    assert handler("effect", "extra_turn", "verify") is None
    assert handler("effect", "destroy", "verify") is not None


def test_every_effect_the_engine_applies_after_a_line_has_its_application_in_its_home():
    """What a verified line cannot show (keywords gained, Anular, daño prevenido …) is applied by
    the step's home (``apply``), the same home that verifies it."""
    from tourney.engine.abilities.kinds.base import handler
    from tourney.engine.abilities.verify_pool import ENGINE_APPLIED

    for word in (ENGINE_APPLIED - {"redirect", "retarget"}) | {"become_ally"}:
        assert handler("effect", word, "apply") is not None, word
        assert handler("effect", word, "verify") is not None, word


def test_every_cost_piece_declared_enforced_has_its_payer():
    """10.16 Coste: the registry says ``costs.pay`` pays every cost word; each has exactly one
    way to be paid there (moving the payer's cards, or its own payer)."""
    from tourney.engine.abilities.costs import MOVED_COSTS, PAYERS

    assert set(MOVED_COSTS) | set(PAYERS) == set(COSTS)
    assert not set(MOVED_COSTS) & set(PAYERS)


def test_every_condition_word_has_its_check():
    """4.2: ``condition_check.holds`` decides each condition word with its own check (the
    undecided ones are taken as holding, their lines stay unverified)."""
    from tourney.engine.abilities.condition_check import CONDITION_CHECKS

    assert set(CONDITION_CHECKS) == set(CONDITIONS)
