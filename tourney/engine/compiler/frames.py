"""The frame around the effects: trigger, condition, cost, once-per-turn limit and timing.

Each is parsed on its own from the comma-separated clauses that open a sentence
("Una vez por turno," "En tu Fase de Vigilia," "Cuando este Aliado entra en juego,"
"si controlas 4 o más Oros,") and from the "puedes COSTE para EFECTO" body.

The parsers live in modules by frame (``trigger_frames``, ``condition_frames``,
``cost_frames``); this module re-exports them.
"""
from __future__ import annotations

from .condition_frames import condition
from .cost_frames import cost_list
from .trigger_frames import PHASES, trigger, trigger_event

__all__ = ["PHASES", "condition", "cost_list", "trigger", "trigger_event"]
