package analyse

import (
	"strings"
	"testing"
)

func TestSum(t *testing.T) {
	for q, want := range map[string]string{
		"calculate 17 times 23":               "17 * 23",
		"what is 2^10 + 1":                    "2 ^ 10 + 1",
		"subtract 4 from 10":                  "10 - 4",
		"multiply 3.5 by 2":                   "3.5 * 2",
		"what is 100 divided by 7":            "100 / 7",
		"100 divided by 7":                    "",
		"show the last 20 lines":              "",
		"copy file1 to file2":                 "",
		"list the files from 2023-01-05":      "",
		"calculate the files from 2023-01-05": "",
		"resize the image to 800x600":         "",
	} {
		terms, ok := Sum(q)
		got := ""
		if ok {
			got = strings.Join(terms, " ")
		}
		if got != want {
			t.Errorf("Sum(%q) = %q, want %q", q, got, want)
		}
	}
}
