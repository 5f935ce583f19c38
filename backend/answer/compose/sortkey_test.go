package compose

import (
	"strings"
	"testing"
)

// The option that sorts by what the question sorts by leads, not one
// that sorts by another thing and says more of its other words: ls's
// -S, "sort by file size", not -c, "sort by, and show, ctime".
func TestSortKeyFirst(t *testing.T) {
	page := machinePage(t, "/usr/share/man/man1/ls.1.gz")
	for q, want := range map[string]string{
		"print the file names in the directory lib sorted by size": "`ls -S lib`",
	} {
		d := composed(t, New(), "ls", page, q)
		if len(d.Steps) == 0 || !strings.HasPrefix(d.Steps[0], want+":") {
			t.Errorf("%q: steps %q, want %s first", q, d.Steps, want)
		}
	}
}

func TestSortKeys(t *testing.T) {
	for q, want := range map[string]string{
		"files sorted by modification time": "modif time",
		"order the lines by length":         "length",
		"sort the lines of x.txt":           "",
	} {
		var got []string
		for k := range askedSortKey(q) {
			got = append(got, k)
		}
		if strings.Join(got, " ") != want && !(len(got) == 2 && want == got[1]+" "+got[0]) {
			t.Errorf("askedSortKey(%q) = %v, want %q", q, got, want)
		}
	}
	for first, want := range map[string]string{
		"sort by file size, largest first": "size",
		"with -lt: sort by, and show, ctime (time of last modification of file status information)": "ctime",
		"sort alphabetically by entry extension":                                                    "",
		"do not sort; list entries in directory order":                                              "",
	} {
		if got := itemSortKey(first); got != want {
			t.Errorf("itemSortKey(%q) = %q, want %q", first, got, want)
		}
	}
}
