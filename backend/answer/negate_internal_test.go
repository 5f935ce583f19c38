package answer

import (
	"testing"

	"github.com/ragman-dev/ragman/backend/terms"
)

// mayNegate is false only for a text with no word a negator.
func TestMayNegate(t *testing.T) {
	for _, text := range []string{
		"", "Do NOT create any files", "select non-matching lines", "Never follow links", "without asking",
		"DON'T descend", "doesn't matter", "cannot be read", "neither this nor that", "print lines that match",
		"another node", "wİthout", "Kelvin: K", "no", "NO", "No. 5", "list files", "know now",
	} {
		negates := false
		terms.Words(text, false, func(w string) { negates = negates || negator(w, true) })
		if negates && !mayNegate(text) {
			t.Errorf("mayNegate(%q) = false, but it holds a negator", text)
		}
	}
	for _, text := range []string{"print lines that match", "list files", "Show the size"} {
		if mayNegate(text) {
			t.Errorf("mayNegate(%q) = true, but it holds nothing like a negator", text)
		}
	}
}
