// Package cmdline splits a shell command line as bash would, into words
// with their byte spans, and groups them into simple commands.
package cmdline

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Kind says what role a word plays in the command line.
type Kind int

const (
	Arg      Kind = iota // an ordinary word (program name, option, argument)
	Operator             // | || && ; & ( ) |& and a newline
	Redirect             // a redirection operator with its fd: > >> < 2> 2>> &> &>> >& 2>&1 <<< << <> >|
	Target               // the word a redirection applies to (file name, here-string, here-doc delimiter); not for 2>&1-style dups, whose target is inside the operator
	Assign               // NAME=value before a command's name
)

// Word is one token of the command line.
type Word struct {
	Text       string // after quote removal and backslash unescaping ('a b' -> a b, "x\"y" -> x"y, a\ b -> a b); $(...), `...`, $VAR, ${...} are kept literally (not expanded)
	Raw        string // exactly as typed: line[Start:End]
	Start, End int    // byte offsets in the line
	Kind       Kind
}

// Command is one simple command: the assignments before it, its words
// (Args[0] is the program, when there is one), and its redirections
// (each Redirect word, followed by its Target word when it has one).
type Command struct {
	Assign    []Word
	Args      []Word
	Redirects []Word
}

// Parse splits line. It fails (with an error that says where) on an
// unterminated quote or an unterminated $( or `; a comment (# at the
// start of a word) ends the line.
func Parse(line string) (words []Word, cmds []Command, err error) {
	p := parser{line: line}
	if err := p.tokenize(); err != nil {
		return nil, nil, err
	}
	return p.words, group(p.words), nil
}

type parser struct {
	line  string
	words []Word
}

func (p *parser) emit(start, end int, text string, kind Kind) {
	p.words = append(p.words, Word{Text: text, Raw: p.line[start:end], Start: start, End: end, Kind: kind})
}

func unterminated(what string, pos int) error {
	return fmt.Errorf("unterminated %s starting at byte %d", what, pos)
}

func (p *parser) tokenize() error {
	line := p.line
	i := 0
	for {
		i = skipBlanks(line, i)
		if i >= len(line) {
			return nil
		}
		switch c := line[i]; {
		case c == '#':
			i = skipComment(line, i)
		case c == '\n':
			p.emit(i, i+1, "\n", Operator)
			i++
		default:
			if end, needsTarget, ok := redirectAt(line, i); ok {
				p.emit(i, end, line[i:end], Redirect)
				i = end
				if !needsTarget {
					continue
				}
				// A missing target is a bash syntax error, but the words
				// around it still deserve an explanation, so carry on.
				j := skipBlanks(line, i)
				if j >= len(line) || !startsWord(line, j) {
					continue
				}
				end, text, err := p.scanWord(j)
				if err != nil {
					return err
				}
				p.emit(j, end, text, Target)
				i = end
				continue
			}
			if n := controlOpLen(line, i); n > 0 {
				p.emit(i, i+n, line[i:i+n], Operator)
				i += n
				continue
			}
			end, text, err := p.scanWord(i)
			if err != nil {
				return err
			}
			p.emit(i, end, text, Arg)
			i = end
		}
	}
}

// skipBlanks also skips backslash-newline, because bash removes line
// continuations before it splits words.
func skipBlanks(line string, i int) int {
	for i < len(line) {
		switch {
		case line[i] == ' ' || line[i] == '\t':
			i++
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '\n':
			i += 2
		default:
			return i
		}
	}
	return i
}

// skipComment stops before the newline so that a multi-line input goes on
// with its next line.
func skipComment(line string, i int) int {
	if n := strings.IndexByte(line[i:], '\n'); n >= 0 {
		return i + n
	}
	return len(line)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isBreak reports whether c ends an unquoted word.
func isBreak(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '|', '&', ';', '(', ')', '<', '>':
		return true
	}
	return false
}

// startsWord reports whether a word (rather than an operator, a
// redirection or a comment) begins at i.
func startsWord(line string, i int) bool {
	switch line[i] {
	case '#', '\n', '|', '&', ';', '(', ')':
		return false
	case '<', '>':
		return i+1 < len(line) && line[i+1] == '('
	}
	return true
}

func controlOpLen(line string, i int) int {
	next := byte(0)
	if i+1 < len(line) {
		next = line[i+1]
	}
	switch line[i] {
	case '|':
		if next == '|' || next == '&' {
			return 2
		}
		return 1
	case '&':
		if next == '&' {
			return 2
		}
		return 1
	case ';', '(', ')':
		return 1
	}
	return 0
}

// redirectAt recognises a redirection operator at i, including a leading
// fd number, which only counts when directly attached (bash reads "2 >x"
// as the word 2 and a plain >). needsTarget is false for fd duplications
// and closes such as 2>&1 and >&-, whose target is part of the operator.
func redirectAt(line string, i int) (end int, needsTarget, ok bool) {
	j := i
	for j < len(line) && isDigit(line[j]) {
		j++
	}
	if j >= len(line) {
		return 0, false, false
	}
	if j == i && line[j] == '&' {
		if j+1 < len(line) && line[j+1] == '>' {
			if j+2 < len(line) && line[j+2] == '>' {
				return j + 3, true, true
			}
			return j + 2, true, true
		}
		return 0, false, false
	}
	if line[j] != '<' && line[j] != '>' {
		return 0, false, false
	}
	// <(...) and >(...) are process substitutions, which are words.
	if j+1 < len(line) && line[j+1] == '(' {
		return 0, false, false
	}
	rest := line[j:]
	switch {
	case strings.HasPrefix(rest, "<<<"), strings.HasPrefix(rest, "<<-"):
		return j + 3, true, true
	case strings.HasPrefix(rest, "<<"), strings.HasPrefix(rest, "<>"),
		strings.HasPrefix(rest, ">>"), strings.HasPrefix(rest, ">|"):
		return j + 2, true, true
	case strings.HasPrefix(rest, "<&"), strings.HasPrefix(rest, ">&"):
		k := j + 2
		m := k
		for m < len(line) && isDigit(line[m]) {
			m++
		}
		if m < len(line) && line[m] == '-' {
			m++
		}
		// Only a bare number or - is a dup; >&2x writes to the file "2x".
		if m > k && (m == len(line) || isBreak(line[m])) {
			return m, false, true
		}
		return k, true, true
	}
	return j + 1, true, true
}

// scanWord reads one word starting at i and returns where it ends and its
// text after quote removal.
func (p *parser) scanWord(i int) (int, string, error) {
	line := p.line
	start := i
	var b strings.Builder
	for i < len(line) {
		c := line[i]
		switch c {
		case ' ', '\t', '\n', '|', '&', ';', ')':
			return i, b.String(), nil
		case '(':
			if !isArrayAssignPrefix(line[start:i]) {
				return i, b.String(), nil
			}
			end, err := p.skipParens(i+1, i, "(")
			if err != nil {
				return 0, "", err
			}
			b.WriteString(line[i:end])
			i = end
		case '<', '>':
			if i+1 >= len(line) || line[i+1] != '(' {
				return i, b.String(), nil
			}
			end, err := p.skipParens(i+2, i, string(c)+"(")
			if err != nil {
				return 0, "", err
			}
			b.WriteString(line[i:end])
			i = end
		case '\\':
			switch {
			case i+1 >= len(line):
				// Bash would ask for another line; keeping the backslash
				// is the least surprising reading of what was typed.
				b.WriteByte('\\')
				i++
			case line[i+1] == '\n':
				i += 2
			default:
				b.WriteByte(line[i+1])
				i += 2
			}
		case '\'':
			n := strings.IndexByte(line[i+1:], '\'')
			if n < 0 {
				return 0, "", unterminated("single quote", i)
			}
			b.WriteString(line[i+1 : i+1+n])
			i += n + 2
		case '"':
			end, err := p.scanDouble(i, &b)
			if err != nil {
				return 0, "", err
			}
			i = end
		case '`':
			end, err := p.skipBacktick(i)
			if err != nil {
				return 0, "", err
			}
			b.WriteString(line[i:end])
			i = end
		case '$':
			end, text, err := p.scanDollar(i, false)
			if err != nil {
				return 0, "", err
			}
			b.WriteString(text)
			i = end
		default:
			b.WriteByte(c)
			i++
		}
	}
	return i, b.String(), nil
}

// scanDollar reads what a $ at i introduces and returns its end and the
// text it contributes to the word. Expansions are kept as typed; only the
// quoting forms $'...' and $"..." are unquoted, and neither is special
// inside double quotes.
func (p *parser) scanDollar(i int, inDouble bool) (int, string, error) {
	line := p.line
	if i+1 >= len(line) {
		return i + 1, "$", nil
	}
	switch line[i+1] {
	case '(':
		end, err := p.skipParens(i+2, i, "$(")
		if err != nil {
			return 0, "", err
		}
		return end, line[i:end], nil
	case '{':
		end, err := p.skipBrace(i+2, i)
		if err != nil {
			return 0, "", err
		}
		return end, line[i:end], nil
	case '\'':
		if inDouble {
			break
		}
		end, err := p.skipANSIC(i)
		if err != nil {
			return 0, "", err
		}
		return end, decodeANSIC(line[i+2 : end-1]), nil
	case '"':
		if inDouble {
			break
		}
		var b strings.Builder
		end, err := p.scanDouble(i+1, &b)
		if err != nil {
			return 0, "", err
		}
		return end, b.String(), nil
	}
	return i + 1, "$", nil
}

// scanDouble reads a double-quoted string whose opening quote is at i,
// writing its unquoted text to b when b is not nil.
func (p *parser) scanDouble(i int, b *strings.Builder) (int, error) {
	line := p.line
	put := func(s string) {
		if b != nil {
			b.WriteString(s)
		}
	}
	j := i + 1
	for j < len(line) {
		switch c := line[j]; c {
		case '"':
			return j + 1, nil
		case '\\':
			if j+1 < len(line) {
				switch n := line[j+1]; n {
				case '"', '\\', '$', '`':
					put(line[j+1 : j+2])
					j += 2
					continue
				case '\n':
					j += 2
					continue
				}
			}
			// Inside double quotes a backslash before any other
			// character is kept.
			put(`\`)
			j++
		case '`':
			end, err := p.skipBacktick(j)
			if err != nil {
				return 0, err
			}
			put(line[j:end])
			j = end
		case '$':
			end, text, err := p.scanDollar(j, true)
			if err != nil {
				return 0, err
			}
			put(text)
			j = end
		default:
			put(line[j : j+1])
			j++
		}
	}
	return 0, unterminated("double quote", i)
}

// skipParens finds the ) that closes a $(, <(, >( or array ( whose body
// starts at i. It follows quotes, nested substitutions and comments so that
// a ) inside them does not end the body early.
func (p *parser) skipParens(i, open int, what string) (int, error) {
	line := p.line
	depth := 1
	wordStart := true
	for i < len(line) {
		c := line[i]
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		case '\\':
			i += 2
			wordStart = false
			continue
		case '\'':
			n := strings.IndexByte(line[i+1:], '\'')
			if n < 0 {
				return 0, unterminated("single quote", i)
			}
			i += n + 2
			wordStart = false
			continue
		case '"':
			end, err := p.scanDouble(i, nil)
			if err != nil {
				return 0, err
			}
			i = end
			wordStart = false
			continue
		case '`':
			end, err := p.skipBacktick(i)
			if err != nil {
				return 0, err
			}
			i = end
			wordStart = false
			continue
		case '$':
			end, _, err := p.scanDollar(i, false)
			if err != nil {
				return 0, err
			}
			i = end
			wordStart = false
			continue
		case '#':
			if wordStart {
				i = skipComment(line, i)
				continue
			}
		}
		wordStart = c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '|' || c == '&' || c == '('
		i++
	}
	return 0, unterminated(what, open)
}

// skipBrace finds the } that closes a ${ whose body starts at i. Bash ends
// it at the first unquoted }, so a plain { inside does not nest.
func (p *parser) skipBrace(i, open int) (int, error) {
	line := p.line
	for i < len(line) {
		switch line[i] {
		case '}':
			return i + 1, nil
		case '\\':
			i += 2
		case '\'':
			// Bash honours single quotes here even inside double quotes.
			n := strings.IndexByte(line[i+1:], '\'')
			if n < 0 {
				return 0, unterminated("single quote", i)
			}
			i += n + 2
		case '"':
			end, err := p.scanDouble(i, nil)
			if err != nil {
				return 0, err
			}
			i = end
		case '`':
			end, err := p.skipBacktick(i)
			if err != nil {
				return 0, err
			}
			i = end
		case '$':
			end, _, err := p.scanDollar(i, false)
			if err != nil {
				return 0, err
			}
			i = end
		default:
			i++
		}
	}
	return 0, unterminated("${", open)
}

// skipBacktick finds the closing backquote for the one at i. Bash does not
// look at quotes inside backquotes, only at backslashes.
func (p *parser) skipBacktick(i int) (int, error) {
	line := p.line
	for j := i + 1; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case '`':
			return j + 1, nil
		}
	}
	return 0, unterminated("backquote", i)
}

// skipANSIC finds the end of a $'...' string starting at i.
func (p *parser) skipANSIC(i int) (int, error) {
	line := p.line
	for j := i + 2; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case '\'':
			return j + 1, nil
		}
	}
	return 0, unterminated("$' quote", i)
}

// decodeANSIC applies the backslash escapes of bash's $'...' quoting.
func decodeANSIC(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := digits(s[i:], 8, 3)
			b.WriteByte(byte(v))
			i += n - 1
		case 'x', 'u', 'U':
			limit := 2
			switch c {
			case 'u':
				limit = 4
			case 'U':
				limit = 8
			}
			v, n := digits(s[i+1:], 16, limit)
			switch {
			case n == 0:
				// Bash keeps an escape that has no digits.
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == 'x':
				b.WriteByte(byte(v))
			default:
				r := rune(v)
				if v > utf8.MaxRune {
					r = utf8.RuneError
				}
				b.WriteRune(r)
			}
			i += n
		case 'c':
			if i+1 >= len(s) {
				b.WriteString(`\c`)
				continue
			}
			i++
			if s[i] == '?' {
				b.WriteByte(0x7f)
			} else {
				b.WriteByte(s[i] & 0x1f)
			}
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// digits reads up to limit digits in base from the start of s.
func digits(s string, base, limit int) (value, n int) {
	for n < len(s) && n < limit {
		var d int
		switch c := s[n]; {
		case '0' <= c && c <= '9':
			d = int(c - '0')
		case 'a' <= c && c <= 'f':
			d = int(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = int(c-'A') + 10
		default:
			return value, n
		}
		if d >= base {
			return value, n
		}
		value = value*base + d
		n++
	}
	return value, n
}

func isNameStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isNameChar(c byte) bool { return isNameStart(c) || isDigit(c) }

// nameLen returns the length of the shell variable name at the start of s.
func nameLen(s string) int {
	if s == "" || !isNameStart(s[0]) {
		return 0
	}
	n := 1
	for n < len(s) && isNameChar(s[n]) {
		n++
	}
	return n
}

// isArrayAssignPrefix reports whether s is NAME= or NAME+=, after which a
// ( opens an array literal rather than ending the word.
func isArrayAssignPrefix(s string) bool {
	n := nameLen(s)
	return n > 0 && (s[n:] == "=" || s[n:] == "+=")
}

// isAssignment reports whether raw is NAME=value, NAME+=value or
// NAME[subscript]=value. It looks at the raw text because a quoted name
// ("A"=1) makes bash treat the word as a command, not an assignment.
func isAssignment(raw string) bool {
	n := nameLen(raw)
	if n == 0 {
		return false
	}
	rest := raw[n:]
	if strings.HasPrefix(rest, "[") {
		depth := 0
		end := -1
		for k := 0; k < len(rest) && end < 0; k++ {
			switch rest[k] {
			case '[':
				depth++
			case ']':
				depth--
				if depth == 0 {
					end = k + 1
				}
			}
		}
		if end < 0 {
			return false
		}
		rest = rest[end:]
	}
	return strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "+=")
}

// group splits words into simple commands at operators, and marks the
// assignments that come before each command's name.
func group(words []Word) []Command {
	var cmds []Command
	var cur Command
	flush := func() {
		if len(cur.Assign)+len(cur.Args)+len(cur.Redirects) > 0 {
			cmds = append(cmds, cur)
		}
		cur = Command{}
	}
	for i := range words {
		w := &words[i]
		switch w.Kind {
		case Operator:
			flush()
		case Redirect, Target:
			cur.Redirects = append(cur.Redirects, *w)
		default:
			if len(cur.Args) == 0 && isAssignment(w.Raw) {
				w.Kind = Assign
				cur.Assign = append(cur.Assign, *w)
			} else {
				cur.Args = append(cur.Args, *w)
			}
		}
	}
	flush()
	return cmds
}
