"""The pieces an ability is made of: ``TargetFilter``, ``Condition``, ``Trigger``, ``Cost``,
``Duration`` and ``Effect`` (frozen values; see ``model`` for ``Ability``).

The values live in modules by what they are (``target_filter``, ``condition``,
``trigger_cost_duration``, ``effect_value``); this module re-exports them."""
from __future__ import annotations

from .condition import Condition
from .effect_value import Effect
from .target_filter import TargetFilter
from .trigger_cost_duration import Cost, Duration, Trigger

__all__ = ["Condition", "Cost", "Duration", "Effect", "TargetFilter", "Trigger"]
