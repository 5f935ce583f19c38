package tldr

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/safefile"
)

type example struct{ term, text string }

func examples(t *testing.T, d *document.Document) []example {
	t.Helper()
	s := d.Find("EXAMPLES")
	if s == nil {
		t.Fatalf("%s: no EXAMPLES section in %+v", d.Ref, d.Sections)
	}
	var out []example
	for _, b := range s.Blocks {
		if b.Kind != document.Item {
			t.Errorf("%s: example block of kind %v", d.Ref, b.Kind)
		}
		out = append(out, example{b.Term, b.Text})
	}
	return out
}

func parseString(t *testing.T, ref, src string) *document.Document {
	t.Helper()
	d, err := Parse(ref, strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	checkClean(t, d)
	return d
}

// TestParsePage reads a whole fixture page: title, summary, the other
// quote lines, the link, and every example with placeholders, option
// placeholders and mnemonics resolved.
func TestParsePage(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(fixtures, "pages", "common", "tar.md"))
	if err != nil {
		t.Fatal(err)
	}
	d := parseString(t, "pages/common/tar.md", string(src))
	for what, got := range map[string][2]string{
		"type":     {d.Type, "tldr"},
		"ref":      {d.Ref, "pages/common/tar.md"},
		"title":    {d.Title, "tar"},
		"label":    {d.Label, "tar (tldr)"},
		"summary":  {d.Summary, "Pack files and folders into one archive file, or unpack them again."},
		"url":      {d.URL, "https://www.gnu.org/software/tar/manual/tar.html"},
		"language": {d.Language, "en"},
		"section":  {d.Section, ""},
	} {
		if got[0] != got[1] {
			t.Errorf("%s = %q, want %q", what, got[0], got[1])
		}
	}
	if !reflect.DeepEqual(d.Names, []string{"tar"}) {
		t.Errorf("names %q", d.Names)
	}
	if len(d.Sections) != 2 || d.Sections[0].Title != "DESCRIPTION" || d.Sections[1].Title != "EXAMPLES" ||
		d.Sections[0].Level != 1 || d.Sections[1].Level != 1 {
		t.Fatalf("sections %+v", d.Sections)
	}
	desc := d.Sections[0].Blocks
	wantDesc := "Can compress the archive on the fly with gzip, bzip2 or xz. See also: gzip, zip."
	if len(desc) != 1 || desc[0].Kind != document.Para || desc[0].Text != wantDesc {
		t.Errorf("DESCRIPTION %+v, want one paragraph %q", desc, wantDesc)
	}
	want := []example{
		{"tar cf backup.tar path/to/file_or_folder1 path/to/file_or_folder2 ...",
			"Pack a few files or folders into a new archive (create, file)"},
		{"tar czvf backup.tar.gz path/to/folder",
			"Make a gzip-compressed archive of a folder, listing each file as it goes in (verbose)"},
		// brackets in a placeholder are not an option placeholder
		{"tar xf backup.tar[.gz|.bz2|.xz]",
			"Unpack (extract) an archive into the current folder, whatever its compression"},
		// an option placeholder shows its first, short form
		{"tar xf backup.tar -C path/to/folder", "Unpack an archive somewhere else than the current folder"},
		{"tar tvf backup.tar", "List what is inside an archive without unpacking it"},
		{"tar cf backup.tar --exclude='*.log' path/to/folder", "Pack a folder but leave out the files that match a pattern"},
	}
	if got := examples(t, d); !reflect.DeepEqual(got, want) {
		t.Errorf("examples\n got %q\nwant %q", got, want)
	}
}

// oneExample is a page with one example: a description and a command.
func oneExample(desc, cmd string) string {
	return "# x\n\n> Does x.\n\n- " + desc + ":\n\n`" + cmd + "`\n"
}

// TestPlaceholders: braces go, option placeholders show their first
// alternative, escaped braces are literal (the client specification's
// rules), and what is not a placeholder is left alone.
func TestPlaceholders(t *testing.T) {
	for cmd, want := range map[string]string{
		"ping {{example.org}}":                                  "ping example.org",
		"rm {{path/to/file1 path/to/file2 ...}}":                "rm path/to/file1 path/to/file2 ...",
		"grep {{[-i|--ignore-case]}} {{text}}":                  "grep -i text",
		"ls {{[-a|--all]}}{{[-l|--long]}}":                      "ls -a-l",
		"tar xf {{a.tar[.gz|.xz]}}":                             "tar xf a.tar[.gz|.xz]",
		"x {{[y|n]}}":                                           "x [y|n]", // not options: left as written
		"x {{[-r]}}":                                            "x [-r]",  // no alternatives
		`podman inspect --format '\{\{.State.Status\}\}' {{c}}`: "podman inspect --format '{{.State.Status}}' c",
		`mount \\{{server}}\{{share}} Z:`:                       `mount \\server\share Z:`,
		`echo \{ \{{x}}`:                                        `echo \{ \x`, // one escaped brace is no escape
		"find . -exec {{chmod 644}} {} +":                       "find . -exec chmod 644 {} +",
		"mkdir -p {{dir}}/{a,b}":                                "mkdir -p dir/{a,b}",
		"awk '{print {{$1}}}'":                                  "awk '{print $1}'",
		"echo {{{x}}}":                                          "echo {x}",
		"echo {{unclosed and {{another":                         "echo {{unclosed and {{another",
		"x {{a\\}\\}b}}":                                        "x a}}b",
	} {
		d := parseString(t, "pages/common/x.md", oneExample("Do it", cmd))
		if got := examples(t, d); len(got) != 1 || got[0].term != want {
			t.Errorf("%q: got %q, want term %q", cmd, got, want)
		}
	}
}

// TestMnemonics: a single letter in brackets inside a word is a
// mnemonic and loses its brackets; other brackets stay.
func TestMnemonics(t *testing.T) {
	for desc, want := range map[string]string{
		"[c]reate an archive [f]ile":              "create an archive file",
		"E[x]tract it [v]erbosely":                "Extract it verbosely",
		"Lis[t] the contents":                     "List the contents",
		"Show the last [-]NUM lines":              "Show the last [-]NUM lines",
		"Use the [[CC]YY]MMDDhhmm[.ss] format":    "Use the [[CC]YY]MMDDhhmm[.ss] format",
		"Tick the [x] box":                        "Tick the [x] box",
		"Print [é]té":                             "Print été",
		"Ends with a colon:":                      "Ends with a colon",
		"Uses `inline code` and a French colon :": "Uses inline code and a French colon",
	} {
		d := parseString(t, "pages/common/x.md", oneExample(desc, "x"))
		if got := examples(t, d); len(got) != 1 || got[0].text != want {
			t.Errorf("%q: got %q, want text %q", desc, got, want)
		}
	}
}

// TestLineEnds: CRLF and CR line ends and a byte order mark read like
// plain LF.
func TestLineEnds(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(fixtures, "pages", "common", "grep.md"))
	if err != nil {
		t.Fatal(err)
	}
	lf := parseString(t, "pages/common/grep.md", string(src))
	crlf := parseString(t, "pages/common/grep.md", "\ufeff"+strings.ReplaceAll(string(src), "\n", "\r\n"))
	cr := parseString(t, "pages/common/grep.md", strings.ReplaceAll(string(src), "\n", "\r"))
	if !reflect.DeepEqual(lf, crlf) {
		t.Errorf("CRLF with a BOM:\n got %+v\nwant %+v", crlf, lf)
	}
	if !reflect.DeepEqual(lf, cr) {
		t.Errorf("CR:\n got %+v\nwant %+v", cr, lf)
	}
	if len(examples(t, lf)) != 7 {
		t.Errorf("grep: %d examples, want 7", len(examples(t, lf)))
	}
	// a description over two lines stays one description
	lf = parseString(t, "pages/common/x.md", lenientPage)
	crlf = parseString(t, "pages/common/x.md", strings.ReplaceAll(lenientPage, "\n", "\r\n"))
	if !reflect.DeepEqual(lf, crlf) {
		t.Errorf("CRLF:\n got %+v\nwant %+v", crlf, lf)
	}
}

const lenientPage = "# git commit\n> Record changes.\n" +
	"- First:\n`git commit`\n" +
	"- Orphan description with no command:\n" +
	"- Second, whose description\n  goes on over two lines:\n`git commit -a`\n" +
	"`git commit --amend`\n" +
	"\n> See also: `git-add`.\n"

// TestLenient: missing blank lines, a description without a command, a
// command without a description, a description over two lines, quote
// lines after the examples.
func TestLenient(t *testing.T) {
	d := parseString(t, "pages/common/git-commit.md", lenientPage)
	want := []example{
		{"git commit", "First"},
		{"git commit -a", "Second, whose description goes on over two lines"},
		{"git commit --amend", ""},
	}
	if got := examples(t, d); !reflect.DeepEqual(got, want) {
		t.Errorf("examples\n got %q\nwant %q", got, want)
	}
	if d.Title != "git commit" || d.Label != "git commit (tldr)" || !reflect.DeepEqual(d.Names, []string{"git commit", "git-commit"}) {
		t.Errorf("title %q, label %q, names %q", d.Title, d.Label, d.Names)
	}
	if s := d.Find("DESCRIPTION"); s == nil || s.Blocks[0].Text != "See also: git-add." {
		t.Errorf("DESCRIPTION %+v", s)
	}
	if d.URL != "" {
		t.Errorf("url %q with no More information line", d.URL)
	}
}

// TestHostile: escape sequences, control characters, bidi overrides and
// invalid UTF-8 are removed from every part of a page.
func TestHostile(t *testing.T) {
	src := "# ev\x1b]0;pwned\x07il\n\n" +
		"> Sum\x1b[31mmary\x1b[0m \u202ereversed\u202c\x00.\n" +
		"> More information: <https://example.org/\x1b[2Jdocs>.\n\n" +
		"- Do\tsomething\x9b2J \xff\xfebad\x85:\n\n" +
		"`rm\t{{pa\x1b[1mth}} \x08\x07\u2066x\u2069`\n"
	d := parseString(t, "pages/common/evil.md", src)
	if d.Title != "evil" || d.Summary != "Summary reversed." || d.URL != "https://example.org/docs" {
		t.Errorf("title %q, summary %q, url %q", d.Title, d.Summary, d.URL)
	}
	want := []example{{"rm path x", "Do something2J bad"}}
	if got := examples(t, d); !reflect.DeepEqual(got, want) {
		t.Errorf("examples %q, want %q", got, want)
	}
}

// TestURL: only an http(s) link is kept; a translated "More information"
// line gives its link too and stays out of the description.
func TestURL(t *testing.T) {
	for info, want := range map[string]string{
		"More information: <https://example.org/x>.":      "https://example.org/x",
		"More information: <http://example.org>":          "http://example.org",
		"more information: https://example.org/y.":        "https://example.org/y",
		"More information: <javascript:alert(1)>.":        "",
		"More information: <file:///etc/passwd>.":         "",
		"More information: <ftp://example.org/pub>.":      "",
		"More information: <https://>.":                   "",
		"Plus d'informations : <https://example.org/fr>.": "https://example.org/fr",
	} {
		d := parseString(t, "pages/common/x.md", "# x\n> Does x.\n> "+info+"\n- Run it:\n`x`\n")
		if d.URL != want {
			t.Errorf("%q: url %q, want %q", info, d.URL, want)
		}
		if s := d.Find("DESCRIPTION"); s != nil {
			t.Errorf("%q: in the description: %+v", info, s.Blocks)
		}
	}
}

func TestLanguage(t *testing.T) {
	for ref, want := range map[string]string{
		"pages/common/x.md":       "en",
		"pages.en/linux/x.md":     "en",
		"pages.fr/common/x.md":    "fr",
		"pages.pt_BR/common/x.md": "pt-BR",
		"pages.!!/common/x.md":    "en",
	} {
		if d := parseString(t, ref, oneExample("Run", "x")); d.Language != want {
			t.Errorf("%s: language %q, want %q", ref, d.Language, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for src, want := range map[string]string{
		"> Does x.\n- Run it:\n`x`\n": "no title line (# NAME)",
		"#\n## x\n- Run it:\n`x`\n":   "no title line (# NAME)",
		"# x\n> Does x.\n":            "no examples",
		"# x\n> Does x.\n- Run it:\n": "no examples",
		"# x\n- Run it:\n``\n":        "no examples",
		"":                            "no title line (# NAME)",
		"# x\n- a:\n`x`\n" + strings.Repeat("a", 1<<20): "larger than 1 MiB",
	} {
		d, err := Parse("pages/common/x.md", strings.NewReader(src))
		if err == nil || d != nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "pages/common/x.md: ") {
			t.Errorf("%.40q: %v, %v; want an error naming the page and saying %q", src, d, err, want)
		}
	}
}

// TestScan lists the fixture cache: English common and linux pages, the
// linux df in place of the common one, French and osx pages counted and
// left out.
func TestScan(t *testing.T) {
	pages, st, err := Scan(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Stats{NonEnglish: 2, OtherPlatform: 1, Shadowed: 1}); st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
	var refs []string
	for _, p := range pages {
		refs = append(refs, p.Ref)
		if p.Ref != "pages/"+p.Platform+"/"+p.Name+".md" {
			t.Errorf("page %+v", p)
		}
	}
	want := []string{
		"pages/common/chmod.md", "pages/common/cp.md", "pages/common/date.md", "pages/common/du.md",
		"pages/common/find.md", "pages/common/grep.md", "pages/common/ls.md", "pages/common/mkdir.md", "pages/common/pnpm.md",
		"pages/common/ssh-keygen.md", "pages/common/tar.md", "pages/common/touch.md",
		"pages/linux/df.md", "pages/linux/mount.md",
	}
	if !reflect.DeepEqual(refs, want) {
		t.Errorf("refs\n got %q\nwant %q", refs, want)
	}
	for _, p := range pages {
		d, err := Read(fixtures, p)
		if err != nil {
			t.Errorf("%s: %v", p.Ref, err)
			continue
		}
		checkClean(t, d)
		if n := len(examples(t, d)); n < 4 || n > 7 {
			t.Errorf("%s: %d examples", p.Ref, n)
		}
		if d.URL == "" || d.Summary == "" || d.Title != p.Name {
			t.Errorf("%s: url %q, summary %q, title %q", p.Ref, d.URL, d.Summary, d.Title)
		}
		if p.Name == "df" && examples(t, d)[0].term != "df -h -T" {
			t.Errorf("df is not the linux page: %q", examples(t, d))
		}
	}
	// Read takes what Root takes, not only the root.
	if _, err := Read(filepath.Join(fixtures, "pages"), pages[0]); err != nil {
		t.Errorf("Read from the pages folder: %v", err)
	}
}

// TestScanEnglishFolders: pages/ and pages.en/ are both English; a page
// in both is listed once, from pages/; pages.en is not a translation.
func TestScanEnglishFolders(t *testing.T) {
	root := t.TempDir()
	write(t, root, "pages/common/a.md", oneExample("Run", "a"))
	write(t, root, "pages.en/common/a.md", oneExample("Run", "a"))
	write(t, root, "pages.en/linux/b.md", oneExample("Run", "b"))
	write(t, root, "pages.en/windows/c.md", oneExample("Run", "c"))
	write(t, root, "pages.de/common/a.md", oneExample("Run", "a"))
	write(t, root, "pages/common/notes.txt", "not a page")
	pages, st, err := Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []Page{
		{Ref: "pages.en/linux/b.md", Name: "b", Platform: "linux"},
		{Ref: "pages/common/a.md", Name: "a", Platform: "common"},
	}
	if !reflect.DeepEqual(pages, want) || st != (Stats{NonEnglish: 1, OtherPlatform: 1}) {
		t.Errorf("pages %+v, stats %+v", pages, st)
	}
}

func write(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestRoot(t *testing.T) {
	en := t.TempDir()
	write(t, en, "pages.en/linux/ip.md", oneExample("Run", "ip"))
	tealdeer := t.TempDir()
	write(t, tealdeer, "tldr-pages/pages.en/common/ls.md", oneExample("Run", "ls"))
	node := t.TempDir()
	write(t, node, "cache/pages/common/ls.md", oneExample("Run", "ls"))
	empty := t.TempDir()
	write(t, empty, "pages/common/README", "no pages here")
	write(t, empty, "pages/osx/pbcopy.md", oneExample("Run", "pbcopy")) // no common or linux page
	other := t.TempDir()
	write(t, other, "stuff/common/x.md", oneExample("Run", "x"))

	for _, c := range []struct {
		dir, root string
		ok        bool
	}{
		{fixtures, fixtures, true},
		{fixtures + "/", fixtures, true},
		{filepath.Join(fixtures, "pages"), fixtures, true},
		{en, en, true},
		{filepath.Join(en, "pages.en"), en, true},
		{tealdeer, filepath.Join(tealdeer, "tldr-pages"), true},
		{node, filepath.Join(node, "cache"), true},
		{filepath.Join(fixtures, "pages", "common"), "", false},
		{filepath.Join(fixtures, "pages.fr"), "", false},
		{filepath.Join("..", "..", "..", "testdata", "fixtures", "man"), "", false},
		{empty, "", false},
		{filepath.Join(empty, "pages"), "", false},
		{filepath.Join(other, "stuff"), "", false},
		{filepath.Join(en, "missing"), "", false},
	} {
		root, ok := Root(c.dir)
		if root != c.root || ok != c.ok {
			t.Errorf("Root(%s) = %q, %v; want %q, %v", c.dir, root, ok, c.root, c.ok)
		}
	}
	if _, _, err := Scan(empty); err == nil || !strings.Contains(err.Error(), "not a tldr page cache") {
		t.Errorf("Scan of a folder that is no cache: %v", err)
	}
}

// TestReadRefuses: a FIFO, a link to /dev/zero, an oversized file and
// refs that leave the cache are refused, quickly; Scan lists the files
// that are not regular, so that the build names them with Read's reason.
func TestReadRefuses(t *testing.T) {
	root := t.TempDir()
	write(t, root, "pages/common/ok.md", oneExample("Run", "ok"))
	write(t, root, "pages/common/big.md", "# big\n- a:\n`a`\n"+strings.Repeat("x", 1<<20))
	write(t, root, "secret.md", oneExample("Run", "secret"))
	if err := syscall.Mkfifo(filepath.Join(root, "pages", "common", "fifo.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(root, "pages", "common", "zero.md")); err != nil {
		t.Fatal(err)
	}
	pages, _, err := Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range pages {
		names = append(names, p.Name)
	}
	if !reflect.DeepEqual(names, []string{"big", "fifo", "ok", "zero"}) {
		t.Errorf("Scan lists %q", names)
	}

	done := make(chan struct{})
	go func() {
		defer close(done)
		for name, want := range map[string]error{"fifo": safefile.ErrNotRegular, "zero": safefile.ErrOutsideDocs, "big": safefile.ErrTooLarge} {
			_, err := Read(root, Page{Ref: "pages/common/" + name + ".md", Name: name, Platform: "common"})
			if !errors.Is(err, want) {
				t.Errorf("%s: %v, want %v", name, err, want)
			}
		}
		for _, ref := range []string{"secret.md", "pages/../secret.md", "pages/common/../../secret.md", "/etc/passwd",
			filepath.Join(root, "secret.md"), "pages/common/ok.txt", "other/common/ok.md", "pages//ok.md"} {
			if _, err := Read(root, Page{Ref: ref}); err == nil || errors.Is(err, fs.ErrNotExist) {
				t.Errorf("Read(%q): %v, want a refusal", ref, err)
			}
		}
		if _, err := Read(root, Page{Ref: "pages/common/ok.md"}); err != nil {
			t.Errorf("ok: %v", err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Read blocks")
	}
}

// TestWorstCase: the largest pages Parse takes, built to make it slow
// (continuation lines, unclosed placeholders, escape sequences), parse in
// well under a second; the bound leaves room for a loaded machine.
func TestWorstCase(t *testing.T) {
	const bound = 5 * time.Second
	n := (maxPageSize - 100) / 2
	for name, src := range map[string]string{
		"item continued":  "# x\n- a\n" + strings.Repeat("b\n", n) + "`x`\n",
		"quote continued": "# x\n> a\n" + strings.Repeat("b\n", n) + "- a\n`x`\n",
		"unclosed braces": "# x\n- a\n`" + strings.Repeat("{{", n) + "`\n",
		"escaped braces":  "# x\n- a\n`{{" + strings.Repeat(`\}\}`, n/2) + "`\n",
		"mnemonics":       "# x\n- " + strings.Repeat("[a]", n*2/3) + "\n`x`\n",
		"examples":        "# x\n" + strings.Repeat("- a:\n`x`\n", n/5),
		"escapes":         "# x\n- " + strings.Repeat("\x1b]", n/2) + "\n- a\n`" + strings.Repeat("\x1b[1m", n/4) + "x`\n",
	} {
		start := time.Now()
		d, err := Parse("pages/common/x.md", strings.NewReader(src))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		checkClean(t, d)
		if el := time.Since(start); el > bound {
			t.Errorf("%s: %v", name, el)
		}
	}
}
