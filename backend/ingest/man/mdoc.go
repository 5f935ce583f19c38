package man

import (
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
)

// mdocState is the state of the mdoc(7) macro set.
type mdocState struct {
	on       bool
	name     string   // first .Nm argument: what a bare .Nm repeats
	lists    []mlist  // open .Bl lists
	displays []bool   // open .Bd displays: literal or not
	nsNext   bool     // the next output attaches to the previous (after "(", .Ns, .Oo)
	smOff    bool     // .Sm off: no spaces between words
	inHead   bool     // an .It head continues on the next lines (.Xo)
	xo       int      // open .Xo
	headBuf  []byte   // text of a multi-line .It head
	fo       bool     // inside .Fo ... .Fc
	foArgs   int      // .Fa seen inside .Fo
	last     string   // macro of the previous macro line, for SYNOPSIS breaks
	refs     []string // %A ... parts of an .Rs reference
	inRs     bool
	authorsA []string
}

type mlist struct {
	kind string // "tag", "bullet", "enum", "column", ...
	n    int    // items so far, for -enum
}

// mdocMacros lists the mdoc(7) macros; callable ones may also appear as
// arguments of other macros.
var mdocMacros = map[string]bool{}

var callable = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`Ac Ad An Ao Ap Aq Ar At Bc Bo Bq Brc Bro Brq Bsx Bx Cd Cm Dc Do Dq Dv Dx
		Ec Em En Eo Er Es Ev Fa Fc Fl Fn Fr Ft Fx Ic Li Lk Ms Mt Nm No Ns Nx Oc Oo Op Ox Pa Pc Pf Po Pq Qc
		Ql Qo Qq Sc So Sq St Sx Sy Ta Tn Ux Va Vt Xc Xo Xr`) {
		callable[m] = true
		mdocMacros[m] = true
	}
	for _, m := range strings.Fields(`Dd Dt Os Sh Ss Pp Lp Nd Bl El It Bd Ed Bf Ef Bk Ek D1 Dl Ex Rv Fd Fo In
		Rs Re %A %B %C %D %I %J %N %O %P %Q %R %T %U %V Sm Ud Lb Bt Db Tg Hf Ot Mt`) {
		mdocMacros[m] = true
	}
}

const (
	delimNone = iota
	delimOpen
	delimMiddle
	delimClose
)

func delimKind(s string) int {
	switch s {
	case "(", "[":
		return delimOpen
	case "|":
		return delimMiddle
	case ".", ",", ":", ";", ")", "]", "?", "!":
		return delimClose
	}
	return delimNone
}

// iw collects the words of one mdoc line with mdoc's spacing rules.
type iw struct {
	b    []byte
	ns   bool // no space before the next word
	lead bool // the first word attaches to the text before the line
	sm   bool // spacing off
}

func (w *iw) word(s string) {
	if len(w.b) == 0 {
		if w.ns || w.sm {
			w.lead = true
		}
	} else if !w.ns && !w.sm {
		w.b = append(w.b, ' ')
	}
	w.b = append(w.b, s...)
	w.ns = false
}

// delim writes a delimiter argument: closing ones attach to the word
// before, opening ones to the word after.
func (w *iw) delim(s string, kind int) {
	switch kind {
	case delimOpen:
		w.word(s)
		w.ns = true
	case delimClose:
		w.ns = true
		w.word(s)
	default:
		w.word(s)
	}
}

func isCallable(t marg) bool { return !t.quoted && callable[t.s] }

func isDelim(t marg) int {
	if t.quoted {
		return delimNone
	}
	return delimKind(t.s)
}

// mdocMacro handles a macro line of an mdoc page.
func (p *parser) mdocMacro(name, rest string) bool {
	if !mdocMacros[name] {
		return false
	}
	toks := splitArgsQ(p.interp(rest))
	last := p.md.last
	p.md.last = name
	if p.md.inRs && name[0] != '%' && name != "Re" {
		p.md.inRs = false
	}
	switch name {
	case "Dd", "Dt", "Os", "Bf", "Ef", "Bk", "Ek", "Db", "Tg", "Hf", "Ot":
		return true
	case "Sh", "Ss":
		level := 1
		if name == "Ss" {
			level = 2
		}
		p.mdocCloseHead()
		p.flush()
		p.md.lists = p.md.lists[:0]
		p.md.displays = p.md.displays[:0]
		p.md.nsNext = false
		w := p.newIW()
		p.mdocInline(w, toks, 0)
		p.heading(string(w.b), level)
		return true
	case "Pp", "Lp":
		p.mdocCloseHead()
		p.flush()
		p.md.nsNext = false
		return true
	case "Nd":
		p.emit("-", false)
		p.mdocLine(toks, 0)
		return true
	case "Nm":
		if p.md.name == "" {
			for _, t := range toks {
				if isDelim(t) == delimNone && !isCallable(t) {
					p.md.name = p.convText(t.s)
					break
				}
			}
		}
		if p.synopsis && !p.inName && !p.md.inHead && p.md.xo == 0 {
			p.flush()
		}
		w := p.newIW()
		i := p.mdocCall(w, name, toks, 0)
		p.mdocInline(w, toks, i)
		p.mdocOut(w)
		return true
	case "Bl":
		p.mdocCloseHead()
		kind := "tag"
		for _, t := range toks {
			if strings.HasPrefix(t.s, "-") && len(t.s) > 1 {
				switch k := t.s[1:]; k {
				case "bullet", "column", "dash", "diag", "enum", "hang", "hyphen", "inset", "item", "ohang", "tag":
					kind = k
				}
				if kind != "tag" || t.s == "-tag" {
					break
				}
			}
		}
		if len(p.md.lists) < 64 {
			p.md.lists = append(p.md.lists, mlist{kind: kind})
		}
		p.indent()
		return true
	case "El":
		p.mdocCloseHead()
		if n := len(p.md.lists); n > 0 {
			p.md.lists = p.md.lists[:n-1]
		}
		p.outdent()
		return true
	case "It":
		p.mdocItem(rest, toks)
		return true
	case "Bd":
		p.mdocCloseHead()
		lit := false
		for _, t := range toks {
			if t.s == "-literal" || t.s == "-unfilled" {
				lit = true
			}
		}
		if len(p.md.displays) < 64 {
			p.md.displays = append(p.md.displays, lit)
		}
		p.indent()
		if lit {
			p.setFill(false)
		}
		return true
	case "Ed":
		lit := false
		if n := len(p.md.displays); n > 0 {
			lit = p.md.displays[n-1]
			p.md.displays = p.md.displays[:n-1]
		}
		if lit {
			p.setFill(true)
		}
		p.outdent()
		return true
	case "Dl", "D1":
		p.mdocCloseHead()
		w := p.newIW()
		w.ns, w.lead = false, false
		p.mdocInline(w, toks, 0)
		if p.nofill {
			p.emit(string(w.b), false)
			return true
		}
		p.flush()
		p.setFill(false)
		p.emit(string(w.b), false)
		p.setFill(true)
		return true
	case "Ex":
		p.emit(p.exitSentence(toks), false)
		return true
	case "Rv":
		p.emit(p.returnSentence(toks), false)
		return true
	case "Fd", "In", "Cd", "Vt", "Ft", "Fn", "Fo":
		if p.synopsis && !p.inName && !p.md.inHead && p.md.xo == 0 {
			switch {
			case (name == "In" || name == "Fd" || name == "Cd") && (last == "In" || last == "Fd" || last == "Cd"):
				p.brk()
			case (name == "Fn" || name == "Fo") && last == "Ft":
			case name == "Vt" && last == "Vt":
				p.brk()
			default:
				p.flush()
			}
		}
		if name == "Fd" {
			p.emit(p.convJoin(margStrings(toks), " "), false)
			return true
		}
		if name == "In" {
			w := p.newIW()
			p.mdocCall(w, name, toks, 0)
			p.mdocOut(w)
			return true
		}
		p.mdocLineMacro(name, toks)
		return true
	case "Rs":
		p.md.inRs = true
		p.md.refs = p.md.refs[:0]
		p.md.authorsA = p.md.authorsA[:0]
		return true
	case "Re":
		p.md.inRs = false
		var parts []string
		if n := len(p.md.authorsA); n > 0 {
			a := p.md.authorsA
			switch n {
			case 1:
				parts = append(parts, a[0])
			case 2:
				parts = append(parts, a[0]+" and "+a[1])
			default:
				parts = append(parts, strings.Join(a[:n-1], ", ")+", and "+a[n-1])
			}
		}
		parts = append(parts, p.md.refs...)
		if len(parts) > 0 {
			p.emit(strings.Join(parts, ", ")+".", false)
		}
		return true
	case "%A", "%B", "%C", "%D", "%I", "%J", "%N", "%O", "%P", "%Q", "%R", "%T", "%U", "%V":
		w := p.newIW()
		w.ns, w.lead = false, false
		p.mdocInline(w, toks, 0)
		t := string(w.b)
		switch name {
		case "%A":
			p.md.authorsA = append(p.md.authorsA, t)
			return true
		case "%T":
			t = "“" + t + "”"
		case "%P":
			t = "pp. " + t
		}
		if !p.md.inRs {
			p.emit(t, false)
			return true
		}
		p.md.refs = append(p.md.refs, t)
		return true
	case "Sm":
		switch {
		case len(toks) == 0:
			p.md.smOff = !p.md.smOff
		case toks[0].s == "off":
			p.md.smOff = true
		case toks[0].s == "on":
			p.md.smOff = false
		}
		return true
	case "Ud":
		p.emit("currently under development.", false)
		return true
	case "Bt":
		p.emit("is currently in beta test.", false)
		return true
	case "Lb":
		if len(toks) > 0 {
			lib := p.convText(toks[0].s)
			if t, ok := libraries[lib]; ok {
				p.emit(t, false)
			} else {
				p.emit("library “"+lib+"”", false)
			}
		}
		return true
	}
	if callable[name] {
		p.mdocLineMacro(name, toks)
		return true
	}
	return false
}

var libraries = map[string]string{
	"libc": "Standard C Library (libc, -lc)", "libm": "Math Library (libm, -lm)",
	"libpthread": "POSIX Threads Library (libpthread, -lpthread)",
	"libutil":    "System Utilities Library (libutil, -lutil)",
}

func margStrings(toks []marg) []string {
	s := make([]string, len(toks))
	for i, t := range toks {
		s[i] = t.s
	}
	return s
}

func (p *parser) newIW() *iw {
	return &iw{ns: p.md.nsNext, sm: p.md.smOff}
}

// mdocLineMacro renders a line that starts with a callable macro.
func (p *parser) mdocLineMacro(name string, toks []marg) {
	w := p.newIW()
	i := p.mdocCall(w, name, toks, 0)
	p.mdocInline(w, toks, i)
	p.mdocOut(w)
}

// mdocLine renders the rest of a line as plain words and macros.
func (p *parser) mdocLine(toks []marg, i int) {
	w := p.newIW()
	p.mdocInline(w, toks, i)
	p.mdocOut(w)
}

// mdocOut sends the words of one line to the document, or to the head of
// an .It that spans lines.
func (p *parser) mdocOut(w *iw) {
	p.md.nsNext = w.ns
	if p.md.inHead {
		if len(w.b) > 0 {
			if len(p.md.headBuf) > 0 && !w.lead {
				p.md.headBuf = append(p.md.headBuf, ' ')
			}
			p.md.headBuf = append(p.md.headBuf, w.b...)
		}
		if p.md.xo <= 0 {
			p.mdocCloseHead()
		}
		return
	}
	if len(w.b) == 0 {
		return
	}
	p.emitAttached(string(w.b), w.lead)
}

// mdocText handles a text line of an mdoc page.
func (p *parser) mdocText(t string, cont bool) {
	if p.md.inHead {
		if len(p.md.headBuf) > 0 {
			p.md.headBuf = append(p.md.headBuf, ' ')
		}
		p.md.headBuf = append(p.md.headBuf, t...)
		return
	}
	attach := p.md.nsNext || p.md.smOff
	p.md.nsNext = false
	if attach {
		p.emitAttached(t, true)
		p.join = cont
		return
	}
	p.emit(t, cont)
}

// mdocCloseHead ends a multi-line .It head.
func (p *parser) mdocCloseHead() {
	if !p.md.inHead {
		return
	}
	p.md.inHead = false
	p.md.xo = 0
	head := normSpace(string(p.md.headBuf))
	p.md.headBuf = p.md.headBuf[:0]
	p.startItem(head)
}

// mdocItem handles .It according to the type of the enclosing list.
func (p *parser) mdocItem(rest string, toks []marg) {
	p.mdocCloseHead()
	p.flush()
	p.md.nsNext = false
	kind := "tag"
	var l *mlist
	if n := len(p.md.lists); n > 0 {
		l = &p.md.lists[n-1]
		kind = l.kind
	}
	// a new entry of this list ends the previous one
	if p.item >= 0 && p.depth <= p.itemDep && len(p.itemBuf) > 0 {
		p.closeItem()
	}
	switch kind {
	case "bullet":
		p.startItem("•")
	case "dash", "hyphen":
		p.startItem("-")
	case "enum":
		l.n++
		p.startItem(strconv.Itoa(l.n) + ".")
	case "item":
		if p.item >= 0 && p.depth <= p.itemDep {
			p.closeItem()
		}
	case "column":
		p.mdocRow(rest)
	default:
		w := p.newIW()
		w.ns, w.lead = false, false
		p.md.xo = 0
		p.mdocInline(w, toks, 0)
		if p.md.xo > 0 {
			p.md.inHead = true
			p.md.headBuf = append(p.md.headBuf[:0], w.b...)
			p.md.nsNext = w.ns
			return
		}
		p.startItem(normSpace(string(w.b)))
	}
}

// mdocRow renders an .It of a -column list: cells are separated by tabs
// or by Ta.
func (p *parser) mdocRow(rest string) {
	rest = p.interp(rest)
	var cells []string
	for _, part := range splitTabs(rest) {
		toks := splitArgsQ(part)
		start := 0
		for i := 0; i <= len(toks); i++ {
			if i < len(toks) && !(toks[i].s == "Ta" && !toks[i].quoted) {
				continue
			}
			w := &iw{}
			p.mdocInline(w, toks[start:i], 0)
			cells = append(cells, normSpace(string(w.b)))
			start = i + 1
		}
	}
	for len(cells) > 0 && cells[len(cells)-1] == "" {
		cells = cells[:len(cells)-1]
	}
	if len(cells) == 0 {
		return
	}
	p.addRow(cells)
}

// addRow stores one row of a column list as an item: the first cell is
// the term, the others its text.
func (p *parser) addRow(cells []string) {
	sec := p.section()
	text := strings.Join(cells[1:], "\t")
	if p.inName {
		p.emit(strings.Join(cells, " "), false)
		return
	}
	p.total += len(text) + len(cells[0])
	if p.item >= 0 && p.depth > p.itemDep {
		p.itemAppend(strings.Join(cells, "\t"))
		return
	}
	p.closeItem()
	sec = p.section()
	sec.Blocks = append(sec.Blocks, document.Block{Kind: document.Item, Term: cells[0]})
	p.openItem(len(sec.Blocks) - 1)
	p.itemAppend(text)
}

// splitTabs splits s at tabs outside quotes.
func splitTabs(s string) []string {
	var parts []string
	q := false
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			q = !q
		case '\\':
			i++
		case '\t':
			if !q {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

// mdocInline renders toks[i:] into w: macros are called, other words are
// written with the delimiter rules.
func (p *parser) mdocInline(w *iw, toks []marg, i int) {
	for i < len(toks) {
		t := toks[i]
		if isCallable(t) {
			i = p.mdocCall(w, t.s, toks, i+1)
			continue
		}
		if k := isDelim(t); k != delimNone {
			w.delim(t.s, k)
		} else if s := p.convText(t.s); s != "" || t.quoted {
			w.word(s)
		}
		i++
	}
}

var enclosures = map[string][2]string{
	"Aq": {"⟨", "⟩"}, "Bq": {"[", "]"}, "Brq": {"{", "}"}, "Dq": {"“", "”"}, "Op": {"[", "]"},
	"Pq": {"(", ")"}, "Qq": {"\"", "\""}, "Sq": {"‘", "’"}, "Ql": {"‘", "’"},
}

var openers = map[string]string{
	"Ao": "⟨", "Bo": "[", "Bro": "{", "Do": "“", "Oo": "[", "Po": "(", "Qo": "\"", "So": "‘",
}

var closers = map[string]string{
	"Ac": "⟩", "Bc": "]", "Brc": "}", "Dc": "”", "Oc": "]", "Pc": ")", "Qc": "\"", "Sc": "’",
}

// mdocCall runs the callable macro name whose arguments start at toks[i]
// and returns the index after what it consumed.
func (p *parser) mdocCall(w *iw, name string, toks []marg, i int) int {
	if e, ok := enclosures[name]; ok {
		end := len(toks)
		k := end
		for k > i && isDelim(toks[k-1]) == delimClose {
			k--
		}
		open, close := e[0], e[1]
		if name == "Aq" && k > i && (toks[i].s == "Mt" || toks[i].s == "Lk") {
			open, close = "<", ">"
		}
		w.word(open)
		w.ns = true
		p.mdocInline(w, toks[:k], i)
		w.ns = true
		w.word(close)
		for ; k < end; k++ {
			w.delim(toks[k].s, isDelim(toks[k]))
		}
		return end
	}
	if o, ok := openers[name]; ok {
		w.word(o)
		w.ns = true
		return i
	}
	if c, ok := closers[name]; ok {
		w.ns = true
		w.word(c)
		return i
	}
	switch name {
	case "Ns":
		w.ns = true
		return i
	case "Ap":
		w.ns = true
		w.word("'")
		w.ns = true
		return i
	case "Pf":
		if i < len(toks) {
			w.word(p.convText(toks[i].s))
			w.ns = true
			i++
		}
		return i
	case "Xo":
		p.md.xo++
		return i
	case "Xc":
		p.md.xo--
		return i
	case "Ta":
		w.word("\t")
		w.ns = true
		return i
	case "Eo":
		if i < len(toks) && !isCallable(toks[i]) {
			w.word(p.convText(toks[i].s))
			w.ns = true
			i++
		}
		return i
	case "Ec":
		w.ns = true
		if i < len(toks) && !isCallable(toks[i]) {
			w.word(p.convText(toks[i].s))
			i++
		}
		return i
	case "Es", "En":
		return i
	case "Xr":
		return p.mdocXr(w, toks, i)
	case "Fn":
		return p.mdocFn(w, toks, i)
	case "Fo":
		if i < len(toks) {
			w.word(p.convText(toks[i].s) + "(")
			w.ns = true
			i++
		}
		p.md.fo, p.md.foArgs = true, 0
		return i
	case "Fc":
		w.ns = true
		if p.synopsis {
			w.word(");")
		} else {
			w.word(")")
		}
		p.md.fo = false
		return i
	case "Fa":
		return p.mdocFa(w, toks, i)
	case "In":
		if i < len(toks) {
			h := "<" + p.convText(toks[i].s) + ">"
			if p.synopsis {
				h = "#include " + h
			}
			w.word(h)
			i++
		}
		return i
	case "St":
		if i < len(toks) {
			if s, ok := standards[toks[i].s]; ok {
				w.word(s)
			} else {
				w.word(p.convText(toks[i].s))
			}
			i++
		}
		return i
	case "At":
		return p.mdocAt(w, toks, i)
	case "Bx", "Bsx", "Fx", "Nx", "Ox", "Dx", "Ux":
		return p.mdocBSD(w, name, toks, i)
	case "Lk":
		return p.mdocLk(w, toks, i)
	}
	return p.mdocWords(w, name, toks, i)
}

// mdocWords renders an in-line macro (.Fl, .Ar, .Cm, .Pa ...): its words
// up to the next macro, delimiters in place, and the macro's default when
// it has no words.
func (p *parser) mdocWords(w *iw, name string, toks []marg, i int) int {
	n := 0
	def := func() {
		switch name {
		case "Fl":
			w.word("-")
			n++
		case "Ar":
			w.word("file ...")
			n++
		case "Nm":
			if p.md.name != "" {
				w.word(p.md.name)
			}
			n++
		case "Pa", "Mt":
			w.word("~")
			n++
		}
	}
	for i < len(toks) && !isCallable(toks[i]) {
		t := toks[i]
		if k := isDelim(t); k != delimNone {
			if n == 0 && k != delimOpen {
				def()
			}
			w.delim(t.s, k)
			i++
			continue
		}
		s := p.convText(t.s)
		if name == "Fl" {
			s = "-" + s
		}
		w.word(s)
		n++
		i++
	}
	if n == 0 {
		def()
		if name == "Fl" && i < len(toks) && isCallable(toks[i]) {
			// ".Fl Fl long" is "--long"
			w.ns = true
		}
	}
	return i
}

func (p *parser) mdocXr(w *iw, toks []marg, i int) int {
	for i < len(toks) && isDelim(toks[i]) == delimOpen {
		w.delim(toks[i].s, delimOpen)
		i++
	}
	if i < len(toks) && !isCallable(toks[i]) && isDelim(toks[i]) == delimNone {
		s := p.convText(toks[i].s)
		i++
		if i < len(toks) && !isCallable(toks[i]) && isDelim(toks[i]) == delimNone {
			s += "(" + p.convText(toks[i].s) + ")"
			i++
		}
		w.word(s)
	}
	return p.mdocWords(w, "Xr", toks, i)
}

func (p *parser) mdocFn(w *iw, toks []marg, i int) int {
	for i < len(toks) && isDelim(toks[i]) == delimOpen {
		w.delim(toks[i].s, delimOpen)
		i++
	}
	if i >= len(toks) || isCallable(toks[i]) {
		return i
	}
	var b strings.Builder
	b.WriteString(p.convText(toks[i].s))
	b.WriteByte('(')
	i++
	n := 0
	for i < len(toks) && !isCallable(toks[i]) && isDelim(toks[i]) == delimNone {
		if n > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.convText(toks[i].s))
		n++
		i++
	}
	b.WriteByte(')')
	if p.synopsis {
		b.WriteByte(';')
	}
	w.word(b.String())
	return p.mdocWords(w, "Fn", toks, i)
}

func (p *parser) mdocFa(w *iw, toks []marg, i int) int {
	n := 0
	for i < len(toks) && !isCallable(toks[i]) {
		t := toks[i]
		if k := isDelim(t); k != delimNone {
			w.delim(t.s, k)
			i++
			continue
		}
		if p.md.fo && p.md.foArgs > 0 || n > 0 {
			w.ns = true
			w.word(",")
		}
		w.word(p.convText(t.s))
		if p.md.fo {
			p.md.foArgs++
		}
		n++
		i++
	}
	return i
}

func (p *parser) mdocAt(w *iw, toks []marg, i int) int {
	s := "AT&T UNIX"
	if i < len(toks) && !isCallable(toks[i]) && isDelim(toks[i]) == delimNone {
		v := toks[i].s
		switch {
		case len(v) == 2 && v[0] == 'v' && v[1] >= '1' && v[1] <= '7':
			s = "Version " + v[1:] + " AT&T UNIX"
			i++
		case v == "32v":
			s = "AT&T UNIX v32"
			i++
		case v == "III":
			s = "AT&T System III UNIX"
			i++
		case v == "V":
			s = "AT&T System V UNIX"
			i++
		case strings.HasPrefix(v, "V."):
			s = "AT&T System V Release " + v[2:] + " UNIX"
			i++
		}
	}
	w.word(s)
	return p.mdocWords(w, "At", toks, i)
}

var bsdNames = map[string]string{
	"Bsx": "BSD/OS", "Fx": "FreeBSD", "Nx": "NetBSD", "Ox": "OpenBSD", "Dx": "DragonFly", "Ux": "UNIX",
}

func (p *parser) mdocBSD(w *iw, name string, toks []marg, i int) int {
	ver := ""
	if name != "Ux" && i < len(toks) && !isCallable(toks[i]) && isDelim(toks[i]) == delimNone {
		ver = p.convText(toks[i].s)
		i++
	}
	if name == "Bx" {
		s := "BSD"
		if ver != "" {
			s = ver + "BSD"
			if i < len(toks) && !isCallable(toks[i]) && isDelim(toks[i]) == delimNone {
				s += "-" + p.convText(toks[i].s)
				i++
			}
		}
		w.word(s)
	} else {
		s := bsdNames[name]
		if ver != "" {
			s += " " + ver
		}
		w.word(s)
	}
	return p.mdocWords(w, name, toks, i)
}

func (p *parser) mdocLk(w *iw, toks []marg, i int) int {
	if i >= len(toks) || isCallable(toks[i]) {
		return i
	}
	url := p.convText(toks[i].s)
	i++
	var text []string
	for i < len(toks) && !isCallable(toks[i]) && isDelim(toks[i]) == delimNone {
		text = append(text, p.convText(toks[i].s))
		i++
	}
	if len(text) > 0 {
		w.word(strings.Join(text, " ") + ":")
	}
	w.word(url)
	return p.mdocWords(w, "Lk", toks, i)
}

// exitSentence is what mandoc prints for .Ex -std.
func (p *parser) exitSentence(toks []marg) string {
	names := stdNames(p, toks)
	if len(names) == 0 {
		names = []string{p.md.name}
	}
	if len(names) == 1 {
		return "The " + names[0] + " utility exits 0 on success, and >0 if an error occurs."
	}
	return "The " + joinAnd(names) + " utilities exit 0 on success, and >0 if an error occurs."
}

// returnSentence is what mandoc prints for .Rv -std.
func (p *parser) returnSentence(toks []marg) string {
	names := stdNames(p, toks)
	tail := " the value -1 is returned and the global variable errno is set to indicate the error."
	switch len(names) {
	case 0:
		return "Upon successful completion, the value 0 is returned; otherwise" + tail
	case 1:
		return "The " + names[0] + "() function returns the value 0 if successful; otherwise" + tail
	}
	for i := range names {
		names[i] += "()"
	}
	return "The " + joinAnd(names) + " functions return the value 0 if successful; otherwise" + tail
}

func stdNames(p *parser, toks []marg) []string {
	var names []string
	for _, t := range toks {
		if t.s == "-std" || isDelim(t) != delimNone {
			continue
		}
		names = append(names, p.convText(t.s))
	}
	return names
}

func joinAnd(a []string) string {
	switch len(a) {
	case 1:
		return a[0]
	case 2:
		return a[0] + " and " + a[1]
	}
	return strings.Join(a[:len(a)-1], ", ") + ", and " + a[len(a)-1]
}

// mdocFinish closes what an mdoc page left open.
func (p *parser) mdocFinish() {
	p.mdocCloseHead()
}

// standards are the .St names as mandoc prints them.
var standards = map[string]string{
	"-p1003.1-88":     "IEEE Std 1003.1-1988 (“POSIX.1”)",
	"-p1003.1-90":     "IEEE Std 1003.1-1990 (“POSIX.1”)",
	"-p1003.1-96":     "ISO/IEC 9945-1:1996 (“POSIX.1”)",
	"-p1003.1-2001":   "IEEE Std 1003.1-2001 (“POSIX.1”)",
	"-p1003.1-2004":   "IEEE Std 1003.1-2004 (“POSIX.1”)",
	"-p1003.1-2008":   "IEEE Std 1003.1-2008 (“POSIX.1”)",
	"-p1003.1-2017":   "IEEE Std 1003.1-2017 (“POSIX.1”)",
	"-p1003.1-2024":   "IEEE Std 1003.1-2024 (“POSIX.1”)",
	"-p1003.1":        "IEEE Std 1003.1 (“POSIX.1”)",
	"-p1003.1b":       "IEEE Std 1003.1b (“POSIX.1b”)",
	"-p1003.1b-93":    "IEEE Std 1003.1b-1993 (“POSIX.1b”)",
	"-p1003.1c-95":    "IEEE Std 1003.1c-1995 (“POSIX.1c”)",
	"-p1003.1g-2000":  "IEEE Std 1003.1g-2000 (“POSIX.1g”)",
	"-p1003.1i-95":    "IEEE Std 1003.1i-1995 (“POSIX.1i”)",
	"-p1003.2":        "IEEE Std 1003.2 (“POSIX.2”)",
	"-p1003.2-92":     "IEEE Std 1003.2-1992 (“POSIX.2”)",
	"-p1003.2a-92":    "IEEE Std 1003.2a-1992 (“POSIX.2”)",
	"-p1387.2":        "IEEE Std 1387.2 (“POSIX.7.2”)",
	"-p1387.2-95":     "IEEE Std 1387.2-1995 (“POSIX.7.2”)",
	"-isoC":           "ISO/IEC 9899:1990 (“ISO C90”)",
	"-isoC-90":        "ISO/IEC 9899:1990 (“ISO C90”)",
	"-isoC-amd1":      "ISO/IEC 9899/AMD1:1995 (“ISO C90, Amendment 1”)",
	"-isoC-tcor1":     "ISO/IEC 9899/TCOR1:1994 (“ISO C90, Technical Corrigendum 1”)",
	"-isoC-tcor2":     "ISO/IEC 9899/TCOR2:1995 (“ISO C90, Technical Corrigendum 2”)",
	"-isoC-99":        "ISO/IEC 9899:1999 (“ISO C99”)",
	"-isoC-2011":      "ISO/IEC 9899:2011 (“ISO C11”)",
	"-iso9945-1-90":   "ISO/IEC 9945-1:1990 (“POSIX.1”)",
	"-iso9945-1-96":   "ISO/IEC 9945-1:1996 (“POSIX.1”)",
	"-iso9945-2-93":   "ISO/IEC 9945-2:1993 (“POSIX.2”)",
	"-ansiC":          "ANSI X3.159-1989 (“ANSI C89”)",
	"-ansiC-89":       "ANSI X3.159-1989 (“ANSI C89”)",
	"-ieee754":        "IEEE Std 754-1985",
	"-iso8802-3":      "ISO 8802-3: 1989",
	"-iso8601":        "ISO 8601",
	"-ieee1275-94":    "IEEE Std 1275-1994 (“Open Firmware”)",
	"-xpg3":           "X/Open Portability Guide Issue 3 (“XPG3”)",
	"-xpg4":           "X/Open Portability Guide Issue 4 (“XPG4”)",
	"-xpg4.2":         "X/Open Portability Guide Issue 4, Version 2 (“XPG4.2”)",
	"-xpg4.3":         "X/Open Portability Guide Issue 4, Version 3 (“XPG4.3”)",
	"-xbd5":           "X/Open Base Definitions Issue 5 (“XBD5”)",
	"-xcu5":           "X/Open Commands and Utilities Issue 5 (“XCU5”)",
	"-xsh4.2":         "X/Open System Interfaces and Headers Issue 4, Version 2 (“XSH4.2”)",
	"-xsh5":           "X/Open System Interfaces and Headers Issue 5 (“XSH5”)",
	"-xns5":           "X/Open Networking Services Issue 5 (“XNS5”)",
	"-xns5.2":         "X/Open Networking Services Issue 5.2 (“XNS5.2”)",
	"-xcurses4.2":     "X/Open Curses Issue 4, Version 2 (“XCURSES4.2”)",
	"-susv1":          "Version 1 of the Single UNIX Specification (“SUSv1”)",
	"-susv2":          "Version 2 of the Single UNIX Specification (“SUSv2”)",
	"-susv3":          "Version 3 of the Single UNIX Specification (“SUSv3”)",
	"-susv4":          "Version 4 of the Single UNIX Specification (“SUSv4”)",
	"-svid4":          "System V Interface Definition, Fourth Edition (“SVID4”)",
	"-p1003.1-2001/2": "IEEE Std 1003.1-2001 (“POSIX.1”)",
}
