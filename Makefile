# ragman: `make check` runs every test; `make bench` measures the
# performance bars against their references; `make eval` scores answers.
GO      ?= go
PREFIX  ?= /usr/local
BIN     := bin
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X github.com/ragman-dev/ragman/cmd/internal/version.Version=$(VERSION)

.PHONY: all build check test vet fmt deadcode generate-check bench eval explaineval explaineval-tasks fidelity fuzz fuzz-ci soak freshbench tldreval clean wordvec reindexab answerab versionsbench answerdiff

all: build

# ragman is built as a client only (-tags thinclient): it leaves out the
# backend and starts faster on every question; it runs the backend from
# the ragadmin beside it. (go run ./cmd/ragman builds the whole program.)
build: export CGO_ENABLED = 0
build:
	$(GO) build -tags thinclient -ldflags '$(LDFLAGS)' -o $(BIN)/ragman ./cmd/ragman
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN)/ragadmin ./cmd/ragadmin

check: vet fmt deadcode generate-check test

vet:
	$(GO) vet ./...
	$(GO) vet -tags thinclient ./cmd/...

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# deadcode reports the functions that neither a main nor a test reaches.
# It exits 0 whatever it finds, so its output is what fails. Default tags
# only: under thinclient most of the backend is unreachable on purpose.
# .ci/run installs the version named here; a developer's differing one
# fails rather than letting the two disagree on what is dead.
DEADCODE_VERSION := v0.51.0
DEADCODE ?= $(shell command -v deadcode || { d=$$($(GO) env GOBIN); echo $${d:-$$($(GO) env GOPATH)/bin}/deadcode; })

deadcode:
	@$(GO) version -m $(DEADCODE) 2>/dev/null | grep -q 'golang.org/x/tools[[:space:]]*$(DEADCODE_VERSION)[[:space:]]' || { echo "$(DEADCODE) is not deadcode $(DEADCODE_VERSION): go install golang.org/x/tools/cmd/deadcode@$(DEADCODE_VERSION)"; exit 1; }
	@out=$$($(DEADCODE) -test ./...) || exit 1; if [ -n "$$out" ]; then echo "unreachable code (remove it, or use it):"; echo "$$out"; exit 1; fi

test:
	$(GO) test ./...
	$(GO) test -tags thinclient -run TestThin ./backend/config/

# The generated shell files (completions/, shellint/ragman.*) are
# committed: regenerate them and fail when that changes or adds anything.
generate-check:
	$(GO) generate ./cmd/internal/genshell
	@git diff --exit-code -- completions 'shellint/ragman.*' || { echo "stale generated files: run go generate ./cmd/internal/genshell and commit them"; exit 1; }
	@new=$$(git ls-files --others --exclude-standard -- completions 'shellint/ragman.*'); if [ -n "$$new" ]; then echo "generated files not committed:"; echo "$$new"; exit 1; fi
	@# the task model, where the task data is (CI has ../shared beside it)
	@if [ -d "$(TASKS)" ]; then \
		$(MAKE) --no-print-directory taskmodel >/dev/null && \
		git diff --exit-code --stat -- backend/answer/tasks/model.bin backend/answer/tasks/options.bin || { echo "stale task model: run make taskmodel and commit backend/answer/tasks/model.bin and options.bin"; exit 1; }; \
	else echo "generate-check: $(TASKS) not found: the task model is not checked"; fi

# make install [PREFIX=/usr/local] [DESTDIR=staging]: the binaries, the
# man pages, the completions where bash-completion, zsh and fish look for
# them, and the shell integration (fish loads its copy by itself; bash
# and zsh source theirs, see the README). make uninstall removes exactly
# those files.
BINDIR      ?= $(PREFIX)/bin
DATADIR     ?= $(PREFIX)/share
MANDIR      ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR  ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
FISHCONFDIR ?= $(DATADIR)/fish/vendor_conf.d
SHELLINTDIR ?= $(DATADIR)/ragman/shellint
INSTALL     ?= install

# Every file make install writes, for make uninstall.
INSTALLED = $(BINDIR)/ragman $(BINDIR)/ragadmin \
	$(MANDIR)/man1/ragman.1 $(MANDIR)/man8/ragadmin.8 \
	$(BASHCOMPDIR)/ragman $(BASHCOMPDIR)/ragadmin \
	$(ZSHCOMPDIR)/_ragman $(ZSHCOMPDIR)/_ragadmin \
	$(FISHCOMPDIR)/ragman.fish $(FISHCOMPDIR)/ragadmin.fish \
	$(SHELLINTDIR)/ragman.bash $(SHELLINTDIR)/ragman.zsh \
	$(FISHCONFDIR)/ragman.fish

.PHONY: install uninstall
install: build
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR) \
		$(DESTDIR)$(FISHCONFDIR) $(DESTDIR)$(SHELLINTDIR)
	$(INSTALL) -m 755 $(BIN)/ragman $(BIN)/ragadmin $(DESTDIR)$(BINDIR)/
	$(INSTALL) -m 644 man/ragman.1 $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 man/ragadmin.8 $(DESTDIR)$(MANDIR)/man8/
	$(INSTALL) -m 644 completions/bash/ragman completions/bash/ragadmin $(DESTDIR)$(BASHCOMPDIR)/
	$(INSTALL) -m 644 completions/zsh/_ragman completions/zsh/_ragadmin $(DESTDIR)$(ZSHCOMPDIR)/
	$(INSTALL) -m 644 completions/fish/ragman.fish completions/fish/ragadmin.fish $(DESTDIR)$(FISHCOMPDIR)/
	$(INSTALL) -m 644 shellint/ragman.bash shellint/ragman.zsh $(DESTDIR)$(SHELLINTDIR)/
	$(INSTALL) -m 644 shellint/ragman.fish $(DESTDIR)$(FISHCONFDIR)/

# ragadmin install-hook writes apt's hook (opt-in, so not in INSTALLED);
# make uninstall removes it too. apt reads it from this path only.
APTHOOK = /etc/apt/apt.conf.d/90ragman

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED)) $(DESTDIR)$(APTHOOK)
	rmdir $(DESTDIR)$(SHELLINTDIR) $(DESTDIR)$(DATADIR)/ragman 2>/dev/null || true

# Quality on the shared question set, with this machine's pages.
eval: build
	python3 ../shared/eval/run --ragman $(BIN)/ragman

# The word vectors of backend/wordvec, relearned from this machine's pages
# (a minute and 1 GiB); refit the ranking trees after (see the README).
wordvec:
	cd backend/wordvec && $(GO) run gen/main.go -o vectors.bin

# WEAVIATE=http://HOST:PORT also measures retrieval.engine weaviate against
# that server (its gRPC port at WEAVIATE_GRPC): the full build's ratio to
# the embedded one and warm queries (issue 21).
WEAVIATE_GRPC ?= 127.0.0.1:50051

bench: build
	$(GO) run ./tools/bench -ragman $(BIN)/ragman -ragadmin $(BIN)/ragadmin $(if $(WEAVIATE),-weaviate $(WEAVIATE) -weaviate-grpc $(WEAVIATE_GRPC))

# The soak of issue 22 on this machine's man and info pages, in a private
# setup: load (throughput, p95), questions while full reindexes switch
# versions, and backends killed at random; it fails on any failed
# question or a health check that does not pass after the kills. Our own
# questions, so that it runs where ../shared is not.
SOAK_QUESTIONS ?= testdata/eval/dev.tsv

soak: build
	$(GO) run ./tools/bench -soak -questions $(SOAK_QUESTIONS) -ragman $(BIN)/ragman -ragadmin $(BIN)/ragadmin

# The background refresh of issue 23 on this machine's pages, in a private
# setup: a package's page installed and removed under an indexed source,
# picked up at the 5 s check and on a nudge (how long until the index
# switched, the refresh's own time, questions failed meanwhile: none
# may), and the CPU an hour of an idle backend that checks, against one
# that does not, in the same run.
freshbench: build
	$(GO) run ./tools/bench -fresh -questions $(SOAK_QUESTIONS) -ragman $(BIN)/ragman -ragadmin $(BIN)/ragadmin

# A whole-machine reindex, this tree's against BASE's ragadmin (one built
# from an earlier commit: git worktree add /tmp/base REV && make -C
# /tmp/base build), interleaved in one run, RUNS times each: the median
# of each and their ratio.
RUNS ?= 5
reindexab: build
	@test -n "$(BASE)" || { echo "usage: make reindexab BASE=/path/to/ragadmin [RUNS=5]"; exit 64; }
	bash tools/reindexab/run.sh $(BIN)/ragadmin $(BASE) $(RUNS)

# A/B of the time an answer takes inside the backend (its latency_ms, not
# ragman's start): this tree's build against another (BASE=DIR holding its
# ragman and ragadmin), each with its own index of this machine's pages,
# interleaved question by question; p50 and p95 of each and this/base.
# NEW=DIR measures another build in place of this tree's.
answerab: build
	@test -n "$(BASE)" || { echo "usage: make answerab BASE=DIR [RUNS=3] [SET=FILE] [NEW=DIR]"; exit 64; }
	bash tools/answerab/run.sh "$(or $(NEW),$(BIN))" "$(BASE)" "$(RUNS)" "$(SET)"

# Answers byte for byte: this tree's build (or NEW=DIR) against another
# (BASE=DIR holding its ragman and ragadmin), every question of the shared
# set and testdata/eval asked of both over one index; prints the questions
# whose answers differ and exits 1 when any does.
answerdiff: build
	@test -n "$(BASE)" || { echo "usage: make answerdiff BASE=DIR [NEW=DIR] [SET=FILE]"; exit 64; }
	bash tools/answerdiff/run.sh "$(or $(NEW),$(BIN))" "$(BASE)" "$(SET)"

# What one backend keeps mapped of the versions five forced reindexes
# retire, and its memory after each (issue 35, item 3); BINDIR_BENCH=DIR
# measures another build's ragman and ragadmin.
BINDIR_BENCH ?= $(BIN)
versionsbench: build
	bash tools/versionsbench/run.sh $(BINDIR_BENCH)

# The tldr source of issue 23 on this machine's pages, in a private setup
# with the fixture cache (TLDR_CACHE) added: each example's description
# asked as "How do I ...?" (is the page ranked first, its example the
# first step?), and the shared question set scored without the cache and
# with it.
TLDR_CACHE ?= testdata/fixtures/tldr
tldreval: build
	$(GO) run ./tools/bench -tldr -cache $(TLDR_CACHE) -questions ../shared/eval/questions.tsv -ragman $(BIN)/ragman -ragadmin $(BIN)/ragadmin

# ragman --explain on 60 command lines collected from the EXAMPLES of an
# index's program pages: the share of option words their page documents
# that get its description (issue 23). INDEX: a version folder, by
# default the active one of this user.
INDEX ?= $(shell d=$${XDG_DATA_HOME:-$$HOME/.local/share}/ragcli/index; echo $$d/$$(cat $$d/ACTIVE 2>/dev/null))
EXPLAIN_SEED ?= 1

explaineval:
	$(GO) run ./tools/explaineval -index $(INDEX) -seed $(EXPLAIN_SEED)

# The same measure on EXPLAIN_LINES command lines of the task collections
# in TASKS (tldr, cheatsheets, navi, cheat.sh; read at run time, never
# copied here), an equal share of builtins, find -exec and xargs, sudo,
# pipelines and the rest where there are that many: the figure overall
# and by kind of line (issue 37).
TASKS ?= ../shared/tasks
EXPLAIN_LINES ?= 600

explaineval-tasks:
	$(GO) run ./tools/explaineval -index $(INDEX) -seed $(EXPLAIN_SEED) -tasks $(TASKS) -lines $(EXPLAIN_LINES)

# The fuzz targets of the man, info, zim and tldr readers, FUZZTIME each (go test
# takes one -fuzz target at a time). A failing input lands in the package's
# testdata/fuzz/ and stays there as a regression seed.
FUZZTIME ?= 2m

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./backend/ingest/man/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./backend/ingest/info/
	$(GO) test -run '^$$' -fuzz '^FuzzConvert$$' -fuzztime $(FUZZTIME) ./backend/ingest/zim/
	$(GO) test -run '^$$' -fuzz '^FuzzArchive$$' -fuzztime $(FUZZTIME) ./backend/ingest/zim/
	$(GO) test -run '^$$' -fuzz '^FuzzFrame$$' -fuzztime $(FUZZTIME) ./backend/daemon/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./backend/ingest/tldr/

# CI's fuzzing: each target for about 20 s on a machine like ours, as a
# count of runs. A -fuzztime in seconds fails now and then with "context
# deadline exceeded" and no crasher: a race in Go 1.26's fuzz coordinator
# (go.dev/issue/75804, fixed in Go 1.27); a count has no deadline to race.
fuzz-ci:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime 600000x ./backend/ingest/man/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime 500000x ./backend/ingest/info/
	$(GO) test -run '^$$' -fuzz '^FuzzConvert$$' -fuzztime 400000x ./backend/ingest/zim/
	$(GO) test -run '^$$' -fuzz '^FuzzArchive$$' -fuzztime 60000x ./backend/ingest/zim/
	$(GO) test -run '^$$' -fuzz '^FuzzFrame$$' -fuzztime 900000x ./backend/daemon/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime 300000x ./backend/ingest/tldr/

# ZIM ingest throughput (SC-002): a generated archive of 200 MB of HTML,
# made with zimwriterfs (zim-tools) in a temporary folder.
.PHONY: zimbench
zimbench:
	$(GO) run ./tools/zimbench -mb 200

# The task -> command model of backend/answer/tasks, fitted on the task
# collections in ../shared/tasks (TASKS): rewrites model.bin, which
# changes only when the data or the parameters do.
TASKS ?= ../shared/tasks
.PHONY: taskmodel
taskmodel:
	$(GO) run ./backend/answer/tasks/gen -data $(TASKS) -out backend/answer/tasks/model.bin

clean:
	rm -rf $(BIN)

-include backend/ingest/man/fidelity.mk

# Whether ZIM archives change the answers to the man and info question
# sets, and how the archives' own questions fare: archives made from
# Debian's HTML books (TWINS=1 adds every section 1 and 8 page as an
# article); see tools/zimeval/run.sh for what it needs.
.PHONY: zimeval
zimeval: build
	bash tools/zimeval/run.sh
