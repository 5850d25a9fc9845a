"""Swiss value types: players, matches, settings, the tournament state and its JSON form.

Pure: no Flask, no SQLModel. Everything is a frozen dataclass; the state is read from
and written to the STATE.json format described in docs/swiss-state.md.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


class SwissUserError(ValueError):
    """Invalid input or an action the organizer asked for that cannot be done.

    ``problems`` lists every problem found (Spanish, each naming where: round, table,
    player); ``str()`` joins them. Shown to users as is.
    """

    def __init__(self, problems: str | Iterable[str]):
        self.problems: tuple[str, ...] = (
            (problems,) if isinstance(problems, str) else tuple(problems)
        )
        super().__init__("; ".join(self.problems))


class SwissFatalError(RuntimeError):
    """A bug in the pairing code (an invariant broke). Never the user's fault."""


@dataclass(frozen=True, slots=True)
class Result:
    """A best-of-three match result: games won by a, by b, and drawn games."""

    a_games: int
    b_games: int
    draws: int

    @property
    def games(self) -> int:
        return self.a_games + self.b_games + self.draws

    def winner(self) -> str | None:
        """"a", "b" or None for a drawn match."""
        if self.a_games > self.b_games:
            return "a"
        if self.b_games > self.a_games:
            return "b"
        return None

    def __str__(self) -> str:
        return f"{self.a_games}-{self.b_games}-{self.draws}"

    @classmethod
    def parse(cls, text: str) -> Result:
        """«a-b-d» (validated as ``parse_result`` does; SwissUserError in Spanish)."""
        return parse_result(text)

    def flipped(self) -> Result:
        """The same result told from player b's side."""
        return Result(self.b_games, self.a_games, self.draws)

    def seen_by(self, side: str) -> Result:
        """The result from ``side``'s point of view ("a" or "b"): mine first."""
        return self if side == "a" else self.flipped()

    def short(self) -> str:
        """«2-1» when no game was drawn, else the full «1-1-1»."""
        return f"{self.a_games}-{self.b_games}" if not self.draws else str(self)

    def words(self) -> str:
        """The result told to player a: «Ganaste 2-1», «Perdiste 0-2», «Empate 1-1 (1 juego
        empatado)»."""
        d = self.draws
        score = f"{self.a_games}-{self.b_games}" + (
            f" ({d} juego{'s' if d != 1 else ''} empatado{'s' if d != 1 else ''})" if d else "")
        winner = self.winner()
        return f"Ganaste {score}" if winner == "a" else (
            f"Perdiste {score}" if winner == "b" else f"Empate {score}")


_RESULT = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*-\s*(\d+)\s*$")
BYE_RESULT = Result(2, 0, 0)
TOP_CUT_SIZES = (0, 4, 8, 16)  # players in the top cut (0: none)
MAX_ASSIGNED_BYES = 3  # byes an organizer may assign in advance (rounds 1..n), docs/swiss-policy.md
PLAYOFF_DRAW = ("En el corte final (eliminación directa) no hay empates: se juega hasta que "
                "alguien gane.")


def playoff_problem(result: Result) -> str | None:
    """A top-cut match needs a winner: the reason (Spanish) when ``result`` has none."""
    return PLAYOFF_DRAW if result.winner() is None else None


MATCH_GAMES = (1, 2, 3)  # a match is best of three: the games it can have, in order
# (label, "a-b-d"): the results a table can end with, best of three; a playoff has no draws
RESULT_BUTTONS: tuple[tuple[str, str], ...] = (
    ("2-0", "2-0-0"), ("2-1", "2-1-0"), ("1-2", "1-2-0"), ("0-2", "0-2-0"),
    ("1-1-1", "1-1-1"), ("1-1", "1-1-0"), ("0-0-3", "0-0-3"), ("ID", "0-0-3"),
)
PLAYOFF_BUTTONS = RESULT_BUTTONS[:4]
_TYPED = re.compile(r"^\s*(\d)\s*-?\s*(\d)\s*(?:-?\s*(\d))?\s*$")
_INTENTIONAL_DRAW = ("id", "ei", "empate acordado")


def parse_typed_result(text: str) -> Result:
    """A result as typed at the desk: «2-1», «21», «2-1-0», «111», «003», «ID» (intentional
    draw, 0-0-3), checked as ``parse_result`` checks «a-b-d». SwissUserError in Spanish."""
    raw = (text or "").strip()
    if raw.casefold() in _INTENTIONAL_DRAW:
        return parse_result("0-0-3")
    m = _TYPED.match(raw)
    if not m:
        raise SwissUserError(f"Resultado «{raw}» no reconocido: escribe por ejemplo 2-1, 2-0, "
                             "1-1-1 o ID.")
    return parse_result(f"{m.group(1)}-{m.group(2)}-{m.group(3) or '0'}")


def parse_result(text: str) -> Result:
    """Parse "a-b-d" (a's games won, b's games won, drawn games), best of three.

    Each side wins at most 2 games and both cannot reach 2; at most 3 drawn games;
    at least one game must be recorded (an intentional draw is 0-0-3).
    Raises SwissUserError with the reason in Spanish.
    """
    if not isinstance(text, str):
        raise SwissUserError(f"resultado {text!r} inválido: debe ser un texto «a-b-e»")
    return _parse_result(text)


@functools.lru_cache(maxsize=256)
def _parse_result(text: str) -> Result:
    m = _RESULT.match(text)
    if not m:
        raise SwissUserError(
            f"resultado «{text}» inválido: se espera «juegos de a-juegos de b-juegos empatados», "
            "por ejemplo 2-1-0"
        )
    a, b, d = (int(g) for g in m.groups())
    if a > 2 or b > 2:
        raise SwissUserError(
            f"resultado «{text}» inválido: al mejor de tres nadie gana más de 2 juegos"
        )
    if a == 2 and b == 2:
        raise SwissUserError(
            f"resultado «{text}» inválido: al mejor de tres ambos no pueden ganar 2 juegos"
        )
    if d > 3:
        raise SwissUserError(f"resultado «{text}» inválido: más de 3 juegos empatados")
    if a + b + d == 0:
        raise SwissUserError(
            f"resultado «{text}» inválido: no registra ningún juego (un empate acordado es 0-0-3)"
        )
    return Result(a, b, d)


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player.

    ``late_losses``: rounds missed by a late entry that count as match losses (rounds
    played for MW%, but no games: unplayed games count nothing), per the event's setting.
    ``byes``: byes assigned in advance by the organizer: ``pair_round`` gives this player
    a 2-0-0 bye in each of rounds 1..byes (see docs/swiss-state.md)."""

    id: str
    name: str
    dropped: bool = False
    late_losses: int = 0
    byes: int = 0


@dataclass(frozen=True, slots=True)
class Match:
    """One table of a round. ``b`` None is a bye; ``result`` None is not yet reported."""

    a: str
    b: str | None
    result: str | None = None

    @property
    def is_bye(self) -> bool:
        return self.b is None

    def parsed(self) -> Result | None:
        if self.b is None:
            return BYE_RESULT
        return None if self.result is None else parse_result(self.result)


@dataclass(frozen=True, slots=True)
class Settings:
    """Per-event settings. Match points default to 3 / 1 / 0 (MTR Appendix C)."""

    win_points: int = 3
    draw_points: int = 1
    loss_points: int = 0
    rounds: int | None = None
    top_cut: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "win_points": self.win_points, "draw_points": self.draw_points,
            "loss_points": self.loss_points, "rounds": self.rounds, "top_cut": self.top_cut,
        }


_SETTINGS_KEYS = ("win_points", "draw_points", "loss_points", "rounds", "top_cut")


@dataclass(frozen=True)
class TournamentState:
    """Players, played rounds (each a list of matches), settings and forbidden pairs."""

    players: tuple[Player, ...]
    rounds: tuple[tuple[Match, ...], ...] = ()
    settings: Settings = field(default_factory=Settings)
    forbidden_pairs: tuple[tuple[str, str], ...] = ()

    def __init__(self, players: Iterable[Player], rounds: Iterable[Iterable[Match]] = (),
                 settings: Settings | None = None,
                 forbidden_pairs: Iterable[tuple[str, str] | list[str]] = ()):
        object.__setattr__(self, "players", tuple(players))
        object.__setattr__(self, "rounds", tuple(tuple(r) for r in rounds))
        object.__setattr__(self, "settings", settings or Settings())
        object.__setattr__(self, "forbidden_pairs",
                           tuple((str(p[0]), str(p[1])) for p in forbidden_pairs))
        problems = self.problems()
        if problems:
            raise SwissUserError(problems)

    # -- validation --------------------------------------------------------------
    def problems(self) -> list[str]:
        """Every problem of the state, each naming where it is (round, table, player)."""
        out: list[str] = []
        ids: set[str] = set()
        for i, p in enumerate(self.players, 1):
            if not isinstance(p.id, str) or not p.id:
                out.append(f"jugador {i}: falta el «id»")
                continue
            if p.id in ids:
                out.append(f"jugador {i}: el id «{p.id}» está repetido")
            ids.add(p.id)
            if not isinstance(p.late_losses, int) or p.late_losses < 0:
                out.append(f"jugador «{p.id}»: «late_losses» debe ser un entero ≥ 0")
            if (not isinstance(p.byes, int) or isinstance(p.byes, bool) or p.byes < 0):
                out.append(f"jugador «{p.id}»: «byes» debe ser un entero ≥ 0")
        s = self.settings
        for key in ("win_points", "draw_points", "loss_points"):
            if not isinstance(getattr(s, key), int) or getattr(s, key) < 0:
                out.append(f"settings: «{key}» debe ser un entero ≥ 0")
        if isinstance(s.win_points, int) and s.win_points <= 0:
            out.append("settings: «win_points» debe ser mayor que 0")
        if s.top_cut is not None and s.top_cut not in TOP_CUT_SIZES:
            out.append(f"settings: «top_cut» {s.top_cut!r} no es 0, 4, 8 ni 16")
        for rnum, rnd in enumerate(self.rounds, 1):
            seen: dict[str, int] = {}
            for tnum, m in enumerate(rnd, 1):
                where = f"ronda {rnum}, mesa {tnum}"
                for side, pid in (("a", m.a), ("b", m.b)):
                    if pid is None and side == "b":
                        continue
                    if pid not in ids:
                        out.append(f"{where}: jugador desconocido «{pid}» (lado {side})")
                        continue
                    if pid in seen:
                        out.append(f"{where}: «{pid}» ya juega en la mesa {seen[pid]} de esta ronda")
                    else:
                        seen[pid] = tnum
                if m.b is not None and m.a == m.b:
                    out.append(f"{where}: «{m.a}» no puede jugar contra sí mismo")
                if m.b is None:
                    if m.result not in (None, "2-0-0"):
                        out.append(f"{where}: un bye no lleva resultado (o es 2-0-0), "
                                   f"no «{m.result}»")
                elif m.result is not None:
                    try:
                        parse_result(m.result)
                    except SwissUserError as exc:
                        out.append(f"{where}: {exc}")
        for i, pair in enumerate(self.forbidden_pairs, 1):
            for pid in pair:
                if pid not in ids:
                    out.append(f"pareja prohibida {i}: jugador desconocido «{pid}»")
            if pair[0] == pair[1]:
                out.append(f"pareja prohibida {i}: «{pair[0]}» repetido")
        return out

    # -- helpers -----------------------------------------------------------------
    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise SwissUserError(f"jugador desconocido «{pid}»")

    def names(self) -> dict[str, str]:
        return {p.id: p.name for p in self.players}

    def assigned_byes(self, round_number: int | None = None) -> list[str]:
        """Active players with a bye assigned in advance for ``round_number`` (by default
        the next round): those whose ``byes`` reach that round, in seat-id order."""
        r = len(self.rounds) + 1 if round_number is None else round_number
        return sorted((p.id for p in self.players if not p.dropped and p.byes >= r),
                      key=natural_key)

    def with_round(self, matches: Iterable[Match]) -> TournamentState:
        return TournamentState(self.players, (*self.rounds, tuple(matches)), self.settings,
                               self.forbidden_pairs)

    def without_last_round(self) -> TournamentState:
        return self.first_rounds(len(self.rounds) - 1)

    def first_rounds(self, count: int) -> TournamentState:
        """The state as it was after the first ``count`` rounds: the same players, settings
        and forbidden pairs (an edit of round ``count + 1`` is checked against this)."""
        return TournamentState(self.players, self.rounds[:max(count, 0)], self.settings,
                               self.forbidden_pairs)

    # -- JSON --------------------------------------------------------------------
    @classmethod
    def from_json(cls, data: Any) -> TournamentState:
        """Build a state from the parsed STATE.json; every problem is reported at once."""
        problems: list[str] = []
        if not isinstance(data, dict):
            raise SwissUserError("STATE: se espera un objeto JSON con «players» y «rounds»")
        unknown = set(data) - {"players", "rounds", "settings", "forbidden_pairs"}
        if unknown:
            problems.append(f"STATE: claves desconocidas {sorted(unknown)}")
        players: list[Player] = []
        raw_players = data.get("players")
        if not isinstance(raw_players, list):
            raise SwissUserError("STATE: «players» debe ser una lista")
        for i, rp in enumerate(raw_players, 1):
            if not isinstance(rp, dict):
                problems.append(f"jugador {i}: se espera un objeto")
                continue
            pid = rp.get("id")
            if not isinstance(pid, str) or not pid:
                problems.append(f"jugador {i}: «id» debe ser un texto no vacío")
                continue
            name = rp.get("name", pid)
            dropped = rp.get("dropped", False)
            late = rp.get("late_losses", 0)
            byes = rp.get("byes", 0)
            bad = set(rp) - {"id", "name", "dropped", "late_losses", "byes"}
            if bad:
                problems.append(f"jugador «{pid}»: claves desconocidas {sorted(bad)}")
            if not isinstance(name, str):
                problems.append(f"jugador «{pid}»: «name» debe ser un texto")
                name = str(name)
            if not isinstance(dropped, bool):
                problems.append(f"jugador «{pid}»: «dropped» debe ser true o false")
                dropped = bool(dropped)
            if not isinstance(late, int) or isinstance(late, bool) or late < 0:
                problems.append(f"jugador «{pid}»: «late_losses» debe ser un entero ≥ 0")
                late = 0
            if not isinstance(byes, int) or isinstance(byes, bool) or byes < 0:
                problems.append(f"jugador «{pid}»: «byes» debe ser un entero ≥ 0")
                byes = 0
            players.append(Player(pid, name, dropped, late, byes))
        rounds: list[list[Match]] = []
        raw_rounds = data.get("rounds", [])
        if not isinstance(raw_rounds, list):
            raise SwissUserError(problems + ["STATE: «rounds» debe ser una lista de rondas"])
        for rnum, rr in enumerate(raw_rounds, 1):
            if not isinstance(rr, list):
                problems.append(f"ronda {rnum}: debe ser una lista de mesas")
                continue
            matches: list[Match] = []
            for tnum, rm in enumerate(rr, 1):
                where = f"ronda {rnum}, mesa {tnum}"
                if not isinstance(rm, dict) or "a" not in rm:
                    problems.append(f"{where}: se espera un objeto con «a», «b» y «result»")
                    continue
                a, b, result = rm.get("a"), rm.get("b"), rm.get("result")
                if not isinstance(a, str) or (b is not None and not isinstance(b, str)):
                    problems.append(f"{where}: «a» y «b» deben ser ids (b null = bye)")
                    continue
                if result is not None and not isinstance(result, str):
                    problems.append(f"{where}: «result» debe ser un texto como \"2-1-0\" o null")
                    continue
                matches.append(Match(a, b, result))
            rounds.append(matches)
        raw_settings = data.get("settings") or {}
        settings = Settings()
        if not isinstance(raw_settings, dict):
            problems.append("settings: se espera un objeto")
        else:
            bad = set(raw_settings) - set(_SETTINGS_KEYS)
            if bad:
                problems.append(f"settings: claves desconocidas {sorted(bad)}")
            values: dict[str, Any] = {}
            for key in _SETTINGS_KEYS:
                if key in raw_settings:
                    v = raw_settings[key]
                    if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                        problems.append(f"settings: «{key}» debe ser un entero")
                        continue
                    if v is None and key in ("win_points", "draw_points", "loss_points"):
                        continue
                    values[key] = v
            settings = Settings(**values)
        forbidden: list[tuple[str, str]] = []
        for i, fp in enumerate(data.get("forbidden_pairs") or [], 1):
            if (not isinstance(fp, list) or len(fp) != 2
                    or not all(isinstance(x, str) for x in fp)):
                problems.append(f"pareja prohibida {i}: se espera [\"id1\", \"id2\"]")
                continue
            forbidden.append((fp[0], fp[1]))
        if problems:
            raise SwissUserError(problems)
        return cls(players, rounds, settings, forbidden)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": [
                {"id": p.id, "name": p.name, "dropped": p.dropped,
                 **({"late_losses": p.late_losses} if p.late_losses else {}),
                 **({"byes": p.byes} if p.byes else {})}
                for p in self.players
            ],
            "rounds": [
                [{"a": m.a, "b": m.b, "result": m.result} for m in rnd] for rnd in self.rounds
            ],
            "settings": self.settings.to_json(),
        }
        if self.forbidden_pairs:
            out["forbidden_pairs"] = [list(p) for p in self.forbidden_pairs]
        return out


def natural_key(pid: str) -> tuple:
    """Seat-id order: "p2" before "p10" (digit runs compared as numbers)."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", pid) if part != "")
