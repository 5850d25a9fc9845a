"""Random well-formed actions spliced into generated games: the engine never crashes, and an
illegal action leaves the state exactly as it was before it."""
from __future__ import annotations

import json

from engine_helpers import generated_lines
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.engine import RecordError, adjudicate, catalog_resolver, read_record
from tourney.engine.record import ZONES

IDS = [f"{p}{i}" for p in "AB" for i in range(50)]
ids = st.sampled_from(IDS)
players = st.sampled_from(["A", "B"])
id_lists = st.lists(ids, max_size=3)
pairs = st.lists(st.lists(ids, min_size=2, max_size=2), max_size=3)

actions = st.one_of(
    st.fixed_dictionaries({"p": players, "do": st.just("gold"), "card": ids}),
    st.fixed_dictionaries({"p": players, "do": st.just("play"), "card": ids, "pay": id_lists},
                          optional={"bearer": ids, "targets": id_lists}),
    st.fixed_dictionaries({"p": players, "do": st.just("attack"), "cards": id_lists},
                          optional={"challenges": pairs}),
    st.fixed_dictionaries({"p": players, "do": st.just("block"), "pairs": pairs}),
    st.fixed_dictionaries({"p": players, "do": st.sampled_from(["pass", "end", "concede"])}),
    st.fixed_dictionaries({"p": players, "do": st.just("discard"), "cards": id_lists}),
    st.fixed_dictionaries({"p": players, "do": st.just("effect")}, optional={
        "source": ids,
        "moves": st.lists(st.tuples(ids, st.sampled_from(ZONES)).map(list), max_size=3),
        "draw": st.dictionaries(players, st.integers(0, 3)),
        "mill": st.dictionaries(players, st.integers(0, 3)),
        "counters": st.lists(st.tuples(ids, st.sampled_from(["Alimento", "Honor", "Conquista"]),
                                       st.integers(-2, 2)).map(list), max_size=2),
        "strength": st.lists(st.tuples(ids, st.integers(-3, 3)).map(list), max_size=2)}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), spliced=st.lists(st.tuples(st.integers(min_value=1), actions),
                                                        min_size=1, max_size=4))
def test_random_actions_never_crash_and_illegal_leaves_state_untouched(real_catalog, seed, spliced):
    lines = generated_lines(real_catalog, seed, max_turns=30)
    for position, action in spliced:
        at = 1 + position % len(lines)
        lines.insert(at, json.dumps(action))
    resolve = catalog_resolver(real_catalog)
    try:
        record = read_record(lines, resolve)
    except RecordError:  # e.g. an id beyond the deck: unreadable, which is fine
        return
    verdict = adjudicate(record)
    if verdict.status == "illegal":
        assert verdict.rule is None or verdict.rule[0].isdigit()
        assert isinstance(verdict.message, str) and verdict.message
        before = adjudicate(read_record(lines[:verdict.line - 1], resolve))
        assert before.status != "illegal"
        assert before.final == verdict.final
        assert before.actions == verdict.actions == verdict.line - 2


v2_actions = st.one_of(
    actions,
    st.fixed_dictionaries({"p": players, "do": st.just("activate"), "card": ids},
                          optional={"ability": st.integers(0, 4), "pay": id_lists,
                                    "costs": id_lists, "targets": id_lists}),
    st.fixed_dictionaries({"p": players, "do": st.just("choose")},
                          optional={"card": ids, "order": id_lists, "targets": id_lists}),
    st.fixed_dictionaries({"p": players, "do": st.just("effect"), "source": ids,
                           "targets": id_lists}),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), spliced=st.lists(st.tuples(st.integers(min_value=1),
                                                                  v2_actions),
                                                        min_size=1, max_size=4))
def test_v2_random_lines_in_games_with_abilities_never_crash(real_catalog, seed, spliced):
    """Version 2 records (activate, choose, answers) spliced into generated games that use
    abilities: unreadable (RecordError) or a verdict, never an exception; an illegal verdict
    leaves the state as the record cut just before that line."""
    lines = generated_lines(real_catalog, seed, max_turns=30)
    head = json.loads(lines[0])
    head["version"] = 2
    lines[0] = json.dumps(head)
    for position, action in spliced:
        lines.insert(1 + position % len(lines), json.dumps(action))
    resolve = catalog_resolver(real_catalog)
    try:
        record = read_record(lines, resolve)
    except RecordError:
        return
    verdict = adjudicate(record)
    if verdict.status == "illegal":
        assert isinstance(verdict.message, str) and verdict.message
        before = adjudicate(read_record(lines[:verdict.line - 1], resolve))
        assert before.status != "illegal"
        assert before.final == verdict.final
