"""What every trigger asks of an event besides its card (6.3): whose it is, in which phase,
from which zone, which counter, caused by whom. One home for the immediate triggers
(``events.fire``) and the delayed ones (``delayed.fire_armed``)."""
from __future__ import annotations

from typing import Any

from .trigger_cost_duration import Trigger


def event_fits(trigger: Trigger, event: Any, controller: str) -> bool:
    if trigger.player == "you" and event.player != controller:
        return False
    if trigger.player == "opponent" and event.player == controller:
        return False
    if trigger.phase is not None and event.phase != trigger.phase:
        return False
    if trigger.from_zone is not None and event.came_from != trigger.from_zone:
        return False
    if trigger.counter is not None and event.kind == "counter_placed" and event.to != trigger.counter:
        return False  # «Cuando un contador de Alimento …»: the counter's name is the event's «to»
    # «… por un efecto oponente»: an effect line of the other player caused it
    return not (trigger.by_opponent and (event.cause is None or event.cause == controller))
