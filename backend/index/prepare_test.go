package index

import "testing"

// A text about names that start with a lone dot holds the word dot:
// ls -a's "do not ignore entries starting with .". A dotfile's name
// after "with" is no such text.
func TestStartsWithDot(t *testing.T) {
	for text, want := range map[string]bool{
		"do not ignore entries starting with .":           true,
		"list files beginning with a '.' too":             true,
		"Files whose names begin with ‘.’ are not listed": true,
		"starting with .bashrc":                           false,
		"start the editor with ./configure":               false,
		"ends with .":                                     false,
	} {
		if got := startsWithDot(text); got != want {
			t.Errorf("startsWithDot(%q) = %v, want %v", text, got, want)
		}
	}
}
