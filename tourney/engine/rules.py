"""The rules the engine cites: section of the 2021 rules document -> title and summary.

Section numbers follow the DeckForge transcription's numbering (seed 000; see
/work/shared/seeds/README.md). Titles and summaries are our own words. ``confirmed``
marks numbers the transcription notes name explicitly; the others were counted from the
order of the paragraphs (headings are stripped in the transcription) and are listed in
docs/rules-index.md with that caveat.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    section: str
    title: str
    summary: str
    confirmed: bool = False
    source: str = "2021"


RULES: dict[str, Rule] = {r.section: r for r in (
    Rule("2.1", "Aliados",
         "Un Aliado sólo puede atacar si su controlador lo controla desde el comienzo de su "
         "última Fase de Agrupación; Furia lo exime."),
    Rule("2.2", "Armas",
         "Un Arma necesita un Aliado portador válido al jugarse; sin portador, el Arma se "
         "destruye (la Indestructible queda en la Línea de Apoyo).", confirmed=True),
    Rule("2.3", "Talismanes",
         "Un Talismán nunca entra en juego: se resuelve y va al Cementerio de su dueño."),
    Rule("2.4", "Tótems", "Los Tótems entran en juego en la Línea de Apoyo.", confirmed=True),
    Rule("2.5", "Oros",
         "Los Oros no se juegan: se ponen en juego en la Reserva de Oro; no se pagan."),
    Rule("3.1", "Mazo Castillo",
         "El jugador que se queda sin cartas en su Mazo Castillo pierde en ese momento."),
    Rule("3.2", "Reserva de Oro",
         "La partida empieza con el Oro inicial en la Reserva de Oro."),
    Rule("3.7", "Mano", "Sólo se juegan y descartan cartas que están en la mano de quien actúa."),
    Rule("5", "Controlador y dueño",
         "Cada jugador actúa sólo con las cartas que controla; lo que sale del juego va a las "
         "zonas de su dueño."),
    Rule("8.1", "Jugar una carta",
         "Para jugar una carta se paga su coste completo y exacto moviendo Oros de la propia "
         "Reserva de Oro a la Zona de Oro Pagado.", confirmed=True),
    Rule("8.2", "Objetivos",
         "Los objetivos deben existir al jugar la carta y, si son varios, ser cartas distintas."),
    Rule("9 A", "Fase de Agrupación",
         "Los Aliados de la Línea de Ataque vuelven a la Línea de Defensa y el Oro Pagado a la "
         "Reserva; no hay Agrupación en el primer turno de la partida."),
    Rule("9 B", "Fase de Vigilia",
         "Lo primero de la Vigilia puede ser un Oro (uno por turno); Aliados, Armas y Tótems "
         "sólo en la propia Vigilia; Talismanes en la propia Vigilia o en la Guerra de "
         "Talismanes."),
    Rule("9 C", "Batalla Mitológica",
         "Fase opcional, una por turno, tras la Vigilia: ataque, bloqueo, Guerra de Talismanes "
         "y asignación de daño, en ese orden."),
    Rule("9 C1", "Declaración de Ataque",
         "El jugador activo elige atacantes entre los Aliados de su Línea de Defensa; los "
         "Guardián no pueden ser declarados atacantes."),
    Rule("9 C2", "Declaración de Bloqueo",
         "El defensor asigna bloqueadores uno a uno, sólo Aliados de su Línea de Defensa.",
         confirmed=True),
    Rule("9 C3", "Guerra de Talismanes",
         "El defensor tiene la primera prioridad; la prioridad se alterna y dos cesiones "
         "seguidas terminan el paso.", confirmed=True),
    Rule("9 C4", "Asignación de Daño",
         "Gana el Aliado más fuerte y la diferencia va al Castillo; con igual Fuerza se "
         "destruyen ambos; sin bloqueo, toda la Fuerza; el daño se bota de una vez.",
         confirmed=True),
    Rule("9 D", "Fase Final", "Terminan los efectos que duran hasta la Fase Final."),
    Rule("9 E", "Fase de Robar",
         "Al final de su turno el jugador activo roba una carta (no en el primer turno de la "
         "partida) y descarta hasta ocho cartas en mano."),
    Rule("10.3", "Alimentar",
         "Cada contador de Alimento da 1 a la Fuerza, por encima de todo lo demás.",
         confirmed=True),
    Rule("10.6", "Bloquear",
         "Si el bloqueador sale del juego antes del daño, el atacante daña al Castillo."),
    Rule("10.7", "Botar",
         "Botar pone en el Cementerio las cartas del tope del Mazo Castillo, de una en una; "
         "en un registro «revealed» la carta nombrada debe estar en ese Castillo."),
    Rule("10.11", "Ceder prioridad",
         "Ceder es pasar la prioridad al rival; dos cesiones seguidas cierran la Guerra de "
         "Talismanes.", confirmed=True),
    Rule("10.12", "Contadores",
         "Los contadores se pierden al salir del juego; un Aliado con contador de Honor no "
         "sale del juego por efectos de Talismanes ni de Tótems."),
    Rule("10.13", "Copias",
         "Una carta Única admite una sola copia entre Castillo y Soporte.", confirmed=True),
    Rule("10.14", "Conquista",
         "La primera vez que el Aliado hace daño de combate recibe un contador de Conquista y "
         "su controlador roba una carta."),
    Rule("10.18", "Descartar", "Sólo se descartan cartas que están en la mano."),
    Rule("10.19", "Desterrar", "Desterrar envía la carta a la Zona de Destierro de su dueño.",
         confirmed=True),
    Rule("10.22", "Errante",
         "Nadie puede controlar dos copias de una carta Errante en juego."),
    Rule("10.25", "Exhumar",
         "Una carta con Exhumar se puede jugar desde el propio Cementerio pagando su coste, en "
         "los momentos normales de su tipo; el Talismán jugado así se destierra."),
    Rule("10.27", "Furia",
         "El Aliado con Furia puede atacar aunque no haya pasado por una Fase de Agrupación."),
    Rule("10.29", "Imbloqueable", "Un Aliado Imbloqueable no puede ser bloqueado.",
         confirmed=True),
    Rule("10.30", "Indesterrable", "Una carta Indesterrable en juego no puede ser Desterrada."),
    Rule("10.31", "Indestructible",
         "Una carta Indestructible en juego no puede ser Destruida, tampoco en la asignación "
         "de daño."),
    Rule("10.44", "Retador",
         "Al atacar, el Retador elige un Aliado de la Línea de Defensa rival que debe "
         "bloquearlo si puede."),
    Rule("10.45", "Robar",
         "Robar toma la carta del tope del Mazo Castillo y la pone en la mano; la carta que "
         "nombra el registro debe ser esa (o, en un registro «revealed», estar en el Castillo)."),
    Rule("2009 I", "Habilidades Especiales (2009)",
         "Embestida duplica el daño de combate al Castillo; Temerario sólo puede ser bloqueado "
         "por Aliados Temerarios.", source="2009"),
)}


def rule_title(section: str | None) -> str | None:
    if section is None:
        return None
    rule = RULES.get(section)
    return f"{section} {rule.title}" if rule else section
