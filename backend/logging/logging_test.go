package logging

import (
	"bytes"
	"errors"
	"regexp"
	"testing"
)

func TestLine(t *testing.T) {
	var buf bytes.Buffer
	l := New(&buf)
	l.Log("cid-1", "QueryCommand.run", "start", "question", "how do I x?", "n", 3, "err", errors.New("boom"))
	re := regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z pid=\d+ cid=cid-1 QueryCommand\.run :: start question="how do I x\?" n=3 err=boom\n$`)
	if !re.Match(buf.Bytes()) {
		t.Errorf("line = %q", buf.String())
	}
}

func TestNilDiscards(t *testing.T) {
	var l *Logger
	l.Log("", "X.y", "z") // must not panic
}
