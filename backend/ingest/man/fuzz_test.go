package man

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
)

// fuzzDeadline bounds one parse. Real pages take well under a millisecond
// each (thousands of pages per second); the margin is for the fuzzer's
// instrumentation and a loaded machine.
const fuzzDeadline = 10 * time.Second

// hostileSeeds are small inputs aimed at the reader's limits: escapes that
// name control characters, raw escape sequences, runaway macros, strings
// and includes, broken tables.
var hostileSeeds = []string{
	".TH X 1\n.SH NAME\nx \\- \\N'27'[31mred\\N'155'2J\n.SH DESCRIPTION\n\\[u001B]]0;title\\[u0007] \\[char27]c \\C'u009B'\n",
	".TH X 1\n.SH NAME\nx \\- raw \x1b[1mbold\x1b[0m \x9b31m \x07\x08\n.SH BODY\n.nf\n\x1b]8;;http://x\x1b\\\\link\n.fi\n",
	".de A\n.A\n..\n.A\n",
	".ds a \\*a\\*a\n.ds b \\*b\\*b\\*b\n\\*a\\*b\n",
	".de L\n.L\n.L\n..\n.L\n",
	".so man1/x.1\n",
	".TS\nallbox tab(:);\nc s s\nl l l.\nT{\n\\N'27'x\nT}:a\tb:\\N'1'\n.TE\n",
	".Dd $Mdocdate$\n.Dt X 1\n.Sh NAME\n.Nm x\n.Nd \\N'27'y\n.Sh DESCRIPTION\n.Bl -tag\n.It Fl a Ar \\N'127'\n.El\n.Bd -literal\n\t\\N'27'[0m\n.Ed\n",
	".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.nr x 1 1\n.while \\n+x .nr y 1\n\\*(Aq\\w'\\*(Aq'\\h'5m'\\o'ab'\\Z'c'\n",
	".TH X 1\n.SH NAME\nx \\- a\\\x1b[31m b\\\xc2\x9b c \\\x7f \\*\x1b \\f\x1b \\n\x1b\n.SH \x1bA\\\x1b\n.tr a\xc2\x85\naaa\n",
	".TH X 1\n.SH NAME\nx \\- \\(a\xc1 \\s(\xc10 \\A\xc1x\xc1 \\C\xf4\n.ie \xff\xff\xff\n.nr x \"\"\n",
	".TH X 1\n.SH NAME\nx \\- y\n.SH A\n.TP\n.TP\n.IP \\N'27'\n.RS\n.RS\n.RE\n.UR \\N'27'\n.UE\n.MT a\n.ME \\N'27'\n",
}

// FuzzParse feeds arbitrary roff to the reader: man(7), mdoc(7), tbl and
// .so includes (every include resolves to the second input). The reader
// must not panic (parse turns a panic into an "internal error"), must
// finish in bounded time, and must keep control characters and escape
// sequences out of the document. Seeds are real pages of each kind in
// testdata/seeds and hostile inputs; run it with
//
//	go test -run '^$' -fuzz FuzzParse -fuzztime 2m ./backend/ingest/man/
func FuzzParse(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "seeds", "*"))
	if err != nil {
		f.Fatal(err)
	}
	var ctan []byte
	for _, s := range seeds {
		src, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		if filepath.Base(s) == "ctan.3" {
			ctan = src
		}
		f.Add(src, []byte(nil))
	}
	f.Add([]byte(".so man3/ctan.3\n"), ctan)
	for _, s := range hostileSeeds {
		f.Add([]byte(s), []byte(".TH Y 1\n.SH NAME\ny \\- z\n.so y\n"))
	}
	f.Fuzz(func(t *testing.T, src, inc []byte) {
		so := func(string) ([]byte, error) { return inc, nil }
		type res struct {
			d    *document.Document
			info pageInfo
			err  error
		}
		done := make(chan res, 1)
		start := time.Now()
		go func() {
			d, info, err := parse(src, so)
			done <- res{d, info, err}
		}()
		var r res
		select {
		case r = <-done:
		case <-time.After(fuzzDeadline):
			t.Fatalf("parse of %d+%d bytes still running after %v", len(src), len(inc), fuzzDeadline)
		}
		if r.err != nil {
			if strings.Contains(r.err.Error(), "internal error") {
				t.Fatalf("parse panicked: %v", r.err)
			}
			return
		}
		checkDoc(t, r.d, r.info)
		if el := time.Since(start); el > fuzzDeadline/2 {
			t.Logf("slow: %v for %d+%d bytes", el, len(src), len(inc))
		}
	})
}

// TestSeedsClean runs the real pages of testdata/seeds through the checks
// of FuzzParse, with the parse they get from ReadPage's resolver.
func TestSeedsClean(t *testing.T) {
	root := filepath.Join("testdata", "seeds")
	seeds, _ := filepath.Glob(filepath.Join(root, "*"))
	if len(seeds) == 0 {
		t.Fatal("no seeds")
	}
	for _, s := range seeds {
		src, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		d, info, err := parse(src, nil)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		checkDoc(t, d, info)
		if len(d.Names) == 0 || d.Summary == "" || !hasBody(d) {
			t.Errorf("%s: names %q, summary %q, body %v", s, d.Names, d.Summary, hasBody(d))
		}
	}
}

// checkDoc checks what every document must satisfy, whatever the input:
// valid UTF-8, no control characters (so no escape sequences) except line
// breaks and tabs in blocks other than paragraphs (preformatted text, table
// rows and cells, the paragraphs of an item), one-line fields where the
// document package says one line, and bounded size.
func checkDoc(t *testing.T, d *document.Document, info pageInfo) {
	t.Helper()
	check := func(what, s string, newline, tab bool) {
		t.Helper()
		if !utf8.ValidString(s) {
			t.Errorf("%s: invalid UTF-8: %q", what, s)
		}
		for _, r := range s {
			if r == '\n' && newline || r == '\t' && tab {
				continue
			}
			if unicode.IsControl(r) {
				t.Errorf("%s: control character %U in %q", what, r, clipString(s))
				return
			}
		}
	}
	check("name line", info.nameLine, true, true) // internal: only Names and Summary are one line
	check("summary", d.Summary, false, false)
	for _, n := range d.Names {
		check("name", n, false, false)
	}
	size := len(d.Summary) + len(info.nameLine)
	for _, s := range d.Sections {
		check("section title", s.Title, false, false)
		size += len(s.Title)
		for _, b := range s.Blocks {
			// an item's text is its paragraphs, one a line, and may hold
			// preformatted text
			multi := b.Kind != document.Para
			check(b.Kind.String()+" term", b.Term, false, false)
			check(b.Kind.String()+" text", b.Text, multi, multi)
			size += len(b.Term) + len(b.Text)
		}
	}
	if size > 2*maxOutput {
		t.Errorf("document of %d bytes, the reader keeps at most about %d", size, maxOutput)
	}
}

func clipString(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}
