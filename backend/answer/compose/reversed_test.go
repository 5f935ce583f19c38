package compose

import "testing"

// The order the question asks for, against the lead's: sort's -r where
// the biggest come first, ls's -r with -S (largest first) where the
// smallest do, and none where the lead's order is the one asked. This
// machine's sort(1) and ls(1).
func TestReversedOrder(t *testing.T) {
	machineLeads(t, []machineLead{
		{"sort", "Sort the file scores.txt numerically by its second column, largest first", "`sort -n -k 2 -r scores.txt`"},
		{"ls", "list the files in /var/log by size, smallest first", "`ls -S -r /var/log`"},
		{"ls", "list the files in /var/log by size, largest first", "`ls -S /var/log`"},
	})
}
