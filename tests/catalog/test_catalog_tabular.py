"""CSV / XLSX card lists: documented columns, every wrong cell named by row and column."""
from __future__ import annotations

import pytest
from openpyxl import Workbook

from tourney.catalog.errors import CatalogImportError
from tourney.catalog.importers.tabular import COLUMNS, read_table

HEADER = "codigo,nombre,edicion,tipo,coste,fuerza,raza,atributo,frecuencia,habilidad,identidad\n"


def write(tmp_path, text, name="cartas.csv", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def test_csv_with_every_documented_column(tmp_path):
    path = write(tmp_path, HEADER
                 + 'pr-001,Dragón de Ensayo,Prueba,Aliado,3,4,Dragón,,Real,"Única.\nFuria.",\n'
                 + "PR-002,Oro de Ensayo,prueba,Oro,,,,,Oro,,oro-ensayo\n")
    first, gold = read_table(path)
    assert first.code == "PR-001" and first.edition == "prueba" and first.cost == 3
    assert first.school == "Clan Desafiante" and first.keywords == {"Única", "Furia"}
    assert first.identity == ""  # assigned later from characteristics
    assert gold.identity == "oro-ensayo" and gold.plain_gold


def test_semicolon_csv_and_header_aliases(tmp_path):
    path = write(tmp_path, "Código;Nombre;Edición;Tipo;Costo;Rareza;Palabras clave\n"
                           "PR-003;Talismán de Ensayo;prueba;Talisman;2;Vasallo;Única\n")
    (card,) = read_table(path)
    assert card.type == "Talismán" and card.cost == 2 and card.unique
    assert card.rarity == "Vasallo"


def test_xlsx_with_numbers_as_numbers(tmp_path):
    wb = Workbook()
    ws = wb.active
    ws.append(["codigo", "nombre", "edicion", "tipo", "coste", "fuerza", "raza", "habilidad"])
    ws.append(["PR-010", "Centinela de Ensayo", "prueba", "Aliado", 2, 3.0, "Caballero",
               "Errante."])
    ws.append([None, None, None, None])  # blank rows are skipped
    path = tmp_path / "cartas.xlsx"
    wb.save(path)
    (card,) = read_table(path)
    assert (card.cost, card.strength, card.school) == (2, 3, "Gremio de Paladines")
    assert card.wanderer


def test_every_wrong_cell_is_named_and_the_file_rejected(tmp_path):
    path = write(tmp_path, HEADER
                 + "PR-001,Bueno,prueba,Aliado,1,1,,,,,\n"
                 + "PR-002,Malo,prueba,Aliado,uno,1,,,,,\n"
                 + "PR-003,Peor,prueba,Criatura,1,1,,Fuego,,,\n"
                 + ",Sin código,prueba,Oro,,,,,,,\n"
                 + "PR-001,Repetido,prueba,Oro,,,,,,,\n")
    with pytest.raises(CatalogImportError) as exc:
        read_table(path)
    where = [(e.record, e.field) for e in exc.value.errors]
    assert where == [("fila 3", "coste"), ("fila 4", "tipo"), ("fila 4", "atributo"),
                     ("fila 5", "codigo"), ("fila 6", "codigo")]
    message = str(exc.value)
    assert "fila 3, columna «coste»" in message and "cartas.csv" in message
    assert "ya estaba en la fila 2" in message


def test_missing_required_column(tmp_path):
    with pytest.raises(CatalogImportError, match="faltan columnas obligatorias: tipo"):
        read_table(write(tmp_path, "codigo,nombre,edicion\nPR-1,A,p\n"))


def test_unknown_column_is_reported_with_the_valid_ones(tmp_path):
    with pytest.raises(CatalogImportError) as exc:
        read_table(write(tmp_path, "codigo,nombre,edicion,tipo,cosre\nPR-1,A,p,Oro,1\n"))
    assert "«cosre»" in str(exc.value) and ", ".join(COLUMNS) in str(exc.value)


def test_non_utf8_csv_names_the_line(tmp_path):
    path = write(tmp_path, HEADER + "PR-1,Dragón,p,Aliado,1,1,,,,,\n", encoding="latin-1")
    with pytest.raises(CatalogImportError, match="línea 2"):
        read_table(path)


def test_empty_file_and_header_only(tmp_path):
    with pytest.raises(CatalogImportError, match="vacío"):
        read_table(write(tmp_path, ""))
    with pytest.raises(CatalogImportError, match="no tiene cartas"):
        read_table(write(tmp_path, HEADER))


def test_not_an_xlsx(tmp_path):
    path = tmp_path / "roto.xlsx"
    path.write_bytes(b"esto no es un zip")
    with pytest.raises(CatalogImportError, match="XLSX"):
        read_table(path)
