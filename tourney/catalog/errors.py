"""Errors raised while reading card files.

``CatalogImportError`` is *invalid input*: the file (or one record/row of it) is
malformed. Its message is Spanish and names the place (file, record or row, field)
so the organizer can fix the file; the whole file is rejected.
"""
from __future__ import annotations


class CatalogImportError(ValueError):
    def __init__(self, message: str, record: int | str | None = None, field: str | None = None,
                 source: str | None = None):
        self.reason = message
        self.record = record
        self.field = field
        self.source = source
        self.errors: list[CatalogImportError] = [self]
        # a combined error (many) also keeps where its first error was
        self.first_record: int | str | None = record
        self.first_field: str | None = field
        super().__init__(self.describe())

    def describe(self) -> str:
        where = []
        if self.source:
            where.append(f"archivo {self.source}")
        if self.record is not None:
            where.append(self.record if isinstance(self.record, str) else f"registro {self.record}")
        if self.field:
            noun = "columna" if isinstance(self.record, str) and self.record.startswith("fila") \
                else "campo"
            where.append(f"{noun} «{self.field}»")
        return (", ".join(where) + ": " if where else "") + self.reason

    @classmethod
    def many(cls, errors: list[CatalogImportError], limit: int = 20) -> CatalogImportError:
        """One error for several (a file with many wrong rows): lists up to ``limit``."""
        if len(errors) == 1:
            return errors[0]
        shown = "; ".join(e.describe() for e in errors[:limit])
        more = f" (y {len(errors) - limit} más)" if len(errors) > limit else ""
        combined = cls(f"{len(errors)} errores: {shown}{more}")
        combined.errors = list(errors)
        combined.first_record, combined.first_field = errors[0].record, errors[0].field
        return combined

    def with_source(self, source: str) -> CatalogImportError:
        if self.source is None:
            self.source = source
            self.args = (self.describe(),)
        return self

    def __str__(self) -> str:
        return self.describe()
