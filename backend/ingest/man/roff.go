package man

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits that keep Parse bounded on hostile input. Real pages stay far
// below each of them: the biggest page of a Debian system expands to about
// 60,000 lines and 1 MB of text.
const (
	maxSteps     = 2_000_000 // input lines processed, macro bodies included
	maxStack     = 64        // nested macro calls and .so includes
	maxSoDepth   = 8         // nested .so includes
	maxStrDepth  = 16        // strings interpolated inside strings
	maxInterp    = 1 << 20   // bytes one line may grow to by interpolation
	maxMacroSize = 1 << 20   // bytes of one .de body
	maxDefs      = 10_000    // strings, macros and registers defined
	maxOutput    = 4 << 20   // bytes of text kept per page
	maxIeStack   = 256       // pending .ie conditions
)

var (
	errTooComplex = errors.New("page too complex: expansion limit reached")
	errNotRoff    = errors.New("not a roff page")
)

// frame is one source of input lines: the page, a .so include or the body
// of a macro being expanded (then args holds its arguments).
type frame struct {
	src   string
	pos   int
	args  []string
	name  string // macro name, for \$0
	macro bool
	so    bool
}

// next returns the next input line with escaped newlines joined.
func (f *frame) next() (string, bool) {
	if f.pos >= len(f.src) {
		return "", false
	}
	var joined []byte
	for {
		rest := f.src[f.pos:]
		i := strings.IndexByte(rest, '\n')
		var l string
		if i < 0 {
			l = rest
			f.pos = len(f.src)
		} else {
			l = rest[:i]
			f.pos += i + 1
		}
		if n := len(l); n > 0 && l[n-1] == '\r' {
			l = l[:n-1]
		}
		if trailingBackslashes(l)%2 == 1 && f.pos < len(f.src) {
			joined = append(joined, l[:len(l)-1]...)
			continue
		}
		if joined != nil {
			return string(append(joined, l...)), true
		}
		return l, true
	}
}

func trailingBackslashes(s string) int {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n
}

// parser is the roff interpreter and, through the methods in out.go,
// man.go, mdoc.go and tbl.go, the builder of the document.
type parser struct {
	so     func(string) ([]byte, error)
	stack  []*frame
	strs   map[string]string
	macros map[string]string
	regs   map[string]int
	tr     map[rune]string
	ie     []bool
	ndefs  int
	steps  int
	err    error
	stop   bool
	cc     byte // control character, normally '.'

	out
	md mdocState
}

func newParser(so func(string) ([]byte, error)) *parser {
	p := &parser{
		so:     so,
		strs:   map[string]string{},
		macros: map[string]string{},
		regs:   map[string]int{},
		cc:     '.',
	}
	p.out.init()
	return p
}

// predefined strings of man(7), mdoc(7) and groff's tmac files that pages
// use without defining them.
var predefStrings = map[string]string{
	"lq": "“", "rq": "”", "R": "®", "Tm": "™", "S": "", "HF": "B",
	"Lq": "“", "Rq": "”", "Le": "≤", "Ge": "≥", "Lt": "<", "Gt": ">", "Pm": "±",
	"If": "∞", "Pi": "π", "Na": "NaN", "Am": "&", "Ba": "|", "Ne": "≠", "Ua": "↑",
	"Px": "POSIX", "Ai": "ANSI", "q": "\"", "aa": "´", "ga": "`", "Er": "",
	"Nd": "", "Ns": "", "Cl": "", "Tn": "", "doc-Tn-font-size": "",
}

// builtinRegs answers the registers pages test: we behave like groff in
// nroff mode, as mandoc does.
func (p *parser) reg(name string) int {
	if v, ok := p.regs[name]; ok {
		return v
	}
	switch name {
	case ".g", ".A", ".T":
		if name == ".g" || name == ".A" {
			return 1
		}
		return 0
	case ".H", ".V":
		return 24
	case ".l", "LL":
		return 78 * 24
	case ".$":
		for i := len(p.stack) - 1; i >= 0; i-- {
			if p.stack[i].macro {
				return len(p.stack[i].args)
			}
		}
	case ".x":
		return 1
	case ".y":
		return 22
	}
	return 0
}

func (p *parser) str(name string) (string, bool) {
	if v, ok := p.strs[name]; ok {
		return v, true
	}
	v, ok := predefStrings[name]
	return v, ok
}

// run processes input lines until the input ends or a limit is hit.
func (p *parser) run() {
	for !p.stop {
		l, ok := p.next()
		if !ok {
			return
		}
		p.line(l)
	}
}

// next returns the next input line from the innermost frame, applying
// copy mode (\\ and \$n) to lines of macro bodies.
func (p *parser) next() (string, bool) {
	for len(p.stack) > 0 {
		f := p.stack[len(p.stack)-1]
		if l, ok := f.next(); ok {
			p.steps++
			if p.steps > maxSteps {
				p.fail(errTooComplex)
				return "", false
			}
			if f.macro {
				if l = copyMode(l, f); len(l) > maxInterp {
					// a macro that calls itself with its arguments
					// repeated grows them by a factor at each call
					p.fail(errTooComplex)
					return "", false
				}
			}
			return l, true
		}
		p.stack = p.stack[:len(p.stack)-1]
	}
	return "", false
}

func (p *parser) fail(err error) {
	if p.err == nil {
		p.err = err
	}
	p.stop = true
}

func (p *parser) push(f *frame) bool {
	if len(p.stack) >= maxStack {
		return false
	}
	p.stack = append(p.stack, f)
	return true
}

// copyMode expands macro arguments in a line of a macro body and turns \\
// into \, as groff does when it reads a macro definition.
func copyMode(l string, f *frame) string {
	if strings.IndexByte(l, '\\') < 0 {
		return l
	}
	b := make([]byte, 0, len(l)+16)
	for i := 0; i < len(l); i++ {
		c := l[i]
		if c != '\\' || i+1 >= len(l) {
			b = append(b, c)
			continue
		}
		k := i + 1
		if l[k] == '\\' && k+1 < len(l) && l[k+1] == '$' {
			// \\$1 in a body read raw is \$1 after copy mode
			k++
		}
		if len(b) > maxInterp {
			// past what next takes: the rest is never read
			break
		}
		switch l[k] {
		case '\\':
			b = append(b, '\\')
			i++
		case '$':
			name, j := escArg(l, k+1)
			i = j - 1
			switch name {
			case "*", "@":
				for k, a := range f.args {
					if k > 0 {
						b = append(b, ' ')
					}
					if name == "@" {
						b = append(b, '"')
						b = append(b, a...)
						b = append(b, '"')
					} else {
						b = append(b, a...)
					}
				}
			case "0":
				b = append(b, f.name...)
			default:
				if n, err := strconv.Atoi(name); err == nil && n >= 1 && n <= len(f.args) {
					b = append(b, f.args[n-1]...)
				}
			}
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// line processes one input line.
func (p *parser) line(l string) {
	if l == "" {
		p.blankLine()
		return
	}
	l, comment := stripComment(l)
	if l == "" {
		if !comment {
			p.blankLine()
		}
		return
	}
	if l[0] == p.cc || l[0] == '\'' {
		p.control(l[1:])
		return
	}
	p.textLine(p.interp(l))
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

func trimLeft(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	return s
}

// control handles a request or macro line; s is the line after the
// control character.
func (p *parser) control(s string) {
	s = trimLeft(s)
	for strings.HasPrefix(s, `\}`) {
		s = trimLeft(s[2:])
	}
	if strings.HasPrefix(s, `\*`) {
		s = p.interp(s)
	}
	if s == "" {
		return
	}
	i := 0
	for i < len(s) && !isSpace(s[i]) && s[i] != '\\' {
		i++
	}
	name, rest := s[:i], trimLeft(s[i:])
	if name == "" {
		return
	}
	switch name {
	case "ig":
		p.ignore(rest)
		return
	case "de", "de1", "dei", "am", "am1", "ami", "ds", "ds1", "as", "as1", "dsi":
		p.define(name, rest)
		return
	case "if":
		ok, body := p.evalCond(p.interp(rest))
		p.branch(ok, body)
		return
	case "ie":
		ok, body := p.evalCond(p.interp(rest))
		if len(p.ie) < maxIeStack {
			p.ie = append(p.ie, ok)
		}
		p.branch(ok, body)
		return
	case "el":
		ok := false
		if n := len(p.ie); n > 0 {
			ok = !p.ie[n-1]
			p.ie = p.ie[:n-1]
		}
		p.branch(ok, rest)
		return
	case "while":
		// loops are not worth the risk; skip the body
		_, body := p.evalCond(p.interp(rest))
		p.branch(false, body)
		return
	case "do":
		p.control(rest)
		return
	case "nr":
		p.setReg(p.interp(rest))
		return
	case "rr":
		for _, a := range splitArgs(rest) {
			delete(p.regs, a)
		}
		return
	case "rm":
		for _, a := range splitArgs(rest) {
			delete(p.strs, a)
			delete(p.macros, a)
		}
		return
	case "rn", "als":
		a := splitArgs(rest)
		if len(a) >= 2 && !builtinMacro(a[0]) && !builtinMacro(a[1]) {
			from, to := a[0], a[1]
			if name == "als" {
				from, to = a[1], a[0]
			}
			if m, ok := p.macros[from]; ok {
				p.macros[to] = m
				if name == "rn" {
					delete(p.macros, from)
				}
			}
			if v, ok := p.strs[from]; ok {
				p.strs[to] = v
				if name == "rn" {
					delete(p.strs, from)
				}
			}
		}
		return
	case "tr", "trin", "trnt":
		p.translate(p.interp(rest))
		return
	case "so":
		p.include(strings.TrimSpace(p.interp(rest)))
		return
	case "shift":
		n := 1
		if a := splitArgs(rest); len(a) > 0 {
			n = p.evalNum(a[0], 'u')
		}
		for i := len(p.stack) - 1; i >= 0; i-- {
			if f := p.stack[i]; f.macro {
				if n > len(f.args) {
					n = len(f.args)
				}
				if n > 0 {
					f.args = f.args[n:]
				}
				break
			}
		}
		return
	case "return":
		for i := len(p.stack) - 1; i >= 0; i-- {
			if f := p.stack[i]; f.macro {
				f.pos = len(f.src)
				break
			}
		}
		return
	case "cc":
		if r := strings.TrimSpace(rest); r != "" && r[0] < utf8.RuneSelf && r[0] != '\\' {
			p.cc = r[0]
		} else {
			p.cc = '.'
		}
		return
	case "nx", "ex", "ab":
		// stop reading this file as groff does
		if name == "nx" && len(p.stack) > 0 {
			p.stack[len(p.stack)-1].pos = len(p.stack[len(p.stack)-1].src)
		} else {
			p.stop = true
		}
		return
	case "TS":
		if !p.hasMacro(name) {
			p.table()
			return
		}
	}
	if body, ok := p.macros[name]; ok {
		args := splitArgs(p.interp(rest))
		if !p.push(&frame{src: body, args: args, name: name, macro: true}) {
			p.fail(errTooComplex)
		}
		return
	}
	p.request(name, rest)
}

func (p *parser) hasMacro(name string) bool {
	_, ok := p.macros[name]
	return ok
}

// ignore skips lines up to the terminator of .ig (".." by default).
func (p *parser) ignore(rest string) {
	end := "."
	if a := splitArgs(rest); len(a) > 0 {
		end = a[0]
	}
	for {
		l, ok := p.next()
		if !ok {
			return
		}
		if isEnd(l, end) {
			return
		}
	}
}

// isEnd reports whether l is the end line of a .de or .ig block: "..", or
// ".end" for a custom terminator.
func isEnd(l, end string) bool {
	if len(l) < 2 || (l[0] != '.' && l[0] != '\'') {
		return false
	}
	t := trimLeft(l[1:])
	if !strings.HasPrefix(t, end) {
		return false
	}
	t = t[len(end):]
	return t == "" || isSpace(t[0]) || strings.HasPrefix(t, `\"`)
}

// define handles .de/.am (macros) and .ds/.as (strings).
func (p *parser) define(req, rest string) {
	if strings.HasSuffix(req, "i") {
		rest = p.interp(rest)
	}
	if req[0] == 'd' && req[1] == 's' || req[0] == 'a' && req[1] == 's' {
		i := 0
		for i < len(rest) && !isSpace(rest[i]) {
			i++
		}
		name, val := rest[:i], trimLeft(rest[i:])
		if name == "" {
			return
		}
		if strings.HasPrefix(val, `"`) {
			val = val[1:]
		}
		val = strings.TrimSuffix(val, `\}`)
		if strings.IndexByte(val, '\\') >= 0 {
			// copy mode: \\ is stored as \
			budget := maxInterp
			val = p.interpDepth(val, 0, &budget, true)
		}
		if req[0] == 'a' {
			old, _ := p.str(name)
			val = old + val
		}
		if len(val) > maxInterp {
			val = val[:maxInterp]
		}
		if _, ok := p.strs[name]; !ok {
			p.ndefs++
			if p.ndefs > maxDefs {
				p.fail(errTooComplex)
				return
			}
		}
		p.strs[name] = val
		return
	}
	a := splitArgs(rest)
	if len(a) == 0 {
		return
	}
	name, end := a[0], "."
	if len(a) > 1 {
		end = a[1]
	}
	var body strings.Builder
	if req[0] == 'a' {
		body.WriteString(p.macros[name])
	}
	for {
		l, ok := p.next()
		if !ok || isEnd(l, end) {
			break
		}
		if body.Len()+len(l) < maxMacroSize {
			body.WriteString(l)
			body.WriteByte('\n')
		}
	}
	if builtinMacro(name) {
		// our man and mdoc handlers know better than fallbacks pages
		// define for old formatters
		return
	}
	if _, ok := p.macros[name]; !ok {
		p.ndefs++
		if p.ndefs > maxDefs {
			p.fail(errTooComplex)
			return
		}
	}
	p.macros[name] = body.String()
}

// branch runs or skips the body of a conditional.
func (p *parser) branch(ok bool, body string) {
	body = trimLeft(body)
	if !ok {
		depth := braceDelta(body)
		for depth > 0 {
			l, more := p.next()
			if !more {
				return
			}
			depth += braceDelta(l)
		}
		return
	}
	for strings.HasPrefix(body, `\{`) {
		body = trimLeft(body[2:])
	}
	if body == "" {
		return
	}
	if body[0] == p.cc || body[0] == '\'' {
		p.control(body[1:])
		return
	}
	p.line(body)
}

// braceDelta counts \{ minus \} in a line.
func braceDelta(s string) int {
	n := 0
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		switch s[i+1] {
		case '{':
			n++
		case '}':
			n--
		}
		i++
	}
	return n
}

// evalCond evaluates the condition at the start of s and returns the rest
// of the line, the body.
func (p *parser) evalCond(s string) (bool, string) {
	s = trimLeft(s)
	neg := false
	for strings.HasPrefix(s, "!") {
		neg = !neg
		s = s[1:]
	}
	if s == "" {
		return false, ""
	}
	var r bool
	switch c := s[0]; c {
	case 'n', 'o':
		r, s = true, s[1:]
	case 't', 'e', 'v':
		r, s = false, s[1:]
	case 'r', 'd', 'c', 'm', 'F', 'S':
		s = trimLeft(s[1:])
		i := 0
		for i < len(s) && !isSpace(s[i]) {
			i++
		}
		name := s[:i]
		s = s[i:]
		switch c {
		case 'r':
			_, r = p.regs[name]
			r = r || name == ".g"
		case 'd':
			_, r = p.strs[name]
			if !r {
				_, r = p.macros[name]
			}
			if !r {
				_, r = predefStrings[name]
			}
			r = r || builtinMacro(name)
		case 'c':
			r = true
		}
	default:
		if isNumStart(s) {
			var v int
			v, s = p.evalExpr(s)
			r = v > 0
		} else {
			// the delimiter is a character, which may take more than one byte
			_, n := utf8.DecodeRuneInString(s)
			d := s[:n]
			a, j := delimitedBy(s, n, d)
			b, k := delimitedBy(s, j, d)
			ta, _ := p.conv(a)
			tb, _ := p.conv(b)
			r = ta == tb
			s = s[k:]
		}
	}
	return r != neg, s
}

// delimitedBy reads up to the delimiter d from s[i:].
func delimitedBy(s string, i int, d string) (string, int) {
	for j := i; j < len(s); j++ {
		if strings.HasPrefix(s[j:], d) {
			return s[i:j], j + len(d)
		}
		if s[j] == '\\' {
			j = skipEscape(s, j) - 1
		}
	}
	return s[min(i, len(s)):], len(s)
}

func isNumStart(s string) bool {
	c := s[0]
	return c >= '0' && c <= '9' || c == '(' || c == '-' || c == '+' || c == '.' || c == '|' || c == '\\'
}

// evalExpr evaluates a groff numeric expression left to right, as groff
// does, and returns the rest of s. Units are read and ignored.
func (p *parser) evalExpr(s string) (int, string) {
	v, s, ok := p.evalTerm(s, 0)
	if !ok {
		return 0, s
	}
	for len(s) > 0 {
		op := ""
		for _, o := range []string{"<=", ">=", "==", "!=", "<>", "<?", ">?", "<", ">", "=", "+", "-", "*", "/", "%", "&", ":"} {
			if strings.HasPrefix(s, o) {
				op = o
				break
			}
		}
		if op == "" {
			break
		}
		w, rest, ok := p.evalTerm(s[len(op):], 0)
		if !ok {
			break
		}
		s = rest
		switch op {
		case "+":
			v += w
		case "-":
			v -= w
		case "*":
			v *= w
		case "/":
			if w != 0 {
				v /= w
			}
		case "%":
			if w != 0 {
				v %= w
			}
		case "<":
			v = b2i(v < w)
		case ">":
			v = b2i(v > w)
		case "<=":
			v = b2i(v <= w)
		case ">=":
			v = b2i(v >= w)
		case "=", "==":
			v = b2i(v == w)
		case "!=", "<>":
			v = b2i(v != w)
		case "&":
			v = b2i(v > 0 && w > 0)
		case ":":
			v = b2i(v > 0 || w > 0)
		case "<?":
			v = min(v, w)
		case ">?":
			v = max(v, w)
		}
		// keep numbers in a sane range so nothing overflows
		v = max(min(v, 1<<40), -(1 << 40))
	}
	return v, s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *parser) evalTerm(s string, depth int) (int, string, bool) {
	if s == "" || depth > 32 {
		return 0, s, false
	}
	switch c := s[0]; {
	case c == '-' || c == '+':
		v, rest, ok := p.evalTerm(s[1:], depth+1)
		if c == '-' {
			v = -v
		}
		return v, rest, ok
	case c == '|':
		return p.evalTerm(s[1:], depth+1)
	case c == '(':
		v, rest := p.evalExpr(s[1:])
		if strings.HasPrefix(rest, ")") {
			rest = rest[1:]
		}
		return v, rest, true
	case c == '\\' && len(s) > 1:
		switch s[1] {
		case 'w':
			arg, j := delimited(s, 2)
			t, _ := p.conv(arg)
			return 24 * utf8.RuneCountInString(t), skipUnit(s[j:]), true
		case 'n':
			j := 2
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				j++
			}
			name, k := escArg(s, j)
			return p.reg(name), skipUnit(s[k:]), true
		case 'B', 'A':
			_, j := delimited(s, 2)
			return 1, s[j:], true
		}
		return 0, s, false
	case c >= '0' && c <= '9' || c == '.':
		i := 0
		v := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if v < 1<<40 {
				v = v*10 + int(s[i]-'0')
			}
			i++
		}
		if i < len(s) && s[i] == '.' {
			i++
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		}
		return v, skipUnit(s[i:]), true
	}
	return 0, s, false
}

func skipUnit(s string) string {
	if s != "" && strings.IndexByte("icpPmnvuMsfz", s[0]) >= 0 {
		return s[1:]
	}
	return s
}

// evalNum evaluates a numeric argument such as "3n" or "\n(IN".
func (p *parser) evalNum(s string, _ byte) int {
	v, _ := p.evalExpr(p.interp(s))
	return v
}

func (p *parser) setReg(rest string) {
	a := splitArgs(rest)
	if len(a) < 2 || a[1] == "" { // .nr x "" sets nothing
		return
	}
	name, val := a[0], a[1]
	v, _ := p.evalExpr(val)
	switch val[0] {
	case '+':
		v = p.reg(name) + v
	case '-':
		v = p.reg(name) + v
	}
	if _, ok := p.regs[name]; !ok {
		p.ndefs++
		if p.ndefs > maxDefs {
			p.fail(errTooComplex)
			return
		}
	}
	p.regs[name] = v
}

// translate records .tr pairs: ".tr a-b_" maps a to - and b to _.
func (p *parser) translate(s string) {
	var chars []string
	for i := 0; i < len(s); {
		if s[i] == '\\' {
			j := skipEscape(s, i)
			t, _ := p.conv(s[i:j])
			chars = append(chars, s[i:j]+"\x00"+t)
			i = j
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		chars = append(chars, s[i:i+n]+"\x00"+s[i:i+n])
		i += n
	}
	for i := 0; i < len(chars); i += 2 {
		from, _, _ := strings.Cut(chars[i], "\x00")
		to := " "
		if i+1 < len(chars) {
			_, to, _ = strings.Cut(chars[i+1], "\x00")
		}
		r, n := utf8.DecodeRuneInString(from)
		if n != len(from) || from == "" {
			continue // escapes as sources are rare; skip them
		}
		if p.tr == nil {
			p.tr = map[rune]string{}
		}
		if string(r) == to {
			delete(p.tr, r)
			if len(p.tr) == 0 {
				p.tr = nil
			}
			continue
		}
		p.tr[r] = strings.Map(func(r rune) rune {
			if isCtl(r) {
				return -1
			}
			return r
		}, to)
	}
}

// include handles .so by pushing the included file.
func (p *parser) include(path string) {
	if p.so == nil || path == "" {
		return
	}
	depth := 0
	for _, f := range p.stack {
		if f.so {
			depth++
		}
	}
	if depth >= maxSoDepth {
		p.fail(errors.New(".so nested too deep"))
		return
	}
	src, err := p.so(path)
	if err != nil {
		return
	}
	p.push(&frame{src: toUTF8(src), so: true}) // included pages may be Latin-1 too
}

// interp expands strings (\*) and registers (\n) in s, leaving every other
// escape for conv.
func (p *parser) interp(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	budget := maxInterp
	return p.interpDepth(s, 0, &budget, false)
}

// interpDepth is interp at a depth of nested strings. In copy mode (the
// value of .ds) \\ also becomes \.
func (p *parser) interpDepth(s string, depth int, budget *int, copy bool) string {
	var b []byte
	last := 0
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 >= len(s) {
			i++
			continue
		}
		var val string
		var j int
		switch s[i+1] {
		case '\\':
			if !copy {
				i += 2
				continue
			}
			val, j = `\`, i+2
		case '*':
			var name string
			name, j = escArg(s, i+2)
			if i+2 < len(s) && s[i+2] == '[' {
				name, _, _ = strings.Cut(name, " ")
			}
			val, _ = p.str(name)
			if strings.IndexByte(val, '\\') >= 0 {
				if depth < maxStrDepth {
					val = p.interpDepth(val, depth+1, budget, false)
				} else {
					val = ""
				}
			}
		case 'n':
			j = i + 2
			inc := 0
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				inc = 1
				if s[j] == '-' {
					inc = -1
				}
				j++
			}
			var name string
			name, j = escArg(s, j)
			if inc != 0 {
				if _, ok := p.regs[name]; ok {
					p.regs[name] += inc
				}
			}
			val = strconv.Itoa(p.reg(name))
		case '$':
			// an argument reference outside any macro expands to nothing
			_, j = escArg(s, i+2)
		default:
			i = skipEscape(s, i)
			continue
		}
		*budget -= len(val)
		if *budget < 0 {
			p.fail(errTooComplex)
			val = ""
		}
		if b == nil {
			b = make([]byte, 0, len(s)+len(val))
		}
		b = append(b, s[last:i]...)
		b = append(b, val...)
		i, last = j, j
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

// marg is a macro argument; mdoc treats quoted arguments as plain text.
type marg struct {
	s      string
	quoted bool
}

// splitArgsQ splits the arguments of a macro line: blanks separate them,
// double quotes group them and "" inside quotes is a quote.
func splitArgsQ(s string) []marg {
	var args []marg
	i := 0
	for {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return args
		}
		if s[i] == '"' {
			i++
			start := i
			var b []byte
			for i < len(s) {
				if s[i] == '"' {
					if i+1 < len(s) && s[i+1] == '"' {
						b = append(b, s[start:i+1]...)
						i += 2
						start = i
						continue
					}
					break
				}
				if s[i] == '\\' && i+1 < len(s) {
					i += 2
					continue
				}
				i++
			}
			end := min(i, len(s))
			var a string
			if b != nil {
				a = string(append(b, s[start:end]...))
			} else {
				a = s[start:end]
			}
			args = append(args, marg{a, true})
			i++
			continue
		}
		start := i
		for i < len(s) && !isSpace(s[i]) {
			if s[i] == '\\' && i+1 < len(s) {
				i += 2
				continue
			}
			i++
		}
		args = append(args, marg{s[start:min(i, len(s))], false})
	}
}

func splitArgs(s string) []string {
	q := splitArgsQ(s)
	a := make([]string, len(q))
	for i, m := range q {
		a[i] = m.s
	}
	return a
}
