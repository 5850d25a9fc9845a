"""Errors of the legality package: every one says where (file/key, line) and why, in Spanish."""
from __future__ import annotations


class LegalityError(ValueError):
    """Base class: invalid input for the legality package (shown to users)."""


class FormatError(LegalityError):
    """A format file (or the games file) is wrong: names the file and the key path."""

    def __init__(self, file: str, key: str, message: str):
        self.file = file
        self.key = key
        self.message = message
        where = f"{file}" + (f", clave «{key}»" if key else "")
        super().__init__(f"{where}: {message}")


class UnknownFormatError(LegalityError):
    """A format id that no file declares."""

    def __init__(self, format_id: str, known: list[str]):
        self.format_id = format_id
        self.known = known
        listed = ", ".join(known) if known else "(ninguno)"
        super().__init__(f"formato desconocido «{format_id}»; formatos disponibles: {listed}")


class DecklistError(LegalityError):
    """A decklist that cannot be read. ``line`` is 1-based (0 = the whole file).

    ``errors`` holds every unreadable line as ``(line, message)``: the parser
    reports them all at once; ``line``/``message`` are the first one.
    """

    def __init__(self, line: int, message: str, errors: list[tuple[int, str]] | None = None,
                 unit: str = "línea"):
        self.line = line
        self.unit = unit
        self.message = message
        self.errors = errors or [(line, message)]
        super().__init__(self._render())

    def _render(self) -> str:
        parts = []
        for line, message in self.errors:
            parts.append(f"{self.unit} {line}: {message}" if line else message)
        return "; ".join(parts)
