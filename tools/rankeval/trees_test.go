package main

import (
	"slices"
	"testing"
)

func TestPageFold(t *testing.T) {
	pages := []string{"bash(1)", "ls(1)", "bash(1)", "tar(1)", "ls(1)", "bash(1)", "cp(1)", "mv(1)"}
	idx := make([]int, len(pages))
	for i := range idx {
		idx[i] = i
	}
	const k = 3
	seen := make([]int, len(pages))
	for f := range k {
		train, test := pageFold(idx, pages, k, f)
		if len(train)+len(test) != len(pages) {
			t.Fatalf("fold %d: %d train + %d test, want %d in all", f, len(train), len(test), len(pages))
		}
		for _, i := range test {
			seen[i]++
			for _, j := range train {
				if pages[i] == pages[j] {
					t.Errorf("fold %d: %s is both held out (question %d) and trained on (question %d)", f, pages[i], i, j)
				}
			}
		}
	}
	if !slices.Equal(seen, []int{1, 1, 1, 1, 1, 1, 1, 1}) {
		t.Errorf("times each question is held out: %v, want once each", seen)
	}
}
