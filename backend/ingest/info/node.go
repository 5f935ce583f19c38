package info

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"

	"github.com/ragman-dev/ragman/internal/termesc"
)

// maxMarkup bounds one \0\b[...\0\b] markup; image alt texts are short.
const maxMarkup = 2000

// indexMarker is what makeinfo writes right before the menu of an index.
const indexMarker = "\x00\b[index\x00\b]"

// node is one parsed segment: a node's document, or an index's entries.
type node struct {
	doc     *document.Document
	up      string       // the node above it
	starts  []blockStart // where its blocks start, in the order emitted
	entries []indexEntry // an index node's entries
}

// parseNode turns one decoded segment (header line and body) into a node;
// ok is false when the segment has no node header.
func parseNode(manual, seg string) (n node, ok bool) {
	seg = strings.TrimLeft(seg, "\n\r\f")
	header, body, _ := strings.Cut(seg, "\n")
	name, ok := nodeHeader(header)
	if !ok {
		return node{}, false
	}
	up, _ := headerField(header, "Up:")
	index := strings.Contains(body, indexMarker)
	b := &builder{secs: []document.Section{{Title: name, Level: 1}}}
	b.run(splitLines(stripMarkup(body)))
	if index || b.isIndex() {
		return node{entries: b.index}, true
	}
	return node{doc: &document.Document{
		Type:     "info",
		Ref:      "(" + manual + ")" + name,
		Label:    manual + ": " + name,
		Title:    name,
		Names:    invocationName(name),
		Summary:  b.summary,
		Sections: b.sections(),
		Language: "en",
	}, up: up, starts: b.starts}, true
}

// invocationName returns the program a node documents when its name follows
// the GNU convention for a program's own node: "chmod invocation",
// "xgettext Invocation", "Invoking grep", "Invoking GPG-AGENT".
func invocationName(node string) []string {
	w := strings.Fields(node)
	if len(w) != 2 {
		return nil
	}
	var prog string
	switch {
	case strings.EqualFold(w[1], "invocation"):
		prog = w[0]
	case strings.EqualFold(w[0], "invoking"):
		prog = w[1]
	default:
		return nil
	}
	for _, r := range prog {
		if !(r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("_.+-[", r))) {
			return nil
		}
	}
	first, _ := utf8.DecodeRuneInString(prog)
	upper := strings.ToUpper(prog) == prog
	switch {
	case upper && strings.ToLower(prog) != prog:
		// Some manuals shout program names in node names: "Invoking GPG".
		prog = strings.ToLower(prog)
	case unicode.IsUpper(first):
		// "Multi-call invocation" names a way of invoking, not a program.
		return nil
	}
	return []string{prog}
}

// stripMarkup removes the \0\b[...\0\b] markup makeinfo embeds for images
// and index markers, then every control character but newline and tab.
// DEL survives: it quotes node names in menus and cross references and is
// dropped once those are read.
func stripMarkup(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for len(s) > 0 {
		i := strings.Index(s, "\x00\b[")
		if i < 0 {
			writeClean(&b, s)
			break
		}
		writeClean(&b, s[:i])
		rest := s[i+3:]
		// Markup closes on its own line; an unclosed one loses only the
		// rest of that line.
		j := strings.Index(rest[:min(len(rest), maxMarkup)], "\x00\b]")
		k := strings.IndexByte(rest, '\n')
		switch {
		case j >= 0:
			s = rest[j+3:]
		case k >= 0:
			s = rest[k:]
		default:
			s = ""
		}
	}
	return b.String()
}

func writeClean(b *strings.Builder, s string) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 || c == '\n' || c == '\t' || c == 0x7f {
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsControl(r) && !termesc.IsFormat(r) {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
}

// line is one line of a node body with its indentation measured apart.
type line struct {
	indent int    // columns of leading white space, tabs expanded
	text   string // the rest, trailing white space removed
}

func splitLines(body string) []line {
	raw := strings.Split(body, "\n")
	ls := make([]line, len(raw))
	for i, r := range raw {
		if strings.IndexByte(r, '\t') >= 0 {
			r = expandTabs(r)
		}
		t := strings.TrimLeft(r, " ")
		ls[i] = line{indent: len(r) - len(t), text: strings.TrimRightFunc(t, unicode.IsSpace)}
	}
	return ls
}

func expandTabs(s string) string {
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}
