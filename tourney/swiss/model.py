"""Swiss value types: players, matches, settings, the tournament state and its JSON form
(results: ``swiss.results``; errors: ``swiss.errors``).

Pure: no Flask, no SQLModel. Everything is a frozen dataclass; the state is read from
and written to the STATE.json format described in docs/swiss-state.md.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import SwissUserError
from .results import BYE_RESULT, Result, parse_result


TOP_CUT_SIZES = (0, 4, 8, 16)  # players in the top cut (0: none)
MAX_ASSIGNED_BYES = 3  # byes an organizer may assign in advance (rounds 1..n), docs/swiss-policy.md


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
