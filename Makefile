# Imperia: `make run` to play, `make test` to check everything.
PYTHON ?= python3.12
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test test-distributed suite lint format install messages chromium bench screenshots lighthouse clean

$(BIN)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@

# Fairy-Stockfish for the computer opponent in Empire Chess: built once from the pinned
# pyffish source package (about a minute on 2 cores), kept under var/engines/.
FAIRY_STOCKFISH_VERSION := 0.0.90
ENGINE := var/engines/fairy-stockfish-$(FAIRY_STOCKFISH_VERSION)

$(ENGINE): | $(BIN)/.installed
	PIP=$(BIN)/pip scripts/build-fairy-stockfish.sh $(FAIRY_STOCKFISH_VERSION) $@

var/engines/fairy-stockfish: $(ENGINE)
	ln -sf $(notdir $(ENGINE)) $@

# The translations: each language's .po compiled to the .mo Django reads (a second or two);
# the site's keys for web push made once into var/ (play/webpush/keys.py).
install: $(BIN)/.installed var/engines/fairy-stockfish
	$(BIN)/python -m imperia_site.catalogues compile
	$(BIN)/python manage.py webpush_keys >/dev/null

# The catalogues brought up to date with the code: new strings in every .po, untranslated.
messages: install
	$(BIN)/python -m imperia_site.catalogues extract

run: install
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python manage.py collectstatic --noinput -v0
	@echo ""
	@echo "Imperia runs on http://$(HOST):$(PORT)/  (Ctrl-C stops it; the computer's worker, the"
	@echo "evaluations' worker, the push sender and the sweeper run beside it)"
	@echo "First run? Make an admin account:  $(BIN)/python manage.py createsuperuser"
	@echo ""
	@$(BIN)/python manage.py sweep & sweeper=$$!; \
	$(BIN)/python manage.py bots & bots=$$!; \
	$(BIN)/python manage.py evaluations & evaluations=$$!; \
	$(BIN)/python manage.py send_pushes & pushes=$$!; \
	trap "kill $$sweeper $$bots $$evaluations $$pushes 2>/dev/null" EXIT; trap "exit 130" INT TERM; \
	$(BIN)/daphne -b $(HOST) -p $(PORT) imperia_site.asgi:application

chromium:
	@command -v chromium >/dev/null || (apt-get update -q && apt-get install -y -q chromium)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

test: install chromium lint suite

# The whole suite: unit, rules, websocket tests (on every core, each worker with its own
# test database, cache and channel layer), then the browser tests in their own process.
PYTEST_WORKERS ?= -n auto
suite:
	$(BIN)/python -m pytest $(PYTEST_WORKERS) $(PYTEST_ARGS)
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/python -m pytest -m e2e tests/e2e $(E2E_ARGS)

# The same suite on PostgreSQL + the Redis channel layer, plus two servers sharing Redis; not
# the rules' and the computer players' own tests, which touch neither (their import contract
# keeps them pure), nor the pages' accessibility survey, which reads the same templates, nor
# the API's browser tests on one server, which play through the same calls (the streams
# across two servers are tested here), nor the layout's and the touch board's, which measure
# the pages as drawn, nor the languages' survey of the same pages, nor what lives in the
# browser (the phone's games and layout, the themes' survey, sounds, the service worker and
# its pushes, play by ear, whose moves go through the same calls): `make test` has run them.
# On every core, each worker with its own test database and Redis database
# (imperia_site/settings.py).
test-distributed: install chromium
	scripts/with-services.sh $(MAKE) suite \
		PYTEST_ARGS="--ignore=tests/rules --ignore=tests/bots" \
		E2E_ARGS="--ignore=tests/e2e/test_every_page.py --ignore=tests/e2e/test_api.py \
		--ignore=tests/e2e/test_bot_bridge.py --ignore=tests/e2e/test_layout.py \
		--ignore=tests/e2e/test_touch.py --ignore=tests/e2e/test_languages.py \
		--ignore=tests/e2e/test_phone_games.py --ignore=tests/e2e/test_looks.py \
		--ignore=tests/e2e/test_sounds.py --ignore=tests/e2e/test_install.py \
		--ignore=tests/e2e/test_webpush.py --ignore=tests/e2e/test_play_by_ear.py"

# The documents' pictures (docs/images/), made from the site so that they stay true.
screenshots: install chromium
	$(BIN)/python scripts/screenshots.py

# Lighthouse on a throttled phone for the home page, a game of each kind, a lesson, a puzzle, a
# tournament and the championships (scripts/lighthouse.py; docs/performance.md has today's
# scores): fails when a score is under 95. npm's lighthouse, pinned in tools/lighthouse/, in
# Debian's Chromium; minutes, never part of `make test`.
LIGHTHOUSE := tools/lighthouse/node_modules/.bin/lighthouse

$(LIGHTHOUSE): tools/lighthouse/package.json tools/lighthouse/package-lock.json
	cd tools/lighthouse && npm ci --no-audit --no-fund --ignore-scripts
	touch $@

lighthouse: install chromium $(LIGHTHOUSE)
	$(BIN)/python scripts/lighthouse.py $(LIGHTHOUSE_ARGS)

bench: install
	$(BIN)/python bench/rules.py
	$(BIN)/python bench/empire.py

clean:
	rm -rf $(VENV) var
