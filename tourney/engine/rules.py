"""The rules the engine cites: section of the 2021 rules document -> title and summary.

Section numbers follow the DeckForge transcription's numbering (seed 000; see
/work/shared/seeds/README.md and the transcription notes at the end of seed 000). The
transcription strips headings, so each number here has a *basis*:

* ``confirmada`` — the notes or the README name the number together with its title or
  with a paragraph that belongs to it (2.2, 2.4, 8.1, 9 C2–C4, 10.3, 10.11, 10.19, …).
* ``deducida`` — the section lies between two confirmed numbers and the paragraphs
  between them hold exactly the sections needed (e.g. 10.4–10.10 between 10.3 and 10.11).
* ``estimada`` — counted, but the transcription lacks some sections of the original, so
  the number can be off; ``note`` gives the possible range (docs/rules-index.md explains).

Titles and summaries are our own words.
"""
from __future__ import annotations

from dataclasses import dataclass

CONFIRMED, DEDUCED, ESTIMATED = "confirmada", "deducida", "estimada"


@dataclass(frozen=True, slots=True)
class Rule:
    section: str
    title: str
    summary: str
    basis: str = DEDUCED
    note: str = ""
    source: str = "2021"

    @property
    def confirmed(self) -> bool:
        return self.basis == CONFIRMED


_GAP_10_20 = ("La transcripción muestra sólo Errante entre 10.19 Desterrar y 10.23 Escuela "
              "Elemental: faltan dos apartados del original. Si (como sugiere el orden "
              "alfabético: Destruir…) ambos van antes, Errante es 10.22; puede ser 10.20 o 10.21.")
_GAP_10_25 = ("Entre 10.24 Espectral y 10.34 Mirar la transcripción muestra ocho apartados para "
              "nueve números: falta uno. Suponemos que es posterior a Inmunidad (p. ej. "
              "Mercenario, que 10.13 menciona); si fuera anterior, este número sube en uno.")
_AFTER_10_41 = ("Contado desde 10.41 Redirigir (confirmada) sin huecos visibles; ninguna nota "
                "confirma los números posteriores.")

RULES: dict[str, Rule] = {r.section: r for r in (
    Rule("2.1", "Aliados",
         "Un Aliado sólo puede ser declarado atacante si está bajo el control de su jugador "
         "desde el comienzo de la última Fase de Agrupación de ese jugador; Furia lo exime."),
    Rule("2.2", "Armas",
         "Un Arma necesita un Aliado portador válido al jugarse; sin portador, el Arma se "
         "destruye (la Indestructible queda en la Línea de Apoyo).", CONFIRMED),
    Rule("2.3", "Talismanes",
         "Un Talismán no entra en juego: se resuelve y va al Cementerio de su dueño."),
    Rule("2.4", "Tótems", "Los Tótems entran en juego en la Línea de Apoyo.", CONFIRMED),
    Rule("2.5", "Oros",
         "Los Oros no se juegan: se ponen en juego en la Reserva de Oro, sin pagar coste."),
    Rule("3.1", "Mazo Castillo",
         "Quien se queda sin cartas en su Mazo Castillo pierde en ese momento."),
    Rule("3.2", "Reserva de Oro",
         "Cada jugador empieza la partida con un Oro en su Reserva de Oro."),
    Rule("4.1", "Cambios de estado de juego",
         "Las habilidades continuas se aplican o dejan de aplicarse después de cada cambio del "
         "estado de juego, antes que las activadas y disparadas.", CONFIRMED),
    Rule("4.2", "Condiciones de juego",
         "Entre sus ejemplos, «este Aliado no puede ser declarado atacante» (el recordatorio "
         "de Guardián) es una habilidad continua, no una condición.", CONFIRMED),
    Rule("4.3", "Afectar",
         "Una carta o un jugador es afectado cuando un efecto, al resolverse, cambia sus "
         "características, estado o capacidades (o limita sus acciones, o cambia su mano o "
         "Castillo); ser objetivo no es ser afectado."),
    Rule("5", "Controlador y dueño",
         "Cada jugador actúa con las cartas que controla; lo que sale del juego va a las "
         "zonas de su dueño."),
    Rule("6.1", "Habilidades",
         "Una habilidad se compone de condición, coste y efecto; las activadas y disparadas de "
         "las cartas desde Invasión Oscura se usan una vez por turno salvo que digan otra cosa."),
    Rule("6.2", "Habilidades activadas",
         "Se usan a voluntad en la Fase de Vigilia de su controlador o en la Guerra de "
         "Talismanes (salvo que digan otro momento), con la carta en su zona y su condición "
         "cumplida."),
    Rule("6.3", "Habilidades disparadas",
         "Se usan cuando ocurre su evento disparador; las que dicen «puedes» son opcionales; "
         "las de salir del juego se disparan desde la zona de destino."),
    Rule("6.4", "Habilidades continuas",
         "Actúan siempre mientras se cumpla su condición y se revisan con cada cambio; una "
         "prohibición («no se pueden jugar Talismanes») impide jugar esas cartas."),
    Rule("6.5", "Pasos para utilizar una habilidad",
         "Declarar y elegir objetivos, pagar los costes, disparos, respuestas y una "
         "Cancelación por jugador, y resolver sobre el estado actual: el efecto debe ser el "
         "que la habilidad produce.", CONFIRMED),
    Rule("6.6", "Resolución de múltiples habilidades disparadas",
         "Si se disparan varias a la vez, primero las del jugador activo y luego las del "
         "otro; cada jugador ordena las suyas.", CONFIRMED),
    Rule("6.7", "Responder a que algo ocurra o fuera a ocurrir", "Una habilidad «en respuesta a "
         "que … fuera a ocurrir» (prevenir que un Aliado sea Destruido) se usa antes de que "
         "ocurra; si lo previene, el efecto que lo iba a causar no lo hace.", ESTIMATED,
         "Contada después de 6.6 (confirmada); ninguna nota numera los apartados siguientes de "
         "la sección 6, así que puede correrse en uno."),
    Rule("7.1 C", "Sobreposición de múltiples habilidades",
         "Los modificadores y los establecedores de Fuerza se aplican uno sobre otro en el "
         "orden en que empezaron a actuar: un «tiene Fuerza N» deja sin efecto lo aplicado "
         "antes y lo posterior se suma encima; Alimento va sobre todo.", CONFIRMED),
    Rule("7.2", "Habilidades simultáneas y en secuencia",
         "Una habilidad disparada mientras se usa otra se resuelve antes que ella, formando un "
         "árbol: los niveles más altos primero y, en cada nivel, las simultáneas en el orden "
         "de 6.6."),
    Rule("8.1", "Jugar una carta",
         "Se juega una carta que está donde debe estar (la mano) en el momento correcto, "
         "pagando su coste completo: Oros de la propia Reserva de Oro a la Zona de Oro "
         "Pagado.", CONFIRMED),
    Rule("8.2", "Objetivos",
         "Los objetivos se eligen al jugar la carta y, si son varios, deben ser cartas "
         "distintas.", ESTIMATED,
         "Es el apartado que sigue a 8.1 y ninguna nota numera los siguientes de la sección 8; "
         "si los tres párrafos finales de 8.1 (Arma sobre una carta convertida, cartas que se "
         "están jugando, coste X) fueran un apartado propio, Objetivos sería 8.3."),
    Rule("9 A", "Fase de Agrupación",
         "Los Aliados de la Línea de Ataque vuelven a la Línea de Defensa y el Oro Pagado a la "
         "Reserva de Oro."),
    Rule("9 B", "Fase de Vigilia",
         "La primera carta de la Vigilia puede ser un Oro de la mano (uno por turno); Aliados, "
         "Armas y Tótems sólo en la propia Vigilia; Talismanes en la propia Vigilia o en la "
         "Guerra de Talismanes."),
    Rule("9 C", "Batalla Mitológica",
         "Fase opcional, una por turno, tras la Vigilia, en cuatro pasos: ataque, bloqueo, "
         "Guerra de Talismanes y asignación de daño."),
    Rule("9 C1", "Declaración de Ataque",
         "El jugador activo elige atacantes entre los Aliados de su Línea de Defensa que "
         "pueden ser declarados atacantes (no los Guardián)."),
    Rule("9 C2", "Declaración de Bloqueo",
         "El defensor asigna bloqueadores uno a uno, sólo Aliados de su Línea de Defensa.",
         CONFIRMED),
    Rule("9 C3", "Guerra de Talismanes",
         "El defensor tiene la primera prioridad; la prioridad se alterna y dos cesiones "
         "seguidas terminan el paso.", CONFIRMED),
    Rule("9 C4", "Asignación de Daño",
         "Gana el Aliado más fuerte y la diferencia va al Castillo; con igual Fuerza se "
         "destruyen ambos; sin bloqueo, toda la Fuerza; el daño se bota de una vez.",
         CONFIRMED),
    Rule("9 D", "Fase Final", "Terminan los efectos que duran hasta la Fase Final."),
    Rule("9 E", "Fase de Robar",
         "Al final de su turno el jugador activo roba una carta (no en el primer turno de la "
         "partida) y descarta hasta quedar con ocho cartas en mano."),
    Rule("10.1", "Agrupar",
         "En el primer turno de la partida no hay Fase de Agrupación."),
    Rule("10.3", "Alimentar",
         "Cada contador de Alimento da 1 a la Fuerza, por encima de todo lo demás.",
         CONFIRMED),
    Rule("10.4", "Anular",
         "Anular evita que un Talismán se resuelva o que un Aliado, Arma o Tótem entre en "
         "juego; sólo se Anula una carta mientras se juega, y sigue contando como jugada."),
    Rule("10.6", "Bloquear",
         "Bloquea un Aliado de la Línea de Defensa; si el bloqueador sale del juego antes del "
         "daño, el atacante daña al Castillo."),
    Rule("10.7", "Botar",
         "Botar pone en el Cementerio las cartas del tope del Mazo Castillo, de una en una; "
         "en un registro «revealed» la carta nombrada debe estar en ese Castillo."),
    Rule("10.9", "Cambiar objetivos",
         "Cambiar objetivos da a un efecto dirigido nuevos objetivos válidos, en respuesta; "
         "puede volver a elegir los iniciales y nunca toma el control del efecto."),
    Rule("10.10", "Cancelar",
         "Cancelar evita que una habilidad activada o disparada se resuelva; hace objetivo a "
         "la habilidad y sus costes quedan pagados."),
    Rule("10.5", "Barajar",
         "Barajar revuelve el Mazo Castillo; una carta Barajada desde otra zona va al Mazo "
         "Castillo de su dueño (si estaba en juego, sale del juego)."),
    Rule("10.11", "Ceder prioridad",
         "Ceder es pasar la prioridad al rival; dos cesiones seguidas cierran la Guerra de "
         "Talismanes.", CONFIRMED),
    Rule("10.12", "Contadores",
         "Los contadores se pierden al salir del juego; un Aliado con contador de Honor no "
         "sale del juego por efectos de Talismanes ni de Tótems."),
    Rule("10.13", "Copias",
         "Una carta Única admite una sola copia en el mazo (Castillo y Soporte)."),
    Rule("10.14", "Conquista",
         "La primera vez que el Aliado hace daño de combate recibe un contador de Conquista y "
         "su controlador roba una carta."),
    Rule("10.16", "Coste",
         "Un coste (Oros, cartas del Castillo, de la mano, del Cementerio o en juego, "
         "contadores) debe poder pagarse completo, con cartas de la zona que dice, para jugar "
         "la carta o usar la habilidad."),
    Rule("10.18", "Descartar", "Sólo se descartan cartas que están en la mano de su dueño."),
    Rule("10.19", "Desterrar", "Desterrar envía la carta a la Zona de Destierro de su dueño.",
         CONFIRMED),
    Rule("10.22", "Errante",
         "Nadie puede controlar dos copias de una carta Errante en juego.", ESTIMATED,
         _GAP_10_20),
    Rule("10.24", "Espectral", "Una carta Espectral es un Talismán mientras está en un Cementerio.",
         CONFIRMED),
    Rule("10.28", "Ilusión", "El Aliado con Ilusión que es Destruido regresa al juego bajo el "
         "control de su dueño como un Aliado sin habilidad.", ESTIMATED, _GAP_10_25),
    Rule("10.25", "Exhumar",
         "Una carta con Exhumar se puede jugar desde el propio Cementerio pagando su coste, en "
         "los momentos normales de su tipo; el Talismán jugado así se destierra.", ESTIMATED,
         _GAP_10_25),
    Rule("10.27", "Furia",
         "El Aliado con Furia puede atacar aunque no haya pasado por una Fase de Agrupación.",
         ESTIMATED, _GAP_10_25),
    Rule("10.29", "Imbloqueable", "Un Aliado Imbloqueable no puede ser bloqueado.", ESTIMATED,
         _GAP_10_25),
    Rule("10.30", "Indesterrable", "Una carta Indesterrable en juego no puede ser Desterrada.",
         ESTIMATED, _GAP_10_25),
    Rule("10.31", "Indestructible",
         "Una carta Indestructible en juego no puede ser Destruida, tampoco en la asignación "
         "de daño.", ESTIMATED, _GAP_10_25),
    Rule("10.32", "Inmunidad",
         "Una carta con Inmunidad a un tipo de carta no puede ser objetivo de esas cartas ni "
         "es afectada por ellas.", ESTIMATED, _GAP_10_25),
    Rule("10.34", "Mirar",
         "Mirar da información sólo a quien controla el efecto; las cartas Miradas del Mazo "
         "Castillo vuelven a su tope en el orden que éste elija: la línea no mueve nada por "
         "mirar.", CONFIRMED),
    Rule("10.35", "Mostrar",
         "Mostrar da información pública; «muestra la primera carta: si es …» mueve esa carta "
         "sólo si cumple lo que pide, y la mostrada que no se mueve vuelve al tope."),
    Rule("10.36", "Mover",
         "Mover lleva una carta de una zona a otra; cada tipo de carta tiene sus zonas en "
         "juego (Aliados: Líneas; Tótems y Armas: Línea de Apoyo; Oros: Reserva y Oro "
         "Pagado)."),
    Rule("10.38", "Poner debajo",
         "Las cartas puestas debajo de otra no están en ninguna zona; cuando la de encima sale "
         "del juego van al Cementerio de su dueño (las Desterradas bajo otra, al Destierro), "
         "salvo que se diga otra cosa.", CONFIRMED),
    Rule("10.40", "Purificar",
         "Purificar una carta de un Cementerio es, a elección de quien controla el efecto, "
         "Barajarla en el Mazo Castillo de su dueño o Desterrarla; todas a la vez."),
    Rule("10.41", "Redirigir",
         "Redirigir cambia a quién va un efecto o daño ya dirigido; se hace en el paso D, "
         "como respuesta.", CONFIRMED),
    Rule("10.44", "Retador",
         "Al atacar, el Retador elige un Aliado de la Línea de Defensa rival que debe "
         "bloquearlo si puede.", ESTIMATED, _AFTER_10_41),
    Rule("10.45", "Robar",
         "Robar toma la carta del tope del Mazo Castillo y la pone en la mano; la carta que "
         "nombra el registro debe ser esa (o, en un registro «revealed», estar en el "
         "Castillo).", ESTIMATED, _AFTER_10_41),
    Rule("2009 I", "Habilidades Especiales y Reinos (2009)",
         "Embestida duplica el daño de combate al Castillo; Temerario sólo puede ser bloqueado "
         "por Aliados Temerarios.", CONFIRMED, source="2009"),
)}


def rule_title(section: str | None) -> str | None:
    if section is None:
        return None
    rule = RULES.get(section)
    return f"{section} {rule.title}" if rule else section
