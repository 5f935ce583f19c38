package info

import (
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
)

// The concept index of the real coreutils manual becomes the keys of the
// blocks it points to: a node's first paragraph for entries at its top, an
// option's block for entries under its @item.
func TestIndexKeys(t *testing.T) {
	docs := read(t, "testdata/real", Manual{Name: "coreutils", File: "coreutils.info.gz"})
	nohup := byTitle(t, docs, "nohup invocation")
	first := nohup.Sections[0].Blocks[0]
	if !strings.HasPrefix(first.Text, "‘nohup’ runs the given COMMAND") {
		t.Fatalf("first block %q", first.Text)
	}
	for _, k := range []string{"logging out and continuing to run", "hangups, immunity to"} {
		if !slices.Contains(first.Keys, k) {
			t.Errorf("nohup's first block lacks key %q: %q", k, first.Keys)
		}
	}
	df := byTitle(t, docs, "df invocation")
	if b := findKey(df, "inode usage"); b == nil || !strings.Contains(b.Text, "inode usage information") {
		t.Errorf("df: \"inode usage\" on %+v", b)
	}
	total := 0
	for _, d := range docs {
		for _, s := range d.Sections {
			for _, b := range s.Blocks {
				total += len(b.Keys)
				for _, k := range b.Keys {
					// option entries and repeat numbers are not keys
					if strings.HasPrefix(k, "-") || strings.HasSuffix(k, ">") {
						t.Errorf("%s: key %q", d.Title, k)
					}
				}
				if len(b.Keys) > maxKeys {
					t.Errorf("%s: %d keys", d.Title, len(b.Keys))
				}
			}
		}
	}
	if total < 1000 {
		t.Errorf("%d keys in coreutils, want the concept index's", total)
	}
}

func findKey(d *document.Document, key string) *document.Block {
	for si := range d.Sections {
		for bi := range d.Sections[si].Blocks {
			if b := &d.Sections[si].Blocks[bi]; slices.Contains(b.Keys, key) {
				return b
			}
		}
	}
	return nil
}

func TestIndexEntries(t *testing.T) {
	ls := splitLines(strings.Join([]string{
		"* Menu:",
		"",
		"* hangups, immunity to:                  nohup invocation.    (line   6)",
		"* --delete:                              tr invocation.       (line  38)",
		"* conflicts with shell built-ins <8>:    sleep invocation.    (line  40)",
		"* \x7fodd: name\x7f:                            Quoting.             (line  3)",
		"* no line reference:                     Quoting.",
		"* bad line:                              Quoting.             (line x)",
		"* a long entry that makeinfo wraps because it does not fit: tr invocation.",
		"                                                               (line  12)",
	}, "\n"))
	b := &builder{secs: []document.Section{{Title: "Index", Level: 1}}}
	b.run(ls)
	got := b.index
	want := []indexEntry{
		{"hangups, immunity to", "nohup invocation", 6},
		{"conflicts with shell built-ins", "sleep invocation", 40},
		{"odd: name", "Quoting", 3},
		{"a long entry that makeinfo wraps because it does not fit", "tr invocation", 12},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}
