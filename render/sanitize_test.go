package render

import "testing"

// Strings in JSON lose what Sanitize removes, however they were escaped;
// the rest of the document is kept byte for byte.
func TestSanitizeJSON(t *testing.T) {
	in := "{\"summary\": \"rm \\u001b[31mred\\u0007 \u202egnp.exe\", \"label\": \"a\\u0000b\", \"n\": 1, \"ok\": \"caf\u00e9 [1]\"}"
	got := string(SanitizeJSON([]byte(in)))
	want := "{\"summary\": \"rm red gnp.exe\", \"label\": \"ab\", \"n\": 1, \"ok\": \"caf\u00e9 [1]\"}"
	if got != want {
		t.Errorf("SanitizeJSON:\n got %s\nwant %s", got, want)
	}
	clean := []byte(`{"a": "plain \"quoted\" \\ text", "b": [1, 2]}`)
	if got := SanitizeJSON(clean); string(got) != string(clean) {
		t.Errorf("a clean document changed: %s", got)
	}
}
