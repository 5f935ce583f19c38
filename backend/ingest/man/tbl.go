package man

import (
	"strings"
	"unicode/utf8"
)

// table reads a tbl(1) table up to .TE and stores it as one line per row,
// cells separated by a tab. Layout (format lines, spans, rules) is dropped:
// only the cell text matters to a reader.
func (p *parser) table() {
	tab := "\t"
	state := 0 // 0: options or format, 1: format, 2: data
	var rows []string
	var cells []string
	var block []string // text of a T{ ... T} cell being read
	inBlock := false
	for {
		l, ok := p.next()
		if !ok {
			break
		}
		l, _ = stripComment(l)
		if inBlock {
			if strings.HasPrefix(l, "T}") {
				inBlock = false
				cells = append(cells, normSpace(strings.Join(block, " ")))
				block = block[:0]
				rest := l[2:]
				if strings.HasPrefix(rest, tab) {
					rest = rest[len(tab):]
				} else if rest == "" {
					rows = appendRow(rows, cells)
					cells = nil
					continue
				}
				inBlock = p.tableCells(rest, tab, &cells)
				if !inBlock {
					rows = appendRow(rows, cells)
					cells = nil
				}
				continue
			}
			if l != "" && (l[0] == '.' || l[0] == '\'') {
				if isReq(l, "TE") {
					break
				}
				// font macros inside a text block print their text;
				// other requests (.br, .sp, .ft) print nothing
				if t, ok := p.fontMacroText(l[1:]); ok {
					block = append(block, t)
				}
				continue
			}
			t, _ := p.conv(p.interp(l))
			block = append(block, t)
			continue
		}
		if l != "" && (l[0] == '.' || l[0] == '\'') {
			if isReq(l, "TE") {
				break
			}
			if isReq(l, "T&") {
				state = 1
			}
			continue
		}
		switch state {
		case 0:
			t := strings.TrimSpace(l)
			if strings.HasSuffix(t, ";") {
				tab = tableTab(t, tab)
				state = 1
				continue
			}
			state = 1
			fallthrough
		case 1:
			if strings.HasSuffix(strings.TrimSpace(l), ".") {
				state = 2
			}
			continue
		}
		t := strings.TrimSpace(l)
		if t == "_" || t == "=" || t == `\_` || t == "" {
			continue
		}
		if p.tableCells(l, tab, &cells) {
			inBlock = true
			continue
		}
		rows = appendRow(rows, cells)
		cells = nil
		if len(rows) > 100_000 {
			break
		}
	}
	if inBlock && len(block) > 0 {
		cells = append(cells, normSpace(strings.Join(block, " ")))
	}
	rows = appendRow(rows, cells)
	p.addTable(strings.Join(rows, "\n"))
}

// tableCells splits a data line into cells, appending them to cells. It
// reports true when the line ends by opening a T{ text block.
func (p *parser) tableCells(l string, tab string, cells *[]string) bool {
	for {
		i := strings.Index(l, tab)
		c := l
		if i >= 0 {
			c = l[:i]
		}
		if i < 0 && strings.HasSuffix(c, "T{") {
			return true
		}
		if strings.TrimSpace(c) == "T{" {
			return true
		}
		*cells = append(*cells, p.tableCell(c))
		if i < 0 {
			return false
		}
		l = l[i+len(tab):]
	}
}

func (p *parser) tableCell(c string) string {
	t := strings.TrimSpace(c)
	switch t {
	case "_", "=", `\_`, `\^`, `\=`:
		return ""
	}
	if strings.HasPrefix(t, `\R`) {
		return ""
	}
	s, _ := p.conv(p.interp(t))
	return normSpace(s)
}

func appendRow(rows, cells []string) []string {
	n := len(cells)
	for n > 0 && cells[n-1] == "" {
		n--
	}
	if n == 0 {
		return rows
	}
	return append(rows, strings.Join(cells[:n], "\t"))
}

// tableTab finds tab(x) in the options line. x is a character, not a
// byte: one that takes more than a byte ("tab(¦)") split rows in the
// middle of other characters, into text that was no UTF-8.
func tableTab(opts string, tab string) string {
	lo := strings.ToLower(opts)
	i := strings.Index(lo, "tab")
	if i < 0 {
		return tab
	}
	rest := strings.TrimLeft(opts[i+3:], " \t")
	if len(rest) >= 3 && rest[0] == '(' {
		_, size := utf8.DecodeRuneInString(rest[1:])
		return rest[1 : 1+size]
	}
	return tab
}

// fontMacroText renders a man(7) font macro line (without its control
// character) to text.
func (p *parser) fontMacroText(s string) (string, bool) {
	s = trimLeft(s)
	i := 0
	for i < len(s) && !isSpace(s[i]) {
		i++
	}
	name, rest := s[:i], s[i:]
	sep := ""
	switch name {
	case "B", "I", "SM", "SB", "R":
		sep = " "
	case "BR", "RB", "BI", "IB", "IR", "RI":
	case "MR":
		a := p.args(rest)
		if len(a) < 2 {
			return "", false
		}
		t := p.convText(a[0]) + "(" + p.convText(a[1]) + ")"
		if len(a) > 2 {
			t += p.convText(a[2])
		}
		return t, true
	default:
		return "", false
	}
	return p.convJoin(p.args(rest), sep), true
}

// isReq reports whether l is the control line .name (like .TE).
func isReq(l, name string) bool {
	t := trimLeft(l[1:])
	if !strings.HasPrefix(t, name) {
		return false
	}
	t = t[len(name):]
	return t == "" || isSpace(t[0]) || t[0] == '\\'
}
