package compose

import "testing"

// A sum said in words or signs is bc's standard input, with its math
// library where it divides, and expr's own words. This machine's bc(1)
// and expr(1).
func TestCalcLead(t *testing.T) {
	for _, tc := range []struct{ name, q, want string }{
		{"bc", "Calculate 17 times 23 on the command line", "`echo '17*23' | bc`"},
		{"bc", "divide 100 by 7 with bc", "`echo 100/7 | bc -l`"},
		{"expr", "work out 6 plus 7 with expr", "`expr 6 + 7`"},
	} {
		firstStepIs(t, composed(t, New(), tc.name, machinePage(t, "/usr/share/man/man1/"+tc.name+".1.gz"), tc.q), tc.q, tc.want)
	}
}
