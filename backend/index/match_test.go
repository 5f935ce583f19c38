package index

import (
	"encoding/binary"
	"slices"
	"testing"
)

// TestBlockMatch checks Match against a plain walk of a block's terms,
// with gaps of one, two and three varint bytes.
func TestBlockMatch(t *testing.T) {
	ids := []int{3, 5, 130, 131, 20000, 20100, 3000000}
	var data []byte
	prev := 0
	for _, id := range ids {
		data = binary.AppendUvarint(data, uint64(id-prev))
		prev = id
	}
	b := Block{terms: data, n: len(ids)}
	for _, query := range [][]int{
		nil, {3}, {4}, {5, 130}, {129, 131, 132}, {131, 20000}, {20100}, {3000000}, {2, 20001, 3000001}, ids,
	} {
		var got []int
		b.Match(query, func(k int) { got = append(got, query[k]) })
		var want []int
		b.Terms(func(id int) bool {
			if slices.Contains(query, id) {
				want = append(want, id)
			}
			return true
		})
		if !slices.Equal(got, want) {
			t.Errorf("Match(%v) = %v, want %v", query, got, want)
		}
	}
	// a block whose data ends early matches what it holds
	short := Block{terms: data[:len(data)-1], n: len(ids)}
	var got []int
	short.Match(ids, func(k int) { got = append(got, ids[k]) })
	if !slices.Equal(got, ids[:len(ids)-1]) {
		t.Errorf("truncated Match = %v, want %v", got, ids[:len(ids)-1])
	}
}

// Docs yields the documents of Postings, and stops where they stop: at
// the end, or at data they cannot read.
func TestDocs(t *testing.T) {
	r := build(t, t.TempDir(), testDocs(), make([]Facts, len(testDocs())))
	for id := range r.NumTerms() {
		var want []int
		for p := range r.Postings(id) {
			want = append(want, p.Doc)
		}
		if got := slices.Collect(r.Docs(id)); !slices.Equal(got, want) {
			t.Errorf("term %q: Docs %v, Postings' documents %v", r.TermString(id), got, want)
		}
	}
	// three postings, of documents 2, 5 and 200: a mask with a bit past
	// the fields, then one cut short
	data := []byte{3, 0b0010_0101, 7, 1}
	data = append(data, 3, 0b0000_0010, 9)
	data = append(data, binary.AppendUvarint(nil, 195)...)
	data = append(data, 0b0001_0001, 4)
	for cut := range len(data) + 1 {
		r := &Reader{post: data[:cut], postOff: []uint64{0, uint64(cut)}}
		var want []int
		for p := range r.Postings(0) {
			want = append(want, p.Doc)
		}
		if got := slices.Collect(r.Docs(0)); !slices.Equal(got, want) {
			t.Errorf("the first %d bytes: Docs %v, Postings' documents %v", cut, got, want)
		}
	}
}
