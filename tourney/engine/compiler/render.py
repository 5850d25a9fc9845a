"""Spanish renderings of the grammar's own values (``parsed``), before they become engine
values: what ``tourney engine abilities`` would show if the model could not say it."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the values rendered; ``parsed`` imports this module for ``describe()``
    from .parsed import Cards, Condition, Cost, Effect, Parsed, Trigger

PLAYER = {"you": "tú", "opponent": "tu oponente", "each": "cada jugador", "owner": "su dueño"}
ZONE = {"play": "en juego", "hand": "mano", "graveyard": "Cementerio", "castle": "Mazo Castillo",
        "exile": "Zona de Destierro", "reserve": "Reserva de Oro", "paid": "Zona de Oro Pagado",
        "being_played": "que se está jugando", "attack": "Línea de Ataque", "defense": "Línea de Defensa",
        "support": "Línea de Apoyo"}
PHASES = {"agrupacion": "Fase de Agrupación", "vigilia": "Fase de Vigilia", "final": "Fase Final",
          "batalla": "Fase de Batalla", "robar": "Fase de Robar",
          "bloqueo": "Declaración de Bloqueo", "guerra": "Guerra de Talismanes"}


KINDS = {
    "draw": "roba {n} carta(s)", "mill": "bota {n} carta(s)", "discard": "descarta {c}",
    "destroy": "destruye {c}", "banish": "destierra {c}", "annul": "anula {c}",
    "shuffle": "baraja {c} en el Mazo Castillo de su dueño", "return": "sube {c} a la mano de su dueño",
    "to_hand": "pone {c} en la mano", "search": "busca {c} y {d}", "strength": "{c}: {n:+d} a la Fuerza",
    "grant": "{c} gana {k}", "lose_ability": "{c} pierde su habilidad", "cancel_attack": "cancela el ataque",
    "cannot_attack": "{c} no puede ser declarado atacante", "feed": "alimenta {c}",
    "move": "mueve {c} a {d}", "race_becomes": "{c} se considera de Raza {k}",
    "play_free": "juega {c} sin pagar su coste", "play_paying": "juega {c} pagando su coste", "look_hand": "mira la mano", "choose": "elige {c}",
    "group": "agrupa {c}", "gain_control": "gana el control de {c}", "set_strength": "{c} tiene Fuerza {n}",
}


def describe_effect(eff: Effect) -> str:
    template = KINDS.get(eff.kind, eff.kind)
    cards = eff.cards.describe() if eff.cards else ""
    dest = {"hand": "la pone en la mano", "exile": "la destierra", None: "",
            "castle_top": "la pone en la parte superior del Mazo Castillo",
            "graveyard": "la pone en el Cementerio"}.get(eff.dest, eff.dest)
    amount = eff.amount if eff.amount is not None else 0
    text = template.format(n=amount, c=cards, k=eff.keyword or "", d=dest)
    if eff.kind == "lose_keyword":
        text = f"{cards} pierde {eff.keyword}"
    if eff.kind == "cannot_block":
        text = f"{cards} no puede bloquear"
    if eff.player != "you":
        text = f"{PLAYER[eff.player]}: {text}"
    if eff.per is not None:
        text += f" por cada {eff.per.describe()}"
    if eff.optional:
        text = f"puedes: {text}"
    if eff.then:
        text = f"luego, {text}"
    if eff.until == "end":
        text += " hasta la Fase Final"
    if eff.until == "next":
        text += " hasta tu próximo turno"
    if eff.until == "while":
        text += " mientras esta carta esté en juego"
    return text


def _said(cards: Cards | None) -> str:
    """The cards of a trigger, condition or cost whose kind always names them."""
    assert cards is not None, "this kind always names its cards"
    return cards.describe()


def describe_trigger(t: Trigger) -> str:
    if t.event in ("phase_start", "phase_end"):
        when = "Al comienzo de" if t.event == "phase_start" else "Al final de"
        whose = {"you": "tu ", "opponent": "la ", None: "cada "}[t.whose]
        tail = " oponente" if t.whose == "opponent" else ""
        assert t.phase is not None  # the grammar reads a phase with these events
        return f"{when} {whose}{PHASES[t.phase]}{tail}"
    if t.event == "played" and t.phase == "response":
        return f"En respuesta a que tu oponente juegue {_said(t.cards)}"
    if t.event == "played":
        who = "juegas" if t.player == "you" else "tu oponente juega"
        return f"Cuando {who} {_said(t.cards)}"
    if t.event == "counter_placed":
        return f"Cuando se pone un contador{' de ' + t.counter if t.counter else ''} sobre {_said(t.cards)}"
    names = {"fed": "es Alimentado", "enters": "entra en juego", "leaves": "sale del juego", "destroyed": "es destruido", "banished": "es desterrado",
             "attacks": "es declarado atacante", "blocked": "es bloqueado", "blocks": "bloquea"}
    tail = " bajo tu control" if t.player == "you" else ""
    who = t.cards.describe() if t.cards is not None else PLAYER.get(t.player or "", "un jugador")
    said = " o ".join(names.get(e.removeprefix("would_"), e) for e in (t.event, *t.also))
    return f"Cuando {who} {said}{tail}"


def describe_condition(c: Condition) -> str:
    if c.kind == "all_race":
        kinds = ([c.zone] if c.zone else []) + (["de Raza " + " y/o ".join(c.races)] if c.races else [])
        whose = "los demás" if c.other else "todos los"
        return f"si {whose} Aliados que controlas son " + " y/o ".join(kinds)
    if c.kind == "control":
        return f"si controlas {c.n} o más {_said(c.cards)}"
    if c.kind == "self_zone":
        assert c.zone is not None  # the grammar always names the zone
        return f"si esta carta está en tu {ZONE[c.zone]}"
    if c.kind == "self_bearing":
        return "mientras porte un Arma"
    if c.kind == "self_blocked":
        return "si este Aliado fue bloqueado"
    if c.kind == "paid_cost":
        return "si pagaste su coste"
    if c.kind == "your_turn":
        return "mientras sea tu turno"
    if c.kind == "opponent_turn":
        return "en el turno oponente"
    if c.kind == "played_from":
        return f"si la jugaste desde tu {ZONE[c.zone or 'hand']}"
    if c.kind in ("happened", "not_happened"):
        said = "no " if c.kind == "not_happened" else ""
        return f"si este turno {said}ocurrió: {c.phase} ({c.cards.describe() if c.cards else ''})"
    if c.kind == "zone_count":
        return f"si hay {c.n} o más {_said(c.cards)}"
    if c.kind == "more_than":
        who, than = ("controlas", "tu oponente") if c.zone == "you" else ("tu oponente controla", "tú")
        return f"si {who} más {_said(c.cards)} que {than}"
    if c.kind == "bearer_not_race":
        return "mientras el Aliado portador no sea de Raza " + " ni ".join(c.races)
    if c.kind == "bearer_unblocked":
        return "si el Aliado portador fue declarado atacante y no fue bloqueado"
    if c.kind == "opp_control":
        return f"si tu oponente controla {c.n} o más {_said(c.cards)}"
    if c.kind == "control_at_most":
        return f"si controlas {c.n} o menos {_said(c.cards)}"
    if c.kind == "bearer_is":
        return f"si el Aliado portador es {_said(c.cards)}"
    if c.kind == "zone_empty":
        return f"si no hay {_said(c.cards)}"
    if c.kind == "bearer_race":
        return "si el Aliado portador es " + (c.zone or ("de Raza " + " o ".join(c.races)))
    if c.kind == "entered":
        return f"si entraron en juego {c.n} o más {_said(c.cards)} bajo tu control este turno"
    if c.kind == "dealt_damage":
        who = "el Aliado portador" if c.zone == "bearer" else "esta carta"
        return f"si {who} hizo daño al Mazo Castillo oponente"
    return c.kind


def describe_cost(c: Cost) -> str:
    if c.kind == "gold":
        return f"pagar {c.amount} Oro(s)"
    if c.kind == "mill":
        return f"botar {c.amount} carta(s)"
    if c.kind == "counters":
        return f"quitar {c.amount} contador(es) de {c.cards.zone if c.cards else ''} de esta carta"
    if c.kind == "counters_own":
        return f"quitar {c.amount} contador(es) de {c.counter} de {_said(c.cards)}"
    if c.kind == "all_counters_own":
        return f"quitar todos los contadores de {c.counter} de {_said(c.cards)}"
    verbs = {"banish": "desterrar", "discard": "descartar", "destroy": "destruir",
             "shuffle": "barajar", "reveal": "mostrar", "return": "subir a tu mano"}
    if c.kind == "bottom":
        return f"poner {_said(c.cards)} al fondo de tu Mazo Castillo"
    if c.kind == "to_paid":
        return "mover esta carta a tu Zona de Oro Pagado"
    return f"{verbs[c.kind]} {_said(c.cards)}"


def describe_parsed(p: Parsed) -> str:
    if p.kind == "keyword":
        return f"Habilidad clave: {p.keyword}" + (f" ({p.param})" if p.param else "")
    if p.kind in ("permission", "restriction", "property"):
        return {"permission": "Permiso de juego", "restriction": "Restricción de juego",
                "property": "Propiedad"}[p.kind] + f": {p.param}"
    parts = []
    if p.timing:
        parts.append(f"[{p.timing}]")
    if p.once_per_turn:
        parts.append("una vez por turno")
    if p.trigger:
        parts.append(p.trigger.describe())
    parts.extend(c.describe() for c in p.conditions)
    if p.costs:
        parts.append("coste: " + " y ".join(c.describe() for c in p.costs))
    body = "; ".join(e.describe() for e in p.effects)
    if p.optional:
        body = f"puedes: {body}"
    head = {"spell": "Al resolverse", "triggered": "Disparada", "activated": "Activada",
            "static": "Continua"}.get(p.kind, p.kind)
    return f"{head}: " + ", ".join(parts + [body]) if parts else f"{head}: {body}"


