"""Row ids and counters typed by users (URLs, forms, CLI flags): bounded to the database's
INTEGER columns, so a larger number is "not found", never a database error. Pure: standard
library only (the CLI reads it without loading the database layer)."""
from __future__ import annotations

MAX_ID = 2**31 - 1  # ids are INTEGER columns: a larger number names no row (PostgreSQL refuses it)


def as_id(value) -> int:
    """A row id from user input: a positive number of at most MAX_ID (ValueError otherwise)."""
    number = int(str(value).strip())
    if not 1 <= number <= MAX_ID:
        raise ValueError(f"{number} no es un id (de 1 a {MAX_ID})")
    return number


def as_count(value) -> int:
    """A stored counter (a version) from user input: 0 to MAX_ID (ValueError otherwise)."""
    number = int(str(value).strip())
    if not 0 <= number <= MAX_ID:
        raise ValueError(f"{number} no es un número de 0 a {MAX_ID}")
    return number
