package tldr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// fixtures is the hand-written page cache in the repository's testdata.
var fixtures = filepath.Join("..", "..", "..", "testdata", "fixtures", "tldr")

// hostileSeeds aim at the cleaning and at the placeholder scanner.
var hostileSeeds = []string{
	"# x\x1b]0;title\x07\n\n> a\x1b[31mred\x1b[0m \u202eevil\u202c\n\n- do\x00 it:\n\n`x \x9b31m {{a\x1b[2Jb}}`\n",
	"\ufeff# x\r\n> y\r\n- z:\r\n`x {{[-a|--all]}} \\{\\{ {{{b}}} }}}`\r\n",
	"# x\n- y\n`{{{{{{{{{{{{{{{{{{{{{{{{`\n`}}}}}}}}{{\\}\\}}}`\n`\\{\\{\\}\\}{{\\}\\}}}`\n",
	"# x\n- [a][b]E[x][\xff]\xc2\x85:\n``` `` ```\n`\xed\xa0\x80`\n`\t{{[-|--]}}\t`\n",
	"# \n#\n## x\n> More information: <javascript:alert(1)>.\n> Plus : <https://x.org>.\n",
}

// FuzzParse feeds arbitrary pages to Parse: it must not panic, and what
// it returns must be clean text (valid UTF-8, no control, escape or
// format characters) with at least one example. Seeds are the fixture
// pages and hostile inputs; run it with
//
//	go test -run '^$' -fuzz FuzzParse -fuzztime 1m ./backend/ingest/tldr/
func FuzzParse(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join(fixtures, "*", "*", "*.md"))
	if err != nil {
		f.Fatal(err)
	}
	if len(seeds) == 0 {
		f.Fatal("no fixture pages under", fixtures)
	}
	for _, s := range seeds {
		src, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range hostileSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := Parse("pages/common/fuzz.md", strings.NewReader(string(src)))
		if err != nil {
			if d != nil {
				t.Errorf("a document with an error: %v", err)
			}
			return
		}
		checkClean(t, d)
		ex := d.Find("EXAMPLES")
		if d.Title == "" || ex == nil || len(ex.Blocks) == 0 {
			t.Fatalf("title %q, examples %v", d.Title, ex)
		}
		for _, b := range ex.Blocks {
			if b.Kind != document.Item || b.Term == "" {
				t.Errorf("example %+v", b)
			}
		}
	})
}

// checkClean fails t for any text of d that is not valid UTF-8 or holds
// a control character (tabs included: they become spaces), an ESC or a
// format character such as a bidi override.
func checkClean(t *testing.T, d *document.Document) {
	t.Helper()
	check := func(what, s string) {
		t.Helper()
		if !utf8.ValidString(s) {
			t.Errorf("%s %q: invalid UTF-8", what, s)
			return
		}
		for _, r := range s {
			if unicode.IsControl(r) || termesc.IsFormat(r) || r == utf8.RuneError {
				t.Errorf("%s %q: holds %U", what, s, r)
				return
			}
		}
	}
	check("title", d.Title)
	check("label", d.Label)
	check("summary", d.Summary)
	check("url", d.URL)
	for _, n := range d.Names {
		check("name", n)
	}
	for _, s := range d.Sections {
		check("section", s.Title)
		for _, b := range s.Blocks {
			check("term", b.Term)
			check("text", b.Text)
		}
	}
}
