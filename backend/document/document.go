// Package document is the parsed form of one page of documentation: what the
// readers in backend/ingest produce, what the index stores and what the
// answerer quotes. It holds plain text only; every reader strips markup,
// control characters and escape sequences before text gets here.
package document

import (
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Document is one man page, one info node or one ZIM article.
type Document struct {
	Alias    string    `json:"alias"`              // catalog alias of the source: "man-pages"
	Type     string    `json:"type"`               // "man", "info" or "zim"
	Ref      string    `json:"ref"`                // document_ref, stable within the source: "man1/chmod.1.gz", "(coreutils)chmod invocation"
	Label    string    `json:"label"`              // what a reader is shown: "chmod(1)", "coreutils: chmod invocation"
	Title    string    `json:"title"`              // primary name: "chmod"; the node name; the article title
	Names    []string  `json:"names,omitempty"`    // every name the page documents: NAME of man pages, link names
	Section  string    `json:"section,omitempty"`  // manual section of a man page, from its folder: "1", "8"
	Summary  string    `json:"summary,omitempty"`  // one line: the NAME description, an info node's first sentence
	Context  string    `json:"context,omitempty"`  // where it sits: an info node's parent and the parent menu's line for it
	Sections []Section `json:"sections,omitempty"` // the body in reading order; NAME is in Names and Summary, not here
	Language string    `json:"language,omitempty"` // BCP 47 tag when the source says so: "en"
	URL      string    `json:"url,omitempty"`      // where a reader can open it (ZIM path for kiwix-serve)
}

// ProgramPage says whether a page of type typ and manual section section
// documents a program: a man page of section 1 (commands), 6 (games) or
// 8 (administration). The index marks these pages as commands and the
// answerer treats them as a program's own page: one rule, so the two
// agree.
func ProgramPage(typ, section string) bool {
	return typ == "man" && (section == "1" || section == "8" || section == "6")
}

// Section is a heading and what follows it up to the next heading of the
// same or a higher level.
type Section struct {
	Title  string  `json:"title"`  // "DESCRIPTION", "OPTIONS", "Changing the mode"
	Level  int     `json:"level"`  // 1 for .SH/.Sh and info chapters, 2 for .SS/.Ss and below
	Blocks []Block `json:"blocks"` // in reading order
}

// BlockKind says how a block reads.
type BlockKind uint8

const (
	// Para is running text, filled into one line.
	Para BlockKind = iota
	// Item is a tagged paragraph: an option ("-R, --recursive") or a list
	// entry (.TP, .IP with a tag, .It, a menu entry) and its description.
	Item
	// Code is preformatted text with its line breaks kept: synopsis lines,
	// examples, literal displays (.nf, .EX, .Bd -literal, indented info
	// examples, <pre>).
	Code
	// Table is a tbl(1) table rendered as lines of text, cells separated by
	// a tab.
	Table
)

func (k BlockKind) String() string {
	switch k {
	case Para:
		return "para"
	case Item:
		return "item"
	case Code:
		return "code"
	case Table:
		return "table"
	}
	return "unknown"
}

// Block is one paragraph-level unit of text.
type Block struct {
	Kind BlockKind `json:"kind"`
	Term string    `json:"term,omitempty"` // Item only
	Text string    `json:"text"`
	// Keys are what a manual's index says the block is about, in the
	// manual's own words ("logging out and continuing to run"): searched,
	// never shown.
	Keys []string `json:"keys,omitempty"`
}

// Find returns the first section whose title equals name, ignoring case.
func (d *Document) Find(name string) *Section {
	for i := range d.Sections {
		if strings.EqualFold(d.Sections[i].Title, name) {
			return &d.Sections[i]
		}
	}
	return nil
}

// Text is the whole body as text, one block a line, for indexing and tests.
func (d *Document) Text() string {
	var b strings.Builder
	for _, s := range d.Sections {
		b.WriteString(s.Title)
		b.WriteByte('\n')
		for _, bl := range s.Blocks {
			if bl.Term != "" {
				b.WriteString(bl.Term)
				b.WriteByte('\n')
			}
			b.WriteString(bl.Text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Clip shortens s to at most n bytes, at its last space when that is in
// the second half, else inside the word (never inside a character), and
// marks the cut with mark.
func Clip(s string, n int, mark string) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], ' ')
	if cut < n/2 {
		cut = n
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.TrimRight(s[:cut], " ,;:") + mark
}

// ClipLine shortens a line to at most n bytes at a word boundary, its
// surrounding white space trimmed, marking the cut with " ...".
func ClipLine(s string, n int) string {
	return Clip(strings.TrimSpace(s), n, " ...")
}

// ListMark says whether an item's term only marks a list's entry: a
// bullet or a number ("•", "-", "2.", "(3)", "b)"). Other terms without
// letters are what the entry documents: bash's "[...]" and "?" patterns,
// a format's "%%".
func ListMark(term string) bool { return listMark().MatchString(strings.TrimSpace(term)) }

var listMark = lazyre.New(`^(?:[•·‣◦∙▪○●■□*–—-]|\(?\d+[.)]?:?|[a-z][.)])$`)
