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
