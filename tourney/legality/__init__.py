"""tourney.legality: formats as data, decklist parsing and the deck validator (pure).

Usage::

    from tourney.legality import load_formats, parse_decklist, validate, validate_resolved
    formats = load_formats(formats_dir)        # id -> Format; FormatError(file, key, message)
    deck = parse_decklist(text)                # DeckList(main/castle, side/support); DecklistError(line, msg)
    verdict = validate(deck, formats["unificado"], catalog)
    verdict.legal, verdict.violations          # every Violation(code, rule, message, cards, hint, lines)
    verdict.castle_count, verdict.support_count, verdict.to_dict()
    verdict.resolved.castle                    # list[(Card, qty)], same for .support

* ``parse_decklist(text, game=formats["magic-construido"].game)`` reads the
  section headers of another game (Magic sideboard ``SB:``, Sky World ``Héroe:``).
* ``parse_decklist_xlsx(path_or_bytes)`` reads a sheet with columns
  ``seccion``, ``cantidad``, ``carta`` (and optional ``codigo``).
* An already-resolved deck (e.g. the Castillo after Mazo de Soporte swaps
  between games) is checked with ``validate_resolved(castle, support, fmt,
  catalog)`` where both are ``list[(Card, qty)]``; or write ``Name (CODE)``
  lines and use ``DeckList.from_pairs``.
* Games with an optional catalog (Magic, Sky World) accept ``catalog=None``:
  cards are checked by name and ``verdict.notes`` says so.
* §11 Mazo de Soporte (``tourney.legality.swaps``): the «Mazo de Soporte
  obligatorio» rule of an event (``with_support_required``), swaps between games
  (``check_swap``, sizes from the format) and deck checks (``compare``).
* ``parse_card_line("3x Kirin")`` -> ``(3, "Kirin")``: the one card-line parser.
* ``Verdict.to_dict()`` (alias ``to_json``) keeps each violation's ``lines``;
  ``Violation.from_dict`` reads a stored one back (older codes renamed).

Stable violation codes: deck_size, side_size, copies, unique, limited, banned,
edition, rarity, unknown_card, ambiguous_card, initial_gold,
min_allies_or_totems, affinity, realm_missing, realm_too_many, realm_in_side,
conditional_limit, support_required (stored as «support-required» before).
"""
from .decklist import (  # noqa: F401
    MAX_DECKLIST_BYTES,
    DeckList,
    Entry,
    decode_decklist,
    parse_card_line,
    parse_decklist,
    parse_decklist_bytes,
)
from .decklist_xlsx import parse_decklist_xlsx  # noqa: F401
from .errors import DecklistError, FormatError, LegalityError, UnknownFormatError  # noqa: F401
from .games import DEFAULT_FORMATS_DIR, Game, load_games  # noqa: F401
from .formats import Format, load_format, load_formats  # noqa: F401
from .validator import validate, validate_resolved  # noqa: F401
from .verdict import NO_CATALOG_NOTE, ResolvedDeck, Verdict, Violation  # noqa: F401
