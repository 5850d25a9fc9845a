"""tourney.engine — the Mitos y Leyendas rules engine and game adjudicator (pure).

Read a record with ``read_record(lines, resolve)``, replay it with ``adjudicate(record)``;
``Game`` holds the state and checks one ``Action`` at a time. See docs/game-record.md.
"""
from .verdict import Reason, Status, Verdict  # noqa: F401
from .adjudicate import adjudicate, adjudicate_lines, replay  # noqa: F401
from .errors import GameOver, IllegalAction, RecordError  # noqa: F401
from .game import Game  # noqa: F401
from .zones import Outcome  # noqa: F401
from .record import Action, GameRecord, Header, catalog_resolver, read_record  # noqa: F401
from .rules import RULES  # noqa: F401
from .positions import Position, PlayerView, positions  # noqa: F401
from .verdict import describe  # noqa: F401
