"""Reading the TOML files of formats/: size and encoding limits, and typed access to a table
that names the file and key path in every error (``FormatError``)."""
from __future__ import annotations

import builtins
import tomllib
from pathlib import Path
from typing import Any

from .errors import FormatError

MAX_FORMAT_BYTES = 1024 * 1024


def _read_toml(path: Path) -> dict[str, Any]:
    name = path.name
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FormatError(name, "", f"no se pudo leer el archivo ({exc.strerror})") from None
    if len(raw) > MAX_FORMAT_BYTES:
        raise FormatError(name, "", "el archivo es demasiado grande (máximo 1 MB)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(name, "", f"no está en UTF-8 (byte {exc.start})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FormatError(name, "", f"TOML inválido: {exc}") from None


class _Reader:
    """Typed access to a TOML table that remembers the file and key path."""

    def __init__(self, file: str, data: dict[str, Any], path: str = ""):
        self.file = file
        self.data = data
        self.path = path
        self.used: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def fail(self, name: str, message: str) -> FormatError:
        return FormatError(self.file, self.key(name), message)

    def has(self, name: str) -> bool:
        return name in self.data

    def get(self, name: str, kind: type | tuple[type, ...], default: Any = None, required: bool = False) -> Any:
        self.used.add(name)
        if name not in self.data:
            if required:
                raise self.fail(name, "falta esta clave obligatoria")
            return default
        value = self.data[name]
        if kind is int and isinstance(value, bool):
            raise self.fail(name, "debe ser un número entero")
        if not isinstance(value, kind):
            raise self.fail(name, f"debe ser {_kind_name(kind)}, no {_value_kind(value)}")
        return value

    def int(self, name: str, default: int | None = None, required: bool = False, minimum: int = 0) -> int | None:
        value = self.get(name, int, default, required)
        if value is not None and value < minimum:
            raise self.fail(name, f"debe ser un número entero ≥ {minimum}")
        return value

    def str(self, name: str, default: str | None = None, required: bool = False) -> str | None:
        value = self.get(name, str, default, required)
        if value is not None and not value.strip() and required:
            raise self.fail(name, "no puede estar vacío")
        return value

    def text(self, name: builtins.str) -> builtins.str:
        """A required, non-empty text."""
        value = self.str(name, required=True)
        assert value is not None  # required: str() raised otherwise
        return value

    def bool(self, name: builtins.str, default: bool = False) -> bool:
        return bool(self.get(name, bool, default))

    def str_list(self, name: builtins.str, default: list[builtins.str] | None = None) -> list[builtins.str]:
        value = self.get(name, list, default if default is not None else [])
        for i, item in enumerate(value):
            if not isinstance(item, str) or not item.strip():
                raise FormatError(self.file, f"{self.key(name)}[{i}]", "debe ser un texto no vacío")
        return list(value)

    def int_list(self, name: builtins.str) -> list[builtins.int] | None:
        value = self.get(name, list, None)
        if value is None:
            return None
        for i, item in enumerate(value):
            if isinstance(item, bool) or not isinstance(item, int) or item < 0:
                raise FormatError(self.file, f"{self.key(name)}[{i}]", "debe ser un número entero ≥ 0")
        return list(value)

    def table(self, name: builtins.str) -> _Reader:
        value = self.get(name, dict, {})
        return _Reader(self.file, value, self.key(name))

    def tables(self, name: builtins.str) -> list[_Reader]:
        value = self.get(name, list, [])
        out = []
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                raise FormatError(self.file, f"{self.key(name)}[{i}]", "debe ser una tabla ([[...]])")
            out.append(_Reader(self.file, item, f"{self.key(name)}[{i}]"))
        return out

    def done(self) -> None:
        """Unknown keys are typos: reject them."""
        for name in self.data:
            if name not in self.used:
                raise self.fail(name, "clave desconocida")


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {int: "un número entero", str: "un texto", bool: "true o false", list: "una lista",
             dict: "una tabla"}
    if isinstance(kind, tuple):
        return " o ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def _value_kind(value: Any) -> str:
    return {bool: "true/false", int: "un número", float: "un decimal", str: "un texto", list: "una lista",
            dict: "una tabla"}.get(type(value), type(value).__name__)
