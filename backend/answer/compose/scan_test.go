package compose

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// The hand scanners find what the patterns they stand for find, on
// strings made of the characters that decide a match.
func TestScannersMatchPatterns(t *testing.T) {
	endRE := regexp.MustCompile(`[.!?]\s+[A-Z(]`)
	lowerRE := regexp.MustCompile(`\b[a-z]{4,}\.\s+[a-z]`)
	const alphabet = "abcdeabcdeZQ(.._!?   \t\n\r\f-9_é"
	r := rand.New(rand.NewPCG(3, 4))
	ends, lowers := 0, 0
	for range 200000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := sentenceEnd(s), endRE.FindStringIndex(s); !equalLoc(got, want) {
			t.Fatalf("sentenceEnd(%q) = %v; the pattern finds %v", s, got, want)
		}
		want := -1
		if loc := lowerRE.FindStringIndex(s); loc != nil {
			want = loc[0] + len(lowerRE.FindString(s)) - 1
			for s[want] != '.' {
				want--
			}
		}
		if want >= 0 {
			lowers++
		}
		if sentenceEnd(s) != nil {
			ends++
		}
		if got := lowerStart(s); got != want {
			t.Fatalf("lowerStart(%q) = %d; the pattern's stop is at %d", s, got, want)
		}
		if contrast().MatchString(s) && !mayContrast(s) {
			t.Fatalf("mayContrast(%q) = false, but the pattern matches", s)
		}
	}
	if ends < 1000 || lowers < 100 {
		t.Fatalf("only %d sentence ends and %d lower-case starts among the strings: too few to compare", ends, lowers)
	}
	for _, s := range []string{"Use this instead of that.", "Rather than copy, link.", "INSTEAD OF"} {
		if !mayContrast(s) {
			t.Errorf("mayContrast(%q) = false", s)
		}
	}
}

func equalLoc(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
