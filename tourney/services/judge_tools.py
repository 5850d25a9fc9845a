"""Faster judges: the deck expected for a game written out as a list (the deck check starts
from it and the judge only corrects counts), and the cards a player can swap before a game
(the pickers of the swaps form). The §11 rules stay in tourney.legality.swaps."""
from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from ..catalog.editions import edition_for
from ..catalog.model import fold
from ..legality.swaps import Deck
from ..models.events import Event, Registration, User
from ..swiss import MATCH_GAMES
from . import events as ev, rounds, swaps
from .access import require_judge
from .errors import ServiceError


def deck_text(deck: Deck, main: str = "Mazo Castillo", side: str = "Mazo de Soporte") -> str:
    """A deck state as a list the deck check reads back («N Nombre (CÓDIGO)» lines)."""
    def line(qty: int, name: str, code: str) -> str:
        return f"{qty} {name}" if code.startswith("nombre:") else f"{qty} {name} ({code})"

    lines = [main] + [line(*x) for x in deck.lines("castle")]
    side_lines = deck.lines("side")
    if side_lines:
        lines += ["", side] + [line(*x) for x in side_lines]
    return "\n".join(lines) + "\n"


def expected_text(session: Session, actor: User | None, event: Event, registration: Registration,
                  game: int, fmt=None) -> str:
    """The deck this player should present for ``game`` of their current match: the
    registered list plus the swaps recorded before that game."""
    require_judge(session, actor, event)
    if registration.event_id != event.id:
        raise ServiceError("Ese jugador no está inscrito en este evento.")
    if game not in MATCH_GAMES:
        raise ServiceError("El juego debe ser 1, 2 o 3.", "game")
    match = swaps.current_match(session, event, registration) if game > 1 else None
    deck = swaps.expected_deck(session, event, registration, match, game)
    labels = (fmt.main_name, fmt.side_name) if fmt is not None else ()
    return deck_text(deck, *labels)


def swap_choices(decks: dict[int, Deck], catalog=None) -> dict[str, dict[str, list]]:
    """For each game with swaps (2, 3): the cards that can leave the Castillo and come in from
    the Soporte, from the deck as it stands before that game ([qty, name, code, label] each;
    the label tells two printings of one name apart by code and edition: Deck.labels)."""
    def edition_of(code: str) -> str | None:
        card = catalog.by_code(code) if catalog is not None else None
        if card is None:
            return None
        known = catalog.editions.get(card.edition)
        return known.name if known is not None else edition_for(card.edition).name

    out: dict[str, dict[str, list]] = {}
    for game in (2, 3):
        before = decks.get(game - 1)
        if before is None:
            continue
        labels = before.labels(edition_of)
        out[str(game)] = {which: [[*x, labels.get(x[2], x[1])] for x in before.lines(section)]
                          for which, section in (("castle", "castle"), ("side", "side"))}
    return out


@dataclass(frozen=True)
class PlayerHit:
    """A player found for the deck check: the registration and their table this round."""

    registration: Registration
    table: int | None


MAX_HITS = 12


def find_players(session: Session, actor: User | None, event: Event, query: str) -> list[PlayerHit]:
    """The deck check's picker: the players of table N of the latest round when ``query`` is a
    number, else the players whose name contains it (accents and case ignored), at most
    MAX_HITS, in Spanish order."""
    require_judge(session, actor, event)
    query = (query or "").strip()[:80]
    if not query:
        return []
    tables: dict[int, int] = {}
    all_rounds = rounds.event_rounds(session, event)
    if all_rounds:
        for m in rounds.round_matches(session, all_rounds[-1]):
            tables[m.player_a_id] = m.table_no
            if m.player_b_id is not None:
                tables[m.player_b_id] = m.table_no
    players = ev.players(session, event)
    if query.isdigit():
        hits = [r for r in players if tables.get(r.pk) == int(query)]
    else:
        q = fold(query)
        hits = [r for r in players if q in fold(r.name)]
    return [PlayerHit(r, tables.get(r.pk)) for r in hits[:MAX_HITS]]
