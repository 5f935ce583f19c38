# ragman: `make check` runs every test; `make bench` measures the
# performance bars against their references; `make eval` scores answers.
GO      ?= go
PREFIX  ?= /usr/local
BIN     := bin
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X github.com/ragman-dev/ragman/cmd/internal/version.Version=$(VERSION)

.PHONY: all build check test vet fmt generate-check bench eval fidelity fuzz clean

all: build

build: export CGO_ENABLED = 0
build:
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN)/ragman ./cmd/ragman
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN)/ragadmin ./cmd/ragadmin

check: vet fmt test

vet:
	$(GO) vet ./...

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

test:
	$(GO) test ./...

# Quality on the shared question set, with this machine's pages.
eval: build
	python3 ../shared/eval/run --ragman $(BIN)/ragman

bench: build
	$(GO) run ./internal/bench -ragman $(BIN)/ragman -ragadmin $(BIN)/ragadmin

# The fuzz targets of the man, info and zim readers, FUZZTIME each (go test
# takes one -fuzz target at a time). A failing input lands in the package's
# testdata/fuzz/ and stays there as a regression seed.
FUZZTIME ?= 2m

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./backend/ingest/man/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./backend/ingest/info/
	$(GO) test -run '^$$' -fuzz '^FuzzConvert$$' -fuzztime $(FUZZTIME) ./backend/ingest/zim/
	$(GO) test -run '^$$' -fuzz '^FuzzArchive$$' -fuzztime $(FUZZTIME) ./backend/ingest/zim/

# ZIM ingest throughput (SC-002): a generated archive of 200 MB of HTML,
# made with zimwriterfs (zim-tools) in a temporary folder.
.PHONY: zimbench
zimbench:
	$(GO) run ./internal/zimbench -mb 200

clean:
	rm -rf $(BIN)

-include backend/ingest/man/fidelity.mk
