# wordengine: build, test and data targets. `make help` lists them.

GO       ?= go
BIN      ?= bin/wordengine
FUZZTIME ?= 30s
# The lexicon cache (never committed). Empty: the command's own cache, where
# `wordengine --lexicon NAME` looks ($WORDENGINE_LEXICONS, else
# ~/.cache/wordengine/lexicons on Linux).
LEXDIR   ?=
# Which lexicons `make lexicons` builds (empty: all of embed sowpods upwords-en es it pt de fr).
LEXICONS ?=

.PHONY: all build run test proof lint bench instructions fuzz lexicons clean help chromium screenshots

all: build

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

build: ## build bin/wordengine
	$(GO) build -o $(BIN) ./cmd/wordengine

run: ## run the main job (the demo)
	$(GO) run ./cmd/wordengine

test: lint chromium ## vet, gofmt check, then every test with the race detector (what CI runs)
	$(GO) test -race ./...

# The web page's browser tests (server/web) drive Debian's chromium; they
# skip, saying so, where it is missing.
chromium: ## install Debian's chromium for the browser tests when it is missing and root or sudo can (else they skip)
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then exit 0; fi; \
	if ! command -v apt-get >/dev/null 2>&1; then echo "chromium: no apt-get here; the browser tests will skip"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then sudo=; \
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo=sudo; \
	else echo "chromium: not installed, and neither root nor sudo to install it; the browser tests will skip"; exit 0; fi; \
	echo "chromium: installing Debian's chromium for the browser tests (apt-get)"; \
	{ $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq chromium; } >/dev/null 2>&1 \
		|| echo "chromium: apt-get could not install it; the browser tests will skip"

screenshots: chromium ## play every game in the browser and keep its pictures in docs/screenshots (GAME.png with hints, GAME-360.png on a phone)
	rm -rf bin/screenshots
	$(GO) test -count=1 -run TestBrowserGames ./server/web -args -screenshots $(CURDIR)/bin/screenshots
	mkdir -p docs/screenshots
	cd bin/screenshots && for f in *.png; do case $$f in failed-*) ;; *) cp $$f $(CURDIR)/docs/screenshots/;; esac; done

proof: ## the long correctness runs: move generation against brute force, bounded generation against the full one, on 2,000 positions
	$(GO) test -count=1 -run 'MoveGenEqualsBruteForce' -v ./game/crossword -args -positions=2000
	$(GO) test -count=1 -run 'Bounded|Near|CrossSets' -v ./game/crossword -args -positions=2000
	$(GO) test -count=1 -run 'StaticBoundedEqualsFull|ChooseAfterEqualsChoose' -v ./search -args -positions=2000
	$(GO) test -count=1 -run 'SharedReply|SimulateShared' -v ./search/sim -args -share-positions=300
	$(GO) test -count=1 -run 'BruteForce' -v ./game/upwords -args -positions=2000

lint: ## gofmt must list nothing (testdata aside); go vet; staticcheck when installed
	@out=$$(git ls-files --cached --others --exclude-standard -- '*.go' ':(exclude)*testdata/*' | xargs -r gofmt -l); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	@if command -v staticcheck >/dev/null 2>&1; then echo staticcheck ./...; staticcheck ./...; fi

bench: ## every benchmark, with allocations
	$(GO) test -run '^$$' -bench . -benchmem ./...

instructions: ## instructions per simulation iteration and per static self-play game (callgrind; needs valgrind)
	GO=$(GO) sh scripts/instructions.sh

fuzz: ## each fuzz target for FUZZTIME (default 30s)
	GO=$(GO) FUZZTIME=$(FUZZTIME) scripts/fuzz.sh

lexicons: ## regenerate lexicon/embed/en-letterpress.lex.zst and build the cached lexicons into LEXDIR
	GO=$(GO) LEXDIR=$(LEXDIR) scripts/lexicons.sh $(LEXICONS)

clean: ## remove build outputs and the test cache (not the lexicon cache)
	rm -rf bin
	$(GO) clean -testcache
