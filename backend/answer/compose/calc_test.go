package compose

import "testing"

// A sum said in words or signs is bc's standard input, with its math
// library where it divides, and expr's own words. This machine's bc(1)
// and expr(1).
func TestCalcLead(t *testing.T) {
	machineLeads(t, []machineLead{
		{"bc", "Calculate 17 times 23 on the command line", "`echo '17*23' | bc`"},
		{"bc", "divide 100 by 7 with bc", "`echo 100/7 | bc -l`"},
		{"expr", "work out 6 plus 7 with expr", "`expr 6 + 7`"},
	})
}
