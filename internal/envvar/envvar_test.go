package envvar

import (
	"slices"
	"testing"
)

func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		name, new, old string
		value, from    string
		warned         bool
	}{
		{name: "neither"},
		{name: "new", new: "/n", value: "/n", from: ManDir},
		{name: "old", old: "/o", value: "/o", from: "RAGCLI_MAN_DIR", warned: true},
		{name: "both: the new wins", new: "/n", old: "/o", value: "/n", from: ManDir, warned: true},
		{name: "empty new: the old", old: "/o", value: "/o", from: "RAGCLI_MAN_DIR", warned: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(ManDir, tc.new)
			t.Setenv("RAGCLI_MAN_DIR", tc.old)
			t.Setenv(NoAutostart, "")
			t.Setenv("RAGCLI_NO_AUTOSTART", "")
			t.Setenv(InfoDir, "")
			t.Setenv("RAGCLI_INFO_DIR", "")
			if v, from := Lookup(ManDir); v != tc.value || from != tc.from {
				t.Errorf("Lookup = %q from %q, want %q from %q", v, from, tc.value, tc.from)
			}
			var want []string
			if tc.warned {
				want = []string{"RAGCLI_MAN_DIR is deprecated, use RAGMAN_MAN_DIR (the old name goes in the next release)"}
			}
			if got := Warnings(); !slices.Equal(got, want) {
				t.Errorf("Warnings = %q, want %q", got, want)
			}
		})
	}
}

// A name that never had the old prefix is not read under it.
func TestOnlyRenamed(t *testing.T) {
	t.Setenv("RAGMAN_MAN_FALLBACK", "")
	t.Setenv("RAGCLI_MAN_FALLBACK", "1")
	if v, from := Lookup("RAGMAN_MAN_FALLBACK"); v != "" || from != "" {
		t.Errorf("Lookup = %q from %q, want nothing", v, from)
	}
}
