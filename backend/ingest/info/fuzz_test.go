package info

import (
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary main files and subfiles to the parser. Seeds
// are in testdata/fuzz/FuzzParse; run it with
//
//	go test -fuzz FuzzParse -fuzztime 3m ./backend/ingest/info/
func FuzzParse(f *testing.F) {
	f.Add([]byte("\x1f\nFile: a.info,  Node: Top\n\nText.\n"), []byte(nil))
	f.Fuzz(func(t *testing.T, main, part []byte) {
		docs := parse("fuzz", main, part)
		refs := map[string]bool{}
		for _, d := range docs {
			checkClean(t, d)
			if refs[d.Ref] {
				t.Errorf("duplicate ref %q", d.Ref)
			}
			refs[d.Ref] = true
			if !strings.HasPrefix(d.Ref, "(fuzz)") {
				t.Errorf("ref %q", d.Ref)
			}
		}
	})
}
