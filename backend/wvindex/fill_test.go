package wvindex_test

import (
	"os"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/wvindex"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

// A page's objects hold every block of it once, in order, packed up to
// about 2000 tokens, the first with the NAME line; their numbers count
// from 0 and their ids differ.
func TestChunks(t *testing.T) {
	r := testindex.Must(t, testindex.Fixture)
	packed := false
	for id := range r.NumDocs() {
		m := r.Meta(id)
		doc, err := r.Load(id)
		if err != nil {
			t.Fatal(err)
		}
		cs := wvindex.Chunks(m, doc, r.Blocks(id), "en")
		if len(cs) == 0 {
			t.Fatalf("%s: no objects", m.Label)
		}
		first, _, _ := strings.Cut(cs[0].Text, "\n")
		name := m.Title
		if len(m.Names) > 0 {
			name = m.Names[0]
		}
		if !strings.HasPrefix(first, name) || !strings.Contains(first, m.Summary) {
			t.Fatalf("%s: first object does not start with the NAME line: %+v", m.Label, cs)
		}
		ids := map[string]bool{}
		var all strings.Builder
		for i, c := range cs {
			if c.N != i || c.Ref != m.Ref || c.Alias != m.Alias || c.Language != "en" || ids[c.ID()] {
				t.Fatalf("%s: object %d is %+v", m.Label, i, c)
			}
			ids[c.ID()] = true
			if i > 0 && len(strings.Fields(c.Text)) > 3000 {
				t.Errorf("%s: object %d holds %d words", m.Label, i, len(strings.Fields(c.Text)))
			}
			all.WriteString(c.Text + "\n")
		}
		if idx := r.Blocks(id); len(idx) > 0 && len(cs) < idx[len(idx)-1].Chunk+1 {
			packed = true
		}
		at := 0
		for _, sec := range doc.Sections {
			for _, b := range sec.Blocks {
				i := strings.Index(all.String()[at:], b.Text)
				if i < 0 {
					t.Fatalf("%s: block %q is missing or out of order", m.Label, b.Text[:min(40, len(b.Text))])
				}
				at += i + len(b.Text)
			}
		}
	}
	if !packed {
		t.Error("no page packed two of the index's chunks into one object")
	}
}
