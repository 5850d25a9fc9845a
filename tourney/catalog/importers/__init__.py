"""Importers: read card files into ``Card`` and ``Edition`` values (pure, no database).

* ``deckforge``: DeckForge JSON, the built catalog (``public-data/cards.json``, every
  record with ``identidad``) and the per-edition sources (``data-src/*.json``).
* ``api_myl``: an edition response of api.myl.cl.
* ``tabular``: CSV / XLSX with documented Spanish columns.

Every importer raises ``CatalogImportError`` naming the record/row and field on
malformed input; none returns a partial result.
"""
