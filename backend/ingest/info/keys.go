package info

import (
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
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

// indexEntries reads the entries of an index node's menu.
func indexEntries(ls []line) []indexEntry {
	var out []indexEntry
	for _, l := range ls {
		if l.indent != 0 || !strings.HasPrefix(l.text, "* ") {
			continue
		}
		text, rest, ok := readName(l.text, 2, ':')
		if !ok || rest >= len(l.text) {
			continue
		}
		after := strings.TrimLeft(l.text[rest+1:], " \t")
		i := strings.LastIndex(after, "(line ")
		if i < 0 || !strings.HasSuffix(after, ")") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(after[i+len("(line ") : len(after)-1]))
		if err != nil || n < 1 {
			continue
		}
		target := strings.TrimSpace(after[:i])
		target = strings.Trim(strings.TrimSuffix(target, "."), "\x7f")
		if text = keyText(text); text == "" || target == "" {
			continue
		}
		out = append(out, indexEntry{text: text, node: target, line: n})
	}
	return out
}

// keyText cleans an entry's text: without the " <2>" that numbers repeated
// entries, and empty for entries that only name an option, which the
// block's own text holds already.
func keyText(s string) string {
	s = oneLine(s)
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
		if !ok || len(starts[i]) == 0 || strings.EqualFold(e.text, docs[i].Title) || nameOf(docs[i], e.text) {
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

func nameOf(d *document.Document, s string) bool { return containsFold(d.Names, s) }

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
