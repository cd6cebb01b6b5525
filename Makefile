# Pointe — the two commands: `make run` (build and serve) and `make test` (install test needs, run every suite).
SHELL := /bin/bash
.DEFAULT_GOAL := run

# Cargo's build folder lives outside the clone so CI runs and fresh clones on one machine share it.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/pointe/target
SERVER := $(CARGO_TARGET_DIR)/release/pointe-server
PG_ADMIN_URL ?= postgres://postgres@127.0.0.1:5432/postgres

.PHONY: run build web server dev test test-server test-web e2e e2e-deps bench clean

run: build ## Build everything and serve http://127.0.0.1:8080 (PORT, DATABASE_URL and .env override)
	$(SERVER) serve

build: web server

web/node_modules/.package-lock.json: web/package-lock.json web/package.json
	cd web && npm ci --no-audit --no-fund

web: web/node_modules/.package-lock.json
	cd web && npm run build

server:
	cargo build --release --locked -p pointe-server

dev: web/node_modules/.package-lock.json ## API on :8080 and Vite's dev server (proxying /api) on :5173
	cargo build -p pointe-server
	trap 'kill 0' EXIT; $(CARGO_TARGET_DIR)/debug/pointe-server serve & (cd web && npm run dev)

test: test-server test-web e2e ## Every suite: Rust (SQLite + PostgreSQL), Vitest, Playwright

# The server suite runs on SQLite always and on PostgreSQL too when one answers on 127.0.0.1:5432.
test-server:
	@if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then \
		echo "PostgreSQL answers: the server suite runs on SQLite and PostgreSQL"; \
		TEST_DATABASE_URL=$(PG_ADMIN_URL) cargo test --release --locked -p pointe-server; \
	else \
		echo "No PostgreSQL on 127.0.0.1:5432: the server suite runs on SQLite only"; \
		cargo test --release --locked -p pointe-server; \
	fi

test-web: web/node_modules/.package-lock.json
	cd web && npm test

e2e-deps:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; }

e2e: e2e-deps build ## Playwright in Chromium against the release server on a free port with a fresh database (E2E_ARGS=... passes options, e.g. a spec name)
	@dir=$$(mktemp -d) && trap 'rm -rf "$$dir"' EXIT && \
	port=$$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') && \
	cd web && E2E_PORT=$$port E2E_SERVER=$(SERVER) E2E_DATABASE_URL="sqlite://$$dir/e2e.db" npx playwright test $(E2E_ARGS)

bench: build ## Load-test the release server beside nginx serving the same bytes
	./bench/run.sh $(SERVER)

clean:
	rm -rf web/dist web/node_modules
