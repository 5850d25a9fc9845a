"""Helpers of the first-run tests: a small catalog made by the test (no ../shared)."""
from __future__ import annotations

import io
import zipfile

HEADER = "codigo,nombre,edicion,tipo,coste,fuerza,raza,habilidad\n"


def cards_csv(prefix: str, count: int, edition: str = "casera") -> bytes:
    rows = [f"{prefix}-{i:03d},Guerrero {prefix} {i},{edition},Aliado,{1 + i % 4},{1 + i % 3},"
            f"Caballero,\n" for i in range(1, count + 1)]
    rows.append(f"{prefix}-ORO,Oro {prefix},{edition},Oro,,,,\n")
    return (HEADER + "".join(rows)).encode()


def cards_zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        archive.writestr("__MACOSX/._ignorado.csv", b"x")
        archive.writestr("LEEME.txt", b"no es un archivo de cartas")
    return out.getvalue()
