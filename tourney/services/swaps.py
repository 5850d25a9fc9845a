"""Mazo de Soporte swaps between games, and judges' deck checks (seed 000 §11 Mazo de Soporte).

Our reading of §11:
* game 1 of every match is played with the registered Mazo Castillo;
* before game 2, and again before game 3, a player may swap 0 to 10 cards one for one between
  the Castillo and the Mazo de Soporte, so the Castillo stays at exactly 50 cards;
* only cards registered with the deck can come in (before game 3, a card swapped out before
  game 2 is back on the Soporte side and may return);
* copy limits and format rules keep holding for the Castillo that results;
* when the match ends the deck goes back to its registered state: the next match starts again
  from the registered list (swaps belong to one match).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlmodel import Session, select

from ..catalog.model import fold
from ..legality import parse_decklist, validate_resolved
from ..models.catalog import utcnow
from ..models.events import (
    MATCH_CONFIRMED, DeckCheck, Event, Match, MatchSeat, Registration, Round, SupportSwap, User,
)
from .access import is_judge, owns
from .decklists import _located, catalog_for, registered
from .errors import Forbidden, NotFound, ServiceError

RULE = "11 Mazo de Soporte"
CASTLE_SIZE = 50
MAX_SWAPS = 10
GAMES_WITH_SWAPS = (2, 3)


@dataclass
class Deck:
    """A deck state for one game: code -> qty, plus the names for display."""

    castle: Counter
    side: Counter
    names: dict[str, str] = field(default_factory=dict)

    def lines(self, which: str) -> list[tuple[int, str, str]]:
        counter = self.castle if which == "castle" else self.side
        return sorted(((qty, self.names.get(code, code), code) for code, qty in counter.items()
                       if qty > 0), key=lambda t: (fold(t[1]), t[2]))


def _registered_deck(session: Session, event: Event, registration: Registration) -> Deck:
    sub = registered(session, event, registration)
    if sub is None:
        raise ServiceError(f"{registration.name} no tiene una lista legal inscrita.")
    data = sub.resolved
    names: dict[str, str] = {}
    castle: Counter = Counter()
    side: Counter = Counter()
    for which, counter in (("castle", castle), ("support", side)):
        for entry in data.get(which, []):
            # games checked without a catalog (Magic, Sky World) have no codes: key by name
            key = entry.get("code") or f"nombre:{fold(entry['name'])}"
            counter[key] += entry["qty"]
            names[key] = entry["name"]
    return Deck(castle, side, names)


def swaps_for(session: Session, match: Match, registration: Registration) -> dict[int, SupportSwap]:
    rows = session.exec(select(SupportSwap).where(SupportSwap.match_id == match.id,
                                                  SupportSwap.registration_id == registration.id))
    return {row.game: row for row in rows}


def _apply(deck: Deck, swap: dict) -> Deck:
    castle, side = Counter(deck.castle), Counter(deck.side)
    for entry in swap.get("out", []):
        castle[entry["code"]] -= entry["qty"]
        side[entry["code"]] += entry["qty"]
    for entry in swap.get("in", []):
        side[entry["code"]] -= entry["qty"]
        castle[entry["code"]] += entry["qty"]
    return Deck(+castle, +side, deck.names)


def expected_deck(session: Session, event: Event, registration: Registration, match: Match | None,
                  game: int) -> Deck:
    """The registered list plus this match's swaps up to ``game`` ("Castillo para el juego N")."""
    deck = _registered_deck(session, event, registration)
    if match is None or game <= 1:
        return deck
    recorded = swaps_for(session, match, registration)
    for g in GAMES_WITH_SWAPS:
        if g > game:
            break
        if g in recorded:
            deck = _apply(deck, json.loads(recorded[g].swaps_json))
    return deck


def _parse_side(text: str, deck: Deck, pool: Counter, label: str, field_name: str) -> list[dict]:
    """Lines "N Nombre" (or "N Nombre (CÓDIGO)") naming cards of this player's deck."""
    by_name: dict[str, list[str]] = {}
    for code in pool:
        by_name.setdefault(fold(deck.names.get(code, code)), []).append(code)
    wanted: Counter = Counter()
    for number, raw in enumerate((text or "").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        qty_text, _, name = line.partition(" ")
        if not qty_text.isdigit():
            qty_text, name = "1", line
        qty = int(qty_text)
        if qty < 1:
            raise ServiceError(f"{label}, línea {number}: la cantidad debe ser al menos 1.",
                               field_name)
        name = name.strip()
        code = None
        if name.endswith(")") and "(" in name:
            candidate = name[name.rindex("(") + 1:-1].strip().upper()
            if candidate in pool:
                code = candidate
                name = name[:name.rindex("(")].strip()
        if code is None:
            codes = by_name.get(fold(name), [])
            if not codes and name.upper() in pool:
                codes = [name.upper()]
            if not codes:
                where = "el Mazo Castillo" if field_name == "out_text" else "el Mazo de Soporte"
                raise ServiceError(f"{label}, línea {number}: «{name}» no está en {where} de "
                                   f"esta partida ({RULE}).", field_name)
            code = codes[0]
        wanted[code] += qty
    for code, qty in wanted.items():
        if qty > pool[code]:
            where = "el Mazo Castillo" if field_name == "out_text" else "el Mazo de Soporte"
            raise ServiceError(f"{label}: pides {qty} × {deck.names.get(code, code)} pero en "
                               f"{where} hay {pool[code]} ({RULE}).", field_name)
    return [{"code": code, "name": deck.names.get(code, code), "qty": qty}
            for code, qty in wanted.items()]


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
    if game not in GAMES_WITH_SWAPS:
        raise ServiceError("Los cambios se hacen antes del juego 2 o del juego 3 (el juego 1 "
                           f"se juega con el Castillo inscrito, {RULE}).", "game")
    before = expected_deck(session, event, registration, match, game - 1)
    if not before.side:
        raise ServiceError(f"{registration.name} no inscribió Mazo de Soporte: no hay cambios "
                           "posibles.")
    outgoing = _parse_side(out_text, before, before.castle, "Salen del Castillo", "out_text")
    incoming = _parse_side(in_text, before, before.side, "Entran desde el Soporte", "in_text")
    n_out = sum(e["qty"] for e in outgoing)
    n_in = sum(e["qty"] for e in incoming)
    if n_out != n_in:
        raise ServiceError(f"Los cambios son uno por uno: salen {n_out} y entran {n_in}; el "
                           f"Castillo debe quedar en {CASTLE_SIZE} cartas ({RULE}).", "in_text")
    if n_out > MAX_SWAPS:
        raise ServiceError(f"Se pueden cambiar de 0 a {MAX_SWAPS} cartas cada vez; pides {n_out} "
                           f"({RULE}).", "out_text")
    swap = {"out": outgoing, "in": incoming}
    after = _apply(before, swap)
    if sum(after.castle.values()) != CASTLE_SIZE:
        raise ServiceError(f"El Castillo quedaría con {sum(after.castle.values())} cartas; debe "
                           f"tener {CASTLE_SIZE} ({RULE}).", "in_text")
    problems = format_problems(after, fmt, catalog)
    if problems:
        raise ServiceError("El Castillo que resulta no cumple el formato: " + "; ".join(problems),
                           "in_text")
    return swap, after


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
        row = SupportSwap(match_id=match.id, registration_id=registration.id, game=game)
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
    """Copy limits and format rules for the Castillo after swaps (tourney.legality)."""
    if fmt is None or catalog is None:
        return []
    castle = [(catalog.by_code(code), qty) for code, qty in deck.castle.items()]
    support = [(catalog.by_code(code), qty) for code, qty in deck.side.items()]
    if any(card is None for card, _ in castle + support):
        return ["hay cartas que ya no están en el catálogo"]
    verdict = validate_resolved(castle, support, fmt, catalog)
    return [v.message for v in verdict.violations]


# -- deck checks -----------------------------------------------------------------------------
def _count_text(text: str, catalog, names: dict[str, str],
                game=None) -> tuple[Counter, Counter, dict]:
    """Parse a counted list (decklist text format, the game's headers) into code counters."""
    try:
        deck = parse_decklist(text, game)
    except Exception as exc:
        raise ServiceError(_located(exc), "counted_text") from None
    by_name = {fold(name): code for code, name in names.items()}
    counters = {"castle": Counter(), "support": Counter()}
    shown = dict(names)
    for which in ("castle", "support"):
        for entry in _section(deck, which):
            name, qty = entry
            code = by_name.get(fold(name))
            if code is None and catalog is not None:
                res = catalog.resolve(name)
                if res.ok:
                    # a printing not registered: count it under any registered printing of the
                    # same identity, else under its own code
                    code = next((c for c in names if (catalog.by_code(c) is not None and
                                 catalog.by_code(c).identity == res.card.identity)),
                                res.card.code)
                    shown.setdefault(code, res.card.name)
            if code is None:
                code = f"nombre:{fold(name)}"
                shown.setdefault(code, name)
            counters[which][code] += qty
    return counters["castle"], counters["support"], shown


def _section(deck, which: str):
    """(name, qty) pairs of a parsed DeckList section, whatever the entry type looks like."""
    entries = getattr(deck, which, None)
    if entries is None and hasattr(deck, "sections"):
        entries = deck.sections.get(which, [])
    for entry in entries or []:
        name = getattr(entry, "name", None) or entry[0]
        qty = getattr(entry, "qty", None) or getattr(entry, "quantity", None) or entry[1]
        yield name, qty


def compare(expected: Deck, castle: Counter, side: Counter, names: dict,
            labels: tuple[str, str] = ("Mazo Castillo", "Mazo de Soporte")) -> list[dict]:
    diffs = []
    for which, label, exp, got in (("castle", labels[0], expected.castle, castle),
                                   ("support", labels[1], expected.side, side)):
        for code in sorted(set(exp) | set(got), key=lambda c: fold(names.get(c, c))):
            e, g = exp.get(code, 0), got.get(code, 0)
            if e == g:
                continue
            name = names.get(code, code)
            if g < e:
                text = f"{label}: faltan {e - g} × {name} (esperadas {e}, contadas {g})"
            else:
                text = f"{label}: sobran {g - e} × {name} (esperadas {e}, contadas {g})"
            diffs.append({"section": which, "code": None if code.startswith("nombre:") else code,
                          "name": name, "expected": e,
                          "counted": g, "message": text})
        te, tg = sum(exp.values()), sum(got.values())
        if te != tg:
            diffs.append({"section": which, "code": None, "name": None, "expected": te,
                          "counted": tg,
                          "message": f"{label}: {_counted(tg)}, se esperaban {te}"})
    return diffs


def deck_check(session: Session, actor: User, event: Event, registration: Registration,
               counted_text: str, game: int = 1, match: Match | None = None,
               catalog=None, fmt=None) -> DeckCheck:
    """Compare a counted list with the deck expected for that game; record every difference."""
    if not is_judge(session, actor, event):
        raise Forbidden("Solo los jueces de este evento pueden hacer revisiones de mazo.")
    if registration.event_id != event.id:
        raise NotFound("Ese jugador no está inscrito en este evento.")
    if game not in (1, 2, 3):
        raise ServiceError("El juego debe ser 1, 2 o 3.", "game")
    if match is not None and not _participant(match, registration):
        raise ServiceError("Ese jugador no juega esa partida.", "match_id")
    expected = expected_deck(session, event, registration, match, game)
    game_rules = getattr(fmt, "game", None)
    castle, side, names = _count_text(counted_text, catalog_for(fmt, catalog), expected.names,
                                      game_rules)
    labels = (fmt.main_name, fmt.side_name) if fmt is not None else ("Mazo Castillo",
                                                                       "Mazo de Soporte")
    diffs = compare(expected, castle, side, names, labels)
    check = DeckCheck(event_id=event.id, registration_id=registration.id,
                      match_id=match.id if match else None, game=game, judge_id=actor.id,
                      counted_text=counted_text,
                      differences_json=json.dumps(diffs, ensure_ascii=False), ok=not diffs)
    session.add(check)
    session.flush()
    return check


def current_match(session: Session, event: Event, registration: Registration) -> Match | None:
    """The player's match in the latest round, if any."""
    row = session.exec(select(Match).join(MatchSeat, MatchSeat.match_id == Match.id)
                       .join(Round, Round.id == Match.round_id)
                       .where(Round.event_id == event.id,
                              MatchSeat.registration_id == registration.id)
                       .order_by(Round.number.desc())).first()
    return row


def _counted(n: int) -> str:
    return "1 carta contada" if n == 1 else f"{n} cartas contadas"
