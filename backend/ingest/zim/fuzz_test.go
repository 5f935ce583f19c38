package zim

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/internal/termesc"
	"github.com/ragman-dev/ragman/testutil/testzim"
)

// fuzzDeadline bounds one input; real articles convert in well under a
// millisecond each.
const fuzzDeadline = 10 * time.Second

// FuzzConvert feeds arbitrary HTML to the converter: it must not panic,
// must finish in bounded time and must keep control characters and escape
// sequences out of the document. Run it with
//
//	go test -run '^$' -fuzz '^FuzzConvert$' -fuzztime 2m ./backend/ingest/zim/
func FuzzConvert(f *testing.F) {
	for _, s := range []string{
		`<h1>T</h1><p>para</p><h2>S</h2><ul><li>a<li>b</ul><ol><li>c</ol><dl><dt>t<dd>d</dl><pre>x\ny</pre>`,
		`<table><tr><td>a<td>b<tr><td><table><td>c</table></table>`,
		"<p>\x1b[31mred\x1b]0;t\x07 &#27;[2J \u009b1m \u202e</p><pre>\x1b[1m</pre>",
		`<nav><nav></nav>x</nav><div hidden><div></div></div><head><title>x<body>y`,
		`<dl><dt>a<dt>b<dd><pre>p</pre><dd>c</dl><h3><p>x</h3>`,
	} {
		f.Add([]byte(s), "Title")
	}
	f.Fuzz(func(t *testing.T, src []byte, title string) {
		start := time.Now()
		pg := convert(src, title)
		if d := time.Since(start); d > fuzzDeadline {
			t.Fatalf("%v for %d bytes", d, len(src))
		}
		a := &Archive{ns: 'C', book: "fuzz"}
		d := a.document(Article{Path: "C/x", Title: termesc.OneLine(title)}, src)
		if d != nil {
			checkClean(t, d)
		}
		for _, s := range pg.sections {
			for _, b := range s.Blocks {
				if strings.ContainsAny(b.Text+b.Term+s.Title, "\x1b\x07\u009b") {
					t.Fatalf("escape kept: %q", b.Text)
				}
			}
		}
	})
}

// seedArchives are small archives of every layout and compression.
func seedArchives(f *testing.F) [][]byte {
	dir := f.TempDir()
	var out [][]byte
	for i, c := range []struct {
		major, minor uint16
		ns, comp     byte
	}{{5, 0, 'A', testzim.XZ}, {6, 0, 'A', testzim.Zstd}, {6, 1, 'C', testzim.None}, {6, 1, 'C', testzim.Zstd}} {
		path := filepath.Join(dir, "seed.zim")
		ns := string(c.ns)
		err := testzim.WriteArchive(path, testzim.Archive{Major: c.major, Minor: c.minor, Compression: c.comp, ClusterSize: 40,
			MainPage: ns + "/Main", Entries: []testzim.Entry{
				{Namespace: c.ns, Path: "Main", Title: "Main", MIME: "text/html", Content: []byte(`<a href="P">P</a>`)},
				{Namespace: c.ns, Path: "P", Title: "Page \x1b[1m", MIME: "text/html", Content: []byte("<h2>S</h2><p>text</p><pre>c</pre>")},
				{Namespace: c.ns, Path: "R", Title: "Other name", Redirect: ns + "/P"},
				{Namespace: 'M', Path: "Language", MIME: "text/plain", Content: []byte("eng")},
			}})
		if err != nil {
			f.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, data)
		if i == 0 {
			out = append(out, data[:len(data)/2], data[:90])
		}
	}
	return out
}

// FuzzArchive feeds arbitrary files to the reader, as a build reads them:
// Open, List, Read every cluster, a title lookup. It must not panic (gozim
// trusts some offsets; Open checks the tables and safely turns what is
// left into errors) and every document must be clean. Run it with
//
//	go test -run '^$' -fuzz '^FuzzArchive$' -fuzztime 2m ./backend/ingest/zim/
func FuzzArchive(f *testing.F) {
	for _, s := range seedArchives(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "fuzz.zim")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		// an input that never ends must still be caught, and saved: the
		// fuzzer keeps the input of a worker that dies
		watchdog := time.AfterFunc(fuzzDeadline, func() {
			panic(fmt.Sprintf("more than %v reading %d bytes", fuzzDeadline, len(data)))
		})
		defer watchdog.Stop()
		readEverything(t, path)
	})
}
