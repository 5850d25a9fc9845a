"""The fair shuffle of a played table (issue 24): commit, reveal, check.

Before the game the server publishes ``commit(server_seed)`` (a SHA-256); each player's
browser adds a random value of its own; the Mazo Castillo order is ``castle_order`` of the
deck (its card names sorted, then shuffled by a generator seeded with all three values), so no
side chooses it alone. When the game ends the seeds are revealed and written in the record's
header (``"shuffle"``); ``check_header`` recomputes the order from them.
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

SEED_MAX = 128  # characters of a seed


def commit(server_seed: str) -> str:
    return hashlib.sha256(server_seed.encode()).hexdigest()


def mixed(server_seed: str, seeds: Sequence[str], player: str) -> int:
    text = "\n".join([server_seed, *seeds, player])
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


def castle_order(names: Sequence[str], server_seed: str, seeds: Sequence[str],
                 player: str) -> list[str]:
    """The Castillo of ``player`` top first, from its card names in any order."""
    order = sorted(names)
    random.Random(mixed(server_seed, seeds, player)).shuffle(order)
    return order


def check_header(head: dict[str, Any]) -> str | None:
    """Why the header's Castillo orders do not follow its revealed seeds (None: they do, or
    the header has no ``shuffle``)."""
    shuffle = head.get("shuffle")
    if shuffle is None:
        return None
    if not isinstance(shuffle, dict):
        return "«shuffle» debe ser un objeto"
    server, seeds, hashed = shuffle.get("server"), shuffle.get("seeds"), shuffle.get("commit")
    if not isinstance(server, str) or not isinstance(seeds, list) or not all(
            isinstance(s, str) for s in seeds) or not isinstance(hashed, str):
        return "«shuffle» necesita «commit», «server» (texto) y «seeds» (lista de textos)"
    if commit(server) != hashed:
        return "la semilla del servidor no corresponde al compromiso publicado («commit»)"
    for player in head.get("players", []):
        names = [c[1] for c in player.get("castle", [])]
        if names != castle_order(names, server, seeds, player.get("id", "")):
            return (f"el orden del Mazo Castillo de {player.get('name', player.get('id'))} no "
                    "es el que dan las semillas")
    return None
