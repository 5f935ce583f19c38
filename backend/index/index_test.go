package index

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
)

func testDocs() []*document.Document {
	return []*document.Document{
		{Alias: "man-pages", Type: "man", Ref: "man1/chmod.1.gz", Label: "chmod(1)", Title: "chmod", Names: []string{"chmod"},
			Section: "1", Summary: "change file mode bits",
			Sections: []document.Section{
				{Title: "SYNOPSIS", Level: 1, Blocks: []document.Block{{Kind: document.Code, Text: "chmod [OPTION]... MODE FILE..."}}},
				{Title: "OPTIONS", Level: 1, Blocks: []document.Block{
					{Kind: document.Item, Term: "-R, --recursive", Text: "change files and directories recursively"},
				}},
				{Title: "SEE ALSO", Level: 1, Blocks: []document.Block{{Kind: document.Para, Text: "chown(1), ls(1)"}}},
			}},
		{Alias: "man-pages", Type: "man", Ref: "man1/ls.1.gz", Label: "ls(1)", Title: "ls", Names: []string{"ls", "dir"},
			Section: "1", Summary: "list directory contents",
			Sections: []document.Section{
				{Title: "DESCRIPTION", Level: 1, Blocks: []document.Block{{Kind: document.Para, Text: "List information about the FILEs. See chmod(1)."}}},
			}},
		{Alias: "info-pages", Type: "info", Ref: "(coreutils)ls invocation", Label: "coreutils: ls invocation", Title: "ls invocation",
			Names: []string{"ls"}, Summary: "ls lists information about files.",
			Sections: []document.Section{{Title: "ls invocation", Level: 1, Blocks: []document.Block{{Kind: document.Para, Text: "see chmod(1)"}}}}},
	}
}

func build(t *testing.T, indexDir string, docs []*document.Document, facts []Facts) *Reader {
	t.Helper()
	st, recovered, err := Begin(indexDir)
	if err != nil || len(recovered) != 0 {
		t.Fatal(err, recovered)
	}
	b, err := NewBuilder(st.Dir())
	if err != nil {
		t.Fatal(err)
	}
	p := NewPreparer()
	for i, d := range docs {
		pd, err := p.Prepare(d, facts[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Add(pd); err != nil {
			t.Fatal(err)
		}
	}
	stats, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Commit(Manifest{Engine: "embedded", Documents: stats.Documents, Chunks: stats.Chunks}); err != nil {
		t.Fatal(err)
	}
	r, err := OpenActive(indexDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func TestBuildAndRead(t *testing.T) {
	facts := []Facts{{Command: true, Package: "coreutils", Priority: 6}, {Command: true, Package: "coreutils", Priority: 6}, {Package: "coreutils"}}
	r := build(t, t.TempDir(), testDocs(), facts)
	if r.NumDocs() != 3 || r.Manifest.Documents != 3 {
		t.Fatalf("docs = %d, manifest %d", r.NumDocs(), r.Manifest.Documents)
	}
	id, ok := r.Term(terms.Stem("recursively"))
	if !ok {
		t.Fatal("term recurs missing")
	}
	got := slices.Collect(r.Postings(id))
	if len(got) != 1 || got[0].Doc != 0 || got[0].TF[FieldHeads] != 1 || got[0].TF[FieldBody] != 2 {
		t.Errorf("postings of recurs = %+v", got)
	}
	if _, ok := r.Term("nonexistent"); ok {
		t.Error("found a term never indexed")
	}
	// a caller that stops early is not called again (range over a
	// sequence that kept yielding would panic)
	common, _ := r.Term(terms.Stem("list"))
	if all := slices.Collect(r.Postings(common)); len(all) < 2 {
		t.Fatalf("postings of list = %+v, want two pages or more", all)
	}
	seen := 0
	for range r.Postings(common) {
		seen++
		break
	}
	if seen != 1 {
		t.Errorf("a loop that breaks after one posting saw %d", seen)
	}
	dirID, _ := r.Term("dir")
	for p := range r.Postings(dirID) {
		if p.Doc != 1 || p.TF[FieldName] == 0 {
			t.Errorf("dir posting %+v, want ls by name", p)
		}
	}

	m := r.Meta(1)
	if m.Label != "ls(1)" || m.Summary != "list directory contents" || len(m.Names) != 2 || !m.Command || m.Priority != 6 {
		t.Errorf("Meta(1) = %+v", m)
	}
	// chmod is referred to by coreutils' pages only: one package.
	if c := r.Meta(0); c.Inlinks != 1 {
		t.Errorf("chmod inlinks = %d, want 1", c.Inlinks)
	}
	if info := r.Meta(2); info.Group != 1 {
		t.Errorf("info node group = %d, want ls(1)", info.Group)
	}
	blocks := r.Blocks(0)
	if len(blocks) != 3 || blocks[1].Kind != document.Item || blocks[1].Section != 1 {
		t.Fatalf("blocks = %+v", blocks)
	}
	var stems []string
	blocks[1].Terms(func(id int) bool { stems = append(stems, r.TermString(id)); return true })
	if len(stems) != 4 { // recurs, chang, file, directori
		t.Errorf("block terms = %q", stems)
	}
	d, err := r.Load(0)
	if err != nil || d.Sections[1].Blocks[0].Term != "-R, --recursive" {
		t.Errorf("Load = %+v, %v", d, err)
	}
	if id := m.ChunkID(0); len(id) != len("man-pages:")+64+2 {
		t.Errorf("chunk id %q", id)
	}
}

func TestCrashLeavesActive(t *testing.T) {
	indexDir := t.TempDir()
	first := build(t, indexDir, testDocs(), make([]Facts, 3))
	// A second build that dies before Commit.
	st, _, err := Begin(indexDir)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(st.Dir(), "index.bin"), []byte("half"), 0o644)
	r, err := OpenActive(indexDir)
	if err != nil || r.Manifest.Version != first.Manifest.Version {
		t.Fatalf("OpenActive during a dead build = %v, want the first version", err)
	}
	r.Close()
	_, recovered, err := Begin(indexDir)
	if err != nil || len(recovered) != 1 || recovered[0] != filepath.Base(st.Dir()) {
		t.Errorf("Begin after a crash recovered %q, %v", recovered, err)
	}
}

func TestNoIndex(t *testing.T) {
	if _, err := OpenActive(t.TempDir()); err != ErrNoIndex {
		t.Errorf("OpenActive on an empty folder = %v, want ErrNoIndex", err)
	}
}

func TestCorruptIndexIsAnError(t *testing.T) {
	indexDir := t.TempDir()
	st, _, _ := Begin(indexDir)
	b, _ := NewBuilder(st.Dir())
	p := NewPreparer()
	for _, d := range testDocs() {
		pd, _ := p.Prepare(d, Facts{})
		b.Add(pd)
	}
	b.Finish()
	st.Commit(Manifest{})
	dir, _ := ActiveDir(indexDir)
	path := filepath.Join(dir, "index.bin")
	data, _ := os.ReadFile(path)
	for _, cut := range []int{10, len(data) / 2, len(data) - 9} {
		os.WriteFile(path, data[:cut], 0o644)
		if r, err := Open(dir); err == nil {
			r.Close()
			t.Errorf("Open of index.bin cut at %d succeeded", cut)
		}
	}
}

func TestXrefs(t *testing.T) {
	re := regexp.MustCompile(`([A-Za-z0-9_][A-Za-z0-9_.+:-]*)\(([1-9n])[a-z0-9]*\)`)
	for _, text := range []string{
		"see chmod(1), chown(1p) and fstab(5).", "git-add(1) and ld.so(8), foo::bar(3pm)", "(1) x(a) y(12", "f(n) .x(1)",
		"a--b(2) _under(3) -lead(1)", "mixed: printf(3)printf(1) end(9)",
	} {
		var got, want []string
		xrefs(text, func(n, s string) { got = append(got, n+"("+s+")") })
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			want = append(want, m[1]+"("+m[2]+")")
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}

// TestArchiveIsOneFamily: the articles of one ZIM archive count at most
// familyCap documents in document frequencies, however many folders they
// are in, so that adding a wiki does not change which words of the
// manuals look rare.
func TestArchiveIsOneFamily(t *testing.T) {
	docs, facts := testDocs(), []Facts{{Package: "coreutils"}, {Package: "coreutils"}, {Package: "coreutils"}}
	const articles = 3 * familyCap
	for i := range articles {
		docs = append(docs, &document.Document{Alias: "wiki", Type: "zim", Ref: fmt.Sprintf("A/topic%d/page", i), Label: "page", Title: fmt.Sprintf("Page %d", i),
			Sections: []document.Section{{Title: "Page", Level: 1, Blocks: []document.Block{{Kind: document.Para, Text: "zebra files everywhere"}}}}})
		facts = append(facts, Facts{})
	}
	r := build(t, t.TempDir(), docs, facts)
	id, ok := r.Term(terms.Stem("zebra"))
	if !ok {
		t.Fatal("zebra not indexed")
	}
	if r.DF(id) != articles {
		t.Errorf("DF = %d, want %d", r.DF(id), articles)
	}
	if w := r.WDF(id); w > familyCap+0.5 {
		t.Errorf("the archive's articles weigh %.1f documents in zebra's frequency, want at most %d", w, familyCap)
	}
}

// A block's keys (a manual's index entries) are searched as headings and
// as the block's own words, and stay out of its text and the body field.
func TestBlockKeys(t *testing.T) {
	docs := testDocs()
	docs[2].Sections[0].Blocks[0].Keys = []string{"logging out and continuing to run"}
	facts := []Facts{{Command: true}, {Command: true}, {}}
	r := build(t, t.TempDir(), docs, facts)
	id, ok := r.Term(terms.Stem("continuing"))
	if !ok {
		t.Fatal("key word not indexed")
	}
	var got []Posting
	got = slices.AppendSeq(got, r.Postings(id))
	if len(got) != 1 || got[0].Doc != 2 || got[0].TF[FieldHeads] != 1 || got[0].TF[FieldBody] != 0 {
		t.Errorf("postings of %q = %+v", r.TermString(id), got)
	}
	found := false
	r.Blocks(2)[0].Terms(func(t int) bool { found = found || t == id; return true })
	if !found {
		t.Error("the block's terms lack its key's words")
	}
	d, err := r.Load(2)
	if err != nil || d.Sections[0].Blocks[0].Text != "see chmod(1)" {
		t.Errorf("Load = %+v, %v", d, err)
	}
}

// TestArchiveLeavesManualsFrame: adding an archive (or a tldr cache)
// changes none of the
// statistics the manuals' pages are ranked by (word rarity, how much a
// word names pages, average lengths, popularity, the info node tied to a
// program), whatever its articles say; a word only the archive has takes
// its rarity from the archive; and an index of articles alone is framed
// by them.
func TestArchiveLeavesManualsFrame(t *testing.T) {
	manFacts := []Facts{{Command: true, Package: "coreutils"}, {Command: true, Package: "coreutils"}, {Package: "coreutils"}}
	alone := build(t, t.TempDir(), testDocs(), manFacts)

	articleOf := func(typ string, i int) *document.Document {
		return &document.Document{Alias: "wiki", Type: typ, Ref: fmt.Sprintf("A/Page_%d", i), Label: "page", Title: fmt.Sprintf("Zebra files %d", i),
			Names: []string{"ls", "chmod"}, // redirects named like programs
			Sections: []document.Section{{Title: "Zebra files", Level: 1, Blocks: []document.Block{
				{Kind: document.Para, Text: strings.Repeat("Change file mode bits and list directory contents, see chmod(1) and ls(1). ", 20)},
				{Kind: document.Code, Text: "chmod -R u+w dir\nls -l dir"},
			}}}}
	}
	// an archive's articles, and a tldr cache's example pages, alike
	for _, typ := range []string{"zim", "tldr"} {
		t.Run(typ, func(t *testing.T) {
			article := func(i int) *document.Document { return articleOf(typ, i) }
			docs, facts := testDocs(), slices.Clone(manFacts)
			for i := range 5 {
				docs = append(docs, article(i))
				facts = append(facts, Facts{})
			}
			with := build(t, t.TempDir(), docs, facts)

			for _, w := range []string{"chmod", "change", "file", "mode", "list", "directory", "contents", "recursively"} {
				a, ok1 := alone.Term(terms.Stem(w))
				b, ok2 := with.Term(terms.Stem(w))
				if !ok1 || !ok2 {
					t.Fatalf("%q not indexed", w)
				}
				if alone.IDF(a) != with.IDF(b) || alone.Naming(a) != with.Naming(b) || alone.WDF(a) != with.WDF(b) {
					t.Errorf("%q: IDF %.4f -> %.4f, Naming %.3f -> %.3f, WDF %.1f -> %.1f with the archive", w,
						alone.IDF(a), with.IDF(b), alone.Naming(a), with.Naming(b), alone.WDF(a), with.WDF(b))
				}
			}
			if alone.MaxIDF() != with.MaxIDF() {
				t.Errorf("MaxIDF %.4f -> %.4f", alone.MaxIDF(), with.MaxIDF())
			}
			for f := range NumFields {
				if alone.AvgLen(f) != with.AvgLen(f) {
					t.Errorf("field %d: average length %.2f -> %.2f", f, alone.AvgLen(f), with.AvgLen(f))
				}
			}
			for id := range alone.NumDocs() {
				a, b := alone.Meta(id), with.Meta(id)
				if a.Inlinks != b.Inlinks || a.Uses != b.Uses || a.Group != b.Group {
					t.Errorf("%s: inlinks %d -> %d, uses %d -> %d, group %d -> %d", a.Label, a.Inlinks, b.Inlinks, a.Uses, b.Uses, a.Group, b.Group)
				}
			}
			for id := alone.NumDocs(); id < with.NumDocs(); id++ {
				if g := with.Meta(id).Group; g != -1 {
					t.Errorf("article %d is tied to page %d by its redirects", id, g)
				}
			}
			// zebra is in the archive alone: as rare there as it is
			z, ok := with.Term(terms.Stem("zebra"))
			if !ok {
				t.Fatal("zebra not indexed")
			}
			if with.WDF(z) != 5 || with.Naming(z) != 1 {
				t.Errorf("zebra: WDF %.1f, Naming %.2f; want 5 and 1, from the articles", with.WDF(z), with.Naming(z))
			}
		})
	}

	var only []*document.Document
	for i := range 5 {
		only = append(only, articleOf("zim", i))
	}
	only[0].Sections[0].Blocks = append(only[0].Sections[0].Blocks, document.Block{Kind: document.Para, Text: "quagga"})
	articles := build(t, t.TempDir(), only, make([]Facts, len(only)))
	q, _ := articles.Term(terms.Stem("quagga"))
	z, _ := articles.Term(terms.Stem("zebra"))
	if !(articles.IDF(q) > articles.IDF(z)) || articles.AvgLen(FieldBody) < 100 {
		t.Errorf("articles alone: IDF quagga %.3f, zebra %.3f, body length %.1f; want the rarer word rarer, the articles' length",
			articles.IDF(q), articles.IDF(z), articles.AvgLen(FieldBody))
	}
}
