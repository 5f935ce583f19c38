package thesaurus

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// group is one line of unix.txt.
type group struct {
	line   int
	weight float32
	from   []string
	to     []string // nil for a symmetric group
}

// parseGroups reads unix.txt. A line is
//
//	[weight] word word ...          every word relates to every other
//	[weight] word ... > word ...    the left words relate to the right ones
//
// with weight in (0,1], 1 if left out; '#' starts a comment. A word is
// lowercase letters and digits, as the index's tokenizer would leave it,
// with at least one letter and two characters.
func parseGroups(text string, stop map[string]bool) ([]group, error) {
	var gs []group
	n := 0
	for line := range strings.Lines(text) {
		n++
		line, _, _ = strings.Cut(line, "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		g := group{line: n, weight: 1}
		if c := fields[0][0]; c == '0' || c == '1' || c == '.' {
			if wt, err := strconv.ParseFloat(fields[0], 32); err == nil {
				if wt <= 0 || wt > 1 {
					return nil, fmt.Errorf("unix.txt:%d: weight %v not in (0,1]", n, wt)
				}
				g.weight = float32(wt)
				fields = fields[1:]
			}
		}
		side := &g.from
		for _, f := range fields {
			if f == ">" {
				if g.to != nil || side != &g.from {
					return nil, fmt.Errorf("unix.txt:%d: more than one '>'", n)
				}
				g.to = []string{}
				side = &g.to
				continue
			}
			if !domainWord(f) {
				return nil, fmt.Errorf("unix.txt:%d: %q is not a lowercase word", n, f)
			}
			if slices.Contains(g.from, f) || slices.Contains(g.to, f) {
				return nil, fmt.Errorf("unix.txt:%d: %q twice", n, f)
			}
			// a stopword would expand into everything; it may only be a
			// target, where the line says which sense is meant
			if stop[f] && side == &g.from {
				return nil, fmt.Errorf("unix.txt:%d: stopword %q as a key", n, f)
			}
			*side = append(*side, f)
		}
		switch {
		case g.to == nil && len(g.from) < 2:
			return nil, fmt.Errorf("unix.txt:%d: a group needs two words", n)
		case g.to != nil && (len(g.from) == 0 || len(g.to) == 0):
			return nil, fmt.Errorf("unix.txt:%d: '>' needs words on both sides", n)
		}
		gs = append(gs, g)
	}
	return gs, nil
}

func domainWord(w string) bool {
	letter := false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case 'a' <= c && c <= 'z':
			letter = true
		case '0' <= c && c <= '9':
		default:
			return false
		}
	}
	return letter && len(w) >= 2 && len(w) <= maxWordLen
}

// relation is one relation of unix.txt.
type relation struct {
	from, to string
	weight   float32
}

// parseDomain returns the relations of unix.txt sorted by key, then as
// Related orders them, each pair once with the highest weight any line
// gives it. A key that is an inflection of another key also gets that
// key's relations (see inheritInflections).
func parseDomain(text string, stop map[string]bool) ([]relation, error) {
	gs, err := parseGroups(text, stop)
	if err != nil {
		return nil, err
	}
	var rs []relation
	for _, g := range gs {
		to := g.to
		if to == nil {
			to = g.from
		}
		for _, a := range g.from {
			for _, b := range to {
				if a != b {
					rs = append(rs, relation{a, b, g.weight})
				}
			}
		}
	}
	return normalize(append(rs, inheritInflections(rs)...)), nil
}

// normalize sorts relations by key, then by weight descending and word,
// keeping each pair once at its highest weight.
func normalize(rs []relation) []relation {
	slices.SortFunc(rs, func(a, b relation) int {
		if c := strings.Compare(a.from, b.from); c != 0 {
			return c
		}
		if c := strings.Compare(a.to, b.to); c != 0 {
			return c
		}
		return cmp.Compare(b.weight, a.weight)
	})
	rs = slices.CompactFunc(rs, func(a, b relation) bool { return a.from == b.from && a.to == b.to })
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && rs[j].from == rs[i].from {
			j++
		}
		slices.SortStableFunc(rs[i:j], func(a, b relation) int { return cmp.Compare(b.weight, a.weight) })
		i = j
	}
	return rs
}
