# Man reader fidelity (included by the Makefile): reads the machine's whole
# English man tree, checks that at least 99% of the pages give NAME and a
# body, and compares a 300-page sample with `mandoc -T utf8` (token F1 at
# least 0.97). Needs mandoc (apt install mandoc) for the comparison.
# RAGMAN_MANROOT reads another tree; RAGMAN_FIDELITY_WORST=N lists the N
# worst pages of the sample.

.PHONY: fidelity

fidelity:
	@command -v mandoc >/dev/null || echo "fidelity: mandoc not found (apt install mandoc): the comparison with mandoc will be skipped"
	RAGMAN_FIDELITY=1 $(GO) test -count=1 -timeout 30m -run '^TestFidelity$$' -v ./backend/ingest/man/

