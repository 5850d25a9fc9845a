"""Match results, best of three: the ``Result`` value, how a result is written («a-b-d»)
and typed at the desk («2-1», «ID»), the results a table can end with, and the top cut's need
for a winner."""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .errors import SwissUserError


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
