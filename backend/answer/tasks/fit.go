package tasks

import (
	"math"
	"sort"
)

// Doc is one description of what a command does, as content stems in order
// (Tokens).
type Doc struct {
	Command string
	Stems   []string
}

// DefaultSummaries: the shipped model is fitted on the pages' one-line
// summaries too.
const DefaultSummaries = true

// DefaultParams are the parameters the shipped model is fitted with
// (chosen with tools/taskeval; see its doc).
var DefaultParams = Params{K1: 1.2, B: 0.25, TopK: 128, MinSupport: 1, Pairs: true, PairWeight: 0.25, PairMin: 1}

// OptionParams are the option model's: its documents are a command's
// option ("rm -r") with the descriptions of the command lines that give
// it, a few each, so fewer stems are kept and no pairs.
var OptionParams = Params{K1: 1.2, B: 0.25, TopK: 32, MinSupport: 1}

// Fit fits a model on docs. It depends on the docs only (not their order).
func Fit(docs []Doc, p Params) (*Model, error) {
	b := fit(docs, p)
	data, err := b.Encode()
	if err != nil {
		return nil, err
	}
	return Decode(data)
}

// FitEncode is Fit's model file.
func FitEncode(docs []Doc, p Params) ([]byte, error) { return fit(docs, p).Encode() }

type cmdStats struct {
	docs int
	len  int            // stems over its descriptions, each counted once per description
	tf   map[string]int // descriptions holding the stem (or pair)
}

func fit(docs []Doc, p Params) *built {
	byCmd := map[string]*cmdStats{}
	for _, d := range docs {
		if d.Command == "" || len(d.Stems) == 0 {
			continue
		}
		c := byCmd[d.Command]
		if c == nil {
			c = &cmdStats{tf: map[string]int{}}
			byCmd[d.Command] = c
		}
		c.docs++
		seen := map[string]bool{}
		for i, s := range d.Stems {
			if !seen[s] {
				seen[s] = true
				c.tf[s]++
				c.len++
			}
			if p.Pairs && i > 0 && d.Stems[i-1] != s {
				k := pairKey(d.Stems[i-1], s)
				if !seen[k] {
					seen[k] = true
					c.tf[k]++
				}
			}
		}
	}
	cmds := make([]string, 0, len(byCmd))
	for c := range byCmd {
		cmds = append(cmds, c)
	}
	sort.Strings(cmds)
	df := map[string]int{}
	total := 0
	for _, c := range cmds {
		for s := range byCmd[c].tf {
			df[s]++
		}
		total += byCmd[c].len
	}
	n := float64(len(cmds))
	avg := float64(total) / max(n, 1)
	type sw struct {
		stem string
		w    float64
	}
	inv := map[string][]posting{}
	for ci, c := range cmds {
		st := byCmd[c]
		norm := p.K1 * (1 - p.B + p.B*float64(st.len)/max(avg, 1))
		var ws []sw
		for s, tf := range st.tf {
			pair := isPair(s)
			if !pair && tf < p.MinSupport || pair && tf < max(p.PairMin, 1) {
				continue
			}
			d := float64(df[s])
			idf := math.Log(1 + (n-d+0.5)/(d+0.5))
			w := idf * float64(tf) * (p.K1 + 1) / (float64(tf) + norm)
			if pair {
				w *= p.PairWeight
			}
			if w > 0 {
				ws = append(ws, sw{s, w})
			}
		}
		sort.Slice(ws, func(i, j int) bool {
			if ws[i].w != ws[j].w {
				return ws[i].w > ws[j].w
			}
			return ws[i].stem < ws[j].stem
		})
		if p.TopK > 0 && len(ws) > p.TopK {
			ws = ws[:p.TopK]
		}
		for _, x := range ws {
			inv[x.stem] = append(inv[x.stem], posting{ci, x.w})
		}
	}
	b := &built{params: p, cmds: cmds}
	for _, c := range cmds {
		b.docs = append(b.docs, byCmd[c].docs)
	}
	for s := range inv {
		b.stems = append(b.stems, s)
	}
	sort.Strings(b.stems)
	for _, s := range b.stems {
		b.post = append(b.post, inv[s]) // by command: cmds were walked in order
	}
	return b
}

func isPair(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return true
		}
	}
	return false
}
