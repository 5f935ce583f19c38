package compose

import "testing"

// A description loses its full stop where another part follows it,
// but not the lone dot it ends on: ls -a's "starting with .".
func TestWithoutStop(t *testing.T) {
	for in, want := range map[string]string{
		"list directory contents.":              "list directory contents",
		"do not ignore entries starting with .": "do not ignore entries starting with .",
		"no stop":                               "no stop",
	} {
		if got := withoutStop(in); got != want {
			t.Errorf("withoutStop(%q) = %q, want %q", in, got, want)
		}
	}
}
