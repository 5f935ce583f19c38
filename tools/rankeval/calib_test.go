package main

import (
	"math"
	"testing"
)

func TestECE(t *testing.T) {
	// perfectly calibrated: 0.25 right a quarter of the time
	p := []float64{0.25, 0.25, 0.25, 0.25, 0.95}
	y := []bool{true, false, false, false, true}
	if e := ece(p, y); math.Abs(e-0.01) > 1e-9 {
		t.Errorf("ece = %v, want 0.01 (only the 0.95 bin is off, by 0.05, for 1 of 5)", e)
	}
	if e := ece([]float64{1, 1}, []bool{false, false}); e != 1 {
		t.Errorf("always sure and always wrong: ece = %v, want 1", e)
	}
}

func TestReliability(t *testing.T) {
	p := []float64{0.25, 0.25, 0.25, 0.25, 0.95}
	y := []bool{true, false, false, false, true}
	want := "  0.2-0.3: n=4 confidence=0.250 right=0.250\n  0.9-1.0: n=1 confidence=0.950 right=1.000\n"
	if got := reliability(p, y); got != want {
		t.Errorf("reliability = %q, want %q", got, want)
	}
}

func TestAUROC(t *testing.T) {
	for _, tc := range []struct {
		p    []float64
		y    []bool
		want float64
	}{
		{[]float64{0.9, 0.8, 0.2, 0.1}, []bool{true, true, false, false}, 1},
		{[]float64{0.1, 0.2, 0.8, 0.9}, []bool{true, true, false, false}, 0},
		{[]float64{0.5, 0.5, 0.5, 0.5}, []bool{true, false, true, false}, 0.5},
		{[]float64{0.9, 0.5, 0.5, 0.1}, []bool{true, true, false, false}, 0.875},
	} {
		if got := auroc(tc.p, tc.y); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("auroc(%v, %v) = %v, want %v", tc.p, tc.y, got, tc.want)
		}
	}
	if !math.IsNaN(auroc([]float64{0.3}, []bool{true})) {
		t.Error("one class only: want NaN")
	}
}

// TestMatchesAliases: grep(1) is the page of egrep, whose egrep.1 links
// to grep.1, only when aliases count; labels always do.
func TestMatchesAliases(t *testing.T) {
	defer func(old map[string][]string) { aliasNames = old }(aliasNames)
	aliasNames = map[string][]string{"grep(1)": {"grep", "egrep", "fgrep"}, "which.debianutils(1)": {"which.debianutils"}}
	for _, tc := range []struct {
		label, expected string
		alias, want     bool
	}{
		{"grep(1)", "egrep", false, false},
		{"grep(1)", "egrep", true, true},
		{"grep(1)", "egrep(8)", true, false},
		{"grep(1)", "grep", false, true},
		{"grep(1)", "zgrep", true, false},
		{"which.debianutils(1)", "which", false, true},
	} {
		if got := matchesWith(tc.label, split(tc.expected), tc.alias); got != tc.want {
			t.Errorf("matchesWith(%q, %q, %v) = %v, want %v", tc.label, tc.expected, tc.alias, got, tc.want)
		}
	}
}

func TestECEFloor(t *testing.T) {
	// certain answers leave sampling nothing to vary
	if m, p95 := eceFloor([]float64{1, 1, 0, 0}); m != 0 || p95 != 0 {
		t.Errorf("eceFloor of certainties = %v, %v; want 0, 0", m, p95)
	}
	// a coin per answer: ten answers stray further than a thousand
	few, many := make([]float64, 10), make([]float64, 1000)
	for i := range few {
		few[i] = 0.5
	}
	for i := range many {
		many[i] = 0.5
	}
	f, _ := eceFloor(few)
	m, m95 := eceFloor(many)
	if !(f > m && m > 0 && m95 >= m) {
		t.Errorf("eceFloor: 10 coins %v, 1000 coins %v (95th %v); want 10 > 1000 > 0", f, m, m95)
	}
}

func TestPlatt(t *testing.T) {
	// answers right as often as a model twice as sure and a little more
	// hopeful says: platt finds that model
	var p []float64
	var y []bool
	for i := 1; i < 200; i++ {
		x := float64(i) / 200
		z := math.Log(x / (1 - x))
		truth := 1 / (1 + math.Exp(-(2*z + 0.5)))
		for k := range 100 {
			p = append(p, x)
			y = append(y, float64(k) < truth*100)
		}
	}
	a, b := platt(p, y)
	if math.Abs(a-2) > 0.05 || math.Abs(b-0.5) > 0.05 {
		t.Errorf("platt = %.3f, %.3f; want 2, 0.5", a, b)
	}
	if before, after := ece(p, y), ece(rescale(p, a, b), y); !(after < before/4) {
		t.Errorf("ece %.3f -> %.3f after rescaling; want it cut", before, after)
	}
}
