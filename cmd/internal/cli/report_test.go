package cli

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

type hinted struct{}

func (hinted) Error() string { return "data folder /x belongs to uid 65534" }
func (hinted) Hint() string  { return "set XDG_DATA_HOME" }

// TestReportEscapes: a name an error repeats (an alias, a ref from the
// command line or a page) cannot act on the terminal or add a line of its
// own; and an error that knows its hint has it printed.
func TestReportEscapes(t *testing.T) {
	var buf bytes.Buffer
	err := Exit(ExitError, fmt.Errorf("no document %s in ls", "\x1b]0;X\a\nragadmin: hint: forged"), "try \x1b[31mred\u202e")
	if code := Report(&buf, "ragadmin", err); code != ExitError {
		t.Errorf("code %d", code)
	}
	want := `ragadmin: error: no document \x1b]0;X\a\nragadmin: hint: forged in ls` + "\n" + `ragadmin: hint: try \x1b[31mred\u202e` + "\n"
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
	buf.Reset()
	Report(&buf, "ragman", fmt.Errorf("cannot set up: %w", hinted{}))
	if want := "ragman: error: cannot set up: data folder /x belongs to uid 65534\nragman: hint: set XDG_DATA_HOME\n"; buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
	var h interface{ Hint() string }
	if !errors.As(Exit(ExitError, hinted{}, ""), &h) || Hint(Exit(ExitError, hinted{}, "")) != "set XDG_DATA_HOME" {
		t.Error("an empty Exit hint hides the error's own")
	}
}
