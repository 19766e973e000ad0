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

.PHONY: all build run test proof lint bench instructions fuzz lexicons clean help

all: build

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-10s %s\n", $$1, $$2}'

build: ## build bin/wordengine
	$(GO) build -o $(BIN) ./cmd/wordengine

run: ## run the main job (the demo)
	$(GO) run ./cmd/wordengine

test: lint ## vet, gofmt check, then every test with the race detector (what CI runs)
	$(GO) test -race ./...

proof: ## the long correctness runs: move generation against brute force, bounded generation against the full one, on 2,000 positions; the endgame solver against brute force on 2,100 endgames, board06
	$(GO) test -count=1 -run 'MoveGenEqualsBruteForce' -v ./game/crossword -args -positions=2000
	$(GO) test -count=1 -run 'Bounded|Near|CrossSets' -v ./game/crossword -args -positions=2000
	$(GO) test -count=1 -run 'StaticBoundedEqualsFull|ChooseAfterEqualsChoose' -v ./search -args -positions=2000
	$(GO) test -count=1 -run 'SharedReply|SimulateShared' -v ./search/sim -args -share-positions=300
	$(GO) test -count=1 -run 'BruteForce' -v ./game/upwords -args -positions=2000
	$(GO) test -count=1 -run 'EndgameMovesEqualMoves' -v ./game/crossword -args -positions=2000
	$(GO) test -count=1 -run 'SolverEqualsBruteForce|PreEndgameIsTheMeanOfItsWorlds|Board06' -v -timeout 60m ./search/endgame -args -positions=2100

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
