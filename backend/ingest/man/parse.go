package man

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// Parse parses roff source (man(7) or mdoc(7)). so resolves a .so include
// path (relative to the tree root, like "man1/foo.1") to its source; it may
// be nil, and then includes are dropped.
func Parse(src []byte, so func(path string) ([]byte, error)) (*document.Document, error) {
	d, _, err := parse(src, so)
	return d, err
}

// pageInfo is what parse knows beyond the document, for tests.
type pageInfo struct {
	nameLine string // the NAME section as one line: "gzip, gunzip - compress files"
	mdoc     bool
}

var errEmpty = errors.New("page has no text")

func parse(src []byte, so func(string) ([]byte, error)) (doc *document.Document, info pageInfo, err error) {
	defer func() {
		// a bug of ours must not take the whole ingest down
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	head := src[:min(len(src), 8192)]
	if bytes.IndexByte(head, 0) >= 0 {
		return nil, info, errNotRoff
	}
	p := newParser(so)
	p.push(&frame{src: toUTF8(src)})
	p.run()
	p.finish()
	if p.err != nil {
		return nil, info, p.err
	}
	info.nameLine = string(p.nameBuf)
	info.mdoc = p.md.on
	d := &p.doc
	d.Language = "en"
	d.Names, d.Summary = splitName(info.nameLine)
	if len(d.Names) == 0 && d.Summary == "" && len(d.Sections) == 0 {
		return nil, info, errEmpty
	}
	return d, info, nil
}

// toUTF8 returns the source as a string, reading bytes that are not UTF-8
// as Latin-1, the encoding of old pages.
func toUTF8(src []byte) string {
	if utf8.Valid(src) {
		return string(src)
	}
	var b strings.Builder
	b.Grow(len(src) + len(src)/8)
	for len(src) > 0 {
		r, n := utf8.DecodeRune(src)
		if r == utf8.RuneError && n <= 1 {
			b.WriteRune(rune(src[0]))
			src = src[1:]
			continue
		}
		b.Write(src[:n])
		src = src[n:]
	}
	return b.String()
}

// finish closes what is still open at the end of the input.
func (p *parser) finish() {
	p.cancelTrap()
	if p.md.on {
		p.mdocFinish()
	}
	p.flush()
	p.closeItem()
	// drop untitled sections that stayed empty
	secs := p.doc.Sections[:0]
	for _, s := range p.doc.Sections {
		if s.Title == "" && len(s.Blocks) == 0 {
			continue
		}
		secs = append(secs, s)
	}
	p.doc.Sections = secs
}

// nameDashes separate names from the description in a NAME line, in the
// order we look for them.
var nameDashes = []string{" - ", " -- ", " — ", " – ", " − ", " ‐ "}

// splitName splits the NAME line "gzip, gunzip, zcat - compress files"
// into names and the one-line description.
func splitName(s string) ([]string, string) {
	s = normSpace(s)
	if termesc.HasDropped(s) {
		// the roff layer keeps bidi controls and raw bytes it does not
		// know; names and the summary become labels and answer lines
		s = normSpace(strings.Map(func(r rune) rune {
			if termesc.Dropped(r) {
				return -1
			}
			return r
		}, s))
	}
	if s == "" {
		return nil, ""
	}
	cut, width := -1, 0
	for _, d := range nameDashes {
		if i := strings.Index(s, d); i >= 0 && (cut < 0 || i < cut) {
			cut, width = i, len(d)
		}
	}
	if cut < 0 {
		// "name-description" and "name -description" forms of careless pages
		for _, d := range []string{" -", "- ", "\t"} {
			if i := strings.Index(s, d); i > 0 {
				cut, width = i, len(d)
				break
			}
		}
	}
	var names []string
	var summary string
	if cut < 0 {
		return nil, s
	}
	summary = strings.TrimSpace(s[cut+width:])
	for _, n := range strings.Split(s[:cut], ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	// A NAME section of several entries, a line each: "hostname - show
	// or set the system's host name", then "domainname - show or set the
	// system's NIS/YP domain name". The summary is the first entry's; the
	// later entries' names are the page's too.
	if at := laterEntry(summary, s[cut:cut+width]); at > 0 {
		more, _ := splitName(summary[at:])
		names = append(names, more...)
		summary = strings.TrimRight(summary[:at], " ,;")
	}
	return names, summary
}

// laterEntry is where another entry of a NAME section starts in the
// description of the one before: at a command's name (lowercase, three
// characters or more) followed by the dash the first entry has, with
// words of the description before it; 0 where none does ("manage
// Network Security - Security Profiles" is one description, and so is
// apt-get's "APT package handling utility -- command-line interface",
// after " - ").
func laterEntry(summary, dash string) int {
	for i := range len(summary) {
		if !strings.HasPrefix(summary[i:], dash) {
			continue
		}
		start := strings.LastIndexByte(summary[:i], ' ') + 1
		if start == 0 || !laterName().MatchString(summary[start:i]) {
			continue
		}
		// and the names before it in the entry: "bzip2, bunzip2 -";
		// unless names are all there is before it, zstd's "zstd - zstd,
		// zstdmt, unzstd, zstdcat - Compress or decompress"
		for {
			prev := strings.LastIndexByte(summary[:start-1], ' ') + 1
			name, ok := strings.CutSuffix(summary[prev:start-1], ",")
			if !ok || !laterName().MatchString(name) {
				break
			}
			if prev == 0 {
				return 0
			}
			start = prev
		}
		return start
	}
	return 0
}

var laterName = lazyre.New(`^[a-z][a-z0-9._+-]{2,}$`)
