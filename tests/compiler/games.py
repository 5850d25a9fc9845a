"""Short real-card games for the compiler tests (own helpers: no imports from conftest modules).

Castles list card names top first (ids A1…, B1…; the Oro inicial is A0 / B0). ``deck``
puts the named cards first, filler up to id 8, plain Oros at ids 9–13, filler after. The
filler, Thorkell el Alto, compiles to Furia only, so it never changes a verdict here.
"""
from __future__ import annotations

import json

from tourney.engine import adjudicate, catalog_resolver, read_record

FILLER = "Thorkell el Alto"


def deck(*names):
    return list(names) + [FILLER] * (8 - len(names)) + ["Oro"] * 5 + [FILLER] * 6


def header(a, b, hand=4, first="A", version=1):
    return {"game": "myl", "version": version, "format": "unificado", "first": first, "hand": hand,
            "players": [
                {"id": "A", "name": "Ana", "gold": ["A0", "Oro"],
                 "castle": [[f"A{i}", n] for i, n in enumerate(a, 1)]},
                {"id": "B", "name": "Beto", "gold": ["B0", "Oro"],
                 "castle": [[f"B{i}", n] for i, n in enumerate(b, 1)]}]}


def put(p, *ids, zone="defense"):
    """Set the position up (an effect line without source: applied, not verified)."""
    return {"p": p, "do": "effect", "moves": [[i, zone] for i in ids]}


def gold(p, *ids):
    return put(p, *ids, zone="reserve")


def play(p, card, pay=(), **more):
    return {"p": p, "do": "play", "card": card, "pay": list(pay), **more}


def effect(p, source, **fields):
    return {"p": p, "do": "effect", "source": source, **fields}


def end(p):
    return {"p": p, "do": "end"}


def attack(p, *cards):
    return {"p": p, "do": "attack", "cards": list(cards)}


def block(p, *pairs):
    return {"p": p, "do": "block", "pairs": [list(x) for x in pairs]}


def passes(p):
    return {"p": p, "do": "pass"}


def verified(v, line):
    """The record is legal and ``line`` was verified (an ability's line the engine checked)."""
    assert v.legal, (v.line, v.rule, v.message)
    assert line in v.verified, (v.verified, v.unverified)
    return v


def illegal(v, line, rule):
    assert (v.status, v.line, v.rule) == ("illegal", line, rule), (v.line, v.rule, v.message)
    return v


def make_judge(catalog):
    resolve = catalog_resolver(catalog)

    def run(head, actions):
        lines = [json.dumps(head, ensure_ascii=False)] + [json.dumps(a, ensure_ascii=False) for a in actions]
        return adjudicate(read_record(lines, resolve))
    return run


def cast(p, card_id, name, cost, **more):
    """Oros for ``name``'s cost (the Oro inicial and ids 9…) and the play line."""
    extra = [f"{p}{9 + i}" for i in range(max(cost(name) - 1, 0))]
    setup = [gold(p, *extra)] if extra else []
    return setup + [play(p, card_id, [f"{p}0"] + extra, **more)]


def battle(war):
    """A's Aliado A2 attacks, B's B1 blocks; B passes first in the war, then ``war``."""
    setup = [put("A", "A2"), end("A"), put("B", "B1"), end("B")]
    fight = [attack("A", "A2"), block("B", ("B1", "A2")), passes("B")]
    return setup + fight + war + ([passes("B"), passes("A")] if war else [passes("A")])
