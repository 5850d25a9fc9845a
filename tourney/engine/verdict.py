"""The verdict of an adjudication: status, winner, first illegal line with its rule, the
effect lines verified and unverified, the final counts — and its Spanish rendering.

``Status`` and ``Reason`` are enums (python-chess ``Termination`` style) whose values are the
strings the JSON output has always had.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .rules import ESTIMATED, RULES, rule_title


class Status(StrEnum):
    FINISHED = "finished"  # the game ended (Castillo vacío or concesión)
    UNFINISHED = "unfinished"  # every recorded action is legal; the game goes on
    ILLEGAL = "illegal"  # the first illegal action is named


class Reason(StrEnum):
    CASTLE_EMPTY = "castle_empty"  # 3.1
    CONCEDE = "concede"


@dataclass(frozen=True, slots=True)
class Verdict:
    status: str  # a Status value
    winner: str | None
    reason: str | None  # a Reason value or None
    line: int | None
    rule: str | None
    message: str | None
    actions: int
    unverified: tuple[int, ...] = ()
    final: dict[str, dict[str, int]] = field(default_factory=dict)
    verified: tuple[int, ...] = ()
    verified_cards: tuple[str, ...] = ()  # cards whose effect lines were checked
    unverified_cards: tuple[str, ...] = ()  # cards whose abilities the engine does not know
    # one per unverified line, in order: (line, rule it would check, what it could not check)
    unverified_reasons: tuple[tuple[int, str | None, str], ...] = ()

    @property
    def verified_count(self) -> int:
        return len(self.verified)

    @property
    def unverified_count(self) -> int:
        return len(self.unverified)

    @property
    def legal(self) -> bool:
        return self.status != Status.ILLEGAL

    def to_json(self) -> dict[str, Any]:
        return {
            "status": str(self.status), "winner": self.winner,
            "reason": str(self.reason) if self.reason is not None else None,
            "line": self.line, "rule": self.rule, "message": self.message,
            "actions": self.actions, "unverified": list(self.unverified),
            "final": {pid: dict(counts) for pid, counts in self.final.items()},
            "verified": list(self.verified),
            "verified_count": len(self.verified), "unverified_count": len(self.unverified),
            "verified_cards": list(self.verified_cards),
            "unverified_cards": list(self.unverified_cards),
            "unverified_reasons": [{"line": line, "rule": rule, "reason": why}
                                   for line, rule, why in self.unverified_reasons],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=2) + "\n"

    def describe(self, names: dict[str, str] | None = None) -> str:
        """The verdict in Spanish, as ``tourney adjudicate`` prints it."""
        names = names or {}

        def who(pid: str | None) -> str:
            return names.get(pid or "", pid or "")

        if self.status == Status.ILLEGAL:
            cited = ""
            if self.rule:
                rule = RULES.get(self.rule)
                estimated = ", número estimado" if rule is not None and rule.basis == ESTIMATED else ""
                cited = f" (regla {rule_title(self.rule)}{estimated})"
            text = (f"Acción ilegal en la línea {self.line}{cited}: {self.message}\n"
                    f"Acciones válidas antes de ella: {self.actions}.")
        elif self.status == Status.FINISHED:
            if self.reason == Reason.CONCEDE:
                why = "por concesión"
            else:
                why = "porque el Mazo Castillo rival quedó vacío"
            text = (f"Partida terminada: gana {who(self.winner)} {why}." if self.winner else
                    "Partida terminada sin ganador: ambos Mazos Castillo quedaron vacíos.")
            text += f" {self.actions} acciones, todas legales."
        else:
            text = f"Partida sin terminar: {self.actions} acciones, todas legales."
        if self.verified:
            text += (f"\nLíneas de efecto verificadas con las habilidades de las cartas: "
                     f"{len(self.verified)} ({', '.join(self.verified_cards)}).")
        if self.unverified:
            text += ("\nLíneas con efectos declarados y no verificados: "
                     + ", ".join(str(n) for n in self.unverified) + ".")
            if self.unverified_cards:
                text += (" Cartas cuyas habilidades el motor no conoce: "
                         + ", ".join(self.unverified_cards) + ".")
            for line, section, why in self.unverified_reasons:
                cited = f" (regla {rule_title(section)})" if section else ""
                text += f"\n  línea {line}{cited}: {why}."
        rows = [f"  {who(pid)}: Castillo {c['castle']}, mano {c['hand']}, Cementerio "
                f"{c['graveyard']}, Destierro {c['exile']}, en juego {c['in_play']}"
                for pid, c in self.final.items()]
        return text + "\nEstado final:\n" + "\n".join(rows)


def describe(verdict: Verdict, names: dict[str, str]) -> str:
    return verdict.describe(names)
