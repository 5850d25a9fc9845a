"""The vocabularies of ability values: each word the values accept, with its Spanish.

``model`` validates every value against these tables (an unknown word is a ``ValueError``)
and renders ``describe()`` with them; docs/abilities.md lists them for authors of the
hand-written files.
"""
from __future__ import annotations

# -- vocabularies (word -> Spanish) ----------------------------------------------------

ABILITY_KINDS = {
    "keyword": "habilidad clave",
    "continuous": "habilidad continua",
    "triggered": "habilidad disparada",
    "activated": "habilidad activada",
    "play_permission": "permiso de juego",
    "replacement": "reemplazo («en su lugar»)",
    "effect": "efecto de la carta (Talismán, 2.3: se resuelve al jugarla)",
    "play_restriction": "restricción de juego («sólo puedes jugar esta carta…»)",
    "alternative_cost": "coste alternativo (en vez de pagar el coste de Oro, 10.16)",
    "additional_cost": "coste adicional para jugar esta carta (10.16)",
}

# Zones an ability talks about. "in_play" = any zone in play; "castle" = the Mazo Castillo
# (as a source); "castle_top"/"castle_bottom" as destinations; "being_played" = a card that
# is being played (8.1: what an Anulación targets).
ZONES = {
    "hand": "la mano", "graveyard": "el Cementerio", "exile": "la Zona de Destierro",
    "castle": "el Mazo Castillo", "castle_top": "el tope del Mazo Castillo",
    "castle_bottom": "el fondo del Mazo Castillo", "defense": "la Línea de Defensa",
    "attack": "la Línea de Ataque", "support": "la Línea de Apoyo",
    "reserve": "la Reserva de Oro", "paid": "la Zona de Oro Pagado", "in_play": "el juego",
    "being_played": "las cartas que se están jugando", "weapon": "portada por un Aliado",
    "under": "bajo esta carta",
}

# Whose: relative to the ability's controller.
PLAYERS = {"you": "tú", "opponent": "tu oponente", "any": "cualquier jugador",
           "each": "cada jugador", "active": "el jugador activo",
           "target": "el jugador objetivo", "controller_of_target": "el controlador del objetivo",
           "owner_of_target": "el dueño del objetivo"}

EVENTS = {
    "played": "se juega una carta",
    "enters_play": "una carta entra en juego",
    "leaves_play": "una carta sale del juego",
    "destroyed": "una carta es Destruida",
    "banished": "una carta es Desterrada",
    "returned_to_hand": "una carta vuelve a la mano",
    "drawn": "se Roba una carta",
    "discarded": "se Descarta una carta",
    "milled": "se Bota una carta",
    "gold_enters": "un Oro entra en juego",
    "attack_declared": "un Aliado es declarado atacante",
    "attackers_declared": "uno o más Aliados son declarados atacantes",  # once per declaration
    "purified": "una carta es Purificada",
    "regrouped": "un Aliado es Agrupado",
    "to_graveyard": "una carta es puesta en un Cementerio",
    "searched": "un jugador Busca en un Mazo Castillo",
    "to_paid": "una carta es movida a la Zona de Oro Pagado",
    "paid_with": "este Oro paga el coste de una carta",  # ``card``: the card paid for
    "shuffled": "un jugador Baraja cartas en su Mazo Castillo",
    "block_declared": "un Aliado es declarado bloqueador",
    "combat_damage": "un Aliado hace daño de combate",
    "damage": "se hace daño a un Castillo",
    "phase_begins": "comienza una fase",
    "phase_ends": "termina una fase",
    "step_begins": "comienza un paso",
    "ability_used": "se utiliza una habilidad",
    "annulled": "una carta es Anulada",
    "cancelled": "una habilidad es Cancelada",
    "counter_placed": "se ponen uno o más contadores sobre una carta",  # one event per placement
    "blocked": "un Aliado atacante es bloqueado",
    "control_changed": "una carta cambia de controlador",
}

# Phases and steps (a Trigger's or a Condition's ``phase``).
PHASES = {"regroup": "la Fase de Agrupación", "vigil": "la Fase de Vigilia",
          "battle": "la Batalla Mitológica", "attack": "la Declaración de Ataque",
          "block": "la Declaración de Bloqueo", "war": "la Guerra de Talismanes",
          "damage": "la Asignación de Daño", "final": "la Fase Final", "draw": "la Fase de Robar"}

CONDITIONS = {
    "always": "siempre",
    "in_zone": "esta carta está en {zone}",
    "bears_weapon": "este Aliado porta un Arma",
    "bears_no_weapon": "este Aliado no porta Armas",
    "attacking": "este Aliado está atacando",
    "blocking": "este Aliado está bloqueando",
    "blocked": "este Aliado fue bloqueado",
    "unblocked": "este Aliado no fue bloqueado",
    "controls": "controlas {count} o más {filter}",
    "controls_none": "no controlas {filter}",
    "opponent_controls": "tu oponente controla {count} o más {filter}",
    "controls_more": "{player} controla más {filter} que su rival",
    "all_allies": "todos los Aliados que controlas son {filter}",
    "zone_count": "hay {count} o más {filter} en {whose_zone}",
    "zone_empty": "no hay {filter} en {whose_zone}",
    "phase": "es {phase}",
    "your_turn": "es tu turno",
    "opponent_turn": "es el turno de tu oponente",
    "has_counters": "esta carta tiene {count} o más contadores de {counter}",
    "strength_at_least": "la Fuerza de este Aliado es {count} o más",
    "castle_at_most": "tu Mazo Castillo tiene {count} cartas o menos",
    "hand_at_most": "tienes {count} cartas o menos en tu mano",
    "dealt_castle_damage": "{subject} hizo daño al Castillo oponente este turno",
    "bearer_is": "el Aliado portador es {filter}",
    "entered_this_turn": "entraron en juego {count} o más {filter} bajo tu control este turno",
    "opponent_entered_this_turn": "entraron en juego {count} o más {filter} bajo el control de tu oponente este turno",
    "happened_this_turn": "este turno ocurrió: {event}",
    "paid_cost": "se pagó su coste",
    "played_from": "se jugó desde {zone}",
    "not": "no se cumple que {of}",
    "all_of": "{of}",
    "any_of": "{of_or}",
}

COSTS = {
    "gold": "pagar {amount} Oro(s)",
    "mill": "Botar {amount} carta(s)",
    "banish_from_graveyard": "Desterrar {amount} {filter} de tu Cementerio",
    "discard": "Descartar {amount} {filter}",
    "destroy_own": "Destruir {amount} {filter} que controles",
    "banish_own": "Desterrar {amount} {filter} que controles",
    "destroy_self": "Destruir esta carta",
    "banish_self": "Desterrar esta carta",
    "shuffle_self": "Barajar esta carta en el Mazo Castillo de su dueño",
    "return_own_to_hand": "devolver {amount} {filter} que controles a tu mano",
    "remove_counters": "quitar {amount} contador(es) de {counter} de esta carta",
    "add_counters": "poner {amount} contador(es) de {counter} en esta carta",
    "remove_counters_own": "quitar {amount} contador(es) de {counter} de un {filter}",
    "remove_all_counters_own": "quitar todos los contadores de {counter} de un {filter}",
    "regroup_gold": "Agrupar {amount} Oro(s)",
    "shuffle_own": "barajar {amount} {filter} en tu Mazo Castillo",
    "reveal": "mostrar {amount} {filter} de tu mano",
    "banish_from_hand": "Desterrar {amount} {filter} de tu mano",
    "return_self": "devolver esta carta a tu mano",
    "to_paid_self": "mover esta carta a tu Zona de Oro Pagado",
    "discard_self": "Descartar esta carta",
    "reveal_self": "mostrar esta carta",
    "bottom_from_hand": "poner {amount} {filter} de tu mano al fondo de tu Mazo Castillo",
    "banish_castle_top": "Desterrar las primeras {amount} carta(s) de tu Mazo Castillo",
}

EFFECTS = {
    # moves between zones
    "destroy": "Destruye {subject}",
    "banish": "Destierra {subject}",
    "return_to_hand": "devuelve {subject} a la mano de su dueño",
    "to_castle_top": "pon {subject} en el tope del Mazo Castillo de su dueño",
    "to_castle_bottom": "pon {subject} debajo del Mazo Castillo de su dueño",
    "put_into_play": "pon {subject} en juego",
    "move": "mueve {subject} a {zone}",
    "shuffle_into_castle": "baraja {subject} en el Mazo Castillo de su dueño",
    # cards from the Castillo / the hand
    "draw": "{player} Roba {amount} carta(s)",
    "mill": "{player} Bota {amount} carta(s)",
    "discard": "{player} Descarta {amount} carta(s)",
    "search": "{player} Busca {subject} en {zone} y baraja",
    "look": "{player} Mira {amount} carta(s) de {zone}",
    # strength, keywords, abilities
    "strength": "{subject} gana {amount} a la Fuerza",
    "set_strength": "la Fuerza de {subject} es {amount}",
    "become_ally": "{subject} se convierte en un Aliado de Raza {keyword} de Fuerza {amount}",
    "gain_keyword": "{subject} gana {keyword}",
    "lose_keyword": "{subject} pierde {keyword}",
    "lose_abilities": "{subject} pierde su habilidad",
    "cannot_attack": "{subject} no puede ser declarado atacante",
    "cannot_block": "{subject} no puede bloquear",
    "cannot_be_blocked": "{subject} no puede ser bloqueado",
    "cannot_declare_attack": "{player} no puede declarar ataque",
    "max_attackers": "en cada turno sólo se puede declarar {amount} Aliado(s) atacante(s)",
    "unblockable_by": "{subject} no puede ser bloqueado por {bearers}",
    "must_block": "{subject} debe bloquear",
    "race_becomes": "{subject} se considera de Raza {keyword}",
    "counters": "pon {amount} contador(es) de {counter} en {subject}",
    "remove_counters": "quita {amount} contador(es) de {counter} de {subject}",
    "remove_all_counters": "quita todos los contadores de {counter} de {subject}",
    # the chain
    "annul": "Anula {subject}",
    "cancel": "Cancela la habilidad objetivo (la que usa {subject})",
    "cannot_be_annulled": "{subject} no puede ser Anulada",
    "cancel_attack": "cancela el ataque de {subject} de tu oponente",
    "end_battle": "termina la Batalla Mitológica",
    # damage and redirection (10.41)
    "redirect": "redirige el efecto de {subject} a un nuevo objetivo válido",
    "retarget": "elige nuevos objetivos válidos para {subject}",  # 10.9 Cambiar objetivos
    "redirect_damage": "redirige el daño de {subject} a {player}",
    "reduce_damage": "reduce en {amount} el daño que haría {subject}",
    "prevent_damage": "previene el daño que haría {subject}",
    "damage": "{subject} hace {amount} de daño a {player}",
    "damage_to_exile": "el daño hecho por {subject} es enviado al Destierro",
    "direct_damage_increase": "el daño directo hecho por {subject} aumenta en {amount}",
    # gold and costs
    "virtual_gold": "{player} gana {amount} Oro(s) virtual(es)",
    "cost_change": "el coste de {subject} cambia en {amount}",
    "cannot_reduce_cost": "{subject} no puede reducir su coste",
    "play_free": "juega {subject} sin pagar su coste",
    "play_paying": "juega {subject} pagando su coste",
    "regroup": "Agrupa {subject}",
    # control and players
    "gain_control": "gana el control de {subject}",
    "extra_turn": "{player} juega un turno adicional",
    "attach": "porta esta Arma a {subject}",
    "protection": "{subject} no puede ser afectado así ({keyword})",
    "banish_top": "{player} Destierra {amount} carta(s) de {zone}",
    "prevent": "previene que {subject} sea afectado",
    "cannot_play": "no se pueden jugar {subject}",
    "purify": "Purifica {subject}",
    "dig": "{player} mira {amount} carta(s) de su Mazo Castillo y toma {subject}",
    "cannot_search": "ningún jugador puede buscar cartas en {zone}",
    # the top card is shown; if it is {subject} it goes to {zone}, else it stays on top
    "reveal_top": "{player} muestra la primera carta de su Mazo Castillo: si es {subject}, va a {zone}",
    "weapon_capacity": "{subject} puede portar {amount} Arma(s)",
    "bearer_only": "{subject} sólo puede ser portada por {bearers}",
    "bearer_not": "{subject} no puede ser portada por {bearers}",
    "enters_with_counters": "{subject} entra en juego con {amount} contador(es) de {counter}",
    "lose_game": "{player} pierde la partida",
}

DURATIONS = {
    "instant": "",
    "end_of_turn": "hasta la Fase Final",
    "while": "mientras {condition}",
    "permanent": "de forma permanente",
    "next_turn": "hasta tu próximo turno",
    "while_in_play": "mientras esta carta esté en juego",
}

# Where an Effect's number comes from when it is not fixed (``Effect.amount_from``);
# "count" multiplies ``amount`` (default 1) by the number of cards matching ``filter``.
AMOUNT_SOURCES = {
    "count": "la cantidad de {filter}",
    "strength_of_bearer": "la Fuerza del Aliado portador",
    "strength_of_self": "la Fuerza de esta carta",
    "strength_of_target": "la Fuerza del objetivo",
    "allies_you_control": "la cantidad de Aliados que controlas",
    "hand_size": "la cantidad de cartas en tu mano",
    "strength_of_triggering": "la Fuerza de la carta que disparó la habilidad",
    "cost_of_triggering": "el coste de la carta que disparó la habilidad",
    # the card paid as the ability's cost («la carta Descartada», «el Aliado Desterrado»)
    "cost_of_paid": "el coste de la carta pagada como coste",
    "strength_of_paid": "la Fuerza de la carta pagada como coste",
    "cost_of_target": "el coste del objetivo",
    # «por cada Aliado Desterrado de esta manera», «Roba esa misma cantidad de cartas»
    "moved_before": "la cantidad de cartas que el paso anterior movió",
    "entered_this_turn": "la cantidad de {filter} que entraron en juego bajo tu control este turno",
}

# What an Effect acts on. "target" = the ability's targets[target] (8.2, chosen when the
# ability is used); "chosen" = chosen on resolution without targeting; "each" = every card
# matching ``filter``; "self" = the source; "bearer" = an Arma's bearer; "triggering" = the
# card that fired the trigger; "player" = the effect acts on ``player`` only; "earlier" = the
# card an earlier effect of this card chose («En la Fase Final, Destierra ese Aliado»); "found"
# = the card an earlier step of this ability found and played («Luego, Destierra ese Talismán»).
SUBJECTS = {"target": "el objetivo", "chosen": "la carta elegida", "each": "cada",
            "self": "esta carta", "bearer": "el Aliado portador",
            "triggering": "esa carta", "player": "", "attackers": "los Aliados atacantes",
            "blockers": "los Aliados bloqueadores", "blocker": "el Aliado que lo bloquea", "being_played": "la carta que se juega",
            "earlier": "la carta que eligió el efecto anterior de esta carta",
            "found": "la carta que encontró y jugó el paso anterior"}
