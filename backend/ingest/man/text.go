package man

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// specialChars maps groff special character names (\(xx, \[name], \C'name')
// to UTF-8. The set follows groff_char(7) and what mandoc prints for
// -T utf8, so that our text and mandoc's agree word for word.
var specialChars = map[string]string{
	// spacing, lines and markers
	"ba": "|", "br": "│", "ul": "_", "ru": "_", "rn": "‾", "bb": "¦", "sl": "/", "rs": `\`,
	"ci": "○", "bu": "•", "dd": "‡", "dg": "†", "lz": "◊", "sq": "□", "ps": "¶", "sc": "§",
	"lh": "☜", "rh": "☞", "at": "@", "sh": "#", "CR": "↵", "OK": "✓", "co": "©", "rg": "®",
	"tm": "™", "em": "—", "en": "–", "hy": "‐", "e": `\`, "r!": "¡", "r?": "¿",
	// quotes
	"Bq": "„", "bq": "‚", "lq": "“", "rq": "”", "oq": "‘", "cq": "’", "aq": "'", "dq": "\"",
	"Fo": "«", "Fc": "»", "fo": "‹", "fc": "›",
	// brackets
	"lB": "[", "rB": "]", "lC": "{", "rC": "}", "la": "⟨", "ra": "⟩", "bv": "⎪", "braceex": "⎪",
	"bracketlefttp": "⎡", "bracketleftbt": "⎣", "bracketleftex": "⎢", "bracketrighttp": "⎤",
	"bracketrightbt": "⎦", "bracketrightex": "⎥", "lt": "⎧", "bracelefttp": "⎧", "lk": "⎨",
	"braceleftmid": "⎨", "lb": "⎩", "braceleftbt": "⎩", "braceleftex": "⎪", "rt": "⎫",
	"bracerighttp": "⎫", "rk": "⎬", "bracerightmid": "⎬", "rb": "⎭", "bracerightbt": "⎭",
	"bracerightex": "⎪", "parenlefttp": "⎛", "parenleftbt": "⎝", "parenleftex": "⎜",
	"parenrighttp": "⎞", "parenrightbt": "⎠", "parenrightex": "⎟",
	// arrows
	"<-": "←", "->": "→", "<>": "↔", "da": "↓", "ua": "↑", "va": "↕", "lA": "⇐", "rA": "⇒",
	"hA": "⇔", "uA": "⇑", "dA": "⇓", "vA": "⇕", "an": "⎯",
	// logic
	"AN": "∧", "OR": "∨", "no": "¬", "tno": "¬", "te": "∃", "fa": "∀", "st": "∋", "tf": "∴",
	"3d": "∴", "or": "|",
	// mathematics
	"pl": "+", "mi": "−", "-": "−", "-+": "∓", "+-": "±", "t+-": "±", "pc": "·", "md": "⋅",
	"mu": "×", "tmu": "×", "c*": "⊗", "c+": "⊕", "di": "÷", "tdi": "÷", "f/": "⁄", "**": "∗",
	"<=": "≤", ">=": "≥", "<<": "≪", ">>": "≫", "eq": "=", "!=": "≠", "==": "≡", "ne": "≢",
	"=~": "≅", "|=": "≃", "ap": "∼", "~~": "≈", "~=": "≈", "pt": "∝", "es": "∅", "mo": "∈",
	"nm": "∉", "sb": "⊂", "nb": "⊄", "sp": "⊃", "nc": "⊅", "ib": "⊆", "ip": "⊇", "ca": "∩",
	"cu": "∪", "/_": "∠", "pp": "⊥", "is": "∫", "integral": "∫", "sum": "∑", "product": "∏",
	"coproduct": "∐", "gr": "∇", "sr": "√", "sqrt": "√", "lc": "⌈", "rc": "⌉", "lf": "⌊",
	"rf": "⌋", "if": "∞", "Ah": "ℵ", "Im": "ℑ", "Re": "ℜ", "wp": "℘", "pd": "∂", "-h": "ℏ",
	"hbar": "ℏ", "12": "½", "14": "¼", "34": "¾", "18": "⅛", "38": "⅜", "58": "⅝", "78": "⅞",
	"S1": "¹", "S2": "²", "S3": "³", "sqrtex": "", "radicalex": "",
	// ligatures and letters
	"ff": "ff", "fi": "fi", "fl": "fl", "Fi": "ffi", "Fl": "ffl", "AE": "Æ", "ae": "æ", "OE": "Œ",
	"oe": "œ", "ss": "ß", "IJ": "Ĳ", "ij": "ĳ", "-D": "Đ", "Sd": "ð", "TP": "Þ", "Tp": "þ",
	".i": "ı", ".j": "ȷ",
	// accents
	"a\"": "˝", "a-": "¯", "a.": "˙", "a^": "^", "aa": "´", "'": "´", "ga": "`", "`": "`",
	"ab": "˘", "ac": "¸", "ad": "¨", "ah": "ˇ", "ao": "˚", "a~": "~", "ho": "˛", "ha": "^",
	"ti": "~",
	// accented letters
	"'A": "Á", "'E": "É", "'I": "Í", "'O": "Ó", "'U": "Ú", "'Y": "Ý", "'a": "á", "'e": "é",
	"'i": "í", "'o": "ó", "'u": "ú", "'y": "ý", "'C": "Ć", "'c": "ć",
	"`A": "À", "`E": "È", "`I": "Ì", "`O": "Ò", "`U": "Ù", "`a": "à", "`e": "è", "`i": "ì",
	"`o": "ò", "`u": "ù", "~A": "Ã", "~N": "Ñ", "~O": "Õ", "~a": "ã", "~n": "ñ", "~o": "õ",
	":A": "Ä", ":E": "Ë", ":I": "Ï", ":O": "Ö", ":U": "Ü", ":a": "ä", ":e": "ë", ":i": "ï",
	":o": "ö", ":u": "ü", ":y": "ÿ", ":Y": "Ÿ", "^A": "Â", "^E": "Ê", "^I": "Î", "^O": "Ô",
	"^U": "Û", "^a": "â", "^e": "ê", "^i": "î", "^o": "ô", "^u": "û", ",C": "Ç", ",c": "ç",
	"/L": "Ł", "/l": "ł", "/O": "Ø", "/o": "ø", "oA": "Å", "oa": "å", "vS": "Š", "vs": "š",
	"vZ": "Ž", "vz": "ž",
	// currency and units
	"Do": "$", "ct": "¢", "Eu": "€", "eu": "€", "Ye": "¥", "Po": "£", "Cs": "¤", "Fn": "ƒ",
	"de": "°", "%0": "‰", "fm": "′", "sd": "″", "mc": "µ", "Of": "ª", "Om": "º",
	// greek
	"*A": "Α", "*B": "Β", "*G": "Γ", "*D": "Δ", "*E": "Ε", "*Z": "Ζ", "*Y": "Η", "*H": "Θ",
	"*I": "Ι", "*K": "Κ", "*L": "Λ", "*M": "Μ", "*N": "Ν", "*C": "Ξ", "*O": "Ο", "*P": "Π",
	"*R": "Ρ", "*S": "Σ", "*T": "Τ", "*U": "Υ", "*F": "Φ", "*X": "Χ", "*Q": "Ψ", "*W": "Ω",
	"*a": "α", "*b": "β", "*g": "γ", "*d": "δ", "*e": "ε", "*z": "ζ", "*y": "η", "*h": "θ",
	"*i": "ι", "*k": "κ", "*l": "λ", "*m": "μ", "*n": "ν", "*c": "ξ", "*o": "ο", "*p": "π",
	"*r": "ρ", "ts": "ς", "*s": "σ", "*t": "τ", "*u": "υ", "*f": "ϕ", "*x": "χ", "*q": "ψ",
	"*w": "ω", "+h": "ϑ", "+f": "φ", "+p": "ϖ", "+e": "ϵ",
	// cards and misc
	"CL": "♣", "SP": "♠", "HE": "♥", "u2665": "♥", "DI": "♦", "u2662": "♢",
}

// charByName resolves a special character name, including the numeric
// forms \[u00E9], \[u0041_0301] and \[char65].
func charByName(name string) (string, bool) {
	if s, ok := specialChars[name]; ok {
		return s, true
	}
	if len(name) >= 5 && name[0] == 'u' {
		var b strings.Builder
		for _, part := range strings.Split(name[1:], "_") {
			n, err := strconv.ParseUint(part, 16, 32)
			if err != nil || n == 0 || !utf8.ValidRune(rune(n)) || isCtl(rune(n)) {
				return "", false
			}
			b.WriteRune(rune(n))
		}
		return b.String(), true
	}
	if strings.HasPrefix(name, "char") {
		n, err := strconv.Atoi(name[4:])
		if err == nil && n > 0 && n < 256 && !isCtl(rune(n)) {
			return string(rune(n)), true
		}
	}
	if r, n := utf8.DecodeRuneInString(name); n == len(name) && r != utf8.RuneError && !isCtl(r) {
		return name, true
	}
	return "", false
}

// escArg reads the argument of an escape at s[i:]: one character, "(xx",
// or "[name]" (the forms of \f, \*, \n, \( ...). It returns the name and
// the index after it.
func escArg(s string, i int) (string, int) {
	if i >= len(s) {
		return "", i
	}
	switch s[i] {
	case '(':
		// two characters, not two bytes: never split a UTF-8 sequence
		j := i + 1
		for k := 0; k < 2 && j < len(s); k++ {
			_, n := utf8.DecodeRuneInString(s[j:])
			j += n
		}
		return s[i+1 : j], j
	case '[':
		j := strings.IndexByte(s[i+1:], ']')
		if j < 0 {
			return s[i+1:], len(s)
		}
		return s[i+1 : i+1+j], i + 2 + j
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return s[i : i+n], i + n
}

// delimited reads a delimited escape argument such as 'abc' at s[i:] and
// returns its content and the index after the closing delimiter. Nested
// escapes are skipped so \w'\(em' ends at the right quote.
func delimited(s string, i int) (string, int) {
	if i >= len(s) {
		return "", i
	}
	// the delimiter is a character, which may take more than one byte
	_, n := utf8.DecodeRuneInString(s[i:])
	d := s[i : i+n]
	j := i + n
	for j < len(s) {
		c := s[j]
		if strings.HasPrefix(s[j:], d) {
			return s[i+n : j], j + n
		}
		if c == '\\' && j+1 < len(s) {
			j = skipEscape(s, j)
			continue
		}
		j++
	}
	return s[i+n:], len(s)
}

// skipEscape returns the index after the escape sequence starting at s[i]
// (which is a backslash).
func skipEscape(s string, i int) int {
	if i+1 >= len(s) {
		return len(s)
	}
	c := s[i+1]
	switch c {
	case '(', '[':
		_, j := escArg(s, i+1)
		return j
	case 'f', 'F', '*', 'n', 'g', 'k', 'm', 'M', 'V', 'Y', 'O':
		j := i + 2
		if c == 'n' && j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		_, j = escArg(s, j)
		return j
	case 's':
		return skipSize(s, i+2)
	case 'h', 'v', 'l', 'L', 'D', 'o', 'X', 'b', 'x', 'S', 'R', 'Z', 'A', 'B', 'w', 'H', 'N', 'C', 'T', 'U':
		_, j := delimited(s, i+2)
		return j
	}
	_, n := utf8.DecodeRuneInString(s[i+1:])
	return i + 1 + n
}

// skipSize skips the argument of \s: \s+1, \s-2, \s0, \s(12, \s[12], \s'12'.
func skipSize(s string, i int) int {
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '(':
		_, j := escArg(s, i)
		return j
	case '[':
		_, j := escArg(s, i)
		return j
	case '\'':
		_, j := delimited(s, i)
		return j
	}
	if s[i] >= '0' && s[i] <= '9' {
		i++
		// \s10 .. \s39 are two-digit sizes in the old syntax
		if i < len(s) && s[i-1] >= '1' && s[i-1] <= '3' && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	return i
}

// droppedEscapes are the escapes that print nothing (fonts, sizes,
// motions, colours, marks) besides those conv handles itself.
const droppedEscapes = "fF*ngkmMVYOsvlLDXbxSRTUHj$"

// conv turns an interpolated line of roff text into plain UTF-8: fonts and
// motions dropped, special characters mapped. cont reports a trailing \c,
// which joins the next line without a space.
func (p *parser) conv(s string) (out string, cont bool) {
	if strings.IndexByte(s, '\\') < 0 && p.tr == nil && !hasCtl(s) {
		return s, false
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			if c < ' ' && c != '\t' || c == 0x7f {
				i++
				continue
			}
			if c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] < 0xa0 {
				i += 2 // a C1 control
				continue
			}
			if p.tr != nil {
				r, n := utf8.DecodeRuneInString(s[i:])
				if t, ok := p.tr[r]; ok {
					b = append(b, t...)
					i += n
					continue
				}
			}
			b = append(b, c)
			i++
			continue
		}
		if i+1 >= len(s) {
			break
		}
		e := s[i+1]
		switch e {
		case '\\', 'e', 'E':
			b = append(b, '\\')
			i += 2
		case '-':
			b = append(b, '-')
			i += 2
		case ' ', '~', '0', '_':
			if e == '_' {
				b = append(b, '_')
			} else {
				b = append(b, ' ')
			}
			i += 2
		case '&', '|', '^', ':', ',', '/', '%', ')', '{', '}', 'd', 'u', 'r', 'p', 'a', 'z':
			i += 2
		case 't':
			b = append(b, '\t')
			i += 2
		case '.':
			b = append(b, '.')
			i += 2
		case '\'':
			b = append(b, "´"...)
			i += 2
		case '`':
			b = append(b, '`')
			i += 2
		case 'c':
			// \c joins the next input line; anything after it is kept
			if strings.TrimSpace(s[i+2:]) == "" {
				return string(b), true
			}
			i += 2
		case '(', '[':
			name, j := escArg(s, i+1)
			if ch, ok := charByName(name); ok {
				b = append(b, ch...)
			}
			i = j
		case 'C':
			name, j := delimited(s, i+2)
			if ch, ok := charByName(name); ok {
				b = append(b, ch...)
			}
			i = j
		case 'N':
			num, j := delimited(s, i+2)
			if n, err := strconv.Atoi(num); err == nil && n > 0 && n < 0x110000 && !isCtl(rune(n)) {
				b = utf8.AppendRune(b, rune(n))
			}
			i = j
		case 'w':
			arg, j := delimited(s, i+2)
			t, _ := p.conv(arg)
			b = strconv.AppendInt(b, int64(24*utf8.RuneCountInString(t)), 10)
			i = j
		case 'h':
			// horizontal motion: mandoc prints spaces for positive moves
			arg, j := delimited(s, i+2)
			if n := p.evalNum(arg, 'm'); n > 0 && n < 40 {
				for range n {
					b = append(b, ' ')
				}
			}
			i = j
		case 'A', 'B':
			_, j := delimited(s, i+2)
			b = append(b, '1')
			i = j
		case 'Z', 'o':
			arg, j := delimited(s, i+2)
			t, _ := p.conv(arg)
			if e == 'o' && t != "" {
				// overstrike: keep one character
				_, n := utf8.DecodeLastRuneInString(t)
				t = t[len(t)-n:]
			}
			b = append(b, t...)
			i = j
		case '"', '#':
			return string(b), false
		case '!', '?':
			// transparent output for the formatter's next pass
			return string(b), false
		default:
			j := skipEscape(s, i)
			if strings.IndexByte(droppedEscapes, e) < 0 {
				// an unknown escape prints its character, like \@, unless
				// it is a control character
				for _, r := range s[i+1 : j] {
					if !isCtl(r) {
						b = utf8.AppendRune(b, r)
					}
				}
			}
			i = j
		}
	}
	return string(b), false
}

func hasCtl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' && s[i] != '\t' || s[i] == 0x7f || s[i] == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] < 0xa0 {
			return true
		}
	}
	return false
}

// isCtl reports the control characters text may not carry, since they could
// act on a terminal: C0 but tab, DEL and C1 (0x9b is a CSI).
func isCtl(r rune) bool {
	return r < ' ' && r != '\t' || r >= 0x7f && r < 0xa0
}

// stripComment cuts a line at an unescaped \" or \#.
func stripComment(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if i+1 >= len(s) {
			break
		}
		if s[i+1] == '"' || s[i+1] == '#' {
			return s[:i], true
		}
		i++
	}
	return s, false
}
