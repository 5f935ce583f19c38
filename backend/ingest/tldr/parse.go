package tldr

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// maxPageSize caps a page. Real pages are a few KiB; anything near this
// is not a tldr page, and reading it whole would cost memory for nothing.
const maxPageSize = 1 << 20

// maxTitle and maxSummary keep a title and a summary to one line of a
// result list, whatever a hostile page puts in them.
const (
	maxTitle   = 120
	maxSummary = 200
)

var (
	errNoTitle    = errors.New("no title line (# NAME)")
	errNoExamples = errors.New("no examples")
)

// Parse reads one page in the tldr-pages format (what Read uses; tests
// and the fuzzer call it directly). ref is where the page lives, relative
// to the cache root ("pages/common/tar.md"): it becomes the document's
// Ref, gives the file name that is added to Names, and, for a pages.LANG
// folder, the document's Language.
//
// The page is mapped as follows:
//   - "# NAME" is the Title; Label is "NAME (tldr)".
//   - The first "> " line is the Summary; the others, but "More
//     information: <URL>", make the one paragraph of a DESCRIPTION
//     section. The URL of "More information:" (or of a translated line
//     "Label : <URL>.") becomes the document's URL when it is http(s).
//   - Each "- description:" and "`command`" pair is an Item of the
//     EXAMPLES section: the command is the Term, the description (without
//     its colon and tldr's one-letter mnemonic brackets, "[c]reate" →
//     "create") is the Text. A description with no command is dropped, a
//     command with no description is kept with an empty Text.
//
// Placeholders in commands lose their braces, so that the term reads like
// what a user types: "{{path/to/file}}" → "path/to/file". An option
// placeholder, "{{[-r|--recursive]}}", becomes its first alternative,
// by tldr's convention the short form "-r": a term must be one command a
// user can run, not a choice, and the long form's words are usually in
// the description already. Escaped braces "\{\{" and "\}\}" are literal
// "{{" and "}}", as the client specification says.
//
// Pages are untrusted: escape sequences, C0 and C1 control characters
// (a tab becomes a space), bidi and other format characters and invalid
// UTF-8 are removed, CRLF and CR line ends and a byte order mark are
// accepted, and a page over 1 MiB is an error. A page without a title or
// without a single example is an error that says which.
func Parse(ref string, r io.Reader) (*document.Document, error) {
	src, err := io.ReadAll(io.LimitReader(r, maxPageSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ref, err)
	}
	if len(src) > maxPageSize {
		return nil, fmt.Errorf("%s: larger than %d MiB", ref, maxPageSize>>20)
	}
	p := parse(string(src))
	if p.title == "" {
		return nil, fmt.Errorf("%s: %w", ref, errNoTitle)
	}
	if len(p.examples) == 0 {
		return nil, fmt.Errorf("%s: %w", ref, errNoExamples)
	}
	d := &document.Document{
		Type:     "tldr",
		Ref:      ref,
		Title:    p.title,
		Names:    []string{p.title},
		Label:    p.title + " (tldr)",
		Summary:  p.summary,
		Language: language(ref),
		URL:      p.url,
	}
	if name := fileName(ref); name != "" && name != p.title {
		d.Names = append(d.Names, name)
	}
	if len(p.desc) > 0 {
		d.Sections = append(d.Sections, document.Section{
			Title:  "DESCRIPTION",
			Level:  1,
			Blocks: []document.Block{{Kind: document.Para, Text: strings.Join(p.desc, " ")}},
		})
	}
	d.Sections = append(d.Sections, document.Section{Title: "EXAMPLES", Level: 1, Blocks: p.examples})
	return d, nil
}

// page is what parse finds in a page, already cleaned.
type page struct {
	title    string
	summary  string
	desc     []string // the other quote lines
	url      string
	examples []document.Block
}

// lineKind is what the previous line was, for CommonMark's lazy
// continuation: a plain line right after a quote or a list item goes on
// with it.
type lineKind int

const (
	other lineKind = iota
	quote
	item
)

// parse reads the lines of a page. It is lenient the way a Markdown
// renderer is: blank lines may be missing, headings other than the first
// are ignored, and what it does not understand is skipped.
func parse(src string) page {
	var p page
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = strings.ReplaceAll(src, "\r", "\n")
	var (
		// Lines are gathered in parts and joined at the end: a page of
		// many continuation lines must not cost a copy per line.
		quotes      [][]string // each quote line with its continuation lines
		pending     []string   // the description waiting for its command
		havePending bool
		last        = other
	)
	for line := range strings.SplitSeq(src, "\n") {
		t := strings.TrimSpace(cleanLine(line))
		kind := other
		switch {
		case t == "":
			// a blank line ends a paragraph but not the wait for a command
		case t == "#" || strings.HasPrefix(t, "# "):
			if p.title == "" {
				p.title = document.Clip(prose(t[1:]), maxTitle, "…")
			}
		case strings.HasPrefix(t, "#"):
			// a lower heading: not part of the format
		case strings.HasPrefix(t, ">"):
			text := prose(t[1:])
			if u, ok := infoURL(text); ok {
				if p.url == "" {
					p.url = u
				}
				break
			}
			if text != "" {
				quotes = append(quotes, []string{text})
				kind = quote
			}
		case t == "-" || strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+ "):
			pending, havePending = append(pending[:0], prose(t[1:])), true
			kind = item
		case strings.HasPrefix(t, "`"):
			if cmd := command(codeSpan(t)); cmd != "" {
				p.examples = append(p.examples, document.Block{Kind: document.Item, Term: cmd, Text: exampleText(strings.Join(pending, " "))})
			}
			pending, havePending = pending[:0], false
		default:
			switch {
			case last == item && havePending:
				pending = append(pending, prose(t))
				kind = item
			case last == quote:
				quotes[len(quotes)-1] = append(quotes[len(quotes)-1], prose(t))
				kind = quote
			}
		}
		last = kind
	}
	for i, q := range quotes {
		if i == 0 {
			p.summary = document.Clip(strings.Join(q, " "), maxSummary, "…")
		} else {
			p.desc = append(p.desc, strings.Join(q, " "))
		}
	}
	return p
}

// cleanLine removes from one line what could act on a terminal or hide
// text: escape sequences, control characters (a tab becomes a space),
// format characters such as bidi overrides and the byte order mark, and
// invalid UTF-8. Unlike termesc.OneLine it keeps runs of spaces, which
// may matter inside a command.
func cleanLine(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0x1b {
			i += termesc.Len(s[i:])
			continue
		}
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == '\t':
				b.WriteByte(' ')
			case c < ' ' || c == 0x7f:
			default:
				b.WriteByte(c)
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '\u2028' || r == '\u2029':
			b.WriteByte(' ')
		case termesc.Dropped(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// prose is text from a heading, a quote or a description, on one line:
// white space collapsed and the backticks of inline code dropped ("See
// also: `zip`" reads "See also: zip").
func prose(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "`", "")), " ")
}

// exampleText is an example's description as the text of its item:
// without the colon that introduces the command and without mnemonic
// brackets.
func exampleText(s string) string {
	s = strings.TrimSpace(strings.TrimRight(s, ":：")) // a full-width colon in CJK translations
	return unmnemonic(s)
}

// unmnemonic removes tldr's mnemonic brackets, which mark the letter an
// option is named after: "[c]reate" → "create", "E[x]tract" → "Extract".
// Only a single letter inside a word is a mnemonic; other brackets are
// text ("[-]NUM", "[[CC]YY]MMDDhhmm[.ss]", "[x]" on its own).
func unmnemonic(s string) string {
	if !strings.Contains(s, "]") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	prev := rune(-1) // the rune before s[i]
	for i := 0; i < len(s); {
		if s[i] == '[' {
			r, n := utf8.DecodeRuneInString(s[i+1:])
			end := i + 1 + n
			if unicode.IsLetter(r) && end < len(s) && s[end] == ']' {
				next, _ := utf8.DecodeRuneInString(s[end+1:])
				if unicode.IsLetter(prev) || unicode.IsLetter(next) {
					b.WriteRune(r)
					prev = r
					i = end + 1
					continue
				}
			}
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+n])
		prev = r
		i += n
	}
	return b.String()
}

// codeSpan is the text of an inline code span that makes a whole line:
// the backticks around it removed, however many open it (CommonMark lets
// a span opened by two backticks hold one). An unterminated span is taken
// to the end of the line.
func codeSpan(t string) string {
	body := strings.TrimLeft(t, "`")
	fence := t[:len(t)-len(body)]
	if b, ok := strings.CutSuffix(body, fence); ok {
		body = b
	} else {
		body = strings.TrimRight(body, "`")
	}
	return strings.TrimSpace(body)
}

// command removes tldr's placeholder braces from an example's command
// line (see Parse). An unclosed "{{" is literal text.
func command(s string) string {
	if !strings.Contains(s, "{") && !strings.Contains(s, "}") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	unclosed := false // once a "{{" has no end, no later one has: this keeps it linear
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], `\{\{`):
			b.WriteString("{{")
			i += 4
		case strings.HasPrefix(s[i:], `\}\}`):
			b.WriteString("}}")
			i += 4
		case !unclosed && strings.HasPrefix(s[i:], "{{"):
			end := closing(s, i+2)
			if end < 0 {
				unclosed = true
				b.WriteString("{{")
				i += 2
				continue
			}
			b.WriteString(placeholder(s[i+2 : end]))
			i = end + 2
		default:
			b.WriteByte(s[i])
			i++
		}
	}
	return strings.TrimSpace(b.String())
}

// closing returns the index of the "}}" that ends a placeholder whose
// text starts at s[i], skipping escaped braces, or -1.
func closing(s string, i int) int {
	for i < len(s) {
		switch {
		case strings.HasPrefix(s[i:], `\}\}`):
			i += 4
		case strings.HasPrefix(s[i:], "}}"):
			return i
		default:
			i++
		}
	}
	return -1
}

// placeholder is what a placeholder shows: its text, or for an option
// placeholder such as "[-r|--recursive]" (every alternative an option)
// the first alternative. "path/to/file.tar[.gz|.bz2]" is no option
// placeholder and stays as it is.
func placeholder(s string) string {
	s = strings.ReplaceAll(s, `\{\{`, "{{")
	s = strings.ReplaceAll(s, `\}\}`, "}}")
	inner, ok := strings.CutPrefix(s, "[")
	if !ok {
		return s
	}
	if inner, ok = strings.CutSuffix(inner, "]"); !ok || !strings.Contains(inner, "|") {
		return s
	}
	alts := strings.Split(inner, "|")
	for _, a := range alts {
		if a = strings.TrimSpace(a); len(a) < 2 || a[0] != '-' {
			return s
		}
	}
	return strings.TrimSpace(alts[0])
}

// infoURL recognises the line that links to the full documentation:
// "More information: <URL>." in English, "LABEL : <URL>." in a
// translation (where it must hold a valid URL to count). It returns the
// URL when it is a valid http or https URL, and whether the line is such
// a line at all (an English line with a bad URL is still dropped).
func infoURL(t string) (string, bool) {
	const en = "more information:"
	if len(t) >= len(en) && strings.EqualFold(t[:len(en)], en) {
		return webURL(t[len(en):]), true
	}
	body := strings.TrimSuffix(t, ".")
	if !strings.HasSuffix(body, ">") {
		return "", false
	}
	i := strings.LastIndexByte(body, '<')
	if i < 0 || !strings.HasSuffix(strings.TrimSpace(body[:i]), ":") {
		return "", false
	}
	u := webURL(body[i:])
	return u, u != ""
}

// webURL returns s, "<URL>" with an optional final period, as a URL when
// it is an absolute http or https URL, else "".
func webURL(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, ".")
	s = strings.TrimPrefix(s, "<")
	s = strings.TrimSuffix(s, ">")
	if s == "" || len(s) > 2048 || strings.ContainsAny(s, " <>\"") {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || !(strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https")) {
		return ""
	}
	return s
}

// fileName is the command a ref's file names ("git-commit"), cleaned like
// page text.
func fileName(ref string) string {
	base := path.Base(ref)
	name, ok := strings.CutSuffix(base, ".md")
	if !ok {
		return ""
	}
	return prose(cleanLine(name))
}

// language is the BCP 47 tag of the folder a ref is in: "pages" and
// "pages.en" are English, "pages.pt_BR" is "pt-BR". A folder name that is
// not a locale is taken as English, the format's default.
func language(ref string) string {
	first, _, _ := strings.Cut(ref, "/")
	loc, ok := strings.CutPrefix(first, "pages.")
	if !ok || !isLocale(loc) {
		return "en"
	}
	return strings.ReplaceAll(loc, "_", "-")
}

// isLocale accepts "fr", "pt_BR", "zh_TW", "sr-Latn"-like names: a
// language code and an optional region.
func isLocale(s string) bool {
	lang, region, hasRegion := strings.Cut(strings.ReplaceAll(s, "-", "_"), "_")
	if len(lang) < 2 || len(lang) > 3 || !isAlnum(lang, false) {
		return false
	}
	return !hasRegion || len(region) >= 2 && len(region) <= 4 && isAlnum(region, true)
}

func isAlnum(s string, digits bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || digits && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
