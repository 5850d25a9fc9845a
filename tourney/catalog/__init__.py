"""tourney.catalog"""
from .catalog import Catalog, Resolution  # noqa: F401
from .model import Card, Edition  # noqa: F401
