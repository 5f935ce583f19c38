package compose_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/testutil/testengine"
)

// An option that takes no value and does a part of the question the
// lead's line leaves is written into that line: tail's -f beside -n 20,
// touch's -m beside -d. What the question says it wants instead of is
// no such part: grep's -w, "whole words", for a question that wants the
// matched part "instead of the whole line".
func TestFlagJoinsLead(t *testing.T) {
	e := testengine.Must(t)
	for q, want := range map[string]string{
		"Print the last 20 lines of server.log, then keep printing new lines as they get appended to it.": "`tail -f -n 20 server.log`",
		"With touch, set the modification time of notes.txt to 2 March 2024.":                             "`touch -m -d '2 March 2024' notes.txt`",
		"print only the part of each line that matches, instead of the whole line":                        "`grep -o ",
	} {
		ans, _, err := e.Answer(context.Background(), q, 0.35)
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Steps) == 0 || !strings.HasPrefix(ans.Steps[0], want) {
			t.Errorf("%s: steps %q, want the first to start %s", q, ans.Steps, want)
		}
	}
}
