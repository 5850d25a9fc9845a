"""Catalog onboarding: what the catalog holds, which formats it can serve, and an upload
from the web that reuses the catalog importers (all or nothing).

Flushes, never commits: the request edge commits, so a rejected file leaves the catalog
as it was.
"""
from __future__ import annotations

import io
import tempfile
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from sqlmodel import Session
from werkzeug.utils import secure_filename

from ..catalog.editions import edition_for
from ..catalog.errors import CatalogImportError
from ..catalog.importers.detect import FORMATS, SUFFIXES
from ..catalog.model import slugify
from ..legality.pool_rules import is_sealed
from ..models.events import User
from .catalog import ImportReport, clear_cache, import_files, load_catalog
from .errors import ServiceError
from .access import require_organizer
from .pools import settings as sealed_settings

MAX_UPLOAD_BYTES = 2 * 1024 * 1024  # the app's MAX_CONTENT_LENGTH; the request is refused above
MAX_FILES = 12
MAX_ZIP_MEMBERS = 40  # card files inside one ZIP
MAX_UNZIPPED_BYTES = 24 * 1024 * 1024  # all of a ZIP's card files, uncompressed
ZIP_SUFFIX = ".zip"

FORMAT_LABELS = {
    "": "Detectar (por extensión y contenido)",
    "deckforge": "DeckForge (cards.json con identidades)",
    "deckforge-src": "DeckForge, una edición (data-src/*.json)",
    "api": "Respuesta de api.myl.cl (una edición)",
    "csv": "CSV",
    "xlsx": "XLSX",
}


@dataclass(frozen=True)
class EditionCount:
    slug: str
    name: str
    cards: int


@dataclass(frozen=True)
class FormatCoverage:
    """Which of a format's declared editions the catalog has cards from."""

    id: str
    name: str
    present: tuple[str, ...]      # edition names with cards
    missing: tuple[str, ...]      # declared legal editions without a single card
    every_edition: bool = False   # the format admits every edition
    pool: bool = False            # a Sellado's: the editions of its pool, not the format's

    @property
    def servable(self) -> bool:
        return bool(self.present)


@dataclass(frozen=True)
class CatalogOverview:
    cards: int
    identities: int
    editions: tuple[EditionCount, ...]
    formats: tuple[FormatCoverage, ...]

    @property
    def empty(self) -> bool:
        return self.cards == 0


def _edition_counts(catalog) -> Counter:
    """Cards per edition; an alternate-art printing also counts for the edition it reprints."""
    counts: Counter = Counter()
    for card in catalog:
        counts[card.edition] += 1
        if getattr(card, "origin", None):
            counts[slugify(card.origin)] += 1
    return counts


def _edition_name(catalog, slug: str) -> str:
    found = catalog.editions.get(slug)
    return found.name if found is not None else edition_for(slug).name


def format_coverage(catalog, fmt, counts: Counter | None = None) -> FormatCoverage:
    """The format's declared legal editions split into those with cards and those without
    (cards of a missing edition are unknown to the validator: «no es una carta del catálogo»)."""
    counts = _edition_counts(catalog) if counts is None else counts
    if fmt.legal_editions is None:
        present = tuple(_edition_name(catalog, s) for s in sorted(counts))
        return FormatCoverage(fmt.id, fmt.name, present, (), every_edition=True)
    present = tuple(_edition_name(catalog, s) for s in fmt.legal_editions if counts.get(s))
    missing = tuple(_edition_name(catalog, s) for s in fmt.legal_editions if not counts.get(s))
    return FormatCoverage(fmt.id, fmt.name, present, missing)


def event_coverage(session: Session, catalog, fmt, event) -> FormatCoverage:
    """The editions an event's cards come from, split like ``format_coverage``: a Sellado or
    Lanzamiento plays only the edition(s) of its pool (services.pools), so the rest of its
    format's editions do not matter to it; before the pool's editions are chosen, nothing."""
    if not is_sealed(fmt):
        return format_coverage(catalog, fmt)
    row = sealed_settings(session, event)
    chosen = tuple(row.editions) if row is not None else ()
    counts = _edition_counts(catalog)
    present = tuple(_edition_name(catalog, s) for s in chosen if counts.get(s))
    missing = tuple(_edition_name(catalog, s) for s in chosen if not counts.get(s))
    return FormatCoverage(fmt.id, fmt.name, present, missing, pool=True)


def catalog_overview(session: Session, formats: dict) -> CatalogOverview:
    """Cards, identities, editions and, for each format of a game that needs the catalog,
    which of its editions are there."""
    catalog = load_catalog(session)
    counts = _edition_counts(catalog)
    by_edition = Counter(card.edition for card in catalog)
    editions = tuple(sorted((EditionCount(slug, _edition_name(catalog, slug), n)
                             for slug, n in by_edition.items()),
                            key=lambda e: (-e.cards, e.name)))
    covered = tuple(format_coverage(catalog, fmt, counts)
                    for fmt in sorted(formats.values(), key=lambda f: f.name)
                    if fmt.game.catalog_required)
    return CatalogOverview(len(catalog), len({c.identity for c in catalog}), editions, covered)


def _safe_name(name: str, index: int) -> str:
    clean = secure_filename(Path(name or "").name) or f"archivo-{index}"
    return f"{index:02d}-{clean}"


@dataclass(frozen=True)
class FileReport:
    """What one uploaded file added to the catalog (``name`` as the organizer sent it; a
    ZIP's member as «archivo.zip: data-src/bushido.json»)."""

    name: str
    report: ImportReport


@dataclass(frozen=True)
class UploadReport:
    files: tuple[FileReport, ...]

    @property
    def added(self) -> int:
        return sum(f.report.added for f in self.files)

    def summary(self) -> str:
        return f"{len(self.files)} archivo{'s' if len(self.files) != 1 else ''}, " \
               f"{self.added} impresiones nuevas."


def _unzip(name: str, data: bytes) -> list[tuple[str, bytes]]:
    """The card files of a ZIP (folders, hidden files and other files are skipped), bounded:
    at most MAX_ZIP_MEMBERS card files and MAX_UNZIPPED_BYTES uncompressed, read with a limit
    (a declared size is never trusted)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise ServiceError(f"«{name}» no es un ZIP válido.", "files") from None
    out: list[tuple[str, bytes]] = []
    budget = MAX_UNZIPPED_BYTES
    with archive:
        for info in archive.infolist():
            inner = PurePosixPath(info.filename)
            if info.is_dir() or any(p.startswith(".") or p == "__MACOSX" for p in inner.parts):
                continue
            if inner.suffix.lower() not in SUFFIXES:
                continue
            if len(out) >= MAX_ZIP_MEMBERS:
                raise ServiceError(f"«{name}» trae más de {MAX_ZIP_MEMBERS} archivos de cartas: "
                                   "súbelos en varios envíos.", "files")
            try:
                with archive.open(info) as member:
                    content = member.read(budget + 1)
            except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError):
                raise ServiceError(f"«{name}: {inner}» no se puede leer (¿ZIP dañado o con "
                                   "clave?).", "files") from None
            if len(content) > budget:
                raise ServiceError(f"«{name}» descomprimido pasa de "
                                   f"{MAX_UNZIPPED_BYTES // 1048576} MB: súbelo en partes.",
                                   "files")
            budget -= len(content)
            out.append((f"{name}: {inner}", content))
    if not out:
        raise ServiceError(f"«{name}» no trae archivos de cartas (.json, .csv o .xlsx).",
                           "files")
    return out


def _first_deckforge(files: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """DeckForge's cards.json first: the edition files of data-src/ read its identities."""
    return sorted(files, key=lambda f: PurePosixPath(f[0].split(": ")[-1]).name != "cards.json")


def upload_catalog(session: Session, actor: User | None, files: list[tuple[str, bytes]],
                   fmt: str | None = None) -> UploadReport:
    """Import uploaded card files (name, content) — several at once, or ZIPs of them — as one
    batch: each file is imported in turn and says what it added; any bad file rejects all
    (the request edge rolls back). Raises ServiceError with the importer's Spanish message
    (file, record or row, field)."""
    require_organizer(actor)
    files = [(name, data) for name, data in files if name or data]
    if not files:
        raise ServiceError("Elige uno o más archivos de cartas (.json, .csv, .xlsx o .zip).",
                           "files")
    if len(files) > MAX_FILES:
        raise ServiceError(f"Sube a lo más {MAX_FILES} archivos a la vez (o un ZIP).", "files")
    if fmt and fmt not in FORMATS:
        raise ServiceError(f"Formato desconocido «{fmt}».", "fmt")
    total = sum(len(data) for _, data in files)
    if total > MAX_UPLOAD_BYTES:
        raise ServiceError(f"Los archivos pesan {total / 1048576:.1f} MB: el máximo es "
                           f"{MAX_UPLOAD_BYTES // 1048576} MB por envío (sube las ediciones "
                           "por separado o en un ZIP).", "files")
    expanded: list[tuple[str, bytes]] = []
    for name, data in files:
        suffix = Path(name).suffix.lower()
        if not data:
            raise ServiceError(f"«{name}» está vacío.", "files")
        if suffix == ZIP_SUFFIX:
            expanded.extend(_unzip(Path(name).name, data))
        elif suffix in SUFFIXES:
            expanded.append((Path(name).name, data))
        else:
            raise ServiceError(f"«{name}»: se aceptan archivos .json, .csv, .xlsx o .zip.",
                               "files")
    reports: list[FileReport] = []
    with tempfile.TemporaryDirectory(prefix="tourney-catalog-") as tmp:
        for i, (name, data) in enumerate(_first_deckforge(expanded), 1):
            path = Path(tmp) / _safe_name(name.split(": ")[-1], i)
            path.write_bytes(data)
            try:
                report = import_files(session, [path], fmt or None)
            except CatalogImportError as exc:
                message = str(exc).replace(str(path), name)
                raise ServiceError(f"Importación rechazada, el catálogo no cambió. {message}",
                                   "files") from None
            session.flush()
            clear_cache()
            report.source = name[:200]
            reports.append(FileReport(name, report))
    return UploadReport(tuple(reports))
