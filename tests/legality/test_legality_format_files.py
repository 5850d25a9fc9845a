"""Format files: loading, `extends`, and bad files failing with the file and the key path."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from legality_decks import DRAGON_CASTLE, deck

from tourney.legality import (
    DEFAULT_FORMATS_DIR,
    FormatError,
    UnknownFormatError,
    load_format,
    load_formats,
    validate,
)


@pytest.fixture
def fdir(tmp_path) -> Path:
    """A copy of the shipped formats folder an organizer can edit."""
    target = tmp_path / "formats"
    shutil.copytree(DEFAULT_FORMATS_DIR, target)
    return target


def write(fdir: Path, fid: str, body: str) -> Path:
    path = fdir / f"{fid}.toml"
    path.write_text(f'id = "{fid}"\n' + body, encoding="utf-8")
    return path


def test_extends_merges_tables_and_the_child_wins(formats):
    infantry, unified = formats["infanteria"], formats["unificado"]
    assert infantry.parents == ("unificado", "myl-construido")
    assert infantry.legal_editions == unified.legal_editions  # inherited
    assert infantry.rarities == frozenset({"vasallo", "cortesano"})  # its own
    assert infantry.copies_rule == "10.13 Copias"  # from the abstract parent
    assert unified.rarities is None


def test_load_format_by_id_and_unknown_id():
    assert load_format("imperio").name == "Imperio"
    assert load_format(DEFAULT_FORMATS_DIR, "genesis").id == "genesis"
    with pytest.raises(UnknownFormatError) as err:
        load_format("estandar-2030")
    assert "estandar-2030" in str(err.value) and "unificado" in str(err.value)


def test_an_organizer_adds_a_format_without_code(fdir, real_catalog):
    write(fdir, "liga-dragones", '''
name = "Liga de Dragones"
extends = "unificado"
[banlist]
banned = ["Kaladanda"]
limited_2 = ["Carbón"]
[rules.min_allies_or_totems]
min = 20
''')
    fmt = load_formats(fdir)["liga-dragones"]
    verdict = validate(deck(DRAGON_CASTLE), fmt, real_catalog)
    assert sorted(verdict.codes()) == ["banned", "limited", "min_allies_or_totems"]
    limited = next(v for v in verdict.violations if v.code == "limited")
    assert limited.rule == "Formato Liga de Dragones: banlist"


def test_an_organizer_edits_a_shipped_format(fdir, real_catalog):
    path = fdir / "unificado.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n[banlist]\nbanned = ["Venatio"]\n', encoding="utf-8")
    verdict = validate(deck(DRAGON_CASTLE), load_formats(fdir)["unificado"], real_catalog)
    assert verdict.codes() == ["banned"]


@pytest.mark.parametrize("body,key,words", [
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\n[copies]\nlimit = "tres"\n', "copies.limit",
     "número entero"),
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\n[deck]\nsize = 50\nmin = 40\n', "deck.size", "no ambos"),
    ('name = "X"\ngame = "myl"\n', "deck.size", "falta el tamaño"),
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\nbanlsit = []\n', "banlsit", "clave desconocida"),
    ('name = "X"\ngame = "ajedrez"\n[deck]\nsize = 1\n', "game", "juego desconocido"),
    ('name = "X"\nextends = "no-existe"\ngame = "myl"\n', "extends", "no existe"),
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\n[rules.vuelo]\n', "rules.vuelo",
     "regla desconocida"),
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\n[rules.min_allies_or_totems]\n',
     "rules.min_allies_or_totems.min", "obligatoria"),
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\n[[errata]]\ncard = "Nanna"\nattribute = "Fuego"\n',
     "errata[0].attribute", "Luz"),
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\n[[observation]]\ncard = "Mut"\ncondition = "rara"\n',
     "observation[0].condition", "unique"),
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\n[banlist]\nbanned = ["Kirin"]\nlimited_1 = ["Kirin"]\n',
     "banlist.banned", "prohibida y limitada"),
    ('name = "X"\ngame = "myl"\nextends = "myl-construido"\n[deck]\nside_sizes = [0, -1]\n',
     "deck.side_sizes[1]", "≥ 0"),
])
def test_bad_format_file_names_file_and_key_path(fdir, body, key, words):
    write(fdir, "roto", body)
    with pytest.raises(FormatError) as err:
        load_formats(fdir)
    assert err.value.file == "roto.toml"
    assert err.value.key == key
    assert words in err.value.message


def test_bad_toml_id_mismatch_circular_extends_and_encoding(fdir):
    (fdir / "roto.toml").write_text('id = "roto"\nname = [\n', encoding="utf-8")
    with pytest.raises(FormatError) as err:
        load_formats(fdir)
    assert err.value.file == "roto.toml" and "TOML inválido" in err.value.message

    (fdir / "roto.toml").write_text('id = "otro"\n', encoding="utf-8")
    with pytest.raises(FormatError) as err:
        load_formats(fdir)
    assert err.value.key == "id" and "no coincide" in err.value.message

    write(fdir, "roto", 'name = "A"\ngame = "myl"\nextends = "roto2"\n')
    write(fdir, "roto2", 'name = "B"\ngame = "myl"\nextends = "roto"\n')
    with pytest.raises(FormatError) as err:
        load_formats(fdir)
    assert "herencia circular" in err.value.message
    (fdir / "roto2.toml").unlink()

    (fdir / "roto.toml").write_bytes(b'id = "roto"\nname = "Infanter\xeda"\n')
    with pytest.raises(FormatError) as err:
        load_formats(fdir)
    assert "UTF-8" in err.value.message


def test_bad_games_file(fdir):
    (fdir / "games.toml").write_text('[myl]\nname = "MyL"\ncatalog = "a veces"\n', encoding="utf-8")
    with pytest.raises(FormatError) as err:
        load_formats(fdir)
    assert (err.value.file, err.value.key) == ("games.toml", "myl.catalog")
