package zim

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/termesc"
)

// render writes sections as "# title (level)" lines and one line per
// block, "kind: [term] text", for compact expectations.
func render(secs []document.Section) string {
	var b strings.Builder
	for _, s := range secs {
		fmt.Fprintf(&b, "# %s (%d)\n", s.Title, s.Level)
		for _, bl := range s.Blocks {
			fmt.Fprintf(&b, "%s:", bl.Kind)
			if bl.Term != "" {
				fmt.Fprintf(&b, " [%s]", bl.Term)
			}
			fmt.Fprintf(&b, " %q\n", bl.Text)
		}
	}
	return b.String()
}

func TestConvert(t *testing.T) {
	cases := []struct{ name, html, want string }{
		{"title h1 dropped, levels",
			`<h1>Page</h1><p>Intro.</p><h2>A</h2><p>a</p><h3>B</h3><p>b</p><h6>C</h6><p>c</p><h1>Other</h1><p>o</p>`,
			"# Page (1)\npara: \"Intro.\"\n# A (1)\npara: \"a\"\n# B (2)\npara: \"b\"\n# C (5)\npara: \"c\"\n# Other (1)\npara: \"o\"\n"},
		{"h1 that is not the title",
			`<h1>Something else</h1><p>x</p>`,
			"# Page (1)\n# Something else (1)\npara: \"x\"\n"},
		{"heading markup and spacing",
			"<h2><span class=\"mw-headline\">Two\n words</span><span class=\"mw-editsection\">[edit]</span></h2><p>t</p>",
			"# Page (1)\n# Two words (1)\npara: \"t\"\n"},
		{"lists",
			`<ul><li>one<ul><li>nested</li></ul></li><li><p>two</p></li></ul><ol><li>first</li><li>second<li>third</ol>`,
			"# Page (1)\npara: \"one\"\npara: \"nested\"\npara: \"two\"\npara: \"1. first\"\npara: \"2. second\"\npara: \"3. third\"\n"},
		{"definition lists",
			`<dl><dt>-a</dt><dt>--all</dt><dd>all of them</dd><dt>-b</dt><dd><p>first</p><p>second</p></dd><dt>lonely</dt></dl><dl><dt>x<dd>implied ends</dl>`,
			"# Page (1)\nitem: [-a, --all] \"all of them\"\nitem: [-b] \"first\"\npara: \"second\"\npara: \"lonely\"\nitem: [x] \"implied ends\"\n"},
		{"pre keeps lines",
			"<pre>\n$ ls -l\n  indented<br>after br\t tab\n\n</pre><pre><code>a\n</code></pre>",
			"# Page (1)\ncode: \"$ ls -l\\n  indented\\nafter br  tab\"\ncode: \"a\"\n"},
		{"tables",
			`<table><caption>cap</caption><tr><th>h1</th><th>h2</th></tr><tr><td>a <b>b</b></td><td><p>c</p><p>d</p></td></tr>` +
				`<tr><td>x<table><tr><td>in</td><td>ner</td></tr></table></td></tr><tr></tr></table>`,
			"# Page (1)\ntable: \"h1\\th2\\na b\\tc d\\nx in ner\"\n"},
		{"unclosed table",
			`<table><tr><td>a<td>b`,
			"# Page (1)\ntable: \"a\\tb\"\n"},
		{"dropped elements",
			`<nav>n</nav><header>h</header><p>kept</p><div role="navigation">r</div><div hidden>x</div>` +
				`<span aria-hidden="true">x</span><p style="display: none">x</p><div id="toc"><p>x</p></div>` +
				`<sup class="reference">[1]</sup><script>s</script><style>s</style><noscript>n</noscript>` +
				`<footer>f</footer><aside>a</aside><form><p>in form</p></form><svg><text>t</text></svg><template><p>t</p></template>`,
			"# Page (1)\npara: \"kept\"\n"},
		{"nested dropped elements of the same name",
			`<div class="navbox"><div><div>x</div></div>y</div><p>after</p>`,
			"# Page (1)\npara: \"after\"\n"},
		{"head without its end tag",
			`<html><head><title>T</title><body><p>body text</p>`,
			"# Page (1)\npara: \"body text\"\n"},
		{"links and images",
			`<p>See <a href="x.html">the other page</a> <img src="i.png" alt="alt text">now.</p>`,
			"# Page (1)\npara: \"See the other page now.\"\n"},
		{"navigation links left out",
			`<div id="banner"><a href="get/"><span>Download the ebook</span></a></div>` +
				`<ul class="docnav"><li><a href="p.html">Prev</a></li><li><a href="index.html">Home</a></li></ul>` +
				`<p>Read <a href="x.html">the guide</a>.</p><ol><li><a href="a.html">A</a></li><li>B</li></ol>` +
				`<p><a href="l.html">a link that runs on for more words than navigation ever has</a></p>` +
				`<dl><dt>-x</dt><dd><a href="x.html">see x</a></dd></dl>`,
			"# Page (1)\npara: \"Read the guide.\"\npara: \"2. B\"\npara: \"a link that runs on for more words than navigation ever has\"\nitem: [-x] \"see x\"\n"},
		{"entities and white space",
			"<p>a&amp;b&nbsp;c\n\n  d &lt;e&gt;</p>",
			"# Page (1)\npara: \"a&b c d <e>\"\n"},
		{"empty sections dropped later, loose text",
			`text before<h2>Empty</h2><h2>Full</h2>after<div>in div</div>`,
			"# Page (1)\npara: \"text before\"\n# Empty (1)\n# Full (1)\npara: \"after\"\npara: \"in div\"\n"},
		{"escapes and controls",
			"<h2>\x1b[1mBold\x1b[0m</h2><p>a\x1b]8;;http://x\x07link\x1b]8;;\x07 b \u202eevil\u202c \x00c&#27;[2Jd &#155;e</p><pre>x\x1b[31my\x08z</pre>",
			"# Page (1)\n# Bold (1)\npara: \"alink b evil cd ›e\"\ncode: \"xyz\"\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := render(convert([]byte(c.html), "Page").sections)
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func TestLinkList(t *testing.T) {
	links := `<h1>Index</h1><ul>` + strings.Repeat(`<li><a href="x">Some page title</a></li>`, 20) + `</ul>`
	pg := convert([]byte(links), "Index")
	if !linkList(pg, false) || !linkList(pg, true) {
		t.Errorf("a list of links is an article: %+v", pg)
	}
	prose := `<p>` + strings.Repeat("plain words here ", 30) + `</p><ul>` + strings.Repeat(`<li><a href="x">a link</a></li>`, 10) + `</ul>`
	pg = convert([]byte(prose), "Article")
	if linkList(pg, false) || linkList(pg, true) {
		t.Errorf("an article is a list of links: %+v", pg)
	}
	// a main page with a welcome paragraph but mostly links
	main := `<p>Welcome to the wiki.</p><ul>` + strings.Repeat(`<li><a href="x">a link here</a></li>`, 10) + `</ul>`
	if pg := convert([]byte(main), "Main"); !linkList(pg, true) || linkList(pg, false) != true {
		t.Errorf("main page: %+v", pg)
	}
}

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"a  b\n\tc":               "a b c",
		"\x1b[31mred\x1b[0m":      "red",
		"x\x1b[31":                "x",
		"x\x1b]0;title\x07y":      "xy",
		"x\x1b]0;title\x1b\\y":    "xy",
		"x\x1bcy":                 "xy",
		"x\x1b":                   "x",
		"\u009b31mz":              "31mz",
		"bad \xff utf8":           "bad utf8",
		"\u200fbidi\u2066x\ufeff": "bidix",
	} {
		if got := termesc.OneLine(in); got != want {
			t.Errorf("termesc.OneLine(%q) = %q, want %q", in, got, want)
		}
	}
	if got := codeText("\n\n a \x1b[1mb\t\r\n\n c  \n\n"); got != " a b\n\n c" {
		t.Errorf("codeText: %q", got)
	}
	for in, want := range map[string]string{
		"One. Two.":                       "One.",
		"Use e.g. this. Then that.":       "Use e.g. this.",
		"Version 2.5 is out. Yes.":        "Version 2.5 is out.",
		"No end":                          "No end",
		"Ask? Answer.":                    "Ask?",
		"P. J. Plauger wrote it. Really.": "P. J. Plauger wrote it.",
		strings.Repeat("word ", 60) + ".": strings.TrimSpace(strings.Repeat("word ", 40)) + "…",
	} {
		if got := firstSentence(in); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestConvertLinear feeds pathological pages: the converter must stay
// linear in its input.
func TestConvertLinear(t *testing.T) {
	const n = 1 << 20
	cases := map[string]string{
		"deep divs":    strings.Repeat("<div>", n/5) + "x",
		"deep drops":   strings.Repeat("<nav>", n/5) + "x",
		"many cells":   "<table><tr>" + strings.Repeat("<td>a", n/5),
		"nested lists": strings.Repeat("<ul><li>x", n/9),
		"many terms":   "<dl>" + strings.Repeat("<dt>t", n/5) + "<dd>d",
		"headings":     strings.Repeat("<h2>h</h2>", n/10),
		"escapes":      strings.Repeat("\x1b[", n/2),
		"open pre":     "<pre>" + strings.Repeat("<pre>x", n/6),
		"entities":     strings.Repeat("&amp;", n/5),
	}
	for name, src := range cases {
		start := time.Now()
		convert([]byte(src), "T")
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: %v for %d bytes", name, d, len(src))
		}
	}
}
