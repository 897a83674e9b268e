# The two commands of the README: `make run` (the site on SQLite with a demo club)
# and `make test` (lint and the whole test suite). Both set up what they need.
PYTHON ?= python3
# `make run PORT=8001` when 8000 is taken.
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: the site's own packages (all `make run` needs, so that a fresh clone serves
# its first page sooner), and the test tools on top of them (pytest, Playwright, mypy, ruff…).
SITE_STAMP := $(VENV)/.installed-site
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test install lint clean

$(SITE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	@# Without compiling every installed module ahead (matplotlib's thousands of files):
	@# Python compiles the ones the site imports as it imports them. 30 s instead of 80 here.
	$(BIN)/pip install --quiet --no-compile -e .
	touch $(SITE_STAMP)

$(TEST_STAMP): $(SITE_STAMP)
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(TEST_STAMP)

# axe-core (the accessibility checks of the browser tests), pinned in package-lock.json.
node_modules/.installed: package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	touch node_modules/.installed

install: $(TEST_STAMP)

run: $(SITE_STAMP)
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/python manage.py catalogs compile
	DEBUG=1 $(BIN)/python manage.py seed_demo
	@# The job workers (imports and the rest; webhook deliveries) run in the background
	@# beside the site and stop when the site does.
	DEBUG=1 $(BIN)/python manage.py worker --no-reload & worker=$$!; \
	DEBUG=1 $(BIN)/python manage.py worker --no-reload --queue-name webhooks & hooks=$$!; \
	trap 'kill $$worker $$hooks 2>/dev/null' EXIT INT TERM; \
	DEBUG=1 $(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Python keeps its compiled modules (and pytest its rewritten tests) even where the
# environment says not to: every worker and every server a test starts would compile the
# whole project again, seconds each.
test: export PYTHONDONTWRITEBYTECODE =
test: lint node_modules/.installed
	@# One worker per core (pytest-xdist); a module's or class's tests stay on one worker,
	@# so data built once per module or class is built once; the slowest modules go first.
	$(BIN)/pytest -n auto --dist loadscope --no-loadscope-reorder

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles node_modules
