# wordengine: build, test and data targets. `make help` lists them.

GO       ?= go
BIN      ?= bin/wordengine
FUZZTIME ?= 30s
# The lexicon cache (never committed). Empty: the command's own cache, where
# `wordengine --lexicon NAME` looks ($WORDENGINE_LEXICONS, else
# ~/.cache/wordengine/lexicons on Linux).
LEXDIR   ?=
# The folder of the single-node Slurm cluster of `make slurm-up` (config, munge key, state, logs).
SLURM_DIR ?= /tmp/wordengine-slurm
# Which lexicons `make lexicons` builds (empty: all of embed sowpods common upwords-en es it pt de fr;
# embed, sowpods and common are the committed files of lexicon/embed/).
LEXICONS ?=
# How long one package's tests may run in `make test`: past it, go test
# stops the package with "panic: test timed out after ..." and names the
# tests still running. The budget is 3 minutes a package at a load of 8 on
# the 2-core machine; the limit leaves room for a machine shared with
# heavier work (at a load of 17 the slowest package took about 4 minutes).
TESTTIMEOUT ?= 8m
# How long one package's run of `make proof` may take.
PROOFTIMEOUT ?= 90m

.PHONY: all build run test proof lint fmt bench instructions fuzz lexicons clean help slurm-test slurm-up slurm-down chromium screenshots

all: build

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

build: ## build bin/wordengine
	$(GO) build -o $(BIN) ./cmd/wordengine

run: ## run the main job (the demo)
	$(GO) run ./cmd/wordengine

# go test -vet=all runs every go vet check on each package with tests,
# sharing the race build's compilation (a separate go vet compiles the
# tree a second time); the packages without tests get go vet alone.
test: fmt chromium ## gofmt check, staticcheck when installed, then every test with the race detector and every go vet check (what CI runs), each package within TESTTIMEOUT
	@notests=$$($(GO) list -f '{{if not (or .TestGoFiles .XTestGoFiles)}}{{.ImportPath}}{{end}}' ./...); \
	if [ -n "$$notests" ]; then echo "go vet $$notests"; $(GO) vet $$notests; fi
	$(GO) test -race -vet=all -timeout $(TESTTIMEOUT) ./...

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

proof: ## the long correctness runs: move generation against brute force, bounded generation against the full one with every cache layer on and off, on 2,000 positions; the endgame solver against brute force on 2,100 endgames, board06; then the seeded tests at their full default counts, without the race detector
	$(GO) test -count=1 -timeout $(PROOFTIMEOUT) -run 'MoveGenEqualsBruteForce' -v ./game/crossword -args -positions=2000
	$(GO) test -count=1 -timeout $(PROOFTIMEOUT) -run 'Bounded|Near|CrossSets|CacheLayers' -v ./game/crossword -args -positions=2000
	$(GO) test -count=1 -timeout $(PROOFTIMEOUT) -run 'StaticBoundedEqualsFull|ChooseAfterEqualsChoose|RankOfEqualsFull' -v ./search -args -positions=2000
	$(GO) test -count=1 -timeout $(PROOFTIMEOUT) -run 'SharedReply|SimulateShared' -v ./search/sim -args -share-positions=300
	$(GO) test -count=1 -timeout $(PROOFTIMEOUT) -run 'BruteForce' -v ./game/upwords -args -positions=2000
	$(GO) test -count=1 -timeout $(PROOFTIMEOUT) -run 'EndgameMovesEqualMoves' -v ./game/crossword -args -positions=2000
	$(GO) test -count=1 -timeout $(PROOFTIMEOUT) -run 'SolverEqualsBruteForce|PreEndgameIsTheMeanOfItsWorlds|Board06' -v ./search/endgame -args -positions=2100
	$(GO) test -count=1 -timeout $(PROOFTIMEOUT) ./game/... ./search/... ./lexicon/...

# The cross builds catch code that compiles on Linux only (a Unix-only
# call or constant outside a file with a build tag); they do not compile
# the tests.
lint: fmt ## gofmt must list nothing (testdata aside); staticcheck when installed; go vet; the tree builds for Windows and macOS
	$(GO) vet ./...
	GOOS=windows $(GO) build ./...
	GOOS=darwin $(GO) build ./...

fmt: ## gofmt must list nothing (testdata aside); staticcheck when installed
	@out=$$(git ls-files --cached --others --exclude-standard -- '*.go' ':(exclude)*testdata/*' | xargs -r gofmt -l); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	@if command -v staticcheck >/dev/null 2>&1; then echo staticcheck ./...; staticcheck ./...; fi

bench: ## every benchmark, with allocations
	$(GO) test -run '^$$' -bench . -benchmem ./...

instructions: ## instructions per simulation iteration and per static self-play game (callgrind; needs valgrind)
	GO=$(GO) sh scripts/instructions.sh

fuzz: ## each fuzz target for FUZZTIME (default 30s)
	GO=$(GO) FUZZTIME=$(FUZZTIME) scripts/fuzz.sh

lexicons: ## regenerate lexicon/embed/{en-letterpress,en-letterpress-long,sowpods}.lex.zst and en-common.txt.zst and build the cached lexicons into LEXDIR
	GO=$(GO) LEXDIR=$(LEXDIR) scripts/lexicons.sh $(LEXICONS)

slurm-test: ## sharded selfplay and leaves train through a single-node Slurm cluster it starts and stops (installs slurm-wlm and munge when missing)
	GO=$(GO) scripts/slurm-test.sh

slurm-up: ## start a single-node Slurm cluster in SLURM_DIR (installs slurm-wlm and munge when missing); then export SLURM_CONF=$(SLURM_DIR)/slurm.conf
	deploy/slurm/local-cluster.sh start $(SLURM_DIR)

slurm-down: ## stop the cluster of slurm-up
	deploy/slurm/local-cluster.sh stop $(SLURM_DIR)

clean: ## remove build outputs and the test cache (not the lexicon cache)
	rm -rf bin
	$(GO) clean -testcache
