"""Realistic demo data: legal decklists built from the imported catalog, and a demo event.

The deck builder picks a race, fills the Mazo Castillo with Aliados of that race, Talismanes,
Armas or Tótems and Oros sin habilidad, adds a 10-card Mazo de Soporte, and asks the validator
(tourney.legality) until the list is legal, dropping any card it objects to.
"""
from __future__ import annotations

import random
from collections import Counter

from sqlmodel import Session, select

from ..catalog.model import ALLY, GOLD, TALISMAN, TOTEM, WEAPON
from ..legality import parse_decklist, validate
from ..models.catalog import utcnow
from ..models.events import ROLE_ORGANIZER, Event, Registration, User
from . import accounts, adjudication_demo, decklists, events, rounds, swaps
from .errors import ServiceError
from .pools_demo import demo_lanzamiento
from .rows import existing


def _limit(card, fmt) -> int:
    """How many copies the generator tries (the format's numbers, 10.13 Copias); the list is
    still judged by tourney.legality.validate below, which alone decides."""
    many = fmt.main_exact or fmt.main_max or 50
    if (card.plain_gold and fmt.plain_gold_unlimited) or card.keywords & fmt.unlimited_keywords:
        return many
    if card.unique and fmt.unique_limit is not None:
        return fmt.unique_limit
    return fmt.copy_limit or many


def build_deck(catalog, fmt, rng: random.Random, race: str | None = None,
               with_support: bool = True, tries: int = 12) -> str:
    """A legal decklist text (``N Nombre (CÓDIGO)`` lines) for ``fmt``, or ServiceError."""
    banned: set[str] = set()  # identities the validator objected to
    cards = [c for c in catalog]
    races = sorted({c.race for c in cards if c.is_ally and c.race})
    if not races:
        raise ServiceError("El catálogo no tiene Aliados: importa las cartas primero.")
    race = race or rng.choice(races)
    castle_size = fmt.main_exact or fmt.main_max or 50
    support_size = max(fmt.side_sizes or (0,)) if with_support else 0
    for _ in range(tries):
        pool = [c for c in cards if c.identity not in banned]
        by_identity: dict[str, object] = {}
        for c in pool:
            by_identity.setdefault(c.identity, c)
        pool = list(by_identity.values())
        allies = [c for c in pool if c.type == ALLY and c.race == race]
        others = [c for c in pool if c.type in (TALISMAN, TOTEM, WEAPON)]
        golds = [c for c in pool if c.type == GOLD and c.plain_gold]
        if len(allies) < 6 or not golds:
            race = rng.choice(races)
            continue
        rng.shuffle(allies)
        rng.shuffle(others)
        castle: Counter = Counter()
        support: Counter = Counter()
        used: Counter = Counter()

        def take(group, count, target, max_each):
            added = 0
            for c in group:
                if added >= count:
                    break
                n = min(max_each, _limit(c, fmt) - used[c.identity], count - added)
                if n > 0:
                    target[c] += n
                    used[c.identity] += n
                    added += n
            return added

        n_allies = take(allies, 22, castle, 3)
        take(others, 12, castle, 2)
        gold = rng.choice(golds)
        castle[gold] += castle_size - sum(castle.values())
        if with_support:
            take([c for c in allies + others if used[c.identity] < _limit(c, fmt)], support_size,
                 support, 1)
        if n_allies < 15 or sum(support.values()) not in (0, support_size):
            race = rng.choice(races)
            continue
        text = _text(castle, support)
        verdict = validate(parse_decklist(text), fmt, catalog)
        if verdict.legal:
            return text
        for v in verdict.violations:
            for name in v.cards:
                res = catalog.resolve(name)
                for card in res.cards:
                    banned.add(card.identity)
    raise ServiceError("No se pudo construir una lista legal con este catálogo y formato.")


def _text(castle: Counter, support: Counter) -> str:
    lines = ["Mazo Castillo"] + [f"{n} {c.name} ({c.code})" for c, n in castle.items()]
    if support:
        lines += ["", "Mazo de Soporte"] + [f"{n} {c.name} ({c.code})" for c, n in support.items()]
    return "\n".join(lines) + "\n"


DEMO_NAMES = [
    "Catalina Rojas", "Matías Soto", "Valentina Muñoz", "Benjamín Díaz", "Isidora Pérez",
    "Vicente González", "Josefa Contreras", "Agustín Silva", "Florencia Morales",
    "Tomás Fuentes", "Antonia Reyes", "Joaquín Castro", "Emilia Vargas", "Martín Herrera",
    "Trinidad Núñez", "Lucas Araya",
]
DEMO_PASSWORD = "demo-clave-123"


def demo_event(session: Session, catalog, formats: dict, format_id: str = "unificado",
               players: int = 16, rounds_played: int = 3, seed: int = 2021,
               name: str = "Torneo Demo Unificado", event_date=None, extras: bool = True) -> Event:
    """Organizer + judge + ``players`` players with legal lists, ``rounds_played`` rounds
    (``extras``: a recorded swap and an adjudicated game in the last round)."""
    rng = random.Random(seed)
    if format_id not in formats:
        raise ServiceError(f"Formato desconocido: {format_id}.")
    fmt = formats[format_id]
    if fmt.sealed is not None:  # Sellado / Lanzamiento: pools, not lists
        return demo_lanzamiento(session, catalog, formats, format_id=format_id, players=players,
                                rounds_played=rounds_played, seed=seed)

    def user(email, name, role="jugador"):
        found = session.exec(select(User).where(User.email == email)).first()
        return found or accounts.create_user(session, email, name, DEMO_PASSWORD, role)

    org = user("organizador@demo.cl", "Organización Demo", ROLE_ORGANIZER)
    judge = user("juez@demo.cl", "Juez Demo")
    today = event_date or utcnow().date()
    event = events.create_event(
        session, org, name=name, date=today, venue="Club de Santiago",
        format_id=format_id, formats=formats, rounds_planned=rounds_played + 1, top_cut=0,
        seed=seed)
    events.add_judge(session, org, event, judge.email)
    for i in range(players):
        name = DEMO_NAMES[i % len(DEMO_NAMES)] + ("" if i < len(DEMO_NAMES) else f" {i}")
        p = user(f"jugador{i + 1}@demo.cl", name)
        reg = events.register_self(session, p, event)
        text = build_deck(catalog, fmt, rng)
        decklists.submit_decklist(session, p, event, reg, fmt, catalog, text=text)
    events.set_registration_open(session, org, event, False)
    outcomes = ["2-0-0", "2-1-0", "1-2-0", "0-2-0", "2-1-0", "1-1-1"]
    for _ in range(rounds_played):
        rnd = rounds.pair_next_round(session, org, event)
        rounds.publish_round(session, org, rnd)
        for m in rounds.round_matches(session, rnd):
            if m.player_b_id is not None:
                rounds.enter_result(session, org, event, m, rng.choice(outcomes), m.version)
    if rounds_played and extras:
        _demo_swap(session, judge, event, fmt, catalog, rnd)
        adjudication_demo.demo_adjudication(session, judge, event, fmt, catalog, rnd)
    return event


def _demo_swap(session: Session, judge: User, event: Event, fmt, catalog, rnd) -> None:
    """A judge records the Mazo de Soporte swaps of table 1 before game 2 (for the demo)."""
    match = next(m for m in rounds.round_matches(session, rnd) if m.player_b_id is not None)
    reg = existing(session, Registration, match.player_a_id)
    deck = swaps.expected_deck(session, event, reg, match, 1)
    gold = max(deck.castle, key=lambda code: deck.castle[code])
    side = deck.lines("side")[:2]
    swaps.record_swaps(session, judge, event, match, reg, 2,
                       f"{len(side)} {deck.names[gold]}",
                       "\n".join(f"1 {name}" for _, name, _ in side), fmt, catalog)


def has_events(session: Session) -> bool:
    return session.exec(select(Event)).first() is not None


