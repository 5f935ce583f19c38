package analyse

import "testing"

func TestPermissionBit(t *testing.T) {
	for q, want := range map[string]string{
		"make the file deploy.sh executable":               "x",
		"Make the script start.sh runnable.":               "x",
		"give run.sh permission to be executed":            "x",
		"the owner should have the right to run it":        "x",
		"make notes.txt readable":                          "r",
		"everyone must be allowed to read report.pdf":      "r",
		"make the log writable by the group":               "w",
		"How do I change file permissions?":                "",
		"run the script with permission to spare, somehow": "",
	} {
		if got := PermissionBit(q); got != want {
			t.Errorf("PermissionBit(%q) = %q, want %q", q, got, want)
		}
	}
}
