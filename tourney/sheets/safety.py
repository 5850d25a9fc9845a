"""Check an uploaded file is a reasonable XLSX before openpyxl opens it.

An XLSX is a zip archive. Before any XML is parsed we check, from the zip's
central directory alone: the size of the upload, that it is a zip holding an
Excel workbook (``[Content_Types].xml`` and ``xl/workbook.xml``), the number of
entries, the total uncompressed size and each entry's compression ratio
(a zip bomb is a small file that expands enormously). Each check fails with a
Spanish message saying what was wrong.
"""
from __future__ import annotations

import io
import zipfile

MAX_FILE_BYTES = 5 * 1024 * 1024  # uploads are limited to 2 MB by the web app; the CLI allows 5 MB
MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024
MAX_RATIO = 200  # uncompressed / compressed, per entry (real workbooks stay well under 50)
MAX_ENTRIES = 2000
RATIO_MIN_SIZE = 1024 * 1024  # small entries may compress very well; only big ones are judged


class SheetFileError(ValueError):
    """The file cannot be read as a spreadsheet (not XLSX, too big, zip bomb)."""


def check_xlsx(data: bytes, *, max_bytes: int = MAX_FILE_BYTES,
               max_uncompressed: int = MAX_UNCOMPRESSED_BYTES, max_ratio: float = MAX_RATIO) -> None:
    if len(data) == 0:
        raise SheetFileError("el archivo está vacío")
    if len(data) > max_bytes:
        raise SheetFileError(
            f"el archivo pesa {len(data) / 1024 / 1024:.1f} MB; el máximo es "
            f"{max_bytes / 1024 / 1024:.0f} MB")
    if not data.startswith(b"PK\x03\x04"):
        hint = ""
        if data.startswith(b"\xd0\xcf\x11\xe0"):
            hint = " (parece un .xls antiguo: guárdelo como .xlsx)"
        elif data[:5] == b"%PDF-":
            hint = " (es un PDF)"
        elif b"," in data[:200] or b";" in data[:200]:
            hint = " (parece texto o CSV: guárdelo como .xlsx)"
        raise SheetFileError(f"el archivo no es una planilla XLSX{hint}")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise SheetFileError("el archivo XLSX está dañado: no se puede abrir como ZIP (¿se cortó la "
                             "descarga?); vuelva a guardarlo desde Excel") from None
    names = {info.filename for info in infos}
    if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
        raise SheetFileError("el archivo es un zip pero no una planilla XLSX (falta xl/workbook.xml)")
    if len(infos) > MAX_ENTRIES:
        raise SheetFileError(f"la planilla tiene demasiadas partes ({len(infos)}; máximo {MAX_ENTRIES})")
    total = 0
    for info in infos:
        total += info.file_size
        if info.file_size >= RATIO_MIN_SIZE:
            ratio = info.file_size / max(info.compress_size, 1)
            if ratio > max_ratio:
                raise SheetFileError(
                    f"la planilla se descomprime de forma sospechosa ({info.filename}: "
                    f"{ratio:.0f} veces su tamaño; posible bomba zip); no se abrió")
        if total > max_uncompressed:
            raise SheetFileError(
                f"la planilla descomprimida ocuparía más de {max_uncompressed // (1024 * 1024)} MB "
                "(posible bomba zip); no se abrió")
