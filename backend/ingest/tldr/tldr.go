// Package tldr reads the page cache of a tldr client (tealdeer's
// ~/.cache/tealdeer/tldr-pages, the Node client's ~/.tldr/cache, a clone
// of tldr-pages) into documents: Root finds the cache, Scan lists the
// English pages ragman indexes, Read and Parse turn one page into a
// document.Document whose EXAMPLES section holds one item per example,
// the command as the term and what it does as the text.
//
// tldr pages are short, example-first answers to "how do I ...": the
// description of an example is close to the question a user types, which
// is why they are worth indexing next to the man pages they summarise.
//
// Only the platforms of a Linux machine (common and linux) are read, and
// only English: the rest is counted in Stats so that a user can be told
// what was left out. Pages are untrusted text, cleaned like the other
// readers clean theirs (see Parse).
package tldr

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/safefile"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// Page is one tldr page found by Scan.
type Page struct {
	Ref      string // path relative to the root, slash-separated: "pages/linux/ip.md"
	Name     string // the command: "ip", "git-commit" (file name without .md)
	Platform string // "common", "linux"
	// refused is why Scan will not have the file read (Read returns it):
	// listed all the same, so that the build names it.
	refused error
}

// Stats counts the pages Scan saw and left out.
type Stats struct {
	NonEnglish    int // pages in pages.LANG folders other than English, skipped
	OtherPlatform int // pages for platforms other than common and linux, skipped
	Shadowed      int // common pages hidden by a linux page of the same name
}

// englishDirs are the folders that hold English pages. Clients that cache
// one archive per language (tealdeer) write pages.en; a clone of
// tldr-pages and older clients have pages. Order matters: when both hold
// the same page, the one in the first folder is kept.
var englishDirs = []string{"pages", "pages.en"}

// platforms are the platform folders ragman reads: what runs on Linux.
// linux comes last so that its page of a name replaces common's, as tldr
// clients do on Linux.
var platforms = []string{"common", "linux"}

// clientDirs are the folders a client keeps its cache in, below the folder
// a user is likely to name: tealdeer's cache dir holds tldr-pages/, the
// Node client's ~/.tldr holds cache/.
var clientDirs = []string{"tldr-pages", "cache"}

// Root finds the folder that holds pages/ (or pages.LANG/) given dir
// itself, the pages (or pages.en) folder inside it, or the client folder
// above it (tealdeer's cache dir with tldr-pages/, the Node client's
// ~/.tldr with cache/). It says ok only when an English common or linux
// folder holds at least one .md page, so that any folder that merely has
// a pages/ subfolder is not taken for a tldr cache. It costs a few stat
// and read-directory calls, enough to be called once per page.
func Root(dir string) (root string, ok bool) {
	dir = filepath.Clean(dir)
	for _, d := range englishDirs {
		if hasPages(filepath.Join(dir, d)) {
			return dir, true
		}
	}
	if base := filepath.Base(dir); (base == "pages" || base == "pages.en") && hasPages(dir) {
		return filepath.Dir(dir), true
	}
	for _, c := range clientDirs {
		sub := filepath.Join(dir, c)
		for _, d := range englishDirs {
			if hasPages(filepath.Join(sub, d)) {
				return sub, true
			}
		}
	}
	return "", false
}

// hasPages reports whether lang (a pages folder) has a common or linux
// folder with a page in it.
func hasPages(lang string) bool {
	for _, p := range platforms {
		if hasPage(filepath.Join(lang, p)) {
			return true
		}
	}
	return false
}

// hasPage reports whether dir holds a .md file, reading no more of a big
// folder than it must.
func hasPage(dir string) bool {
	// Stat first: opening a FIFO named like a folder would block.
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return false
	}
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	for {
		ents, err := f.ReadDir(64)
		for _, e := range ents {
			if !e.IsDir() && pageName(e.Name()) != "" {
				return true
			}
		}
		if err != nil {
			return false
		}
	}
}

// pageName returns the command a page file documents ("git-commit" for
// "git-commit.md"), or "" for what is not a page file. Names that could act
// on a terminal or hide text (control and format characters, invalid
// UTF-8) are refused: they would end up in refs and names.
func pageName(file string) string {
	name, ok := strings.CutSuffix(file, ".md")
	if !ok || name == "" || strings.HasPrefix(name, ".") || !utf8.ValidString(name) {
		return ""
	}
	for _, r := range name {
		if termesc.Dropped(r) || r == 0x1b || unicode.IsSpace(r) {
			return ""
		}
	}
	return name
}

// Scan lists the English common and linux pages of the cache that Root
// finds from dir, sorted by Ref. A linux page replaces the common page of
// the same name, as a tldr client on Linux shows it; the same page in both
// pages/ and pages.en/ is listed once, from pages/. Translations and other
// platforms are counted in Stats and skipped. Files that must not be read
// are listed too, and Read says why: a FIFO, a name with a control
// character, a link (or a folder that links) out of dir and the machine's
// documentation (safefile.InDocTrees).
func Scan(dir string) ([]Page, Stats, error) {
	var st Stats
	root, ok := Root(dir)
	if !ok {
		return nil, st, fmt.Errorf("%s: not a tldr page cache (no pages/common or pages/linux folder with .md pages)", dir)
	}
	top, err := os.ReadDir(root)
	if err != nil {
		return nil, st, err
	}
	realDir := safefile.Resolved(dir)
	var refused []Page
	found := map[string]map[string]Page{} // platform -> name -> page
	for _, p := range platforms {
		found[p] = map[string]Page{}
	}
	for _, lang := range englishDirs {
		langDir := filepath.Join(root, lang)
		fi, err := os.Stat(langDir)
		if err != nil || !fi.IsDir() {
			continue
		}
		plats, err := os.ReadDir(langDir)
		if err != nil {
			return nil, st, err
		}
		for _, pe := range plats {
			plat := pe.Name()
			if !safefile.DirEntry(langDir, pe) {
				continue
			}
			byName, ours := found[plat]
			if !ours {
				st.OtherPlatform += countPages(filepath.Join(langDir, plat))
				continue
			}
			platDir := filepath.Join(langDir, plat)
			files, err := os.ReadDir(platDir)
			if err != nil {
				return nil, st, err
			}
			// a cache has few such folders: judging where each leads is cheap
			outside := safefile.DocFolder(platDir, realDir)
			for _, f := range files {
				ref := lang + "/" + plat + "/" + f.Name()
				name := pageName(f.Name())
				if err := safefile.DocName(f.Name()); name == "" && strings.HasSuffix(f.Name(), ".md") && err != nil {
					refused = append(refused, Page{Ref: ref, Platform: plat, refused: err})
					continue
				}
				if name == "" || !safefile.FileEntry(platDir, f) {
					continue
				}
				if outside != nil {
					refused = append(refused, Page{Ref: ref, Name: name, Platform: plat, refused: outside})
					continue
				}
				if _, dup := byName[name]; dup {
					continue
				}
				byName[name] = Page{Ref: ref, Name: name, Platform: plat}
			}
		}
	}
	for _, e := range top {
		name := e.Name()
		if !strings.HasPrefix(name, "pages.") || name == "pages.en" || !safefile.DirEntry(root, e) {
			continue
		}
		sub := filepath.Join(root, name)
		plats, err := os.ReadDir(sub)
		if err != nil {
			continue
		}
		for _, pe := range plats {
			if safefile.DirEntry(sub, pe) {
				st.NonEnglish += countPages(filepath.Join(sub, pe.Name()))
			}
		}
	}
	var pages []Page
	for _, p := range found["common"] {
		if _, ok := found["linux"][p.Name]; ok {
			st.Shadowed++
			continue
		}
		pages = append(pages, p)
	}
	for _, p := range found["linux"] {
		pages = append(pages, p)
	}
	pages = append(pages, refused...)
	sort.Slice(pages, func(i, j int) bool { return pages[i].Ref < pages[j].Ref })
	return pages, st, nil
}

// countPages counts the page files in a platform folder; a folder that
// cannot be read counts none.
func countPages(dir string) int {
	files, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, f := range files {
		if !f.IsDir() && pageName(f.Name()) != "" {
			n++
		}
	}
	return n
}

// Read reads and parses the page p of the cache that Root finds from dir
// (dir may be the root itself or anything Root accepts). The file is
// opened with safefile.ReadDoc: FIFOs, devices, links out of dir and the
// machine's documentation (a link to /dev/zero, ~/.ssh) and files over
// 1 MiB are refused. A ref that does not name a page file inside the
// cache (an absolute path, "..") is refused before anything is opened.
func Read(dir string, p Page) (*document.Document, error) {
	if p.refused != nil {
		return nil, p.refused
	}
	if !validRef(p.Ref) {
		return nil, fmt.Errorf("%q: not the path of a page inside a tldr cache", p.Ref)
	}
	root := dir
	if r, ok := Root(dir); ok {
		root = r
	}
	src, err := safefile.ReadDoc(filepath.Join(root, filepath.FromSlash(p.Ref)), dir, maxPageSize)
	if err != nil {
		return nil, err
	}
	return Parse(p.Ref, bytes.NewReader(src))
}

// validRef reports whether ref has the shape of the refs Scan makes:
// pages[.LANG]/PLATFORM/NAME.md, clean and relative.
func validRef(ref string) bool {
	parts := strings.Split(ref, "/")
	if len(parts) != 3 || path.Clean(ref) != ref || !filepath.IsLocal(filepath.FromSlash(ref)) {
		return false
	}
	if parts[0] != "pages" && !strings.HasPrefix(parts[0], "pages.") {
		return false
	}
	return parts[1] != "" && parts[1] != "." && parts[1] != ".." && pageName(parts[2]) != ""
}
