// Package wordvec holds word vectors learned from manual pages: words that
// the manuals use in the same company ("printable" and "readable",
// "uppercase" and "lowercase") get vectors that point the same way. The
// answerer uses them to see that a page's NAME line says what the question
// says in other words, which neither the index nor the thesaurus can.
//
// The vectors are learned offline (gen/) from the pages of a Debian system
// and embedded; they are a lexical resource like the thesaurus, not a
// statistic of the machine they run on.
package wordvec

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
)

// Table maps words to unit vectors, stored as signed bytes (a component
// times 127) to keep the binary small.
type Table struct {
	Dim   int
	words map[string]int32
	vecs  []int8 // len(words) * Dim
}

const magic = "ragman-wordvec 1\n"

// Len is the number of words.
func (t *Table) Len() int { return len(t.words) }

// Vec is the vector of w, or nil.
func (t *Table) Vec(w string) []int8 { return t.VecBytes([]byte(w)) }

// VecBytes is Vec for a word in a scratch buffer.
func (t *Table) VecBytes(w []byte) []int8 {
	i, ok := t.words[string(w)]
	if !ok {
		return nil
	}
	return t.vecs[int(i)*t.Dim : int(i+1)*t.Dim]
}

// Row is the row of w's vector in the table, -1 where it has none: a
// caller that reads the same words again keeps rows, not strings.
func (t *Table) Row(w []byte) int32 {
	i, ok := t.words[string(w)]
	if !ok {
		return -1
	}
	return i
}

// RowVec is the vector of a row Row gave.
func (t *Table) RowVec(i int32) []int8 { return t.vecs[int(i)*t.Dim : int(i+1)*t.Dim] }

// Cos is the cosine of two vectors of the table.
func Cos(a, b []int8) float64 {
	var s int32
	for i := range a {
		s += int32(a[i]) * int32(b[i])
	}
	return float64(s) / (127 * 127)
}

// Mean is the normalised weighted sum of vectors (equal weights when w is
// nil), or nil when it is zero.
func Mean(vs [][]int8, w []float64) []float64 { return MeanTo(nil, vs, w) }

// MeanTo is Mean written over buf's array when it has room, for a caller
// that takes the mean of many lines.
func MeanTo(buf []float64, vs [][]int8, w []float64) []float64 {
	if len(vs) == 0 {
		return nil
	}
	var m []float64
	if n := len(vs[0]); cap(buf) >= n {
		m = buf[:n]
		clear(m)
	} else {
		m = make([]float64, n)
	}
	for k, v := range vs {
		wk := 1.0
		if w != nil {
			wk = w[k]
		}
		for i, x := range v {
			m[i] += wk * float64(x)
		}
	}
	var n float64
	for _, x := range m {
		n += x * x
	}
	n = math.Sqrt(n)
	if n == 0 {
		return nil
	}
	for i := range m {
		m[i] /= n
	}
	return m
}

// Dot is the cosine of two means.
func Dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// Write stores t: the magic line, the dimension and the word count as
// uvarints, then per word its length, its bytes and its vector.
func (t *Table) Write(w io.Writer) error {
	words := make([]string, len(t.words))
	for word, i := range t.words {
		words[i] = word
	}
	var buf bytes.Buffer
	buf.WriteString(magic)
	buf.Write(binary.AppendUvarint(nil, uint64(t.Dim)))
	buf.Write(binary.AppendUvarint(nil, uint64(len(words))))
	for i, word := range words {
		buf.WriteByte(byte(len(word)))
		buf.WriteString(word)
		for _, x := range t.vecs[i*t.Dim : (i+1)*t.Dim] {
			buf.WriteByte(byte(x))
		}
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// Parse reads what Write stored. A damaged table is an error, never a
// panic.
func Parse(b []byte) (*Table, error) {
	if !bytes.HasPrefix(b, []byte(magic)) {
		return nil, errors.New("wordvec: not a vector table")
	}
	b = b[len(magic):]
	dim, n := binary.Uvarint(b)
	if n <= 0 || dim == 0 || dim > 1024 {
		return nil, errors.New("wordvec: bad dimension")
	}
	b = b[n:]
	count, n := binary.Uvarint(b)
	if n <= 0 || count > uint64(len(b)) {
		return nil, errors.New("wordvec: bad word count")
	}
	b = b[n:]
	t := &Table{Dim: int(dim), words: make(map[string]int32, count), vecs: make([]int8, 0, int(count)*int(dim))}
	for i := range int(count) {
		if len(b) < 1 || len(b) < 1+int(b[0])+int(dim) {
			return nil, fmt.Errorf("wordvec: word %d truncated", i)
		}
		l := int(b[0])
		word := string(b[1 : 1+l])
		if l == 0 {
			return nil, fmt.Errorf("wordvec: word %d empty", i)
		}
		if _, dup := t.words[word]; dup {
			return nil, fmt.Errorf("wordvec: word %q twice", word)
		}
		t.words[word] = int32(i)
		for _, x := range b[1+l : 1+l+int(dim)] {
			t.vecs = append(t.vecs, int8(x))
		}
		b = b[1+l+int(dim):]
	}
	if len(b) != 0 {
		return nil, errors.New("wordvec: trailing bytes")
	}
	return t, nil
}

//go:embed vectors.bin
var embedded []byte

// Default is the embedded table, parsed on first use. It is nil only if
// the embedded file is damaged, which a test rules out.
var Default = sync.OnceValue(func() *Table {
	t, err := Parse(embedded)
	if err != nil {
		return nil
	}
	return t
})
