// Package boost is a small gradient-boosted tree ensemble for ranking: a
// model ragman ships as text, read at start, and a trainer that fits one
// on question sets with a pairwise loss (tools/rankeval -tune).
package boost

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// node is a split (Feature >= 0: x[Feature] < Threshold goes to Left, else
// Right) or a leaf (Feature < 0) worth Value.
type node struct {
	Feature     int
	Threshold   float64
	Left, Right int
	Value       float64
}

// Model is a sum of regression trees.
type Model struct {
	Features int // length of the vectors it scores
	// Columns name the vectors' values, when the fitter named them, so
	// that a user of the model can check it scores what it is given.
	Columns []string
	trees   [][]node
	// flat is trees as Predict reads them (see flatten), made by every
	// constructor once the trees are final
	flat []flatNode
	// roots are where each tree starts in flat
	roots []int32
}

// flatNode is a node of flat: a split (Feature >= 0) sends x to node
// Left when x[Feature] < Threshold, else to node Left+1; a leaf (Feature
// < 0) is worth Threshold. A quarter of node's size, and children side
// by side so that the way down is chosen without a jump: a ranking pool
// goes down every tree for every candidate, and which way each goes
// could not be foretold.
type flatNode struct {
	Threshold float64
	Feature   int32
	Left      int32
}

// flatten lays m's trees out in flat, each tree's nodes together, a
// split's children side by side after it.
func (m *Model) flatten() {
	m.flat, m.roots = m.flat[:0], m.roots[:0]
	for _, t := range m.trees {
		m.roots = append(m.roots, int32(len(m.flat)))
		m.flat = append(m.flat, flatNode{})
		var place func(at int32, i int)
		place = func(at int32, i int) {
			n := t[i]
			if n.Feature < 0 {
				m.flat[at] = flatNode{Threshold: n.Value, Feature: -1}
				return
			}
			left := int32(len(m.flat))
			m.flat = append(m.flat, flatNode{}, flatNode{})
			m.flat[at] = flatNode{Threshold: n.Threshold, Feature: int32(n.Feature), Left: left}
			place(left, n.Left)
			place(left+1, n.Right)
		}
		place(m.roots[len(m.roots)-1], 0)
	}
}

// Trees is the number of trees.
func (m *Model) Trees() int { return len(m.trees) }

// Predict scores x, which must have m.Features values.
func (m *Model) Predict(x []float64) float64 {
	s := 0.0
	for _, r := range m.roots {
		s += predictFlat(m.flat, r, x)
	}
	return s
}

// PredictAll sets out[i] to Predict(xs[i]) for every vector of xs, with
// the same sums: it reads the trees one at a time for all the vectors,
// so that each tree is read from memory once, not once per vector.
func (m *Model) PredictAll(xs [][]float64, out []float64) {
	out = out[:len(xs)]
	clear(out)
	for _, r := range m.roots {
		for i, x := range xs {
			out[i] += predictFlat(m.flat, r, x)
		}
	}
}

// predictFlat is the value of the leaf x reaches in the tree of flat
// that starts at root: predictTree's.
func predictFlat(flat []flatNode, root int32, x []float64) float64 {
	n := flat[root]
	for n.Feature >= 0 {
		// not x < Threshold, as predictTree goes right: a NaN too
		n = flat[n.Left+right(!(x[n.Feature] < n.Threshold))]
	}
	return n.Threshold
}

// right is 1 for true, 0 for false.
func right(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// predictTree is the value of the leaf x reaches in t.
func predictTree(t []node, x []float64) float64 {
	i := 0
	for t[i].Feature >= 0 {
		if x[t[i].Feature] < t[i].Threshold {
			i = t[i].Left
		} else {
			i = t[i].Right
		}
	}
	return t[i].Value
}

// Write writes m as text: a header line, a line "columns NAME..." when
// the columns are named, then per tree a line "tree" and one line per
// node, "split FEATURE THRESHOLD LEFT RIGHT" or "leaf VALUE", children
// numbered within the tree.
func (m *Model) Write(w io.Writer) error {
	if m.Columns != nil && len(m.Columns) != m.Features {
		return fmt.Errorf("boost: %d column names for %d features", len(m.Columns), m.Features)
	}
	for _, c := range m.Columns {
		if c == "" || strings.ContainsAny(c, " \t\n") {
			return fmt.Errorf("boost: column name %q is empty or has blanks", c)
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "boost %d trees %d features\n", len(m.trees), m.Features)
	if m.Columns != nil {
		fmt.Fprintf(bw, "columns %s\n", strings.Join(m.Columns, " "))
	}
	for _, t := range m.trees {
		fmt.Fprintln(bw, "tree")
		for _, n := range t {
			if n.Feature < 0 {
				fmt.Fprintf(bw, "leaf %s\n", strconv.FormatFloat(n.Value, 'g', 6, 64))
			} else {
				fmt.Fprintf(bw, "split %d %s %d %d\n", n.Feature, strconv.FormatFloat(n.Threshold, 'g', -1, 64), n.Left, n.Right)
			}
		}
	}
	return bw.Flush()
}

// Parse reads a model Write wrote. Every index is checked, so a damaged
// model is an error here, not a panic when scoring.
func Parse(text string) (*Model, error) {
	m := &Model{}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	var ntrees int
	if _, err := fmt.Sscanf(lines[0], "boost %d trees %d features", &ntrees, &m.Features); err != nil {
		return nil, fmt.Errorf("boost: header %q: %w", lines[0], err)
	}
	for ln, line := range lines[1:] {
		f := strings.Fields(line)
		bad := func(err error) error { return fmt.Errorf("boost: line %d %q: %w", ln+2, line, err) }
		switch {
		case ln == 0 && len(f) > 0 && f[0] == "columns":
			if len(f)-1 != m.Features {
				return nil, fmt.Errorf("boost: line 2 names %d columns, the header says %d features", len(f)-1, m.Features)
			}
			m.Columns = f[1:]
			continue
		case len(f) == 1 && f[0] == "tree":
			m.trees = append(m.trees, nil)
			continue
		case len(m.trees) == 0:
			return nil, bad(fmt.Errorf("node before the first tree"))
		case len(f) == 2 && f[0] == "leaf":
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				return nil, bad(err)
			}
			t := &m.trees[len(m.trees)-1]
			*t = append(*t, node{Feature: -1, Value: v})
		case len(f) == 5 && f[0] == "split":
			var n node
			var err error
			if n.Feature, err = strconv.Atoi(f[1]); err != nil {
				return nil, bad(err)
			}
			if n.Threshold, err = strconv.ParseFloat(f[2], 64); err != nil {
				return nil, bad(err)
			}
			if n.Left, err = strconv.Atoi(f[3]); err != nil {
				return nil, bad(err)
			}
			if n.Right, err = strconv.Atoi(f[4]); err != nil {
				return nil, bad(err)
			}
			t := &m.trees[len(m.trees)-1]
			*t = append(*t, n)
		default:
			return nil, bad(fmt.Errorf("not a tree, split or leaf line"))
		}
	}
	if len(m.trees) != ntrees {
		return nil, fmt.Errorf("boost: header says %d trees, found %d", ntrees, len(m.trees))
	}
	for ti, t := range m.trees {
		if len(t) == 0 {
			return nil, fmt.Errorf("boost: tree %d is empty", ti)
		}
		for i, n := range t {
			if n.Feature < 0 {
				continue
			}
			// children come after their parent, so every path ends in a leaf
			if n.Feature >= m.Features || n.Left <= i || n.Left >= len(t) || n.Right <= i || n.Right >= len(t) {
				return nil, fmt.Errorf("boost: tree %d node %d: feature or child out of range", ti, i)
			}
		}
	}
	m.flatten()
	return m, nil
}
