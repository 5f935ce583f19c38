package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/proto"
)

// TestProgressTerminal: on a terminal each stage is a bar redrawn in
// place, left on its own line when the next stage starts; messages get a
// line of their own; the end erases the bar.
func TestProgressTerminal(t *testing.T) {
	var buf bytes.Buffer
	update, done := Progress(&buf, true, "ragadmin")
	update(proto.Progress{Stage: "reading man-pages", Done: 0, Total: 40})
	update(proto.Progress{Stage: "reading man-pages", Done: 40, Total: 40})
	update(proto.Progress{Stage: "reading man-pages", Message: "skipped bad.1: no NAME"})
	update(proto.Progress{Stage: "writing index", Done: 7})
	done()
	out := buf.String()
	for _, want := range []string{
		"\rreading man-pages   0% [>                             ] (0/40)\x1b[K",
		"\rreading man-pages 100% [==============================] (40/40)\x1b[K",
		"ragadmin: reading man-pages: skipped bad.1: no NAME\n",
		"\rwriting index (7)\x1b[K",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%q", want, out)
		}
	}
	if !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("the bar is not erased at the end: %q", out)
	}
	if !strings.Contains(out, "(40/40)\x1b[K\n") {
		t.Errorf("the finished stage is not left on its own line: %q", out)
	}
}

// TestProgressSanitized: a stage named after a source is document-free
// text, but it still goes through the sanitizer.
func TestProgressSanitized(t *testing.T) {
	var buf bytes.Buffer
	update, done := Progress(&buf, true, "ragadmin")
	update(proto.Progress{Stage: "reading \x1b]0;evil\x07x", Done: 1, Total: 2})
	done()
	if strings.Contains(buf.String(), "\x1b]") || strings.Contains(buf.String(), "\x07") {
		t.Errorf("an escape sequence went through: %q", buf.String())
	}
}
