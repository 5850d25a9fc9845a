# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test install db clean

$(BIN)/tourney: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(BIN)/tourney

install: $(BIN)/tourney

db: install
	$(BIN)/tourney db upgrade

run: db
	-$(BIN)/tourney demo --if-empty
	$(BIN)/tourney run --host $(HOST) --port $(PORT)

test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) instance/*.sqlite3
