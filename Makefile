# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
# Card data (DeckForge): imported by `make run` whenever it is found; re-importing changes nothing.
CARDS ?= ../shared/data/deckforge/public-data/cards.json
CARDS_SRC ?= ../shared/data/deckforge/data-src

.PHONY: run test install db catalog clean

$(BIN)/tourney: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(BIN)/tourney

install: $(BIN)/tourney

db: install
	$(BIN)/tourney db upgrade

catalog: db
	@if [ -f "$(CARDS)" ]; then \
		$(BIN)/tourney catalog import "$(CARDS)" $$( [ -d "$(CARDS_SRC)" ] && echo "$(CARDS_SRC)" ) \
		|| echo "La importación del catálogo falló: la app usa el catálogo que ya tenía."; \
	else \
		echo "No se encontró el catálogo de cartas en $(CARDS): súbelo desde la web (Catálogo)"; \
		echo "o impórtalo con: $(BIN)/tourney catalog import ARCHIVO (ver README, «Catálogo»)."; \
	fi

run: catalog
	-$(BIN)/tourney demo --if-empty
	-$(BIN)/tourney users first-run --host $(HOST) --port $(PORT)
	$(BIN)/tourney run --host $(HOST) --port $(PORT)

test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) instance/*.sqlite3
