"""A demo Lanzamiento: every player opens products of one edition, the organizer registers and
locks the pools, each player builds a Mazo Castillo from their pool (the rest is their
Mazo de Soporte), and a few Swiss rounds are played. ``tourney demo --format lanzamiento``.
"""
from __future__ import annotations

import random

from sqlmodel import Session, select

from ..catalog.model import ALLY, GOLD
from ..legality import pool as core
from ..models.catalog import utcnow
from ..models.events import ROLE_ORGANIZER, Event, User
from . import accounts, events, pools, rounds
from .errors import ServiceError

PRODUCTS = 6       # sobres per player
PER_PRODUCT = 10   # cards per sobre
GOLDS = 8          # Oros sin habilidad of the kit (the Oro inicial comes from the Castillo, 3.2)


def demo_pool_text(catalog, editions: list[str], rng: random.Random, products: int = PRODUCTS,
                   per_product: int = PER_PRODUCT, golds: int = GOLDS) -> str:
    """A pool as a player opens it: ``products`` sobres of cards of the editions, and a kit of
    Oros sin habilidad. Text with one block per product."""
    cards = sorted((c for c in catalog if c.edition in editions and not getattr(c, "origin", None)),
                   key=lambda c: c.code)
    plain = [c for c in cards if c.type == GOLD and c.plain_gold]
    others = [c for c in cards if not (c.type == GOLD and c.plain_gold)]
    if not plain or len(others) < per_product:
        raise ServiceError(f"La edición {', '.join(editions)} no tiene cartas suficientes para un pool "
                           "(hacen falta Oros sin habilidad).")
    lines = []
    for n in range(products):
        lines.append(f"Sobre {n + 1}:")
        lines += [f"1 {c.name} ({c.code})" for c in rng.sample(others, per_product)]
    lines.append("Oros:")
    lines += [f"1 {c.name} ({c.code})" for c in (rng.choice(plain) for _ in range(golds))]
    return "\n".join(lines) + "\n"


def demo_castle(pool: core.Pool, catalog, size: int) -> dict[str, int]:
    """A Castillo of ``size`` from the pool (pool code -> copies): every Oro sin habilidad, then
    Aliados by cost, then the rest."""
    def rank(card):
        found = catalog.by_code(card.code)
        if found is None:
            return (3, 0, card.code)
        if found.type == GOLD and found.plain_gold:
            return (0, 0, card.code)
        return (1 if found.type == ALLY else 2, found.cost or 0, card.code)

    out: dict[str, int] = {}
    left = size
    for card in sorted(pool.cards, key=rank):
        take = min(card.qty, left)
        if take:
            out[card.code] = out.get(card.code, 0) + take
            left -= take
    return out


def demo_lanzamiento(session: Session, catalog, formats: dict, format_id: str = "lanzamiento",
                     players: int = 16, rounds_played: int = 3, seed: int = 2021,
                     edition: str = "bushido", castle_size: int | None = None) -> Event:
    """Organizer + judge + ``players`` players with locked pools and decks, ``rounds_played``
    Swiss rounds with results."""
    from .demo import DEMO_NAMES, DEMO_PASSWORD

    rng = random.Random(seed)
    fmt = formats[format_id]

    def user(email, name, role="jugador"):
        found = session.exec(select(User).where(User.email == email)).first()
        return found or accounts.create_user(session, email, name, DEMO_PASSWORD, role)

    org = user("organizador@demo.cl", "Organización Demo", ROLE_ORGANIZER)
    judge = user("juez@demo.cl", "Juez Demo")
    edition_name = catalog.editions[edition].name if edition in catalog.editions else edition
    event = pools.create_sealed_event(
        session, org, formats=formats, castle_size=castle_size or fmt.main_exact,
        editions=[edition], player_entry=True, name=f"{fmt.name} Demo {edition_name}",
        date=utcnow().date(), venue="Club de Santiago", format_id=format_id,
        rounds_planned=rounds_played + 1, top_cut=0, support_required=False, seed=seed)
    events.add_judge(session, org, event, judge.email)
    regs = []
    for i in range(players):
        name = DEMO_NAMES[i % len(DEMO_NAMES)] + ("" if i < len(DEMO_NAMES) else f" {i}")
        p = user(f"jugador{i + 1}@demo.cl", name)
        reg = events.register_self(session, p, event)
        pools.enter_pool(session, org, event, reg, catalog, text=demo_pool_text(catalog, [edition], rng),
                         source="demo")
        regs.append((p, reg))
    pools.lock_pools(session, org, event)
    sized = pools.event_format(session, event, fmt)
    for p, reg in regs:
        row = pools.pool_of(session, reg)
        assert row is not None, "lock_pools gave every player a pool"
        pool = pools.pool_value(row)
        _sub, deck = pools.submit_deck(session, p, event, reg, fmt, catalog,
                                       counts=demo_castle(pool, catalog, sized.main_exact))
        if not deck.legal:
            raise ServiceError(f"El mazo de demostración de {reg.name} no es legal: "
                               + "; ".join(v.message for v in deck.violations))
    events.set_registration_open(session, org, event, False)
    outcomes = ["2-0-0", "2-1-0", "1-2-0", "0-2-0", "2-1-0", "1-1-1"]
    for _ in range(rounds_played):
        rnd = rounds.pair_next_round(session, org, event)
        rounds.publish_round(session, org, rnd)
        for m in rounds.round_matches(session, rnd):
            if m.player_b_id is not None:
                rounds.enter_result(session, org, event, m, rng.choice(outcomes), m.version)
    return event
