"""The demo's adjudicated game: a record generated with the rules engine from the decks the
players had for that game (registered list + recorded §11 swaps), with one illegal line."""
from __future__ import annotations

from sqlmodel import Session, col, select

from ..models.adjudication import Adjudication
from ..engine import adjudicate, catalog_resolver, read_record
from ..engine.generate import Deck as EngineDeck
from ..engine.generate import generate_game
from ..engine.record import dumps_line
from ..models.events import Event, Match, Round, SupportSwap, User
from .adjudication import upload
from .adjudication_access import match_registrations
from .swaps import expected_deck


def _engine_deck(deck, catalog):
    """A ``Deck`` of the swaps module (code counters) as the generator's deck of cards."""
    cards = [catalog.by_code(code) for code, qty in sorted(deck.castle.items()) for _ in range(qty)]
    cards = [c for c in cards if c is not None]
    gold = next(i for i, c in enumerate(cards) if c.plain_gold)
    return EngineDeck(cards.pop(gold), tuple(cards))


def demo_record(session: Session, event: Event, match: Match, game: int, catalog,
                seed: int = 12) -> str:
    """A record of game ``game`` of ``match`` played with the decks the players had for it
    (registered list + recorded swaps), with one illegal line near the middle: a card played
    a second time (it is no longer in the hand)."""
    regs = {r.id: r for r in match_registrations(session, match)}
    a, b = regs[match.player_a_id], regs[match.player_b_id]
    decks = [_engine_deck(expected_deck(session, event, r, match, game), catalog) for r in (a, b)]
    resolve = catalog_resolver(catalog)

    def name_of(card):
        return card.name if catalog.resolve(card.name).ok else f"{card.name} ({card.code})"

    objs = generate_game(decks[0], decks[1], seed, name_of, resolve, max_turns=60)
    objs[0]["format"] = event.format_id
    for player, reg in zip(objs[0]["players"], (a, b)):
        player["name"] = reg.name
    plays = [i for i, o in enumerate(objs) if i and o.get("do") == "play"]
    for i in plays[len(plays) // 2:] + plays[:len(plays) // 2]:
        lines = [dumps_line(o) for o in objs[:i + 1]] + [dumps_line(objs[i])]
        lines += [dumps_line(o) for o in objs[i + 1:]]
        verdict = adjudicate(read_record(lines, resolve))
        if verdict.status != "illegal" or verdict.line != i + 2:
            continue
        return "\n".join(lines) + "\n"
    return "\n".join(dumps_line(o) for o in objs) + "\n"


def demo_adjudication(session: Session, judge: User, event: Event, fmt, catalog,
                      rnd: Round) -> Adjudication | None:
    """The demo's adjudicated game: game 2 of the table of ``rnd`` whose player swapped
    cards before game 2 (``demo._demo_swap``), uploaded by the judge."""
    match = session.exec(select(Match).join(SupportSwap, col(SupportSwap.match_id) == Match.id)
                         .where(Match.round_id == rnd.id, SupportSwap.game == 2)
                         .order_by(col(Match.table_no))).first()
    if match is None:
        return None
    text = demo_record(session, event, match, 2, catalog)
    return upload(session, judge, event, match, 2, text, catalog, fmt,
                  filename="mesa-1-juego-2.jsonl")
