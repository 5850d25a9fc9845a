"""Card abilities: the values (``model``), where they come from (``registry``), and the
machinery that executes them (events, chain, continuous effects, effect-line checks)."""
from .model import (  # noqa: F401
    ABILITY_KINDS, CONDITIONS, COSTS, DURATIONS, EFFECTS, EVENTS, PHASES, PLAYERS, SUBJECTS,
    ZONES, Ability, CardAbilities, Condition, Cost, Duration, Effect, TargetFilter, Trigger,
)
from .registry import abilities_for, use_compiler  # noqa: F401
