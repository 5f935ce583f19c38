package analyse

import "testing"

// Lines a question numbers are read with their address and what is done
// with them; an order of lines ("last line first") numbers none, nor does
// a line named without showing or removing it.
func TestNumbersLines(t *testing.T) {
	for q, want := range map[string]struct {
		addr        string
		ok, removes bool
	}{
		"print line 42 of config.ini":                         {"42", true, false},
		"show lines 100 to 120 of app.log":                    {"100,120", true, false},
		"Delete the last line of data.csv.":                   {"$", true, true},
		"remove the first line of a file":                     {"1", true, true},
		"print a file backwards, last line first":             {"", false, false},
		"bash reports a syntax error on line 12 of my script": {"12", false, false},
	} {
		ok, removes := NumbersLines(q, Read(q).Args)
		if addr := LineAddress(q, Read(q).Args); addr != want.addr || ok != want.ok || removes != want.removes {
			t.Errorf("%q: address %q, numbers %v, removes %v; want %q %v %v", q, addr, ok, removes, want.addr, want.ok, want.removes)
		}
	}
}
