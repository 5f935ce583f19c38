package compose

import (
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// "Extract backup.tar.gz into /srv/restore" runs tar with -C and the
// folder, which tar's synopsis has no place for.
func TestDestination(t *testing.T) {
	s, ps := optionsPage("tar",
		"-x, --extract", "Extract files from an archive.",
		"-T, --files-from=FILE", "Get names to extract or create from FILE.",
		"-C, --directory=DIR", "Change to DIR before performing any operations.")
	for _, tc := range []struct {
		ops  []operand
		line string
		want string
	}{
		{[]operand{{kind: analyse.ArgFile, text: "backup.tar.gz"}, {kind: analyse.ArgPath, text: "/srv/restore", to: true}}, "tar -xf backup.tar.gz", "-C /srv/restore"},
		// a folder the line holds already is placed
		{[]operand{{kind: analyse.ArgPath, text: "/srv/restore", to: true}}, "tar -x /srv/restore", ""},
		// one the question sends nothing to is no destination
		{[]operand{{kind: analyse.ArgPath, text: "/srv/restore"}}, "tar -x", ""},
		// nor are two
		{[]operand{{kind: analyse.ArgPath, text: "/a", to: true}, {kind: analyse.ArgFolder, text: "b", to: true}}, "tar -x", ""},
	} {
		c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, ops: tc.ops, usageOf: -1}
		_, opt, ok := c.destination(s, ps[:1], tc.line)
		if opt != tc.want || ok != (tc.want != "") {
			t.Errorf("ops %+v, line %q: %q (%v), want %q", tc.ops, tc.line, opt, ok, tc.want)
		}
	}
}

// An option the line runs with its folder left to fill takes the folder
// the question sends things to, wherever the synopsis puts the rest:
// `unzip -d pics photos.zip`.
func TestDestinationFillsTheLead(t *testing.T) {
	s, ps := optionsPage("unzip",
		"-d exdir", "An optional directory to which to extract files.",
		"-l", "List archive files.")
	c := &composition{q: &answer.Question{}, citer: &answer.Citer{}, usageOf: -1,
		ops: []operand{{kind: analyse.ArgFile, text: "photos.zip"}, {kind: analyse.ArgFolder, text: "pics", to: true}}}
	pl := &plan{s: s, ps: ps, chosen: ps[:1], shown: 1, lead: true, line: "unzip -d exdir photos.zip", desc: "An optional directory to which to extract files."}
	c.withDestination(s, pl)
	if pl.line != "unzip -d pics photos.zip" || len(pl.joined) != 0 {
		t.Errorf("line %q, joined %v; want `unzip -d pics photos.zip`, none joined", pl.line, pl.joined)
	}
}
