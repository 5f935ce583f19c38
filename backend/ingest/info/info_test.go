package info

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
)

// systemInfo is where Debian installs info manuals; tests that read the
// machine's manuals skip when it is absent.
const systemInfo = "/usr/share/info"

func read(t *testing.T, dir string, m Manual) []*document.Document {
	t.Helper()
	docs, err := Read(dir, m)
	if err != nil {
		t.Fatalf("Read(%s): %v", m.File, err)
	}
	return docs
}

func byTitle(t *testing.T, docs []*document.Document, title string) *document.Document {
	t.Helper()
	for _, d := range docs {
		if d.Title == title {
			return d
		}
	}
	t.Fatalf("no node %q among %d", title, len(docs))
	return nil
}

func titles(docs []*document.Document) []string {
	var out []string
	for _, d := range docs {
		out = append(out, d.Title)
	}
	return out
}

// findBlock returns the first block of d, in any section, with the kind
// and whose term (items) or text (others) is want.
func findBlock(d *document.Document, kind document.BlockKind, want string) *document.Block {
	for _, s := range d.Sections {
		for i, b := range s.Blocks {
			if b.Kind != kind {
				continue
			}
			if kind == document.Item && b.Term == want || kind != document.Item && b.Text == want {
				return &s.Blocks[i]
			}
		}
	}
	return nil
}

func mustBlock(t *testing.T, d *document.Document, kind document.BlockKind, want string) *document.Block {
	t.Helper()
	b := findBlock(d, kind, want)
	if b == nil {
		t.Fatalf("%s: no %s block %q in:\n%s", d.Ref, kind, want, d.Text())
	}
	return b
}

// checkClean asserts what every document must satisfy whatever its input.
func checkClean(t *testing.T, d *document.Document) {
	t.Helper()
	fields := []string{d.Ref, d.Label, d.Title, d.Summary}
	fields = append(fields, d.Names...)
	for _, s := range d.Sections {
		fields = append(fields, s.Title)
		for _, b := range s.Blocks {
			fields = append(fields, b.Term, b.Text)
			if b.Kind != document.Code && strings.Contains(b.Text, "\n") {
				t.Errorf("%s: %s block holds a line break: %q", d.Ref, b.Kind, b.Text)
			}
		}
	}
	for _, f := range fields {
		if !utf8.ValidString(f) {
			t.Errorf("%s: invalid UTF-8: %q", d.Ref, f)
		}
		for _, r := range f {
			if r != '\n' && unicode.IsControl(r) {
				t.Errorf("%s: control character %U in %q", d.Ref, r, f)
				break
			}
		}
	}
	if d.Type != "info" || d.Title == "" || d.Ref == "" || len(d.Sections) == 0 || d.Sections[0].Title != d.Title || d.Sections[0].Level != 1 {
		t.Errorf("malformed document %+v", d)
	}
	if strings.Contains(d.Summary, "\n") || utf8.RuneCountInString(d.Summary) > maxSummary+1 {
		t.Errorf("%s: summary %q", d.Ref, d.Summary)
	}
}

func TestBlocks(t *testing.T) {
	docs := read(t, "testdata/blocks", Manual{Name: "blocks", File: "blocks.info"})
	// The repeated "Color names", the headerless segment and the index are
	// left out.
	if got, want := titles(docs), []string{"Top", "frob invocation", "Color names"}; !slices.Equal(got, want) {
		t.Fatalf("nodes %q, want %q", got, want)
	}
	for _, d := range docs {
		checkClean(t, d)
	}

	top := docs[0]
	if top.Ref != "(blocks)Top" || top.Label != "blocks: Top" || top.Language != "en" || top.Names != nil {
		t.Errorf("top: %+v", top)
	}
	if top.Summary != "This manual tests the reader, e.g. its summaries." {
		t.Errorf("top summary %q", top.Summary)
	}
	if b := mustBlock(t, top, document.Item, "Colors"); b.Text != "Naming colors." {
		t.Errorf("menu entry text %q", b.Text)
	}
	mustBlock(t, top, document.Item, "frob invocation")
	if findBlock(top, document.Item, "Examples") != nil {
		t.Error("the detailed node listing was kept")
	}

	frob := docs[1]
	if !slices.Equal(frob.Names, []string{"frob"}) {
		t.Errorf("names %q", frob.Names)
	}
	if frob.Summary != "‘frob’ frobs the named files." {
		t.Errorf("summary %q", frob.Summary)
	}
	if len(frob.Sections) != 3 {
		t.Fatalf("sections %d:\n%s", len(frob.Sections), frob.Text())
	}
	if s := frob.Sections[1]; s.Title != "Examples" || s.Level != 2 {
		t.Errorf("section %q level %d", s.Title, s.Level)
	}
	if s := frob.Find("Footnotes"); s == nil || len(s.Blocks) != 1 || s.Blocks[0].Text != "(1) A footnote." {
		t.Errorf("footnotes %+v", s)
	}
	// The node's own heading titles it and is not repeated as a section.
	if frob.Find("Running ‘frob’") != nil {
		t.Error("leading heading kept as a section")
	}
	mustBlock(t, frob, document.Code, "frob [OPTION]... FILE...")
	mustBlock(t, frob, document.Para, "The program accepts the following options. Also see Color names.")
	if b := mustBlock(t, frob, document.Item, "-c, --color=WHEN"); b.Text != "Colorize the output. See Colors." {
		t.Errorf("-c text %q", b.Text)
	}
	if b := mustBlock(t, frob, document.Item, "-q"); b.Text != "Be quiet. Even quieter with ‘-qq’." {
		t.Errorf("-q text %q", b.Text)
	}
	mustBlock(t, frob, document.Code, "frob -qq a.txt")
	mustBlock(t, frob, document.Para, "Frob one file:")
	mustBlock(t, frob, document.Code, "frob a.txt")
	mustBlock(t, frob, document.Para, "Frob verbosely, as shown (see frob invocation).")
	mustBlock(t, frob, document.Para, "1. First step.")
	mustBlock(t, frob, document.Para, "2. Second step.")
	if b := mustBlock(t, frob, document.Item, "Function: int frob (const char *NAME, int FLAGS), Function: int frob_all (void)"); b.Text != "Frob NAME from C." {
		t.Errorf("deffn text %q", b.Text)
	}
	mustBlock(t, frob, document.Code, "Name      Meaning\n-------------------\nred       warm\nblue      cold")
	mustBlock(t, frob, document.Para, "Figure 1.1: Frob")
	if strings.Contains(frob.Text(), "image") || strings.Contains(frob.Text(), "frob.png") {
		t.Error("image markup kept")
	}

	colors := docs[2]
	if colors.Summary != "Colors are named (see How to frob)." {
		t.Errorf("summary %q", colors.Summary)
	}
	mustBlock(t, colors, document.Para, "Colors are named (see How to frob). See the manual of (see (coreutils)dircolors invocation).")
}

func TestSplitManual(t *testing.T) {
	ms, err := Scan("testdata/split")
	if err != nil {
		t.Fatal(err)
	}
	want := []Manual{{Name: "demo", File: "demo.info.gz", Parts: []string{"demo.info-1.gz", "demo.info-2.gz"}}}
	if !slices.EqualFunc(ms, want, func(a, b Manual) bool {
		return a.Name == b.Name && a.File == b.File && slices.Equal(a.Parts, b.Parts)
	}) {
		t.Fatalf("Scan = %+v, want %+v", ms, want)
	}
	docs := read(t, "testdata/split", ms[0])
	if got := titles(docs); !slices.Equal(got, []string{"Top", "First", "Second"}) {
		t.Fatalf("nodes %q", got)
	}
	if d := docs[2]; d.Ref != "(demo)Second" || d.Summary != "The second node lives in the second part." {
		t.Errorf("second: %+v", d)
	}
}

func TestSplitManualMissingPart(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"demo.info.gz", "demo.info-1.gz"} {
		copyFile(t, filepath.Join("testdata/split", f), filepath.Join(dir, f))
	}
	docs, err := Read(dir, Manual{Name: "demo", File: "demo.info.gz", Parts: []string{"demo.info-1.gz"}})
	if err == nil || !strings.Contains(err.Error(), "demo.info-2 is missing") {
		t.Errorf("err = %v", err)
	}
	// The nodes that could be read come back with the error.
	if got := titles(docs); !slices.Equal(got, []string{"Top", "First"}) {
		t.Errorf("nodes %q", got)
	}
}

func TestLatin9(t *testing.T) {
	docs := read(t, "testdata/latin", Manual{Name: "euro", File: "euro.info"})
	if len(docs) != 1 {
		t.Fatalf("%d docs", len(docs))
	}
	d := docs[0]
	checkClean(t, d)
	mustBlock(t, d, document.Para, "A café costs 2 € in `Paris'.")
	if b := mustBlock(t, d, document.Item, "-p"); b.Text != "Print the price in €." {
		t.Errorf("item text %q", b.Text)
	}
}

func TestUndeclaredLatin1(t *testing.T) {
	// makeinfo 4 wrote Latin-1 without saying so; invalid UTF-8 means that.
	src := "\x1f\nFile: x.info,  Node: Top,  Up: (dir)\n\nCaf\xe9 au lait.\n"
	docs := parse("x", []byte(src))
	if len(docs) != 1 || docs[0].Summary != "Café au lait." {
		t.Fatalf("%+v", docs)
	}
	// Declared UTF-8 stays UTF-8, with bad bytes dropped.
	docs = parse("x", []byte(src+"\x1f\nLocal Variables:\ncoding: utf-8\nEnd:\n"))
	if len(docs) != 1 || docs[0].Summary != "Caf au lait." {
		t.Fatalf("%+v", docs[0])
	}
}

func TestRealCoreutils(t *testing.T) {
	docs := read(t, "testdata/real", Manual{Name: "coreutils", File: "coreutils.info.gz"})
	if len(docs) < 200 {
		t.Fatalf("%d nodes", len(docs))
	}
	for _, d := range docs {
		checkClean(t, d)
		if d.Title == "Concept index" {
			t.Error("index node kept")
		}
	}
	d := byTitle(t, docs, "chmod invocation")
	if d.Ref != "(coreutils)chmod invocation" || d.Label != "coreutils: chmod invocation" || !slices.Equal(d.Names, []string{"chmod"}) {
		t.Errorf("chmod: ref %q label %q names %q", d.Ref, d.Label, d.Names)
	}
	if d.Summary != "‘chmod’ changes the access permissions of the named files." {
		t.Errorf("summary %q", d.Summary)
	}
	if b := mustBlock(t, d, document.Item, "-c, --changes"); b.Text != "Verbosely describe the action for each FILE whose permissions actually change." {
		t.Errorf("-c: %q", b.Text)
	}
	mustBlock(t, d, document.Item, "-R, --recursive")
	mustBlock(t, d, document.Code, "chmod [OPTION]... {MODE | --reference=REF_FILE} FILE...")
	if b := mustBlock(t, d, document.Item, "--preserve-root"); !strings.HasSuffix(b.Text, "See Treating / specially.") {
		t.Errorf("--preserve-root: %q", b.Text)
	}

	if n := byTitle(t, docs, "Multi-call invocation").Names; n != nil {
		t.Errorf("Multi-call invocation names %q", n)
	}
	top := byTitle(t, docs, "Top")
	mustBlock(t, top, document.Item, "Changing file attributes")
	if findBlock(top, document.Item, "Exit status") != nil {
		t.Error("Top keeps the detailed node listing")
	}
}

func TestRealFind(t *testing.T) {
	ms, err := Scan("testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	var find Manual
	for _, m := range ms {
		if m.Name == "find" {
			find = m
		}
	}
	if find.File != "find.info.gz" || !slices.Equal(find.Parts, []string{"find.info-1.gz", "find.info-2.gz"}) {
		t.Fatalf("find manual %+v in %+v", find, ms)
	}
	docs := read(t, "testdata/real", find)
	// 145 nodes in the tag table, less the "Primary Index".
	if len(docs) != 144 {
		t.Errorf("%d nodes", len(docs))
	}
	d := byTitle(t, docs, "Invoking find")
	if !slices.Equal(d.Names, []string{"find"}) {
		t.Errorf("names %q", d.Names)
	}
	mustBlock(t, d, document.Item, "--help")
	// A compact table (no blank lines between entries) in ASCII quotes.
	f := byTitle(t, docs, "Filesystem Traversal Options")
	if b := mustBlock(t, f, document.Item, "-P"); !strings.HasPrefix(b.Text, "Never follow symbolic links") {
		t.Errorf("-P: %q", b.Text)
	}
	mustBlock(t, f, document.Item, "-L")
	mustBlock(t, f, document.Item, "-H")
	if got := byTitle(t, docs, "Invoking the shell from xargs").Names; got != nil {
		t.Errorf("names %q", got)
	}
}

func TestRealEd(t *testing.T) {
	// makeinfo 4.13 output: ASCII quotes, single spaces after sentences.
	docs := read(t, "testdata/real", Manual{Name: "ed", File: "ed.info.gz"})
	d := byTitle(t, docs, "Invoking ed")
	if !slices.Equal(d.Names, []string{"ed"}) {
		t.Errorf("names %q", d.Names)
	}
	mustBlock(t, d, document.Item, "-s, --script")
	o := byTitle(t, docs, "Overview")
	if o.Summary != "GNU ed is a line-oriented text editor." {
		t.Errorf("summary %q", o.Summary)
	}
}

func TestScan(t *testing.T) {
	dir := t.TempDir()
	node := "\x1f\nFile: x.info,  Node: Top\n\nText.\n"
	files := map[string]string{
		"a.info":      node,
		"b.info.gz":   "",
		"b.info-1.gz": "",
		"b.info-10":   "",
		"b.info-2.gz": "",
		"b.info-2.xz": "",   // the same part twice: gzip is preferred
		"c.info-1":    node, // a part without a main file, with nodes
		"d.info-1":    "no nodes here",
		"e.info.xz":   "",
		"dir":         "",
		"pic.png":     "",
		"notes.txt":   "",
		".info":       "",
		"f.info-x":    "",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "g.info"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.info", filepath.Join(dir, "h.info")); err != nil {
		t.Fatal(err)
	}
	ms, err := Scan(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Manual{
		{Name: "a", File: "a.info"},
		{Name: "b", File: "b.info.gz", Parts: []string{"b.info-1.gz", "b.info-2.gz", "b.info-10"}},
		{Name: "c", File: "c.info-1"},
		{Name: "e", File: "e.info.xz"},
		{Name: "h", File: "h.info"},
	}
	if !slices.EqualFunc(ms, want, func(a, b Manual) bool {
		return a.Name == b.Name && a.File == b.File && slices.Equal(a.Parts, b.Parts)
	}) {
		t.Errorf("Scan:\n got %+v\nwant %+v", ms, want)
	}
	if docs := read(t, dir, Manual{Name: "c", File: "c.info-1"}); len(docs) != 1 || docs[0].Ref != "(c)Top" {
		t.Errorf("orphan part: %+v", docs)
	}
	if _, err := Read(dir, Manual{Name: "e", File: "e.info.xz"}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("xz: %v", err)
	}
	if _, err := Scan(filepath.Join(dir, "missing")); err == nil {
		t.Error("Scan of a missing folder succeeded")
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	write("corrupt.info.gz", []byte("\x1f\x8b\x08\x00garbage"))
	if docs, err := Read(dir, Manual{Name: "corrupt", File: "corrupt.info.gz"}); err == nil || docs != nil {
		t.Errorf("corrupt gzip: %d docs, err %v", len(docs), err)
	}

	// Truncated: the header is fine, the stream ends early.
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(strings.Repeat("\x1f\nFile: t.info,  Node: Top\n\nText.\n", 100)))
	zw.Close()
	write("trunc.info.gz", buf.Bytes()[:buf.Len()/2])
	if _, err := Read(dir, Manual{Name: "trunc", File: "trunc.info.gz"}); err == nil {
		t.Error("truncated gzip read without error")
	}

	// A compression bomb: 64 MiB and one byte of zeros, a few KB packed.
	buf.Reset()
	zw = gzip.NewWriter(&buf)
	zeros := make([]byte, 1<<20)
	for range 64 {
		zw.Write(zeros)
	}
	zw.Write([]byte{0})
	zw.Close()
	write("bomb.info.gz", buf.Bytes())
	if _, err := Read(dir, Manual{Name: "bomb", File: "bomb.info.gz"}); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("bomb: %v", err)
	}

	// An indirect table naming files outside the folder is not followed.
	write("evil.info", []byte("\x1f\nIndirect:\n../secret.info-1: 10\n/etc/passwd: 20\n\x1f\nTag Table:\n(Indirect)\n\x1f\nEnd Tag Table\n"))
	write("../secret.info-1", []byte("\x1f\nFile: s.info,  Node: Secret\n\nText.\n"))
	docs, err := Read(dir, Manual{Name: "evil", File: "evil.info"})
	if err == nil || !strings.Contains(err.Error(), "not a file name") || len(docs) != 0 {
		t.Errorf("evil: %d docs, err %v", len(docs), err)
	}

	if _, err := Read(dir, Manual{Name: "none", File: "none.info"}); err == nil {
		t.Error("missing main file read without error")
	}
}

func TestInvocationName(t *testing.T) {
	for node, want := range map[string]string{
		"chmod invocation":              "chmod",
		"xgettext Invocation":           "xgettext",
		"Invoking grep":                 "grep",
		"Invoking GPG-AGENT":            "gpg-agent",
		"Invoking asn1Parser":           "asn1Parser",
		"b2sum invocation":              "b2sum",
		"Multi-call invocation":         "",
		"Modified command invocation":   "",
		"Invoking the shell from xargs": "",
		"Invoking":                      "",
		"chmod":                         "",
	} {
		got := invocationName(node)
		if want == "" && got != nil || want != "" && !slices.Equal(got, []string{want}) {
			t.Errorf("invocationName(%q) = %q, want %q", node, got, want)
		}
	}
}

func TestRenderXrefs(t *testing.T) {
	for in, want := range map[string]string{
		"*Note Foo::.":                         "See Foo.",
		"a *note Bar: Baz.":                    "a see Bar.",
		"a (*note Bar: Baz.)":                  "a (see Bar)",
		"a *note Bar: Baz, for more":           "a see Bar, for more",
		"*note Bar: Baz.":                      "See Bar.", // @ref opening a sentence
		"see *note Foo::":                      "see Foo",
		"done.  *note Foo::":                   "done.  See Foo",
		"*Note\n     Treating / specially::.":  "See Treating / specially.",
		"a *note Time: (libc)TZ Variable.":     "a see Time.",
		"a *note (coreutils)ls invocation::":   "a see (coreutils)ls invocation",
		"a *note \x7fa:b\x7f: \x7fc.d\x7f.":    "a see a:b.",
		"a *note without colon":                "a see without colon",
		"*note":                                "*note",
		"bold *Note* that":                     "bold *Note* that",
		"a *note Label: never terminated":      "a see Label",
		"a *note x: (unclosed":                 "a see x: (unclosed",
		"text *Note A:: and *note B: C, done.": "text See A and see B, done.",
	} {
		if got := renderXrefs(in); got != want {
			t.Errorf("renderXrefs(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	for in, want := range map[string]string{
		"One.  Two.":                         "One.",
		"One, e.g. this.  Two.":              "One, e.g. this.",
		"Ends at the line end.\nNext one.":   "Ends at the line end.",
		"Uses i.e.\nat a line end.  Two.":    "Uses i.e. at a line end.",
		"French spacing. Second sentence.":   "French spacing.",
		"Version 9.1 of it":                  "Version 9.1 of it",
		"Quoted ‘end.’  Next.":               "Quoted ‘end.’",
		"By P. J. Plauger. Next":             "By P. J. Plauger.",
		"(In brackets.)  Next.":              "(In brackets.)",
		"":                                   "",
		strings.Repeat("word ", 100) + ".":   strings.TrimSpace(strings.Repeat("word ", 40)) + "…",
		strings.Repeat("x", 300):             strings.Repeat("x", 200) + "…",
		"Is it a question?  Yes.":            "Is it a question?",
		"Two  spaces after. one space later": "Two spaces after. one space later",
	} {
		if got := firstSentence(in); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSystemManuals(t *testing.T) {
	if _, err := os.Stat(systemInfo); err != nil {
		t.Skip("no", systemInfo)
	}
	ms, err := Scan(systemInfo)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, m := range ms {
		docs, err := Read(systemInfo, m)
		if errors.Is(err, ErrUnsupported) {
			t.Logf("%s: %v", m.File, err)
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", m.File, err)
		}
		refs := map[string]bool{}
		for _, d := range docs {
			checkClean(t, d)
			if refs[d.Ref] {
				t.Errorf("duplicate ref %s", d.Ref)
			}
			refs[d.Ref] = true
		}
		t.Logf("%-12s %4d nodes", m.Name, len(docs))
		total += len(docs)
	}
	t.Logf("%d manuals, %d nodes", len(ms), total)
}

func BenchmarkSystemManuals(b *testing.B) {
	if _, err := os.Stat(systemInfo); err != nil {
		b.Skip("no", systemInfo)
	}
	for b.Loop() {
		ms, err := Scan(systemInfo)
		if err != nil {
			b.Fatal(err)
		}
		nodes := 0
		for _, m := range ms {
			docs, _ := Read(systemInfo, m)
			nodes += len(docs)
		}
		b.ReportMetric(float64(nodes), "nodes")
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
