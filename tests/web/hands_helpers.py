"""Shared set-ups of the issue 23 «faster hands» tests (a uniquely named helper module)."""
from __future__ import annotations

import random
from datetime import date


def locked_lanzamiento(world, player_entry=False):
    """A Lanzamiento of Bushido with Ana's pool entered and locked: (event id, Ana's deck URL,
    Ana's pool value)."""
    from tourney.services import events, pools
    from tourney.services.pools_demo import demo_pool_text

    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    ana = world.user("ana@x.cl", name="Ana")
    formats, catalog = world.formats(), world.catalog()
    text = demo_pool_text(catalog, ["bushido"], random.Random(3))

    def setup(s):
        event = pools.create_sealed_event(
            s, org, formats=formats, castle_size=40, editions=["bushido"],
            player_entry=player_entry, name="Lanzamiento Bushido", date=date(2026, 12, 5),
            format_id="lanzamiento", seed=3)
        reg = events.register_self(s, ana, event)
        pools.enter_pool(s, org, event, reg, catalog, text=text)
        pools.lock_pools(s, org, event)
        return event.id, reg.id, pools.pool_value(pools.pool_of(s, reg))

    event_id, reg_id, pool = world.run(setup)
    return event_id, f"/eventos/{event_id}/pools/{reg_id}/mazo", pool
