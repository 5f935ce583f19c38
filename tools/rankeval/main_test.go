package main

import "testing"

func TestStepRuns(t *testing.T) {
	for _, c := range []struct {
		step string
		opts []string
		want bool
	}{
		{"`du -sh ~/Downloads`: display only a total [1]", []string{"-s", "--summarize"}, true},
		{"`du -sh ~/Downloads`: display only a total [1]", []string{"-h"}, true},
		{"`tar -czf ARCHIVE`: ...", []string{"-z"}, true},
		{"`grep -m NUM [FILE...]`: ...", []string{"-m"}, true},
		{"`grep -mm`: ...", []string{"--max"}, false},
		// find's -name is a word, not -n, -a, -m and -e
		{"`find . -name '*.py'`: ...", []string{"-n"}, false},
		{"`ls --color[=WHEN]`: ...", []string{"--color"}, true},
		{"`ls`: list directory contents [1]", []string{"-a"}, false},
	} {
		if got := stepRuns(c.step, c.opts); got != c.want {
			t.Errorf("stepRuns(%q, %v) = %v, want %v", c.step, c.opts, got, c.want)
		}
	}
}

// TestMentions: an answer mentions a row's words in any case; a row that
// names none is mentioned by any answer.
func TestMentions(t *testing.T) {
	for _, tc := range []struct {
		text, must string
		want       bool
	}{
		{"Use `du -sh DIR`", "-s|--summarize", true},
		{"Use `du -sh DIR`", "--TOTAL|-c", false},
		{"run `timeout 30s cmd`", "", true},
		{"anything", "-", true},
		{"Use `ls -A`", "-a", true},
	} {
		if got := mentions(tc.text, tc.must); got != tc.want {
			t.Errorf("mentions(%q, %q) = %v, want %v", tc.text, tc.must, got, tc.want)
		}
	}
}
