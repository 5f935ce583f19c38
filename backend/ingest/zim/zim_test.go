package zim

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
	"github.com/ragman-dev/ragman/testutil/testzim"
)

// fixture is a ZIM file of testdata/zim, made by its make.sh with
// zimwriterfs from the pages beside it.
func fixture(name string) string {
	return filepath.Join("..", "..", "..", "testdata", "zim", name)
}

func open(t *testing.T, path string) *Archive {
	t.Helper()
	a, err := Open(path)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// readAll lists and reads every article, failing on anything skipped.
func readAll(t *testing.T, a *Archive) (Listing, []*document.Document) {
	t.Helper()
	l, err := a.List()
	if err != nil {
		t.Fatal(err)
	}
	if l.Skipped > 0 {
		t.Errorf("%d directory entries skipped: %s", l.Skipped, l.Reason)
	}
	var docs []*document.Document
	for _, g := range Groups(l.Articles) {
		ds, skips, err := a.Read(g)
		if err != nil || len(skips) > 0 {
			t.Errorf("Read cluster %d: %v %v", g[0].Cluster, err, skips)
		}
		docs = append(docs, ds...)
	}
	for _, d := range docs {
		checkClean(t, d)
	}
	return l, docs
}

func byRef(t *testing.T, docs []*document.Document, ref string) *document.Document {
	t.Helper()
	for _, d := range docs {
		if d.Ref == ref {
			return d
		}
	}
	t.Fatalf("no document %s among %d", ref, len(docs))
	return nil
}

func refs(docs []*document.Document) []string {
	var out []string
	for _, d := range docs {
		out = append(out, d.Ref)
	}
	slices.Sort(out)
	return out
}

// checkClean asserts what every document must satisfy whatever its input:
// valid UTF-8 without control characters (line breaks only in code and
// tables), no escape sequence, a type, ref, title and label, and no empty
// section.
func checkClean(t *testing.T, d *document.Document) {
	t.Helper()
	fields := []string{d.Ref, d.Label, d.Title, d.Summary, d.URL, d.Language}
	fields = append(fields, d.Names...)
	for _, s := range d.Sections {
		fields = append(fields, s.Title)
		if len(s.Blocks) == 0 {
			t.Errorf("%s: empty section %q", d.Ref, s.Title)
		}
		for _, b := range s.Blocks {
			fields = append(fields, b.Term, b.Text)
			if b.Kind != document.Code && b.Kind != document.Table && strings.Contains(b.Text, "\n") {
				t.Errorf("%s: %s block holds a line break: %q", d.Ref, b.Kind, b.Text)
			}
			if b.Text == "" {
				t.Errorf("%s: empty %s block", d.Ref, b.Kind)
			}
		}
	}
	for _, f := range fields {
		if !utf8.ValidString(f) {
			t.Errorf("%s: invalid UTF-8: %q", d.Ref, f)
		}
		for _, r := range f {
			if r != '\n' && r != '\t' && unicode.IsControl(r) || termesc.IsFormat(r) {
				t.Errorf("%s: control character %U in %q", d.Ref, r, f)
				break
			}
		}
	}
	if d.Type != "zim" || d.Ref == "" || d.Title == "" || d.Label == "" || len(d.Sections) == 0 {
		t.Errorf("malformed document %+v", d)
	}
	if strings.Contains(d.Summary, "\n") || utf8.RuneCountInString(d.Summary) > maxSummary+1 {
		t.Errorf("%s: summary %q", d.Ref, d.Summary)
	}
}

// leaked are the words the fixture pages put where nothing may be read:
// scripts, styles, navigation, headers, footers, hidden elements.
var leaked = regexp.MustCompile(`must not be indexed|wgPageName|font-family|alert\(`)

func TestEnglishFixture(t *testing.T) {
	a := open(t, fixture("linuxwiki_en.zim"))
	m := a.Meta
	if m.Major != 6 || m.Minor != 1 || !a.NewNamespaces() || m.Title != "LinuxWiki" || m.Language != "en" ||
		m.Name != "linuxwiki_en_all" || !regexp.MustCompile(`^\d{4}-\d\d-\d\d$`).MatchString(m.Date) || m.Description == "" {
		t.Errorf("meta %+v", m)
	}
	l, docs := readAll(t, a)
	var paths []string
	for _, art := range l.Articles {
		paths = append(paths, art.Path)
		if art.Main != (art.Path == "C/index.html") {
			t.Errorf("%s: main %v", art.Path, art.Main)
		}
	}
	slices.Sort(paths)
	want := []string{"C/File_permissions.html", "C/Help_Reading.html", "C/Index_of_pages.html", "C/Reflector.html",
		"C/Systemd/Timers.html", "C/Terminal_colors.html", "C/index.html"}
	if !slices.Equal(paths, want) {
		t.Errorf("articles %q, want %q", paths, want)
	}
	if l.Other != 2 || l.Redirects != 3 { // illustration.png, style.css; three symlinks
		t.Errorf("other %d, redirects %d", l.Other, l.Redirects)
	}
	// The main page and the index are lists of links: no documents.
	if got, want := refs(docs), []string{"C/File_permissions.html", "C/Help_Reading.html", "C/Reflector.html",
		"C/Systemd/Timers.html", "C/Terminal_colors.html"}; !slices.Equal(got, want) {
		t.Errorf("documents %q, want %q", got, want)
	}
	for _, d := range docs {
		if leaked.MatchString(d.Text() + d.Summary) {
			t.Errorf("%s: dropped text was indexed:\n%s", d.Ref, d.Text())
		}
	}

	r := byRef(t, docs, "C/Reflector.html")
	if r.Title != "Reflector" || r.Label != "Reflector" || r.Language != "en" || r.URL != "/linuxwiki_en/Reflector.html" ||
		!slices.Equal(r.Names, []string{"Mirror ranking"}) {
		t.Errorf("reflector: %+v", r)
	}
	if !strings.HasPrefix(r.Summary, "Reflector is a script which retrieves the latest mirror list") {
		t.Errorf("summary %q", r.Summary)
	}
	var titles []string
	for _, s := range r.Sections {
		titles = append(titles, s.Title)
	}
	if want := []string{"Reflector", "Installation", "Usage", "Options", "Automation", "Troubleshooting"}; !slices.Equal(titles, want) {
		t.Errorf("sections %q, want %q", titles, want)
	}
	if s := r.Find("Options"); s == nil || s.Level != 2 || r.Find("Usage").Level != 1 {
		t.Errorf("levels: %+v", r.Sections)
	}
	usage := r.Find("Usage").Blocks
	if len(usage) != 4 || usage[1].Kind != document.Code ||
		usage[1].Text != "# reflector --latest 20 --protocol https --sort rate --save /etc/pacman.d/mirrorlist" {
		t.Errorf("usage %+v", usage)
	}
	if b := r.Find("Options").Blocks; len(b) != 3 || b[1].Kind != document.Item || b[1].Term != "--sort rate" ||
		b[1].Text != "Sort the mirrors by their measured download rate, the fastest first." {
		t.Errorf("options %+v", b)
	}
	if b := r.Find("Automation").Blocks; b[1].Kind != document.Code || !strings.Contains(b[1].Text, "--protocol https\n--country France,Germany\n") {
		t.Errorf("automation %+v", b)
	}
	if b := r.Find("Troubleshooting").Blocks; len(b) != 2 || !strings.HasPrefix(b[0].Text, "1. If reflector fails") || !strings.HasPrefix(b[1].Text, "2. ") {
		t.Errorf("ordered list %+v", b)
	}
	if strings.Contains(r.Text(), "[1]") || strings.Contains(r.Text(), "Contents") {
		t.Errorf("footnote marker or table of contents kept:\n%s", r.Text())
	}

	p := byRef(t, docs, "C/File_permissions.html")
	if !slices.Equal(p.Names, []string{"Chmod"}) {
		t.Errorf("names %q", p.Names)
	}
	if b := p.Find("Viewing permissions").Blocks; b[3].Kind != document.Table ||
		b[3].Text != "Symbol\tMeaning\tOctal\nr\tread\t4\nw\twrite\t2\nx\texecute, or enter a directory\t1" {
		t.Errorf("table %+v", b)
	}
	timers := byRef(t, docs, "C/Systemd/Timers.html")
	if timers.URL != "/linuxwiki_en/Systemd/Timers.html" || timers.Title != "systemd/Timers" {
		t.Errorf("timers %+v", timers)
	}

	h := byRef(t, docs, "C/Help_Reading.html")
	for _, want := range []string{
		"Links such as the Reflector article keep their text; their targets are dropped.",
		"First paragraph of section one. It continues after a line break.",
		"A bullet with bold text", "A nested bullet", "A bullet holding a paragraph",
		"Text with entities & a non-breaking space.",
	} {
		if !strings.Contains(h.Text(), want) {
			t.Errorf("help page lacks %q:\n%s", want, h.Text())
		}
	}
}

// TestEscapes reads the page whose text holds escape sequences: raw, as
// &#27; and as a C1 CSI. Their words stay, the sequences do not.
func TestEscapes(t *testing.T) {
	a := open(t, fixture("linuxwiki_en.zim"))
	_, docs := readAll(t, a)
	d := byRef(t, docs, "C/Terminal_colors.html")
	text := d.Text() + d.Summary
	if strings.ContainsAny(text, "\x1b\x07\u009b") || strings.Contains(text, "[31m") || strings.Contains(text, "]0;") {
		t.Errorf("escape sequence left:\n%q", text)
	}
	for _, want := range []string{"sequences such as red text, which select colors.",
		"A raw sequence in a page must never reach the terminal",
		`printf '\033[1;34mblue\033[0m\n' blink`} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %q:\n%q", want, text)
		}
	}
}

func TestFrenchFixture(t *testing.T) {
	a := open(t, fixture("linuxwiki_fr.zim"))
	if a.Meta.Language != "fr" || a.Meta.Name != "linuxwiki_fr_all" {
		t.Errorf("meta %+v", a.Meta)
	}
	_, docs := readAll(t, a)
	if got := refs(docs); !slices.Equal(got, []string{"C/Droits_des_fichiers.html", "C/Miroirs.html"}) {
		t.Errorf("documents %q", got)
	}
	d := byRef(t, docs, "C/Droits_des_fichiers.html")
	if d.Language != "fr" || d.Find("Modifier les droits") == nil || !strings.Contains(d.Text(), "règlent l'accès") {
		t.Errorf("%+v", d)
	}
}

// oldArchive writes an archive in a layout zimwriterfs no longer makes.
func oldArchive(t *testing.T, major, minor uint16, ns byte, comp byte) string {
	t.Helper()
	p := string(ns) + "/"
	page := func(title, body string) []byte {
		return []byte("<html><head><title>" + title + "</title></head><body><h1>" + title + "</h1>" + body + "</body></html>")
	}
	entries := []testzim.Entry{
		{Namespace: ns, Path: "Tar", Title: "Tar", MIME: "text/html", Content: page("Tar",
			"<p>GNU tar saves many files together into a single archive.</p><h2>Extracting</h2><pre>tar -xzf archive.tar.gz</pre>")},
		{Namespace: ns, Path: "Rsync", Title: "rsync", MIME: "text/html", Content: page("rsync",
			"<p>rsync copies files over the network.</p><dl><dt>-a</dt><dd>archive mode</dd></dl>")},
		{Namespace: ns, Path: "Main_Page", Title: "Main Page", MIME: "text/html", Content: page("Main Page",
			`<ul><li><a href="Tar">Tar</a></li><li><a href="Rsync">rsync</a></li></ul>`)},
		{Namespace: ns, Path: "Tape_archiver", Title: "Tape archiver", Redirect: p + "Tar"},
		{Namespace: ns, Path: "Tarball", Redirect: p + "Tape_archiver"}, // a chain, no title
		{Namespace: ns, Path: "style.css", MIME: "text/css", Content: []byte("body{}")},
		{Namespace: 'M', Path: "Title", MIME: "text/plain", Content: []byte("Old wiki")},
		{Namespace: 'M', Path: "Language", MIME: "text/plain", Content: []byte("deu,eng")},
		{Namespace: 'M', Path: "Name", MIME: "text/plain", Content: []byte("oldwiki_de_all")},
		{Namespace: 'M', Path: "Date", MIME: "text/plain", Content: []byte("2019-05-01")},
	}
	path := filepath.Join(t.TempDir(), "old wiki+plus.zim")
	err := testzim.WriteArchive(path, testzim.Archive{Major: major, Minor: minor, Compression: comp, ClusterSize: 100,
		MainPage: p + "Main_Page", Entries: entries})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLayouts reads archives of version 5, 6.0 (articles in A/) and 6.1
// (content in C/), with xz, zstd and plain clusters.
func TestLayouts(t *testing.T) {
	cases := []struct {
		name         string
		major, minor uint16
		ns           byte
		comp         byte
	}{
		{"v5 xz", 5, 0, 'A', testzim.XZ},
		{"v5 plain", 5, 0, 'A', testzim.None},
		{"v6.0 zstd", 6, 0, 'A', testzim.Zstd},
		{"v6.1 xz", 6, 1, 'C', testzim.XZ},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := open(t, oldArchive(t, c.major, c.minor, c.ns, c.comp))
			if a.NewNamespaces() != (c.ns == 'C') || a.Meta.Language != "de" || a.Meta.Title != "Old wiki" || a.Meta.Date != "2019-05-01" {
				t.Errorf("meta %+v", a.Meta)
			}
			l, docs := readAll(t, a)
			ns := string(c.ns) + "/"
			if got := refs(docs); !slices.Equal(got, []string{ns + "Rsync", ns + "Tar"}) {
				t.Fatalf("documents %q", got)
			}
			if len(l.Articles) != 3 || l.Other != 1 || l.Redirects != 2 {
				t.Errorf("listing %+v", l)
			}
			tar := byRef(t, docs, ns+"Tar")
			if !slices.Equal(tar.Names, []string{"Tape archiver", "Tarball"}) || tar.Language != "de" {
				t.Errorf("tar %+v", tar)
			}
			url := "/old_wikiplusplus/Tar"
			if c.ns == 'A' {
				url = "/old_wikiplusplus/A/Tar"
			}
			if tar.URL != url {
				t.Errorf("url %q, want %q", tar.URL, url)
			}
			if s := tar.Find("Extracting"); s == nil || s.Blocks[0].Kind != document.Code || s.Blocks[0].Text != "tar -xzf archive.tar.gz" {
				t.Errorf("tar %+v", tar.Sections)
			}
			rs := byRef(t, docs, ns+"Rsync")
			if b := rs.Sections[0].Blocks; len(b) != 2 || b[1].Kind != document.Item || b[1].Term != "-a" {
				t.Errorf("rsync %+v", rs.Sections)
			}
			// the title index, redirects followed
			for title, want := range map[string]string{"Tar": ns + "Tar", "rsync": ns + "Rsync", "Tape archiver": ns + "Tar"} {
				if got, err := a.ByTitle(title); err != nil || got != want {
					t.Errorf("ByTitle(%q) = %q, %v; want %q", title, got, err, want)
				}
			}
		})
	}
}

// TestTitleIndex looks every article of the English fixture up by its
// title, and a redirect by its own.
func TestTitleIndex(t *testing.T) {
	a := open(t, fixture("linuxwiki_en.zim"))
	for title, want := range map[string]string{
		"Reflector": "C/Reflector.html", "File permissions and attributes": "C/File_permissions.html",
		"systemd/Timers": "C/Systemd/Timers.html", "LinuxWiki": "C/index.html",
		"Mirror_ranking.html": "C/Reflector.html",
	} {
		if got, err := a.ByTitle(title); err != nil || got != want {
			t.Errorf("ByTitle(%q) = %q, %v; want %q", title, got, err, want)
		}
	}
	if _, err := a.ByTitle("No such page"); err == nil {
		t.Error("found a page that is not there")
	}
}

func TestLanguage(t *testing.T) {
	for in, want := range map[string]string{"eng": "en", "eng,fra": "en", "fra": "fr", "en": "en", "pt_BR": "pt-BR",
		"por-BR": "pt-BR", "xyz": "xyz", "": "", "not a tag": "", "e": ""} {
		if got := Language(in); got != want {
			t.Errorf("Language(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBookName(t *testing.T) {
	for in, want := range map[string]string{
		"/data/archlinux_en_all_maxi_2024-01.zim": "archlinux_en_all_maxi_2024-01",
		"my wiki.ZIM": "my_wiki", "c++_en.zim": "cplusplus_en", "x.zimaa": "x",
	} {
		if got := bookName(in); got != want {
			t.Errorf("bookName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFixturesMatchPages catches pages edited without running make.sh:
// every page of testdata/zim/pages/en is in the archive as it is on disk.
func TestFixturesMatchPages(t *testing.T) {
	a := open(t, fixture("linuxwiki_en.zim"))
	l, err := a.List()
	if err != nil {
		t.Fatal(err)
	}
	dir := fixture("pages/en")
	for _, art := range l.Articles {
		want, err := os.ReadFile(filepath.Join(dir, strings.TrimPrefix(art.Path, "C/")))
		if err != nil {
			t.Errorf("%s: %v", art.Path, err)
			continue
		}
		got, err := a.Content(art)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s differs from its page (%v): run testdata/zim/make.sh", art.Path, err)
		}
	}
}
