package info

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// makeinfo lays a node out by indentation alone: running text at the
// left margin (the first line of a paragraph indented by 3), examples and
// the descriptions of @table and @deffn entries 5 columns further in, list
// entries marked at 3 with their text at 5. Nested constructs repeat that
// relative to their container, so the builder keeps a stack of frames, one
// per open table entry or list entry, whose indent is where its text sits.
const (
	stepIndent = 4 // at least this much deeper than the text is an example
	maxTerms   = 8 // @item plus @itemx lines of one table entry
	maxTermLen = 80
	// maxMerged stops merging paragraphs into an entry's text: past it the
	// entry is hard to quote, and merging would copy ever longer strings.
	maxMerged = 4096
)

type frame struct {
	indent int // column of the text of the open entry
	block  int // its block in the current section
}

type builder struct {
	secs    []document.Section
	frames  []frame
	code    []line // pending example lines; a blank line has text ""
	menu    bool   // after "* Menu:", lines starting "* " are entries
	started bool   // a block or heading was seen: a heading no longer titles the node
	summary string
	// tabled is set by the first table entry or definition: a paragraph
	// after it describes an entry, not the node.
	tabled bool

	entries, indexEntries int
	index                 []indexEntry // the entries of an index menu
	at                    int          // the line run is at
	starts                []blockStart // where each block emitted starts
}

// blockStart is the line, counted from the node's header line as an index
// entry counts it, on which a block starts.
type blockStart struct {
	sec, blk, line int
}

func (b *builder) run(ls []line) {
	for i := 0; i < len(ls); {
		l := ls[i]
		b.at = i
		switch {
		case l.text == "":
			if len(b.code) > 0 {
				b.code = append(b.code, line{})
			}
			i++
			continue
		case i+1 < len(ls) && isUnderline(l, ls[i+1]):
			b.heading(l.text, ls[i+1].text[0])
			i += 2
			continue
		case l.indent == 0 && strings.HasPrefix(l.text, "* Menu:"):
			b.flush()
			b.menu, b.frames = true, nil
			i++
			continue
		case b.menu && l.indent == 0 && strings.HasPrefix(l.text, "* "):
			if n := b.menuEntry(ls[i:]); n > 0 {
				i += n
				continue
			}
		case b.menu && strings.Contains(l.text, "The Detailed Node Listing"):
			// The rest of a Top node repeats the menus of the nodes below.
			b.flush()
			return
		case l.text == "---------- Footnotes ----------":
			b.flush()
			b.secs = append(b.secs, document.Section{Title: "Footnotes", Level: 2})
			b.frames, b.menu, b.started = nil, false, true
			i++
			continue
		}
		for len(b.frames) > 0 && b.frames[len(b.frames)-1].indent > l.indent {
			b.frames = b.frames[:len(b.frames)-1]
		}
		c := b.indent()
		if l.indent >= c+stepIndent || isLayout(l) {
			i += b.codeRun(ls[i:], c)
			continue
		}
		b.flush()
		if n := b.deffn(ls[i:], c); n > 0 {
			i += n
			continue
		}
		if n := b.bullet(ls[i:], c); n > 0 {
			i += n
			continue
		}
		i += b.prose(ls[i:], c)
	}
	b.flush()
}

// indent is the column of the text of the innermost open entry.
func (b *builder) indent() int {
	if len(b.frames) == 0 {
		return 0
	}
	return b.frames[len(b.frames)-1].indent
}

// isUnderline reports a heading: a line at the margin underlined, on the
// next line, by as many '*', '=', '-' or '.' as it has characters.
func isUnderline(text, under line) bool {
	if text.indent != 0 || under.indent != 0 || under.text == "" {
		return false
	}
	c := under.text[0]
	if c != '*' && c != '=' && c != '-' && c != '.' {
		return false
	}
	for i := 1; i < len(under.text); i++ {
		if under.text[i] != c {
			return false
		}
	}
	if strings.Trim(text.text, string(c)) == "" {
		return false
	}
	return utf8.RuneCountInString(text.text) == len(under.text)
}

func (b *builder) heading(text string, underline byte) {
	b.flush()
	b.frames = nil
	if !b.started {
		// The first heading of a node is the node's own title.
		b.started = true
		return
	}
	level := 2
	if underline == '*' {
		level = 1
	}
	b.secs = append(b.secs, document.Section{Title: termesc.OneLine(stripNumber(text)), Level: level})
}

// stripNumber drops a section number: "13.3 ‘chmod’: Change access
// permissions", "A.1 Overview".
func stripNumber(s string) string {
	num, rest, ok := strings.Cut(s, " ")
	if !ok || rest == "" {
		return s
	}
	digits, dots := 0, 0
	for i := 0; i < len(num); i++ {
		switch c := num[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			dots++
		case c >= 'A' && c <= 'Z' && i == 0:
		default:
			return s
		}
	}
	if digits == 0 || (num[0] >= 'A' && num[0] <= 'Z' && dots == 0) {
		return s
	}
	return strings.TrimLeft(rest, " ")
}

func (b *builder) emit(bl document.Block) int {
	b.started = true
	s := &b.secs[len(b.secs)-1]
	s.Blocks = append(s.Blocks, bl)
	// the body's first line is the node's second
	b.starts = append(b.starts, blockStart{sec: len(b.secs) - 1, blk: len(s.Blocks) - 1, line: b.at + 2})
	return len(s.Blocks) - 1
}

// codeRun takes the example lines from ls[0] on. Examples separated by
// blank lines only are kept as one block: @example often holds blank lines.
func (b *builder) codeRun(ls []line, c int) int {
	n := 0
	for n < len(ls) && ls[n].text != "" && (ls[n].indent >= c+stepIndent || isLayout(ls[n])) {
		b.code = append(b.code, ls[n])
		n++
	}
	return n
}

// isLayout reports a line laid out in columns (@multitable, a ruler) rather
// than filled: filled text never holds three spaces in a row.
func isLayout(l line) bool {
	t := l.text
	if _, rest, ok := bulletMarker(t, false); ok {
		t = rest
	}
	if strings.Contains(t, "   ") {
		return true
	}
	return len(t) >= 10 && strings.Trim(t, "-") == ""
}

// flush emits the pending example, its common indentation removed.
func (b *builder) flush() {
	for len(b.code) > 0 && b.code[len(b.code)-1].text == "" {
		b.code = b.code[:len(b.code)-1]
	}
	if len(b.code) == 0 {
		return
	}
	lo := -1
	for _, l := range b.code {
		if l.text != "" && (lo < 0 || l.indent < lo) {
			lo = l.indent
		}
	}
	var sb strings.Builder
	for i, l := range b.code {
		if i > 0 {
			sb.WriteByte('\n')
		}
		if l.text != "" {
			sb.WriteString(strings.Repeat(" ", l.indent-lo))
			sb.WriteString(l.text)
		}
	}
	b.code = b.code[:0]
	if t := codeText(renderXrefs(sb.String())); t != "" {
		b.emit(document.Block{Kind: document.Code, Text: t})
	}
}

// deffn reads a definition (@deffn, @deftypefun...), which makeinfo
// renders as " -- Function: int foo (int BAR)" with its description below,
// and makes it an item whose term is the definition line.
func (b *builder) deffn(ls []line, c int) int {
	l := ls[0]
	if l.indent != c+1 || !strings.HasPrefix(l.text, "-- ") {
		return 0
	}
	if i := strings.IndexByte(l.text, ':'); i < 0 || i > 40 {
		return 0
	}
	// Consecutive headers (@deffnx) share one description.
	var terms []string
	n := 0
headers:
	for ; n < len(ls) && ls[n].text != ""; n++ {
		switch {
		case ls[n].indent == c+1 && strings.HasPrefix(ls[n].text, "-- "):
			if t := ls[n].text[3:]; !slices.Contains(terms, t) {
				terms = append(terms, t)
			} else {
				terms = append(terms, "") // a repeated header; dropped below
			}
		case n > 0 && ls[n].indent >= c+1+8:
			terms[len(terms)-1] += " " + ls[n].text
		default:
			break headers
		}
	}
	terms = slices.DeleteFunc(terms, func(t string) bool { return t == "" })
	desc := n
	for n < len(ls) && ls[n].text != "" && ls[n].indent >= c+stepIndent && ls[n].indent < c+2*stepIndent {
		n++
	}
	b.tabled = true
	blk := b.emit(document.Block{Kind: document.Item, Term: termesc.OneLine(renderXrefs(strings.Join(terms, ", "))), Text: fill(ls[desc:n])})
	b.frames = append(b.frames, frame{indent: c + 5, block: blk})
	return n
}

// bullet reads an entry of @itemize ("• text", "* text" from older
// makeinfo, "- text") or @enumerate ("1. text", "b. text"). Each becomes a
// paragraph: bullets are dropped, since they say nothing, while numbers
// and letters are kept, since steps are often referred to by them.
func (b *builder) bullet(ls []line, c int) int {
	l := ls[0]
	if l.indent < c || l.indent >= c+stepIndent {
		return 0
	}
	marker, text, ok := bulletMarker(l.text, b.menu && l.indent == 0)
	if !ok {
		return 0
	}
	col := l.indent + len(l.text) - len(text)
	n := 1
	for n < len(ls) && ls[n].text != "" && ls[n].indent > l.indent && ls[n].indent < col+stepIndent && !b.startsBlock(ls, n) {
		n++
	}
	rest := make([]line, 0, n)
	rest = append(rest, line{text: text})
	rest = append(rest, ls[1:n]...)
	raw := renderXrefs(joinText(rest))
	t := termesc.OneLine(raw)
	b.noteSummary(raw)
	if marker != "" {
		t = marker + " " + t
	}
	blk := b.emit(document.Block{Kind: document.Para, Text: t})
	// Numbers are right-aligned: the text of "10. " continues at the
	// column of the text of " 9. ".
	b.frames = append(b.frames, frame{indent: min(col, l.indent+3), block: blk})
	return n
}

// bulletMarker splits a list marker from its text. The marker is returned
// only for enumerations.
func bulletMarker(s string, menuEntry bool) (marker, text string, ok bool) {
	for _, m := range []string{"•", "*", "-", "–"} {
		if strings.HasPrefix(s, m+" ") && !(m == "*" && menuEntry) {
			t := strings.TrimLeft(s[len(m):], " ")
			return "", t, t != ""
		}
	}
	num, t, found := strings.Cut(s, ". ")
	if !found || len(num) == 0 || len(num) > 3 {
		return "", "", false
	}
	if len(num) == 1 && (num[0] >= 'a' && num[0] <= 'z' || num[0] >= 'A' && num[0] <= 'Z') {
		t = strings.TrimLeft(t, " ")
		return num + ".", t, t != ""
	}
	for i := 0; i < len(num); i++ {
		if num[i] < '0' || num[i] > '9' {
			return "", "", false
		}
	}
	t = strings.TrimLeft(t, " ")
	return num + ".", t, t != ""
}

// startsBlock reports whether ls[i] begins something that ends a paragraph
// without a blank line before it.
func (b *builder) startsBlock(ls []line, i int) bool {
	l := ls[i]
	if i+1 < len(ls) && isUnderline(l, ls[i+1]) {
		return true
	}
	if l.indent == 0 && (strings.HasPrefix(l.text, "* Menu:") || b.menu && strings.HasPrefix(l.text, "* ")) {
		return true
	}
	// "•" never starts a wrapped line of running text; "*", "-" and "2."
	// may, so only blank-line separated entries are taken for those.
	return l.indent > 0 && strings.HasPrefix(l.text, "• ") || strings.HasPrefix(l.text, "-- ") && l.indent == b.indent()+1
}

// prose reads running text from ls[0] on. When the text ends right above
// a line indented further, its last lines are the terms of a table entry
// (@item, @itemx) and the indented lines their description, unless they
// read like the end of a sentence introducing an example.
func (b *builder) prose(ls []line, c int) int {
	n := 1
	for n < len(ls) && ls[n].text != "" && ls[n].indent < c+stepIndent && !b.startsBlock(ls, n) && !isLayout(ls[n]) {
		n++
	}
	run := ls[:n]
	// A description sits 5 columns in and is followed by a blank line or
	// an example; anything else is an example or a display that a sentence
	// without final punctuation leads into.
	if n < len(ls) && ls[n].text != "" && ls[n].indent == c+5 {
		if t := termStart(run, c); t < len(run) && descEnds(ls[n:], c) {
			b.para(run[:t], c)
			return n + b.item(run[t:], ls[n:])
		}
	}
	b.para(run, c)
	return n
}

// termStart returns where the trailing term lines of run begin, len(run)
// when there are none. Terms sit at the text column c and follow a blank
// line or the end of a sentence; a line that runs on into them, or one
// indented as a paragraph's first, makes them prose.
func termStart(run []line, c int) int {
	last := run[len(run)-1]
	if last.indent != c || endsSentence(last.text) {
		return len(run)
	}
	k := len(run)
	for k > 0 && len(run)-k < maxTerms {
		l := run[k-1]
		if l.indent != c || utf8.RuneCountInString(l.text) > maxTermLen || endsSentence(l.text) {
			break
		}
		k--
	}
	if k > 0 && !strings.ContainsAny(run[k-1].text[len(run[k-1].text)-1:], ".:;!?") {
		return len(run)
	}
	return k
}

// descEnds reports whether the lines from ls[0] on, at column c+5, end
// the way a table entry's description does: with a blank line, the end of
// the node, a deeper example or the terms of the next entry, not by
// running on into shallower text.
func descEnds(ls []line, c int) bool {
	d := c + 5
	for i, l := range ls {
		switch {
		case l.text == "" || l.indent >= d+stepIndent:
			return true
		case l.indent < d:
			if l.indent != c {
				return false
			}
			// Compact tables have no blank line between entries.
			for j := i; j < len(ls) && j-i < maxTerms; j++ {
				switch {
				case ls[j].text == "":
					return false
				case ls[j].indent == d:
					return true
				case ls[j].indent != c || endsSentence(ls[j].text):
					return false
				}
			}
			return false
		}
	}
	return true
}

func endsSentence(s string) bool {
	if strings.Contains(s, ".  ") {
		return true
	}
	switch s[len(s)-1] {
	case '.', ':', ';', ',', '!', '?':
		return true
	}
	return false
}

// item emits a table entry made of terms and the description in desc.
func (b *builder) item(terms, desc []line) int {
	d := desc[0].indent
	n := 0
	for n < len(desc) && desc[n].text != "" && desc[n].indent >= d && desc[n].indent < d+stepIndent && !b.startsBlock(desc, n) {
		n++
	}
	var ts []string
	for _, l := range terms {
		// makeinfo repeats a term when @item and @itemx say the same.
		if t := unquote(termesc.OneLine(renderXrefs(l.text))); t != "" && !slices.Contains(ts, t) {
			ts = append(ts, t)
		}
	}
	b.tabled = true
	blk := b.emit(document.Block{Kind: document.Item, Term: strings.Join(ts, ", "), Text: fill(desc[:n])})
	b.frames = append(b.frames, frame{indent: d, block: blk})
	return n
}

// unquote removes the quotes makeinfo puts around @code and @samp in a
// table term: ‘-c’, `-c' (makeinfo 4), '-c' (ASCII output).
func unquote(s string) string {
	if strings.HasPrefix(s, "‘") && strings.HasSuffix(s, "’") && len(s) > len("‘’") {
		return strings.ReplaceAll(strings.ReplaceAll(s, "‘", ""), "’", "")
	}
	if len(s) > 2 && (s[0] == '`' || s[0] == '\'') && s[len(s)-1] == '\'' {
		return s[1 : len(s)-1]
	}
	return s
}

// para emits running text. A paragraph at the text column of an open entry
// continues that entry when nothing came between them.
func (b *builder) para(ls []line, c int) {
	if len(ls) == 0 {
		return
	}
	if len(b.frames) > 0 && ls[0].indent < c+stepIndent {
		blocks := b.secs[len(b.secs)-1].Blocks
		if f := b.frames[len(b.frames)-1]; f.block == len(blocks)-1 && len(blocks[f.block].Text) < maxMerged {
			bl := &blocks[f.block]
			if t := fill(ls); t != "" && bl.Text != "" {
				bl.Text += " " + t
			} else {
				bl.Text += t
			}
			return
		}
	}
	raw := renderXrefs(joinText(ls))
	t := termesc.OneLine(raw)
	if t == "" {
		return
	}
	b.noteSummary(raw)
	b.emit(document.Block{Kind: document.Para, Text: t})
}

// noteSummary takes the summary from the first paragraph, when it comes
// before any table entry.
func (b *builder) noteSummary(raw string) {
	if b.summary == "" && !b.tabled {
		b.summary = firstSentence(raw)
	}
}

func joinText(ls []line) string {
	var sb strings.Builder
	for i, l := range ls {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(l.text)
	}
	return sb.String()
}

// fill makes one line of running text out of ls.
func fill(ls []line) string { return termesc.OneLine(renderXrefs(joinText(ls))) }

// menuEntry reads "* Node::  description", "* Entry: Node.  description"
// or an index entry "* chmod:  chmod invocation.   (line 6)", with the
// lines that continue its description. It returns 0 for a line that only
// looks like an entry.
func (b *builder) menuEntry(ls []line) int {
	name, rest, ok := readName(ls[0].text, 2, ':')
	if !ok {
		return 0
	}
	after := ls[0].text[rest:]
	if after == "" {
		return 0 // a quoted name with nothing after it: "* \x7f\x7f"
	}
	var desc, node string
	if strings.HasPrefix(after, "::") {
		desc, node = after[2:], name
	} else {
		// Skip the node name: it ends with ".", "," or a tab followed by
		// space, or with the line.
		after = strings.TrimLeft(after[1:], " ")
		quoted := false
		if strings.HasPrefix(after, "\x7f") {
			if q, r, found := strings.Cut(after[1:], "\x7f"); found {
				node, after, quoted = q, r, true
			}
		}
		end := len(after)
		for i := 0; i < len(after); i++ {
			c := after[i]
			if c == '\t' || (c == '.' || c == ',') && (i+1 == len(after) || after[i+1] == ' ' || after[i+1] == '\t') {
				end = i
				break
			}
		}
		if !quoted {
			node = strings.TrimSpace(after[:end])
		}
		desc = after[min(len(after), end+1):]
	}
	n := 1
	parts := []string{desc}
	for n < len(ls) && ls[n].text != "" && ls[n].indent > 0 {
		parts = append(parts, ls[n].text)
		n++
	}
	text := termesc.OneLine(renderXrefs(strings.Join(parts, "\n")))
	b.entries++
	if t, line, ok := cutLineRef(text); ok {
		b.indexEntries++
		text = t
		if key := keyText(name); key != "" && node != "" && line >= 1 {
			b.index = append(b.index, indexEntry{text: key, node: node, line: line})
		}
	}
	b.emit(document.Block{Kind: document.Item, Term: termesc.OneLine(name), Text: text})
	return n
}

// cutLineRef removes the "(line 6)" that ends an index entry and returns
// its number.
func cutLineRef(s string) (string, int, bool) {
	if !strings.HasSuffix(s, ")") {
		return s, 0, false
	}
	i := strings.LastIndex(s, "(line ")
	if i < 0 {
		return s, 0, false
	}
	num := strings.TrimSpace(s[i+len("(line ") : len(s)-1])
	if num == "" {
		return s, 0, false
	}
	for j := 0; j < len(num); j++ {
		if num[j] < '0' || num[j] > '9' {
			return s, 0, false
		}
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return s, 0, false
	}
	return strings.TrimSpace(s[:i]), n, true
}

// isIndex reports a node that is mostly an index menu.
func (b *builder) isIndex() bool {
	return b.entries >= 3 && b.indexEntries*5 > b.entries*4
}

// sections drops the empty sections a heading followed by nothing leaves,
// keeping the node's own, and renumbers the starts of blocks to match.
func (b *builder) sections() []document.Section {
	out := b.secs[:1]
	renum := make([]int, len(b.secs))
	for i, s := range b.secs[1:] {
		if len(s.Blocks) > 0 {
			renum[i+1] = len(out)
			out = append(out, s)
		}
	}
	for i := range b.starts {
		b.starts[i].sec = renum[b.starts[i].sec]
	}
	return out
}
