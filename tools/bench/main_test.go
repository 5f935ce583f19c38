package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

func TestContentWords(t *testing.T) {
	for q, want := range map[string][]string{
		"How do I rename a file?":                          {"rename", "file"},
		"What is the format of /etc/fstab?":                {"format", "etc", "fstab"},
		"How do I see the terminal's number of rows?":      {"see", "terminal", "number", "rows"},
		"How do I list files sorted by modification time?": {"list", "files", "sorted", "modification", "time"},
	} {
		if got := contentWords(q); !reflect.DeepEqual(got, want) {
			t.Errorf("contentWords(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestPct(t *testing.T) {
	ds := []time.Duration{5, 1, 4, 2, 3}
	for p, want := range map[int]time.Duration{0: 1, 50: 3, 90: 5, 100: 5} {
		if got := pct(ds, p); got != want {
			t.Errorf("pct(%d) = %d, want %d", p, got, want)
		}
	}
	if got := pct([]time.Duration{1, 2, 3, 4}, 50); got != 2 {
		t.Errorf("even median %d, want the lower middle 2", got)
	}
}

func TestReadQuestions(t *testing.T) {
	f := filepath.Join(t.TempDir(), "q.tsv")
	os.WriteFile(f, []byte("# id\tquestion\n\nd1\tHow do I rename a file?\tmv(1)\tmv\thowto\n"), 0o644)
	qs, err := readQuestions(f)
	if err != nil || len(qs) != 1 || qs[0].id != "d1" || qs[0].text != "How do I rename a file?" {
		t.Fatalf("readQuestions = %+v, %v", qs, err)
	}
}
