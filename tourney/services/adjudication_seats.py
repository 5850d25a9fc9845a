"""Who is who in a game record: the record's two players (its header) -> the two
registrations of the match, by their names (case and accents ignored, «Ana» for «Ana Pérez»)
or by the registration the judge names as the record's first player."""
from __future__ import annotations

from ..catalog.model import fold
from ..models.events import Match, Registration
from .errors import ServiceError


def _name_score(recorded: str, registered: str) -> int:
    a, b = fold(recorded).split(), fold(registered).split()
    if not a or not b:
        return 0
    if a == b:
        return 2
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return 1 if long_[:len(short)] == short else 0


def _players(match: Match, regs: dict[int, Registration]) -> tuple[Registration, Registration]:
    """The match's two registrations (a bye has one: no game to record)."""
    if match.player_b_id is None:
        raise ServiceError(f"La mesa {match.table_no} es un bye: no tiene partidas que registrar.",
                           "record")
    return regs[match.player_a_id], regs[match.player_b_id]


def seat_players(header, match: Match, regs: dict[int, Registration], table_no: int,
                 first_player: int | None = None) -> dict[str, Registration]:
    """The record's two players -> the match's registrations: by ``first_player`` (the
    registration that is the record's first player), else by their names."""
    players = header.players
    a, b = _players(match, regs)
    if first_player:
        if first_player not in (a.id, b.id):
            raise ServiceError("«Primer jugador del registro» debe ser uno de los dos jugadores "
                               "de esta mesa.", "first_player")
        first = regs[first_player]
        second = b if first.id == a.id else a
        return {players[0].id: first, players[1].id: second}
    straight = _name_score(players[0].name, a.name) + _name_score(players[1].name, b.name)
    crossed = _name_score(players[0].name, b.name) + _name_score(players[1].name, a.name)
    ok_straight = _name_score(players[0].name, a.name) and _name_score(players[1].name, b.name)
    ok_crossed = _name_score(players[0].name, b.name) and _name_score(players[1].name, a.name)
    if ok_straight and (not ok_crossed or straight >= crossed):
        return {players[0].id: a, players[1].id: b}
    if ok_crossed:
        return {players[0].id: b, players[1].id: a}
    raise ServiceError(
        f"La cabecera del registro (línea 1) es de «{players[0].name}» y «{players[1].name}», "
        f"pero en la mesa {table_no} juegan {a.name} y {b.name}: ¿es el registro de otra mesa? "
        "Si el registro usa otros nombres, elige quién es su primer jugador.", "first_player")


def first_player_of(match: Match, regs: dict[int, Registration], wanted: str) -> int:
    """The registration id of the match's player named ``wanted`` (its id, its registered name,
    or the start of it, ignoring case and accents); ServiceError «first_player» otherwise."""
    players = list(_players(match, regs))
    text = str(wanted).strip()
    if text.isascii() and text.isdigit() and int(text) in (p.id for p in players):
        return int(text)
    scores = [(_name_score(text, p.name), p) for p in players]
    best = max(score for score, _p in scores)
    found = [p for score, p in scores if score == best and score > 0]
    if len(found) == 1:
        return found[0].pk
    listed = " y ".join(f"{p.name} (inscripción {p.id})" for p in players)
    raise ServiceError(f"«{text}» no es uno solo de los dos jugadores de la mesa "
                       f"{match.table_no}: {listed}.", "first_player")
