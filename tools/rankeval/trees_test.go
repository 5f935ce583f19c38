package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/rank"
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

// The shipped weights file is what writeWeights writes of the shipped
// weights: the generator and the file it made agree, so a refit changes
// the numbers and nothing else.
func TestWeightsFileCurrent(t *testing.T) {
	w := rank.DefaultWeights()
	path := filepath.Join(t.TempDir(), "weights_fitted.go")
	if err := writeWeights(path, &w, score{}, 0); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "backend", "answer", "rank", "weights_fitted.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("writeWeights of the shipped weights differs from weights_fitted.go:\n%s", got)
	}
}
