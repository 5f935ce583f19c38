package compose

import (
	"strings"
	"testing"
)

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

func TestSumAsked(t *testing.T) {
	for q, want := range map[string]string{
		"calculate 17 times 23":          "17 * 23",
		"what is 2^10 + 1":               "2 ^ 10 + 1",
		"subtract 4 from 10":             "10 - 4",
		"multiply 3.5 by 2":              "3.5 * 2",
		"100 divided by 7":               "100 / 7",
		"show the last 20 lines":         "",
		"copy file1 to file2":            "",
		"list the files from 2023-01-05": "",
	} {
		nums, ops, ok := sumAsked(q)
		got := ""
		if ok {
			parts := []string{nums[0]}
			for i, op := range ops {
				parts = append(parts, op, nums[i+1])
			}
			got = strings.Join(parts, " ")
		}
		if got != want {
			t.Errorf("sumAsked(%q) = %q, want %q", q, got, want)
		}
	}
}
