"""Mazo de Soporte swaps between games, and judges' deck checks: the bridge between the
database and the §11 rules in ``tourney.legality.swaps`` (which holds our reading of §11 and
takes the sizes from the format). Here: who may record, which match, storing the swaps and
the deck checks; every rule decision is the core's.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone

from sqlmodel import Session, col, select

from ..legality import DecklistError
from ..legality import swaps as rules
from ..legality.swaps import RULE, Deck, SwapError, compare
from ..models.catalog import utcnow
from ..models.events import (
    MATCH_CONFIRMED, DeckCheck, Event, Match, MatchSeat, Registration, Round, SupportSwap, User,
)
from ..swiss import MATCH_GAMES
from .access import is_judge, owns
from .decklists import _located, catalog_for, registered
from .errors import Forbidden, NotFound, ServiceError
from .pools import carried_deck, pool_deck_check  # Lanzamiento: deck carried over, checked against the pool (§11)

_apply = rules.apply_swap  # (kept: services.pools replays recorded swaps with it)


def _registered_deck(session: Session, event: Event, registration: Registration) -> Deck:
    sub = registered(session, event, registration)
    if sub is None:
        raise ServiceError(f"{registration.name} no tiene una lista legal inscrita.")
    return Deck.from_resolved(sub.resolved)


def swaps_for(session: Session, match: Match, registration: Registration) -> dict[int, SupportSwap]:
    rows = session.exec(select(SupportSwap).where(SupportSwap.match_id == match.id,
                                                  SupportSwap.registration_id == registration.id))
    return {row.game: row for row in rows}


def expected_deck(session: Session, event: Event, registration: Registration, match: Match | None,
                  game: int) -> Deck:
    """The registered list plus this match's swaps up to ``game`` ("Castillo para el juego N")."""
    deck = _registered_deck(session, event, registration)
    deck = carried_deck(session, event, registration, match, deck)
    if match is None or game <= 1:
        return deck
    recorded = {g: json.loads(row.swaps_json)
                for g, row in swaps_for(session, match, registration).items()}
    return rules.deck_for_game(deck, recorded, game)


def _participant(match: Match, registration: Registration) -> bool:
    return registration.id in (match.player_a_id, match.player_b_id)


def check_swaps(session: Session, actor: User, event: Event, match: Match,
                registration: Registration, game: int, out_text: str, in_text: str,
                fmt=None, catalog=None) -> tuple[dict, Deck]:
    """Validate swaps before ``game`` against §11 without storing them (the live check).

    Returns the swap record and the resulting deck; raises ServiceError naming the field."""
    if not (owns(actor, registration) or is_judge(session, actor, event)):
        raise Forbidden("Solo el propio jugador o un juez pueden registrar estos cambios.")
    if not _participant(match, registration) or match.player_b_id is None:
        raise ServiceError("Ese jugador no juega esta partida (o es un bye).")
    if match.status == MATCH_CONFIRMED and not is_judge(session, actor, event):
        raise ServiceError("La partida ya terminó: el mazo volvió a su estado inscrito.")
    if not rules.applies(fmt):
        raise NotFound(f"Los cambios con el Mazo de Soporte ({RULE}) no existen en el juego de "
                       "este evento.")
    before = expected_deck(session, event, registration, match, game - 1)
    try:
        return rules.check_swap(before, game, out_text, in_text, fmt, catalog,
                                player=registration.name)
    except SwapError as exc:
        raise ServiceError(exc.message, exc.field) from None


def record_swaps(session: Session, actor: User, event: Event, match: Match,
                 registration: Registration, game: int, out_text: str, in_text: str,
                 fmt=None, catalog=None, now: datetime | None = None,
                 started_at: datetime | None = None) -> SupportSwap:
    """Record (or replace) a player's swaps before ``game``; validated against §11.
    ``started_at``: when the swaps form was opened (the 2 minutes are flagged from it)."""
    swap, _after = check_swaps(session, actor, event, match, registration, game, out_text,
                               in_text, fmt, catalog)
    row = session.exec(select(SupportSwap).where(
        SupportSwap.match_id == match.id, SupportSwap.registration_id == registration.id,
        SupportSwap.game == game)).first()
    if row is None:
        row = SupportSwap(match_id=match.pk, registration_id=registration.pk, game=game)
    row.swaps_json = json.dumps(swap, ensure_ascii=False)
    row.entered_by = actor.id
    row.entered_at = now or utcnow()
    row.started_at = started_at if started_at is not None and _aware(started_at) <= _aware(
        row.entered_at) else None
    session.add(row)
    session.flush()
    if game == 2 and 3 in swaps_for(session, match, registration):
        # the game-3 swaps were computed from the old game-2 Castillo: they must be re-entered
        session.delete(swaps_for(session, match, registration)[3])
        session.flush()
    return row


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def format_problems(deck: Deck, fmt, catalog) -> list[str]:
    """Copy limits and format rules for the Castillo after swaps (tourney.legality.swaps)."""
    return rules.castle_problems(deck, fmt, catalog)


# -- deck checks -----------------------------------------------------------------------------
def _count_text(text: str, catalog, names: dict[str, str], game=None):
    """A counted list as card-key counters (tourney.legality.swaps.counted_deck)."""
    try:
        return rules.counted_deck(text, catalog, names, game)
    except DecklistError as exc:
        raise ServiceError(_located(exc), "counted_text") from None


def deck_check(session: Session, actor: User, event: Event, registration: Registration,
               counted_text: str, game: int = 1, match: Match | None = None,
               catalog=None, fmt=None) -> DeckCheck:
    """Compare a counted list with the deck expected for that game; record every difference."""
    if fmt is not None and fmt.sealed is not None and fmt.sealed.deck_check == "pool":
        return pool_deck_check(session, actor, event, registration, counted_text, fmt, catalog,
                               game, match)
    if not is_judge(session, actor, event):
        raise Forbidden("Solo los jueces de este evento pueden hacer revisiones de mazo.")
    if registration.event_id != event.id:
        raise NotFound("Ese jugador no está inscrito en este evento.")
    if game not in MATCH_GAMES:
        raise ServiceError("El juego debe ser 1, 2 o 3.", "game")
    if match is not None and not _participant(match, registration):
        raise ServiceError("Ese jugador no juega esa partida.", "match_id")
    expected = expected_deck(session, event, registration, match, game)
    game_rules = fmt.game if fmt is not None else None
    castle, side, names = _count_text(counted_text, catalog_for(fmt, catalog), expected.names,
                                      game_rules)
    labels = (fmt.main_name, fmt.side_name) if fmt is not None else ("Mazo Castillo",
                                                                       "Mazo de Soporte")
    diffs = compare(expected, castle, side, names, labels)
    check = DeckCheck(event_id=event.pk, registration_id=registration.pk,
                      match_id=match.id if match else None, game=game, judge_id=actor.id,
                      counted_text=counted_text,
                      differences_json=json.dumps(diffs, ensure_ascii=False), ok=not diffs)
    session.add(check)
    session.flush()
    return check


def current_match(session: Session, event: Event, registration: Registration) -> Match | None:
    """The player's match in the latest round, if any."""
    row = session.exec(select(Match).join(MatchSeat, col(MatchSeat.match_id) == Match.id)
                       .join(Round, col(Round.id) == Match.round_id)
                       .where(Round.event_id == event.id,
                              MatchSeat.registration_id == registration.id)
                       .order_by(col(Round.number).desc())).first()
    return row


def deck_checks(session: Session, registration: Registration) -> list[DeckCheck]:
    """The deck checks of a player, latest first (the judges' view of a list)."""
    return list(session.exec(select(DeckCheck).where(DeckCheck.registration_id == registration.id)
                             .order_by(col(DeckCheck.created_at).desc())))
