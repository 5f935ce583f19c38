// Package man reads man pages: it lists the pages of a man tree (Scan) and
// turns one page's roff source, man(7) or mdoc(7) with tbl(1) tables, into
// a document.Document (ReadPage, Parse). It is a roff interpreter of its
// own, written for speed and for untrusted input: every expansion is
// bounded and a bad page is an error, never a crash.
package man

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/safefile"
)

// Page is one page file of a man tree, after links are resolved.
type Page struct {
	Ref       string   // canonical path relative to the tree root: "man1/gzip.1.gz"
	Section   string   // from the folder: "1", "8", "3", "n", "l"
	LinkNames []string // other names that point at it: symlinks and .so stubs ("gunzip", "zcat")
	// refused is why Scan will not have the file read (ReadPage returns
	// it): listed all the same, so that the build names it.
	refused error
}

// ScanStats counts what Scan saw besides the pages it returns.
type ScanStats struct {
	Pages      int // pages returned
	Links      int // symlinks and .so stubs folded into the page they name
	NonEnglish int // files under locale folders (fr/, de/, pt_BR/, ...), skipped
	Skipped    int // dangling links, unreadable stubs and other files left out
}

// maxStubSize is the largest file (compressed) read to see whether it is
// a ".so other/page" stub; real pages are bigger.
const maxStubSize = 256

// ErrUnsupported is returned for compressions we do not read (xz, zstd).
var ErrUnsupported = errors.New("unsupported compression")

// sectionDir returns the section of a folder name like "man1" or "man3p".
func sectionDir(name string) (string, bool) {
	if !strings.HasPrefix(name, "man") || len(name) < 4 || len(name) > 8 {
		return "", false
	}
	s := name[3:]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return "", false
		}
	}
	return s, true
}

// stripCompression removes a compression suffix from a file name.
func stripCompression(name string) (string, string) {
	for _, ext := range []string{".gz", ".bz2", ".xz", ".zst", ".Z", ".lzma", ".z"} {
		if strings.HasSuffix(name, ext) {
			return name[:len(name)-len(ext)], ext
		}
	}
	return name, ""
}

// pageName is the name of a page file without section suffix and
// compression: "openssl.1ssl.gz" in section 1 is "openssl".
func pageName(file, section string) string {
	n, _ := stripCompression(file)
	i := strings.LastIndexByte(n, '.')
	if i <= 0 {
		return n
	}
	suf := n[i+1:]
	if suf != "" && section != "" && suf[0] == section[0] {
		return n[:i]
	}
	return n
}

// isPageFile reports whether a file in a man folder looks like a page.
func isPageFile(name string) bool {
	if name == "" || name[0] == '.' {
		return false
	}
	n, _ := stripCompression(name)
	return strings.IndexByte(n, '.') > 0
}

type entry struct {
	ref     string // "man1/gzip.1.gz"
	section string
	dir     string // "man1"
	name    string // file name
	link    bool
	stub    string // target of a .so stub, relative to the root
	refused error  // see Page
}

// Scan lists the English tree under root. Locale folders are counted and
// skipped; symlinks and .so stubs are folded into the page they name.
// Files that must not be read are listed too, and ReadPage says why: a
// name with a control character, a link (or a section folder that
// links) outside the documentation trees (safefile.InDocTrees).
func Scan(root string) ([]Page, ScanStats, error) {
	var st ScanStats
	top, err := os.ReadDir(root)
	if err != nil {
		return nil, st, err
	}
	realRoot := safefile.Resolved(root)
	var entries []entry
	for _, d := range top {
		name := d.Name()
		if !safefile.DirEntry(root, d) {
			continue
		}
		sec, ok := sectionDir(name)
		if !ok {
			if isLocaleDir(name) {
				st.NonEnglish += countPages(filepath.Join(root, name), 0)
			}
			continue
		}
		var refused error
		if d.Type()&os.ModeSymlink != 0 {
			// only a linked folder can lead out; a plain one is in root
			refused = safefile.DocFolder(filepath.Join(root, name), realRoot)
		}
		files, err := os.ReadDir(filepath.Join(root, name))
		if err != nil {
			continue
		}
		for _, f := range files {
			fn := f.Name()
			if f.IsDir() || !isPageFile(fn) {
				continue
			}
			e := entry{ref: name + "/" + fn, section: sec, dir: name, name: fn, link: f.Type()&os.ModeSymlink != 0, refused: refused}
			if err := safefile.DocName(fn); err != nil {
				e.refused = err
			}
			entries = append(entries, e)
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].ref < entries[j].ref })

	byRef := make(map[string]int, len(entries))
	byBase := make(map[string]int, len(entries)) // "man1/gzip.1" -> index
	for i, e := range entries {
		byRef[e.ref] = i
		base, _ := stripCompression(e.ref)
		if _, dup := byBase[base]; !dup {
			byBase[base] = i
		}
	}

	// find .so stubs among small regular files, in parallel: reading a
	// few thousand small files is the slow part of a scan
	findStubs(root, entries)

	target := make([]int, len(entries)) // index of the page an entry stands for, -1 if dangling
	const unresolved = -2
	for i := range target {
		target[i] = unresolved
	}
	var resolve func(i, depth int) int
	resolve = func(i, depth int) int {
		if target[i] != unresolved {
			return target[i]
		}
		if depth > 8 {
			return -1
		}
		e := entries[i]
		t := i
		switch {
		case e.refused != nil:
		case e.link:
			t = -1
			real, err := filepath.EvalSymlinks(filepath.Join(root, e.ref))
			if err != nil {
				break
			}
			rel, err := filepath.Rel(realRoot, real)
			if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
				// a link out of the tree: the page lives elsewhere, and
				// ReadPage reads it if that is documentation
				entries[i].link = false
				t = i
				break
			}
			rel = filepath.ToSlash(rel)
			if j, ok := byRef[rel]; ok && j != i {
				t = resolve(j, depth+1)
			} else if ok {
				t = i
			} else {
				t = -1
			}
		case e.stub != "":
			t = -1
			base, _ := stripCompression(e.stub)
			if j, ok := byBase[base]; ok && j != i {
				t = resolve(j, depth+1)
			}
		}
		target[i] = t
		return t
	}
	links := make(map[int][]string)
	var pages []Page
	order := []int{}
	for i := range entries {
		t := resolve(i, 0)
		switch {
		case t < 0:
			st.Skipped++
		case t == i:
			order = append(order, i)
		default:
			st.Links++
			links[t] = append(links[t], pageName(entries[i].name, entries[i].section))
		}
	}
	for _, i := range order {
		e := entries[i]
		p := Page{Ref: e.ref, Section: e.section, refused: e.refused}
		own := pageName(e.name, e.section)
		seen := map[string]bool{own: true}
		for _, l := range links[i] {
			if !seen[l] {
				seen[l] = true
				p.LinkNames = append(p.LinkNames, l)
			}
		}
		pages = append(pages, p)
	}
	st.Pages = len(pages)
	return pages, st, nil
}

// findStubs reads the small regular files of entries and records the
// target of those that are only a .so include.
func findStubs(root string, entries []entry) {
	var wg sync.WaitGroup
	work := make(chan int, 64)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				entries[i].stub = stubTarget(filepath.Join(root, entries[i].ref))
			}
		}()
	}
	for i := range entries {
		if entries[i].link || entries[i].refused != nil {
			continue
		}
		work <- i
	}
	close(work)
	wg.Wait()
}

// stubTarget returns the include path of a page that is only ".so path",
// or "" for a real page.
func stubTarget(file string) string {
	// one lstat per file is the cost of finding stubs; only the few
	// small files are opened
	fi, err := os.Lstat(file)
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	limit := int64(maxStubSize)
	if _, ext := stripCompression(file); ext == "" {
		limit = 4 * maxStubSize // uncompressed stubs may carry a long comment
	}
	if fi.Size() > limit {
		return ""
	}
	raw, err := safefile.ReadFile(file, limit) // not os.ReadFile: it may have become a FIFO since
	if err != nil {
		return ""
	}
	src, err := decompress(file, raw)
	if err != nil || len(src) > 4096 {
		return ""
	}
	target := ""
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, `.\"`) || strings.HasPrefix(l, `'\"`) || l == "." {
			continue
		}
		if target == "" && strings.HasPrefix(l, ".so") && len(l) > 4 && isSpace(l[3]) {
			target = strings.TrimSpace(l[4:])
			continue
		}
		return ""
	}
	return path.Clean(target)
}

// isLocaleDir tells locale folders (fr, pt_BR, zh_CN.UTF-8, sr@latin)
// from other folders of a man tree.
func isLocaleDir(name string) bool {
	base := name
	if i := strings.IndexAny(base, ".@"); i >= 0 {
		base = base[:i]
	}
	if len(base) < 2 {
		return false
	}
	lang, region, hasRegion := strings.Cut(base, "_")
	if len(lang) < 2 || len(lang) > 3 {
		return false
	}
	for _, c := range lang {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	if hasRegion && (len(region) < 2 || len(region) > 3) {
		return false
	}
	return true
}

// countPages counts page files under a locale folder.
func countPages(dir string, depth int) int {
	ents, err := os.ReadDir(dir)
	if err != nil || depth > 2 {
		return 0
	}
	n := 0
	for _, e := range ents {
		if e.IsDir() {
			n += countPages(filepath.Join(dir, e.Name()), depth+1)
		} else if depth > 0 && isPageFile(e.Name()) {
			n++
		}
	}
	return n
}

// decompress returns the content of a page file by its name and magic.
func decompress(name string, raw []byte) ([]byte, error) {
	switch {
	case len(raw) >= 2 && raw[0] == 0x1f && raw[1] == 0x8b:
		return gunzip(raw)
	case len(raw) >= 3 && raw[0] == 'B' && raw[1] == 'Z' && raw[2] == 'h':
		out, err := io.ReadAll(io.LimitReader(bzip2.NewReader(bytes.NewReader(raw)), maxPageSize+1))
		if err == nil && len(out) > maxPageSize {
			err = errTooLarge
		}
		return out, err
	case len(raw) >= 6 && bytes.HasPrefix(raw, []byte("\xfd7zXZ\x00")),
		len(raw) >= 4 && bytes.HasPrefix(raw, []byte("\x28\xb5\x2f\xfd")):
		return nil, fmt.Errorf("%w: %s", ErrUnsupported, path.Base(name))
	}
	if _, ext := stripCompression(name); ext != "" && ext != ".gz" && ext != ".bz2" {
		return nil, fmt.Errorf("%w: %s", ErrUnsupported, path.Base(name))
	}
	if len(raw) > maxPageSize {
		return nil, errTooLarge
	}
	return raw, nil
}

// maxPageSize bounds what one page may be, decompressed. The longest on
// a Debian machine (bash(1), ffmpeg-all(1)) are a few hundred kB; a page
// of more is a mistake or a compression bomb, and cutting it would index
// its first megabytes as the page (an empty DESCRIPTION, and no word of
// why).
const maxPageSize = 16 << 20

// errTooLarge is a page over maxPageSize: skipped, and said.
var errTooLarge = fmt.Errorf("larger than %d MiB decompressed", maxPageSize>>20)

var gzipPool sync.Pool

// gunzip decompresses a gzip file into a buffer sized from its trailer.
func gunzip(raw []byte) ([]byte, error) {
	zr, _ := gzipPool.Get().(*gzip.Reader)
	var err error
	if zr == nil {
		zr, err = gzip.NewReader(bytes.NewReader(raw))
	} else {
		err = zr.Reset(bytes.NewReader(raw))
	}
	if err != nil {
		return nil, err
	}
	defer gzipPool.Put(zr)
	size := 0
	if n := len(raw); n >= 8 {
		// ISIZE: the uncompressed size modulo 2^32, a good hint
		size = int(uint32(raw[n-4]) | uint32(raw[n-3])<<8 | uint32(raw[n-2])<<16 | uint32(raw[n-1])<<24)
	}
	if size <= 0 || size > maxPageSize {
		size = 4 * len(raw)
	}
	buf := bytes.NewBuffer(make([]byte, 0, size+1))
	if _, err := buf.ReadFrom(io.LimitReader(zr, maxPageSize+1)); err != nil {
		return nil, err
	}
	if buf.Len() > maxPageSize {
		return nil, errTooLarge
	}
	return buf.Bytes(), nil
}

// readFile reads and decompresses a page file of the tree at root (see
// safefile.OpenDoc: no FIFO, no link out of the documentation); one
// larger than a page may be is not read at all.
func readFile(file, root string) ([]byte, error) {
	raw, err := safefile.ReadDoc(file, root, maxPageSize)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, errTooLarge
	}
	if err != nil {
		return nil, err
	}
	return decompress(file, raw)
}

// soResolver reads .so includes relative to the tree root, trying the
// compressed forms of the name too. An include is a path, so every folder
// on it may be a link: it is judged where it finally points.
func soResolver(root string) func(string) ([]byte, error) {
	realRoot := ""
	return func(p string) ([]byte, error) {
		p = path.Clean(strings.TrimSpace(p))
		if path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
			return nil, fmt.Errorf("include %q outside the tree", p)
		}
		if realRoot == "" { // once a page, and only for pages with includes
			realRoot = safefile.Resolved(root)
		}
		base := filepath.Join(root, filepath.FromSlash(p))
		for _, ext := range []string{"", ".gz", ".bz2"} {
			real, err := filepath.EvalSymlinks(base + ext)
			if err != nil {
				continue
			}
			if !safefile.InDocTrees(real, realRoot) {
				return nil, fmt.Errorf("include %q: %w", p, safefile.ErrOutsideDocs)
			}
			return readFile(real, realRoot)
		}
		return nil, fmt.Errorf("include %q not found", p)
	}
}

// ReadPage reads and parses one page (gzip, bzip2 or plain), following .so
// includes relative to root.
func ReadPage(root string, p Page) (*document.Document, error) {
	if p.refused != nil {
		return nil, p.refused
	}
	src, err := readFile(filepath.Join(root, filepath.FromSlash(p.Ref)), root)
	if err != nil {
		return nil, err
	}
	d, _, err := parse(src, soResolver(root))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Ref, err)
	}
	file := pageName(path.Base(p.Ref), p.Section)
	name := unversioned(file, p.LinkNames)
	d.Type = "man"
	d.Ref = p.Ref
	d.Section = p.Section
	d.Title = name
	d.Label = name + "(" + p.Section + ")"
	names := make([]string, 0, 2+len(d.Names)+len(p.LinkNames))
	names = append(names, name)
	seen := map[string]bool{name: true}
	for _, group := range [][]string{d.Names, p.LinkNames, {file}} {
		for _, n := range group {
			if n != "" && !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	d.Names = names
	return d, nil
}

// versionRE is a version a file name carries past the command's: "-14" in
// llvm-as-14, ".11" in python3.11.
var versionRE = regexp.MustCompile(`^[-.][0-9]+(?:\.[0-9]+)*$`)

// unversioned is the name a page is known by: Debian installs versioned
// tools' pages as llvm-as-14.1 with llvm-as.1 linking to it, and llvm-as
// is what users type, at the prompt and to man. A link that is the file's
// name without its version names the page; other links (egrep for grep)
// stay other names.
func unversioned(name string, links []string) string {
	for _, l := range links {
		if strings.HasPrefix(name, l) && versionRE.MatchString(name[len(l):]) {
			return l
		}
	}
	return name
}
