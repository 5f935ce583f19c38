package ragmancmd

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
)

// runAsk runs c in folders of its own, with no backend to start: a
// command line refused before it is sent fails 64, one sent fails 2.
func runAsk(t *testing.T, c AskCmd) (code int, stderr string) {
	t.Helper()
	home := t.TempDir()
	for _, v := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"} {
		t.Setenv(v, home)
	}
	t.Setenv("RAGMAN_NO_AUTOSTART", "1")
	env := cli.NewEnv("ragman")
	var out, errs bytes.Buffer
	env.Stdout, env.Stderr = &out, &errs
	err := c.Run(env)
	var ec *cli.ExitCodeError
	if !errors.As(err, &ec) {
		t.Fatalf("%v, want an exit code", err)
	}
	return cli.Report(&errs, "ragman", err), errs.String()
}

// TestConversationIDTooLong: an id longer than proto.MaxConversationID
// is a usage error, not sent; one of that length is sent.
func TestConversationIDTooLong(t *testing.T) {
	q := []string{"and", "recursively?"}
	if code, stderr := runAsk(t, AskCmd{Question: q, ContextTokens: 4096, Conversation: strings.Repeat("c", proto.MaxConversationID+1)}); code != cli.ExitUsage ||
		!strings.Contains(stderr, "ragman: error: --conversation: the id is 257 bytes, more than the 256 allowed") {
		t.Errorf("an id of 257 bytes: exit %d, %s", code, stderr)
	}
	if code, stderr := runAsk(t, AskCmd{Question: q, ContextTokens: 4096, Conversation: strings.Repeat("c", proto.MaxConversationID)}); code != cli.ExitUnreachable {
		t.Errorf("an id of 256 bytes: exit %d, %s", code, stderr)
	}
}

// TestQuestionTooLong: a question (or a command line to explain) that
// could not go in one request is a usage error that says so, not "backend
// unreachable".
func TestQuestionTooLong(t *testing.T) {
	words := strings.Fields(strings.Repeat("\x01\x01\x01 ", maxQuestion/4+1))
	for _, explain := range []bool{false, true} {
		code, stderr := runAsk(t, AskCmd{Question: words[:1], rest: words[1:], ContextTokens: 4096, Explain: explain})
		if code != cli.ExitUsage || !strings.Contains(stderr, "MiB, more than the 2 MiB ragman sends") {
			t.Errorf("explain %v: exit %d, %s", explain, code, stderr)
		}
	}
}
