package rank

import (
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/wordvec"
)

// sense compares the question with a page's names and NAME line through
// word vectors: "extract readable text" is close to "print the sequences
// of printable characters" though they share no word. Question words
// weigh by their idf, as in the lexical features.
type sense struct {
	t     *wordvec.Table
	vecs  [][]int8 // the question words the table knows
	w     []float64
	mean  []float64
	line  [][]int8  // scratch for of
	lmean []float64 // the same
}

func newSense(vectors func() *wordvec.Table, a analyse.Analysis, q *query) *sense {
	if vectors == nil {
		return nil
	}
	s := &sense{t: vectors()}
	if s.t == nil {
		return nil
	}
	for ci, c := range a.Concepts {
		if v := s.t.Vec(c.Word); v != nil && q.idf[ci] > 0 {
			s.vecs = append(s.vecs, v)
			s.w = append(s.w, q.idf[ci])
		}
	}
	if s.mean = wordvec.Mean(s.vecs, s.w); s.mean == nil {
		return nil
	}
	return s
}

// fork is s with scratch of its own, for another goroutine.
func (s *sense) fork() *sense {
	if s == nil {
		return nil
	}
	c := *s
	c.line, c.lmean = nil, nil
	return &c
}

// of computes FSense, the cosine of the question's mean vector and the
// NAME line's, whose words the table knows are rows (see lineWords), and
// FSenseWord, how close each question word comes to some word of the
// NAME line, averaged. Both are 0 without vectors.
func (s *sense) of(rows []int32) (sense, word float64) {
	if s == nil {
		return 0, 0
	}
	line := s.line[:0]
	for _, row := range rows {
		line = append(line, s.t.RowVec(row))
	}
	s.line = line
	if len(line) == 0 {
		return 0, 0
	}
	s.lmean = wordvec.MeanTo(s.lmean, line, nil)
	sense = wordvec.Dot(s.mean, s.lmean)
	var sum, mass float64
	for k, qv := range s.vecs {
		best := -1.0
		for _, lv := range line {
			best = max(best, wordvec.Cos(qv, lv))
		}
		sum += s.w[k] * best
		mass += s.w[k]
	}
	return sense, sum / mass
}
