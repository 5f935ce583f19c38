package info

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// maxKeys bounds the index entries one block takes: a block that dozens of
// entries point to is a table the index lists item by item.
const maxKeys = 16

// indexEntry is one line of an index menu: "* hangups, immunity to:
// nohup invocation.   (line 6)".
type indexEntry struct {
	text, node string
	line       int
}

// keyText cleans an entry's text: without the " <2>" that numbers repeated
// entries, and empty for entries that only name an option, which the
// block's own text holds already.
func keyText(s string) string {
	s = termesc.OneLine(s)
	if i := strings.LastIndex(s, " <"); i > 0 && strings.HasSuffix(s, ">") {
		if _, err := strconv.Atoi(s[i+2 : len(s)-1]); err == nil {
			s = s[:i]
		}
	}
	if strings.HasPrefix(s, "-") || !strings.ContainsFunc(s, func(r rune) bool { return r >= 'a' && r <= 'z' }) {
		return ""
	}
	return s
}

// addKeys gives each block the index entries that point to it: the last
// block that starts on or before the entry's line. makeinfo gives an entry
// the line of the text that follows its @cindex: a paragraph's first line,
// or the description under an @item.
func addKeys(docs []*document.Document, starts [][]blockStart, entries []indexEntry) {
	byName := make(map[string]int, len(docs))
	for i, d := range docs {
		byName[d.Title] = i
	}
	for _, e := range entries {
		i, ok := byName[e.node]
		if !ok || len(starts[i]) == 0 || strings.EqualFold(e.text, docs[i].Title) || containsFold(docs[i].Names, e.text) {
			continue
		}
		at := starts[i][0]
		for _, s := range starts[i] {
			if s.line > e.line {
				break
			}
			at = s
		}
		b := &docs[i].Sections[at.sec].Blocks[at.blk]
		if len(b.Keys) < maxKeys && !containsFold(b.Keys, e.text) {
			b.Keys = append(b.Keys, e.text)
		}
	}
}

func containsFold(list []string, s string) bool {
	return slices.ContainsFunc(list, func(x string) bool { return strings.EqualFold(x, s) })
}
