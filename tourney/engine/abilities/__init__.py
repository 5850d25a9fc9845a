"""Card abilities: the values (``model``), where they come from (``registry``), and the
machinery that executes them (events, chain, continuous effects, effect-line checks)."""
from .vocabulary import (  # noqa: F401
    ABILITY_KINDS,
    CONDITIONS,
    COSTS,
    DURATIONS,
    EFFECTS,
    EVENTS,
    PHASES,
    PLAYERS,
    SUBJECTS,
    ZONES,
)
from .model import Ability, CardAbilities  # noqa: F401
from .condition import Condition  # noqa: F401
from .trigger_cost_duration import Cost, Duration, Trigger  # noqa: F401
from .effect_value import Effect  # noqa: F401
from .target_filter import TargetFilter  # noqa: F401
from .registry import abilities_for, use_compiler  # noqa: F401
