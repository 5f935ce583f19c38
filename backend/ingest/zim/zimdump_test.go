package zim

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
	"github.com/ragman-dev/ragman/testutil/testzim"
)

// tool finds a program of Debian package pkg that a test checks the
// reader against, or skips the test where it is not installed. .ci/run
// installs it and sets CI: there the test fails instead.
func tool(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s: %v (CI is set; .ci/run installs %s)", name, err, pkg)
		}
		t.Skipf("%s not found: install Debian's %s (apt-get install %s)", name, pkg, pkg)
	}
	return p
}

// dumpEntry is one entry as `zimdump list --details` prints it.
type dumpEntry struct {
	path, title, typ, mime string
	redirect               int
}

// zimdumpList runs `zimdump list --details` on path. Archives in the 2021
// layout list their content entries without the C/ of their path; older
// ones list every entry with its namespace.
func zimdumpList(t *testing.T, path string) []dumpEntry {
	t.Helper()
	out, err := exec.Command("zimdump", "list", "--details", path).Output()
	if err != nil {
		t.Fatalf("zimdump list %s: %v", path, err)
	}
	var es []dumpEntry
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "path: "); ok {
			es = append(es, dumpEntry{path: p, redirect: -1})
			continue
		}
		k, v, ok := strings.Cut(strings.TrimPrefix(line, "* "), ":")
		if !ok || len(es) == 0 {
			continue
		}
		e := &es[len(es)-1]
		v = strings.TrimSpace(v)
		switch k {
		case "title":
			e.title = v
		case "type":
			e.typ = v
		case "mime-type":
			e.mime = v
		case "redirect index":
			e.redirect, _ = strconv.Atoi(v)
		}
	}
	return es
}

// cleanTitle is a title as the reader shows it: without control
// characters, and from the path when the entry has none.
func cleanTitle(title, path string) string {
	if title == path {
		title = strings.ReplaceAll(strings.TrimSuffix(strings.TrimSuffix(title, ".html"), ".htm"), "_", " ")
	}
	return clip(termesc.OneLine(title), maxSummary)
}

// TestZimdump reads every article of the fixtures, and of archives in the
// older layouts, and compares them with what zimdump (zim-tools, libzim)
// reads: the same articles, titles and bytes, the same document from
// those bytes, and the redirects as names.
func TestZimdump(t *testing.T) {
	tool(t, "zimdump", "zim-tools")
	archives := map[string]string{
		"linuxwiki_en": fixture("linuxwiki_en.zim"),
		"linuxwiki_fr": fixture("linuxwiki_fr.zim"),
		"v5 xz":        oldArchive(t, 5, 0, 'A', testzim.XZ),
		"v6.0 zstd":    oldArchive(t, 6, 0, 'A', testzim.Zstd),
	}
	for name, path := range archives {
		t.Run(name, func(t *testing.T) {
			a := open(t, path)
			l, docs := readAll(t, a)
			ours := map[string]Article{}
			for _, art := range l.Articles {
				ours[art.Path] = art
			}
			docByRef := map[string]*document.Document{}
			for _, d := range docs {
				docByRef[d.Ref] = d
			}
			dump := zimdumpList(t, path)
			full := func(p string) string {
				if a.NewNamespaces() {
					return "C/" + p
				}
				return p
			}
			var theirs []string
			compared := 0
			for _, e := range dump {
				p := full(e.path)
				if e.typ != "item" || !isHTML(e.mime) || !strings.HasPrefix(p, string(a.ns)+"/") {
					continue
				}
				theirs = append(theirs, p)
				art, ok := ours[p]
				if !ok {
					t.Errorf("%s: zimdump lists it, the reader does not", p)
					continue
				}
				rel := strings.TrimPrefix(p, string(a.ns)+"/")
				if want := cleanTitle(e.title, rel); art.Title != want {
					t.Errorf("%s: title %q, zimdump %q", p, art.Title, want)
				}
				args := []string{"show", "--url=" + rel, path}
				if !a.NewNamespaces() {
					args = []string{"show", "--ns=" + string(a.ns), "--url=" + rel, path}
				}
				html, err := exec.Command("zimdump", args...).Output()
				if err != nil {
					t.Errorf("zimdump show %s: %v", p, err)
					continue
				}
				got, err := a.Content(art)
				if err != nil || !bytes.Equal(got, html) {
					t.Errorf("%s: %d bytes (%v), zimdump %d", p, len(got), err, len(html))
				}
				// the document made from zimdump's bytes is the one the
				// reader made
				want := a.document(art, html)
				d := docByRef[p]
				switch {
				case want == nil && d != nil, want != nil && d == nil:
					t.Errorf("%s: document %v, from zimdump's bytes %v", p, d != nil, want != nil)
				case want != nil && (d.Text() != want.Text() || d.Title != want.Title || d.Summary != want.Summary):
					t.Errorf("%s: text differs from zimdump's:\n%s\n---\n%s", p, d.Text(), want.Text())
				}
				compared++
			}
			slices.Sort(theirs)
			var mine []string
			for p := range ours {
				mine = append(mine, p)
			}
			slices.Sort(mine)
			if !slices.Equal(mine, theirs) {
				t.Errorf("articles %q, zimdump %q", mine, theirs)
			}
			// redirects between articles are names of their targets
			for _, e := range dump {
				if e.typ != "redirect" || e.redirect < 0 || e.redirect >= len(dump) {
					continue
				}
				target := dump[e.redirect]
				for target.typ == "redirect" && target.redirect >= 0 && target.redirect < len(dump) {
					target = dump[target.redirect]
				}
				art, ok := ours[full(target.path)]
				if !ok || !strings.HasPrefix(full(e.path), string(a.ns)+"/") {
					continue
				}
				rel := strings.TrimPrefix(full(e.path), string(a.ns)+"/")
				if n := cleanTitle(e.title, rel); !slices.Contains(art.Names, n) {
					t.Errorf("%s: names %q lack %q (redirect %s)", art.Path, art.Names, n, e.path)
				}
			}
			t.Logf("%s: %d articles compared with zimdump, %d documents", name, compared, len(docs))
		})
	}
}
