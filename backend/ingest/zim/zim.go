// Package zim reads Kiwix ZIM archives (the openZIM format: versions 5 and
// 6, the old namespaces with articles in A/ and the 2021 layout with
// content in C/, xz and zstd clusters, redirects, the title index and the
// M/ metadata) and turns their HTML articles into document.Documents.
//
// Reading the format is github.com/stazelabs/gozim's job; this package
// checks what it is given before gozim sees it, turns a panic of gozim or
// of the HTML walk into an error, and treats archives as untrusted: a
// truncated or foreign file is refused as a whole with the reason, a
// cluster that does not decompress or an article that does not parse is
// skipped with the reason, and no text leaves here with an escape sequence
// or a control character in it.
//
// Articles are read in cluster order (List sorts them so), one cluster at
// a time per gozim handle: every cluster is decompressed once. Several
// goroutines may Read at once; each takes a handle of its own, since a
// gozim archive decompresses under a lock.
package zim

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	gozim "github.com/stazelabs/gozim/zim"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/safefile"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// Errors of Open, for errors.Is.
var (
	ErrNotZIM    = errors.New("not a ZIM archive")
	ErrTruncated = errors.New("truncated")
	ErrCorrupt   = errors.New("corrupt")
)

// MaxArticleSize bounds one article's HTML. The longest Wikipedia articles
// are a few megabytes; anything much larger is not an article to index.
const MaxArticleSize = 32 << 20

// maxClusterSize bounds one cluster as stored. libzim writes clusters of
// about 2 MB (older archives: 1 MB), images alone may be larger.
const maxClusterSize = 512 << 20

// maxNames bounds the alternative titles an article gets from redirects:
// a Wikipedia article may have hundreds.
const maxNames = 16

// magic is the number a ZIM file starts with, little-endian.
const magic = 0x044D495A

const (
	headerSize = 80
	noPage     = 0xffffffff
	noTitleIdx = 0xffffffffffffffff
)

// header is the part of the ZIM header this package checks.
type header struct {
	major, minor      uint16
	entries, clusters uint32
	urlPtr, titlePtr  uint64
	clusterPtr        uint64
	mimePtr           uint64
	mainPage          uint32
	checksum          uint64
}

// Meta is what an archive says of itself (its M/ entries), without
// control characters.
type Meta struct {
	Major, Minor int
	Title        string // M/Title: "ArchWiki"
	Language     string // M/Language as a BCP 47 tag, the first of a list: "eng,fra" -> "en"; "" when absent
	Name         string // M/Name: "archlinux_en_all"
	Date         string // M/Date: "2024-01-15"
	Description  string // M/Description
}

// Archive is an open ZIM file.
type Archive struct {
	Meta Meta

	path string
	size int64
	hdr  header
	ns   byte   // the namespace of articles: 'C' (2021 layout) or 'A'
	book string // the name kiwix-serve gives the archive in its URLs

	mu      sync.Mutex
	handles []*gozim.Archive
	free    chan *gozim.Archive
	max     int
	closed  bool
}

// Open checks the file at path and opens it. The error says why an archive
// cannot be read at all: not a ZIM file (ErrNotZIM), cut short
// (ErrTruncated), pointers out of the file or an unreadable directory
// (ErrCorrupt).
func Open(path string) (*Archive, error) {
	f, err := safefile.Open(path) // a FIFO must not hang a reindex
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	hdr, err := readHeader(f, fi.Size())
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	a := &Archive{path: path, size: fi.Size(), hdr: hdr, ns: 'A', max: min(runtime.GOMAXPROCS(0), 32)}
	if hdr.major == 6 && hdr.minor >= 1 {
		a.ns = 'C'
	}
	a.book = bookName(path)
	a.free = make(chan *gozim.Archive, 64)
	h, err := a.open()
	if err != nil {
		return nil, err
	}
	a.Meta = a.readMeta(h)
	a.free <- h
	return a, nil
}

// readHeader reads and checks the header: the magic number, a version this
// package reads, and every table inside the file.
func readHeader(r io.ReaderAt, size int64) (header, error) {
	var b [headerSize]byte
	n, _ := r.ReadAt(b[:], 0)
	if n < 4 || binary.LittleEndian.Uint32(b[:4]) != magic {
		return header{}, ErrNotZIM
	}
	if n < headerSize {
		return header{}, fmt.Errorf("%w: %d bytes, shorter than a ZIM header", ErrTruncated, size)
	}
	le := binary.LittleEndian
	h := header{
		major: le.Uint16(b[4:]), minor: le.Uint16(b[6:]),
		entries: le.Uint32(b[24:]), clusters: le.Uint32(b[28:]),
		urlPtr: le.Uint64(b[32:]), titlePtr: le.Uint64(b[40:]), clusterPtr: le.Uint64(b[48:]),
		mimePtr: le.Uint64(b[56:]), mainPage: le.Uint32(b[64:]), checksum: le.Uint64(b[72:]),
	}
	if h.major != 5 && h.major != 6 {
		return header{}, fmt.Errorf("%w: ZIM version %d.%d, this reader knows versions 5 and 6", ErrCorrupt, h.major, h.minor)
	}
	usize := uint64(size)
	// The checksum is the last 16 bytes of a complete archive: a file that
	// ends before it was cut short.
	if h.checksum != 0 && (h.checksum > usize || usize-h.checksum < 16) {
		return header{}, fmt.Errorf("%w: the file has %d bytes, its header says the archive has %d", ErrTruncated, size, h.checksum+16)
	}
	within := func(what string, off, n, each uint64) error {
		if off < headerSize || off > usize || n > (usize-off)/each {
			return fmt.Errorf("%w: its %s lies outside the file (%d bytes)", ErrCorrupt, what, size)
		}
		return nil
	}
	if h.mimePtr < headerSize || h.mimePtr >= usize {
		return header{}, fmt.Errorf("%w: its MIME type list lies outside the file (%d bytes)", ErrCorrupt, size)
	}
	if err := within("directory", h.urlPtr, uint64(h.entries), 8); err != nil {
		return header{}, err
	}
	if h.titlePtr != noTitleIdx {
		if err := within("title index", h.titlePtr, uint64(h.entries), 4); err != nil {
			return header{}, err
		}
	}
	if err := within("cluster table", h.clusterPtr, uint64(h.clusters), 8); err != nil {
		return header{}, err
	}
	return h, nil
}

// safely runs fn and turns a panic into an error: gozim trusts some of
// the offsets it reads.
func safely(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: malformed data (%v)", ErrCorrupt, r)
		}
	}()
	return fn()
}

// open opens one more gozim handle. Handles read with pread, not mmap: a
// file truncated while mapped would kill the process with SIGBUS.
func (a *Archive) open() (*gozim.Archive, error) {
	var h *gozim.Archive
	err := safely(func() error {
		var err error
		h, err = gozim.OpenWithOptions(a.path, gozim.WithMmap(false), gozim.WithCacheSize(4))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", a.path, cleanErr(err))
	}
	a.mu.Lock()
	a.handles = append(a.handles, h)
	a.mu.Unlock()
	return h, nil
}

// cleanErr drops gozim's "zim: " prefixes and the path it repeats.
func cleanErr(err error) error {
	if errors.Is(err, ErrCorrupt) || errors.Is(err, ErrNotZIM) || errors.Is(err, ErrTruncated) {
		return err
	}
	msg := strings.ReplaceAll(err.Error(), "zim: ", "")
	return fmt.Errorf("%w: %s", ErrCorrupt, msg)
}

// get takes a free handle, opening one when all are busy and fewer than
// max are open.
func (a *Archive) get() (*gozim.Archive, error) {
	select {
	case h := <-a.free:
		return h, nil
	default:
	}
	a.mu.Lock()
	n := len(a.handles)
	closed := a.closed
	a.mu.Unlock()
	if closed {
		return nil, errors.New("archive closed")
	}
	if n < a.max && n < cap(a.free) {
		return a.open()
	}
	return <-a.free, nil
}

func (a *Archive) put(h *gozim.Archive) { a.free <- h }

// Close closes every handle. The Archive must not be used afterwards.
func (a *Archive) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	var errs []error
	for _, h := range a.handles {
		errs = append(errs, h.Close())
	}
	a.handles = nil
	return errors.Join(errs...)
}

// NewNamespaces reports whether the archive uses the 2021 layout (content
// in C/) rather than the old namespaces (articles in A/).
func (a *Archive) NewNamespaces() bool { return a.ns == 'C' }

func (a *Archive) readMeta(h *gozim.Archive) Meta {
	m := Meta{Major: int(a.hdr.major), Minor: int(a.hdr.minor)}
	get := func(key string) string {
		var v string
		safely(func() error {
			var err error
			v, err = h.Metadata(key)
			return err
		})
		return clip(termesc.OneLine(v), maxSummary)
	}
	m.Title, m.Name, m.Date, m.Description = get("Title"), get("Name"), get("Date"), get("Description")
	m.Language = Language(get("Language"))
	return m
}

var langTag = regexp.MustCompile(`^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})*$`)

// iso639 maps the three-letter codes ZIM metadata uses (ISO 639-3) to the
// two-letter ones BCP 47 prefers, for the languages Kiwix publishes most.
var iso639 = map[string]string{
	"eng": "en", "fra": "fr", "fre": "fr", "deu": "de", "ger": "de", "spa": "es", "ita": "it", "por": "pt",
	"rus": "ru", "zho": "zh", "chi": "zh", "jpn": "ja", "kor": "ko", "ara": "ar", "nld": "nl", "dut": "nl",
	"pol": "pl", "swe": "sv", "nor": "no", "nob": "nb", "dan": "da", "fin": "fi", "ces": "cs", "cze": "cs",
	"hun": "hu", "ron": "ro", "rum": "ro", "tur": "tr", "ukr": "uk", "ell": "el", "gre": "el", "heb": "he",
	"hin": "hi", "ben": "bn", "fas": "fa", "per": "fa", "vie": "vi", "tha": "th", "ind": "id", "msa": "ms",
	"cat": "ca", "eus": "eu", "baq": "eu", "glg": "gl", "bul": "bg", "hrv": "hr", "srp": "sr", "slk": "sk",
	"slo": "sk", "slv": "sl", "est": "et", "lav": "lv", "lit": "lt", "epo": "eo", "lat": "la", "tam": "ta",
}

// Language turns the value of M/Language ("eng", "eng,fra", "en") into a
// BCP 47 tag ("en"), or "" when it names none.
func Language(v string) string {
	v, _, _ = strings.Cut(v, ",")
	v = strings.TrimSpace(v)
	if !langTag.MatchString(v) {
		return ""
	}
	base, rest, _ := strings.Cut(strings.ReplaceAll(v, "_", "-"), "-")
	base = strings.ToLower(base)
	if two, ok := iso639[base]; ok {
		base = two
	}
	if rest != "" {
		return base + "-" + rest
	}
	return base
}

// bookName is the name kiwix-serve gives an archive in its URLs: the file
// name without .zim, spaces as underscores and "+" spelled "plus", as
// libkiwix derives it from the path.
func bookName(path string) string {
	b := filepath.Base(path)
	if i := strings.LastIndex(strings.ToLower(b), ".zim"); i > 0 {
		b = b[:i]
	}
	b = strings.ReplaceAll(b, " ", "_")
	return strings.ReplaceAll(b, "+", "plus")
}

// URL is where kiwix-serve shows the entry at path (a full path, "C/Foo"
// or "A/Foo"): /BOOK/Foo for archives in the 2021 layout, /BOOK/A/Foo for
// older ones, escaped. That is the address every kiwix-serve answers:
// Debian 12's (kiwix-tools 3.3) serves articles there, and the newer ones
// serve them under /content/BOOK/... and redirect the older address
// there; /content/... is a 404 for the older servers.
func (a *Archive) URL(path string) string {
	p := path
	if a.ns == 'C' {
		p = strings.TrimPrefix(p, "C/")
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return "/" + url.PathEscape(a.book) + "/" + strings.Join(segs, "/")
}

// Article is an HTML entry of the archive, as the directory lists it.
type Article struct {
	Index   uint32   // in the directory
	Path    string   // with its namespace: "C/Reflector", "A/Reflector.html"
	Title   string   // clean; from the path when the entry has none
	Cluster uint32   // where its content is
	Blob    uint32   //
	Names   []string // titles of the redirects to it
	Main    bool     // the archive's main page
}

// Listing is what List finds in the directory.
type Listing struct {
	Articles  []Article // HTML articles, in cluster order
	Redirects int       // redirects to them (their titles are Names)
	Other     int       // entries of the namespace that are not HTML (images, styles, scripts)
	Skipped   int       // entries that could not be read
	Reason    string    // why the first of them could not be
}

// List reads the directory: every HTML entry of the article namespace and
// the redirects to them, sorted by cluster and blob, the order that reads
// every cluster once. An error means the directory cannot be read at all.
func (a *Archive) List() (Listing, error) {
	h, err := a.get()
	if err != nil {
		return Listing{}, err
	}
	defer a.put(h)
	var l Listing
	skip := func(what string, err error) {
		l.Skipped++
		if l.Reason == "" {
			l.Reason = fmt.Sprintf("%s: %v", what, strings.ReplaceAll(err.Error(), "zim: ", ""))
		}
	}
	lo, hi := a.bounds(h)
	byIndex := map[uint32]int{}
	type redirect struct {
		title  string
		target uint32
	}
	var redirects []redirect
	for i := lo; i < hi; i++ {
		var e gozim.Entry
		err := safely(func() error {
			var err error
			e, err = h.EntryByIndex(i)
			return err
		})
		if err != nil {
			skip(fmt.Sprintf("directory entry %d", i), err)
			continue
		}
		if e.Namespace() != a.ns {
			continue
		}
		if e.IsRedirect() {
			var t gozim.Entry
			err := safely(func() error {
				var err error
				t, err = e.RedirectTarget()
				if err == nil && t.IsRedirect() {
					t, err = t.Resolve()
				}
				return err
			})
			if err != nil {
				skip(e.FullPath(), err)
				continue
			}
			if t.Namespace() == a.ns {
				redirects = append(redirects, redirect{title: entryTitle(e), target: t.Index()})
			}
			continue
		}
		if !isHTML(e.MIMEType()) {
			l.Other++
			continue
		}
		byIndex[e.Index()] = len(l.Articles)
		l.Articles = append(l.Articles, Article{
			Index: e.Index(), Path: e.FullPath(), Title: entryTitle(e),
			Cluster: e.ClusterNum(), Blob: e.BlobNum(),
		})
	}
	for _, r := range redirects {
		k, ok := byIndex[r.target]
		if !ok {
			continue // a redirect to an image, a script, ...
		}
		art := &l.Articles[k]
		if r.title == "" || strings.EqualFold(r.title, art.Title) || len(art.Names) >= maxNames ||
			slices.ContainsFunc(art.Names, func(n string) bool { return strings.EqualFold(n, r.title) }) {
			continue
		}
		art.Names = append(art.Names, r.title)
		l.Redirects++
	}
	if a.hdr.mainPage != noPage {
		safely(func() error {
			e, err := h.EntryByIndex(a.hdr.mainPage)
			if err == nil {
				e, err = e.Resolve()
			}
			if err == nil {
				if k, ok := byIndex[e.Index()]; ok {
					l.Articles[k].Main = true
				}
			}
			return err
		})
	}
	slices.SortFunc(l.Articles, func(x, y Article) int {
		if c := cmp.Compare(x.Cluster, y.Cluster); c != 0 {
			return c
		}
		return cmp.Compare(x.Blob, y.Blob)
	})
	return l, nil
}

// bounds is the range of directory indexes of the article namespace,
// found by binary search (the directory is sorted by namespace and path);
// the whole directory when an entry on the way cannot be read.
func (a *Archive) bounds(h *gozim.Archive) (lo, hi uint32) {
	n := a.hdr.entries
	search := func(ns byte) (uint32, bool) {
		l, r := uint32(0), n
		for l < r {
			mid := l + (r-l)/2
			var e gozim.Entry
			err := safely(func() error {
				var err error
				e, err = h.EntryByIndex(mid)
				return err
			})
			if err != nil {
				return 0, false
			}
			if e.Namespace() < ns {
				l = mid + 1
			} else {
				r = mid
			}
		}
		return l, true
	}
	lo, ok1 := search(a.ns)
	hi, ok2 := search(a.ns + 1)
	if !ok1 || !ok2 || hi < lo {
		return 0, n
	}
	return lo, hi
}

func isHTML(mime string) bool {
	m, _, _ := strings.Cut(mime, ";")
	m = strings.TrimSpace(strings.ToLower(m))
	return m == "text/html" || m == "application/xhtml+xml"
}

// entryTitle is an entry's title, clean. An entry without a title is named
// by its path ("Mirror_ranking.html" -> "Mirror ranking").
func entryTitle(e gozim.Entry) string {
	t := e.Title()
	if t == e.Path() {
		t = strings.TrimSuffix(strings.TrimSuffix(t, ".html"), ".htm")
		t = strings.ReplaceAll(t, "_", " ")
	}
	return clip(termesc.OneLine(t), maxSummary)
}

// Groups splits articles (in cluster order) into one group per cluster:
// the units that may be read in parallel.
func Groups(arts []Article) [][]Article {
	var out [][]Article
	for i := 0; i < len(arts); {
		j := i + 1
		for j < len(arts) && arts[j].Cluster == arts[i].Cluster {
			j++
		}
		out = append(out, arts[i:j])
		i = j
	}
	return out
}

// Skip is an article that could not be read, and why.
type Skip struct {
	Path   string
	Reason string
}

// Read reads articles of one cluster (a group of Groups) and converts them
// into documents, in order. Articles that are not worth a document (empty,
// the main page or an index that is only links) are left out silently;
// those that cannot be read are in skips. err is set when none could be
// read because their cluster cannot: it is out of the file or does not
// decompress.
func (a *Archive) Read(arts []Article) (docs []*document.Document, skips []Skip, err error) {
	if len(arts) == 0 {
		return nil, nil, nil
	}
	h, err := a.get()
	if err != nil {
		return nil, nil, err
	}
	defer a.put(h)
	cluster := arts[0].Cluster
	if err := a.checkCluster(h, cluster); err != nil {
		return nil, nil, err
	}
	for _, art := range arts {
		var d *document.Document
		err := safely(func() error {
			if art.Cluster != cluster {
				if err := a.checkCluster(h, art.Cluster); err != nil {
					return err
				}
				cluster = art.Cluster
			}
			data, err := a.content(h, art)
			if err != nil {
				return err
			}
			d = a.document(art, data)
			return nil
		})
		if err != nil {
			skips = append(skips, Skip{Path: art.Path, Reason: strings.ReplaceAll(err.Error(), "zim: ", "")})
			continue
		}
		if d != nil {
			docs = append(docs, d)
		}
	}
	return docs, skips, nil
}

// checkCluster makes sure cluster n lies inside the file and decompresses
// (gozim keeps it in its cache for the articles that follow).
func (a *Archive) checkCluster(h *gozim.Archive, n uint32) error {
	return safely(func() error {
		cm, err := h.ClusterMetaAt(n)
		if err != nil {
			return fmt.Errorf("cluster %d: %v", n, strings.ReplaceAll(err.Error(), "zim: ", ""))
		}
		if cm.Offset < headerSize || cm.Offset >= uint64(a.size) || cm.CompressedSize > uint64(a.size)-cm.Offset || cm.CompressedSize > maxClusterSize {
			return fmt.Errorf("%w: cluster %d lies outside the file", ErrCorrupt, n)
		}
		if _, err := h.ClusterBlobSizes(n); err != nil {
			msg := strings.ReplaceAll(err.Error(), "zim: ", "")
			msg = strings.TrimPrefix(msg, fmt.Sprintf("parse cluster %d: ", n))
			msg = strings.TrimPrefix(msg, "cluster decompression failed: ")
			return fmt.Errorf("cluster %d (%s) cannot be read: %s", n, cm.Compression, msg)
		}
		return nil
	})
}

// content returns the HTML of an article; the slice belongs to gozim's
// cache and is valid until the next read on the handle.
func (a *Archive) content(h *gozim.Archive, art Article) ([]byte, error) {
	e, err := h.EntryByIndex(art.Index)
	if err != nil {
		return nil, err
	}
	if e.IsRedirect() || e.ClusterNum() != art.Cluster || e.BlobNum() != art.Blob {
		return nil, fmt.Errorf("%w: directory entry %d changed while it was read", ErrCorrupt, art.Index)
	}
	it, err := e.Item()
	if err != nil {
		return nil, err
	}
	b, err := it.Data()
	if err != nil {
		return nil, err
	}
	if b.Size() > MaxArticleSize {
		return nil, fmt.Errorf("%d bytes of HTML, more than %d", b.Size(), MaxArticleSize)
	}
	return b.Bytes(), nil
}

// Content returns a copy of the raw content of an article, for tests and
// tools.
func (a *Archive) Content(art Article) ([]byte, error) {
	h, err := a.get()
	if err != nil {
		return nil, err
	}
	defer a.put(h)
	var out []byte
	err = safely(func() error {
		data, err := a.content(h, art)
		out = append([]byte(nil), data...)
		return err
	})
	return out, err
}

// ByTitle finds an entry of the article namespace by its exact title in
// the archive's title index, following redirects: the path of the entry
// it leads to.
func (a *Archive) ByTitle(title string) (string, error) {
	h, err := a.get()
	if err != nil {
		return "", err
	}
	defer a.put(h)
	var path string
	err = safely(func() error {
		e, err := h.EntryByTitle(a.ns, title)
		if err != nil {
			return err
		}
		if e, err = e.Resolve(); err != nil {
			return err
		}
		path = e.FullPath()
		return nil
	})
	return path, err
}

// linkList reports a page that is mostly links: an index, a category, a
// portal. wordsOwn is the text that is not link text.
func linkList(pg page, main bool) bool {
	own := pg.words - pg.linkWords
	if main {
		return pg.linkWords*2 >= pg.words
	}
	return pg.linkWords*5 >= pg.words*4 && own < 50
}

// Document converts the HTML of an article. It is nil when the article is
// not worth one: no text, or a main page or index that is only links.
func (a *Archive) document(art Article, data []byte) *document.Document {
	pg := convert(data, art.Title)
	secs := pg.sections[:0]
	var summary string
	for _, s := range pg.sections {
		if len(s.Blocks) == 0 {
			continue
		}
		s.Title = clip(s.Title, maxSummary)
		secs = append(secs, s)
		for _, b := range s.Blocks {
			if summary == "" && b.Kind == document.Para {
				summary = firstSentence(b.Text)
			}
		}
	}
	if len(secs) == 0 || linkList(pg, art.Main) {
		return nil
	}
	title := art.Title
	if title == "" {
		title = termesc.OneLine(art.Path)
	}
	return &document.Document{
		Type: "zim", Ref: termesc.OneLine(art.Path), Label: title, Title: title, Names: art.Names,
		Summary: summary, Sections: secs, Language: a.Meta.Language, URL: a.URL(art.Path),
	}
}
