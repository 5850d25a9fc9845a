"""Compiler tests: real cards from ../shared/data (never copied into the repository)."""
from __future__ import annotations

import pytest


from .games import make_judge
from .realcards import load_real


@pytest.fixture(scope="session")
def real(shared_data):
    """``real(name) -> Card``: the catalog's preferred printing of a real card."""
    catalog = load_real(shared_data)

    def get(name: str):
        found = catalog.resolve(name)
        assert found.ok, f"{name!r} no está (o es ambiguo) en el catálogo real"
        return found.card

    get.catalog = catalog
    return get


@pytest.fixture(scope="module")
def judge(real):
    return make_judge(real.catalog)


@pytest.fixture(scope="module")
def cost(real):
    return lambda name: real(name).cost or 0
