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
