package compose_test

import (
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/testutil/testengine"
)

// A manual's node another page stands beside is named by its title
// alone where its first sentence runs long and starts a story; an
// invocation node's, which says what its program does, stays.
func TestSeeAlsoNode(t *testing.T) {
	ans, _ := testengine.Ask(t, "How do I list all environment variables?", 0.35)
	if !strings.Contains(ans.Summary, "See also Specifying time zone rules (info coreutils)") {
		t.Errorf("summary %q, want the time zone node by its title alone", ans.Summary)
	}
	ans, _ = testengine.Ask(t, "how do I show the size of a folder", 0.35)
	if !strings.Contains(ans.Summary, "See also du invocation: ‘du’ reports") {
		t.Errorf("summary %q, want the du node with what du does", ans.Summary)
	}
}
