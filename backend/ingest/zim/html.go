package zim

import (
	"bytes"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// The HTML of an article becomes sections and blocks in one pass of the
// tokenizer, without building a tree:
//
//   - h1..h6 start sections (h1 and h2 at level 1, h3 at 2, and so on); an
//     h1 that repeats the article's title is the title, not a section;
//   - p, li, div and the other block elements are paragraphs (the number of
//     an ordered list's entry is kept, a bullet is not); dt/dd pairs are
//     items; pre (and xmp) are code blocks with their line breaks; tables
//     are table blocks, one line a row, cells separated by a tab;
//   - script, style, head, nav, header, footer, aside, forms, svg, math,
//     templates, elements with role=navigation, the hidden attribute,
//     aria-hidden=true or display:none, tables of contents, edit links and
//     footnote markers are dropped with all they hold;
//   - links keep their text and lose their target; images are dropped.
//
// Everything that reaches a block goes through oneLine or codeText, which
// remove escape sequences and control characters.

// elemKind is what an element is to the converter.
type elemKind uint8

const (
	inline  elemKind = iota
	block            // ends the paragraph before it and the one inside it
	void             // has no end tag
	dropAll          // dropped with everything inside
)

var kinds = map[string]elemKind{
	"p": block, "div": block, "section": block, "article": block, "main": block, "blockquote": block,
	"figure": block, "figcaption": block, "center": block, "address": block, "details": block,
	"summary": block, "li": block, "ul": block, "ol": block, "dl": block, "dt": block, "dd": block,
	"table": block, "caption": block, "thead": block, "tbody": block, "tfoot": block, "tr": block,
	"td": block, "th": block, "h1": block, "h2": block, "h3": block, "h4": block, "h5": block,
	"h6": block, "pre": block, "xmp": block, "plaintext": block, "hr": block, "body": block, "html": block,
	"fieldset": block, "legend": block, "hgroup": block, "menu": block, "dialog": block, "listing": block,

	"br": void, "img": void, "wbr": void, "area": void, "base": void, "col": void, "embed": void,
	"input": void, "link": void, "meta": void, "param": void, "source": void, "track": void, "keygen": void,

	"script": dropAll, "style": dropAll, "head": dropAll, "title": dropAll, "nav": dropAll,
	"header": dropAll, "footer": dropAll, "aside": dropAll, "noscript": dropAll, "template": dropAll,
	"iframe": dropAll, "object": dropAll, "svg": dropAll, "math": dropAll, "form": dropAll,
	"button": dropAll, "select": dropAll, "textarea": dropAll, "noembed": dropAll, "noframes": dropAll,
	"canvas": dropAll, "audio": dropAll, "video": dropAll, "map": dropAll, "datalist": dropAll,
}

// droppedClasses are classes that mark navigation, not content: of
// MediaWiki (the source of most ZIM archives), and of the HTML that
// DocBook's stylesheets and Publican write for books (the Debian
// Reference, the Debian Administrator's Handbook).
var droppedClasses = map[string]bool{
	"toc": true, "mw-editsection": true, "navbox": true, "noprint": true, "mw-jump-link": true,
	"catlinks": true, "reference": true, "mw-cite-backlink": true, "printfooter": true,
}

// headingLevel maps h1..h6 to a section level; 0 for other tags.
func headingLevel(tag string) int {
	if len(tag) == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6' {
		return max(1, int(tag[1]-'0')-1)
	}
	return 0
}

// page is what the converter made of an article.
type page struct {
	sections []document.Section
	// words of running text and how many of them are link text: a page
	// of links (an index, a main page) is not an article.
	words, linkWords int
}

type list struct {
	ordered bool
	n       int
}

type converter struct {
	title string // the article's title, lower case, to recognize an h1 that repeats it
	pg    page

	text   []byte // inline text of the block being read
	marker string // "3." before the next block of an ordered list entry
	lists  []list

	inDT bool   // reading a dt: text is its term
	term string // a term read, waiting for its description
	inDD bool   // in a dd whose first block takes term

	heading int    // level of the heading being read, 0 outside one
	h1      bool   // that heading is an h1
	head    []byte // its text

	pre  int    // depth of pre elements
	code []byte // their text

	table  int        // depth of table elements
	rows   [][]string // rows of the outermost table
	row    []string   // the row being read
	cell   []byte     // the cell being read
	inCell bool

	drop    string // the element being dropped, "" when none
	dropDep int    // how deep in elements of that name
	link    int    // depth of a elements

	// words of the paragraph being read, and how many are link text
	words, linkWords int
}

// navWords is the most words a paragraph of nothing but link text may
// have and be navigation ("Download the ebook", "Prev", "Next", "Home")
// rather than content: it is left out, where it would have been the
// summary of every article of its archive.
const navWords = 8

// tagNames interns the names of the tags the converter knows, so that
// reading a tag allocates nothing.
var tagNames = func() map[string]string {
	m := map[string]string{}
	for k := range kinds {
		m[k] = k
	}
	for _, k := range []string{"a", "span", "b", "i", "em", "strong", "code", "kbd", "samp", "tt", "var",
		"sub", "sup", "small", "big", "abbr", "cite", "q", "mark", "s", "u", "del", "ins", "font", "label",
		"time", "bdi", "bdo", "dfn", "ruby", "rt", "rp", "data", "picture", "strike", "nobr"} {
		m[k] = k
	}
	return m
}()

func tagName(name []byte) string {
	if t, ok := tagNames[string(name)]; ok {
		return t
	}
	return string(name)
}

// convert turns an article's HTML into sections; the first is named
// title and holds what comes before the first heading.
func convert(src []byte, title string) page {
	t := termesc.OneLine(title)
	c := &converter{title: strings.ToLower(t)}
	c.pg.sections = []document.Section{{Title: t, Level: 1}}
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			// the end of the page, or of what could be read of it
			c.endHeading()
			c.flush()
			if c.table > 0 {
				c.endTable()
			}
			c.endPre()
			return c.pg
		case html.TextToken:
			if c.drop == "" {
				c.addText(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			tag := tagName(name)
			if c.drop != "" {
				if tag == c.drop && tt == html.StartTagToken {
					c.dropDep++
				}
				if c.drop == "head" && tag == "body" {
					// a head that was never closed ends where the body starts
					c.drop, c.dropDep = "", 0
				}
				continue
			}
			k := kinds[tag]
			if k != void && k != dropAll && hasAttr && droppedByAttr(z) {
				k = dropAll
			}
			if k == dropAll {
				if tt == html.StartTagToken {
					c.drop, c.dropDep = tag, 1
				}
				continue
			}
			c.start(tag, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			name, _ := z.TagName()
			tag := tagName(name)
			if c.drop != "" {
				if tag == c.drop {
					c.dropDep--
					if c.dropDep == 0 {
						c.drop = ""
					}
				}
				continue
			}
			c.end(tag)
		}
	}
}

// droppedByAttr reads the attributes of the current start tag: hidden,
// aria-hidden, display:none, role=navigation and the classes (or ids) of
// navigation drop an element.
func droppedByAttr(z *html.Tokenizer) bool {
	for {
		key, val, more := z.TagAttr()
		switch string(key) {
		case "hidden":
			return true
		case "aria-hidden":
			if bytes.EqualFold(bytes.TrimSpace(val), []byte("true")) {
				return true
			}
		case "role":
			if bytes.EqualFold(bytes.TrimSpace(val), []byte("navigation")) {
				return true
			}
		case "style":
			v := bytes.ToLower(bytes.ReplaceAll(val, []byte(" "), nil))
			if bytes.Contains(v, []byte("display:none")) {
				return true
			}
		case "class", "id":
			for _, f := range bytes.Fields(val) {
				if droppedClasses[string(f)] {
					return true
				}
			}
		}
		if !more {
			return false
		}
	}
}

func (c *converter) addText(t []byte) {
	switch {
	case c.pre > 0:
		c.code = append(c.code, t...)
	case c.table > 0:
		c.cell = append(c.cell, t...)
	case c.heading > 0:
		c.head = append(c.head, t...)
	default:
		c.text = append(c.text, t...)
		n := countWords(t)
		c.pg.words += n
		c.words += n
		if c.link > 0 {
			c.pg.linkWords += n
			c.linkWords += n
		}
	}
}

func countWords(t []byte) int {
	n, in := 0, false
	for _, b := range t {
		space := b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\f'
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}

func isPre(tag string) bool {
	return tag == "pre" || tag == "xmp" || tag == "listing" || tag == "plaintext"
}

// start handles a start tag that is not dropped.
func (c *converter) start(tag string, selfClosing bool) {
	switch {
	case tag == "a":
		if !selfClosing {
			c.link++
		}
		return
	case tag == "br":
		if c.pre > 0 {
			c.code = append(c.code, '\n')
		} else {
			c.addText([]byte{' '})
		}
		return
	case c.pre > 0:
		if isPre(tag) {
			c.pre++
		}
		return
	case kinds[tag] != block:
		return
	}
	if c.table > 0 {
		c.tableTag(tag, true)
		return
	}
	c.endHeading()
	c.flush()
	if lvl := headingLevel(tag); lvl > 0 {
		c.heading, c.h1 = lvl, tag == "h1"
		return
	}
	switch {
	case isPre(tag):
		c.pendingTerm()
		c.pre = 1
		c.code = c.code[:0]
	case tag == "table":
		c.pendingTerm()
		c.table = 1
		c.rows, c.row, c.cell, c.inCell = c.rows[:0], nil, c.cell[:0], false
	case tag == "ul" || tag == "menu":
		c.lists = append(c.lists, list{})
	case tag == "ol":
		c.lists = append(c.lists, list{ordered: true})
	case tag == "li":
		c.marker = ""
		if n := len(c.lists); n > 0 && c.lists[n-1].ordered {
			c.lists[n-1].n++
			c.marker = strconv.Itoa(c.lists[n-1].n) + "."
		}
	case tag == "dt":
		if c.inDD {
			c.pendingTerm()
		}
		c.inDT = true
	case tag == "dd":
		c.inDD = c.term != ""
	}
}

// end handles an end tag outside dropped elements.
func (c *converter) end(tag string) {
	switch {
	case tag == "a":
		if c.link > 0 {
			c.link--
		}
		return
	case c.pre > 0:
		if isPre(tag) {
			c.pre--
			if c.pre == 0 {
				c.endPre()
			}
		}
		return
	case kinds[tag] != block:
		return
	}
	if c.table > 0 {
		c.tableTag(tag, false)
		return
	}
	if headingLevel(tag) > 0 {
		c.endHeading()
		return
	}
	c.endHeading()
	c.flush()
	switch tag {
	case "dd":
		c.pendingTerm()
		c.inDD = false
	case "dl":
		c.pendingTerm()
		c.inDT, c.inDD = false, false
	case "ul", "ol", "menu":
		if n := len(c.lists); n > 0 {
			c.lists = c.lists[:n-1]
		}
	case "li":
		c.marker = ""
	}
}

// tableTag handles a block tag inside a table: rows and cells of the
// outermost table; anything else separates words.
func (c *converter) tableTag(tag string, start bool) {
	switch {
	case tag == "table" && start:
		c.table++
		c.cell = append(c.cell, ' ')
	case tag == "table":
		c.table--
		if c.table == 0 {
			c.endTable()
		} else {
			c.cell = append(c.cell, ' ')
		}
	case tag == "tr" && c.table == 1:
		c.endRow()
	case (tag == "td" || tag == "th") && c.table == 1:
		c.endCell()
		if start {
			c.inCell = true
			c.cell = c.cell[:0]
		}
	default:
		c.cell = append(c.cell, ' ')
	}
}

// endHeading starts the section a heading names.
func (c *converter) endHeading() {
	if c.heading == 0 {
		return
	}
	lvl, h1 := c.heading, c.h1
	c.heading, c.h1 = 0, false
	t := termesc.OneLine(string(c.head))
	c.head = c.head[:0]
	if t == "" {
		return
	}
	if h1 && strings.ToLower(t) == c.title && len(c.pg.sections) == 1 && len(c.pg.sections[0].Blocks) == 0 {
		return // the article's title, not a section
	}
	c.pendingTerm()
	c.pg.sections = append(c.pg.sections, document.Section{Title: t, Level: lvl})
}

// flush ends the paragraph being read.
func (c *converter) flush() {
	t := termesc.OneLine(string(c.text))
	c.text = c.text[:0]
	nav := c.words > 0 && c.linkWords == c.words && c.words <= navWords
	c.words, c.linkWords = 0, 0
	if c.inDT {
		// the end of a term; several dt in a row name one description
		c.inDT = false
		if t != "" && len(c.term) < maxSummary {
			if c.term != "" {
				c.term += ", "
			}
			c.term += clip(t, maxSummary)
		}
		return
	}
	if t == "" {
		return
	}
	if nav && !c.inDD {
		c.marker = ""
		return
	}
	if c.inDD && c.term != "" {
		c.emit(document.Block{Kind: document.Item, Term: c.term, Text: t})
		c.term, c.inDD = "", false
		return
	}
	c.pendingTerm()
	if c.marker != "" {
		t = c.marker + " " + t
		c.marker = ""
	}
	c.emit(document.Block{Kind: document.Para, Text: t})
}

// pendingTerm writes a term that got no description as a paragraph.
func (c *converter) pendingTerm() {
	if c.term != "" {
		c.emit(document.Block{Kind: document.Para, Text: c.term})
	}
	c.term, c.inDD = "", false
}

func (c *converter) emit(b document.Block) {
	s := &c.pg.sections[len(c.pg.sections)-1]
	s.Blocks = append(s.Blocks, b)
}

func (c *converter) endPre() {
	if c.pre == 0 && len(c.code) == 0 {
		return
	}
	c.pre = 0
	t := codeText(string(c.code))
	c.code = c.code[:0]
	if t != "" {
		c.emit(document.Block{Kind: document.Code, Text: t})
	}
}

// endCell ends the cell being read, if any.
func (c *converter) endCell() {
	if c.inCell {
		c.row = append(c.row, termesc.OneLine(string(c.cell)))
		c.inCell = false
	}
	c.cell = c.cell[:0]
}

// endRow ends the row being read, if any.
func (c *converter) endRow() {
	c.endCell()
	if len(c.row) > 0 {
		c.rows = append(c.rows, c.row)
		c.row = nil
	}
}

func (c *converter) endTable() {
	c.endRow()
	c.table = 0
	var lines []string
	for _, r := range c.rows {
		line := strings.Join(r, "\t")
		if strings.TrimSpace(line) != "" {
			lines = append(lines, line)
		}
	}
	c.rows = c.rows[:0]
	if len(lines) > 0 {
		c.emit(document.Block{Kind: document.Table, Text: strings.Join(lines, "\n")})
	}
}
