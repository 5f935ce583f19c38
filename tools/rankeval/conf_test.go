package main

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/rank"
)

// fitLogistic recovers the model that made the outcomes, and its
// probabilities are calibrated on them.
func TestFitLogistic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var want [rank.NumConf]float64
	want[rank.CTree], want[rank.CCoverage], want[rank.CBias] = 1.5, -2, 0.5
	var rows []stacked
	for range 20000 {
		var r stacked
		r.x[rank.CTree] = rng.NormFloat64()
		r.x[rank.CCoverage] = rng.Float64()
		r.x[rank.CBias] = 1
		r.right = rng.Float64() < rank.Logistic(&want, &r.x)
		rows = append(rows, r)
	}
	w := fitLogistic(rows, 0)
	for i := range w {
		if math.Abs(w[i]-want[i]) > 0.15 {
			t.Errorf("%s: fitted %.3f, made with %.3f", rank.ConfNames[i], w[i], want[i])
		}
	}
	var p []float64
	var y []bool
	for _, r := range rows {
		p = append(p, rank.Logistic(&w, &r.x))
		y = append(y, r.right)
	}
	if e := ece(p, y); e > 0.02 {
		t.Errorf("ece %.3f on the data it was fitted on", e)
	}
}

// A stack file reads back as written; one written for other confidence
// inputs is refused.
func TestStackRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stack.tsv")
	in := []stacked{{set: "dev.tsv", id: "q1", fold: 2, right: true}, {set: "tldr-train.tsv", id: "x9", fold: 0}}
	in[0].x[rank.CTree], in[0].x[rank.CBias] = 1.25, 1
	if err := writeStack(path, in); err != nil {
		t.Fatal(err)
	}
	out, err := readStack(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0] != in[0] || out[1] != in[1] {
		t.Errorf("read %+v, wrote %+v", out, in)
	}
	other := filepath.Join(t.TempDir(), "other.tsv")
	writeFile(t, other, "set\tid\tfold\tright\tTree\tBias\ndev.tsv\tq1\t0\t1\t1\t1\n")
	if _, err := readStack(other); err == nil || !strings.Contains(err.Error(), "other confidence inputs") {
		t.Errorf("a stack of other inputs: %v", err)
	}
}

// -holdout takes all of a command's questions or none, whatever the
// section or the other pages expected, and about one command in n.
func TestHeldOut(t *testing.T) {
	held := map[string]bool{}
	for _, cmd := range []string{"ls", "tar", "zstd", "git-log", "find", "grep", "sed", "awk", "ssh", "curl", "chmod", "chown", "du", "df", "ps", "top", "kill", "sort", "uniq", "cut"} {
		a := heldOut(row{expected: cmd}, 4)
		if heldOut(row{expected: strings.ToUpper(cmd) + "(1)|other(8)"}, 4) != a {
			t.Errorf("%s: held out as %q but not as %q, or the reverse", cmd, cmd, strings.ToUpper(cmd)+"(1)|other(8)")
		}
		held[cmd] = a
	}
	n := 0
	for _, h := range held {
		if h {
			n++
		}
	}
	if n == 0 || n == len(held) {
		t.Errorf("%d of %d commands held out with n=4", n, len(held))
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
