package compose

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// An option that takes one of a few values is typed with one: a step that
// says "a: number all lines" or "find -type c" leaves the user to work out
// the command line the question needs, `nl -b a` or `find -type d`.

// valueOf is the option, with its value, that a value item of a program's
// page sets, and "" when the item is no such value. Pages list an
// option's values in two ways:
//   - after a paragraph that introduces them by the option's argument,
//     nl(1)'s "STYLE is one of:" before "a: number all lines", STYLE
//     being -b's ("-b, --body-numbering=STYLE");
//   - or by the option's name, cp(1)'s "The version control method may be
//     selected via the --backup option ... Here are the values:" before
//     "none, off: never make backups".
func valueOf(d *document.Document, sec, blk int) string {
	if sec >= len(d.Sections) || blk >= len(d.Sections[sec].Blocks) {
		return ""
	}
	s := &d.Sections[sec]
	value := valueName(s.Blocks[blk].Term)
	if value == "" {
		return ""
	}
	i := blk - 1
	for i >= 0 && s.Blocks[i].Kind == document.Item && valueName(s.Blocks[i].Term) != "" {
		i--
	}
	var intro string
	switch {
	case i >= 0 && s.Blocks[i].Kind == document.Para:
		intro = strings.TrimSpace(s.Blocks[i].Text)
	case i < 0:
		// the list opens its section, whose heading introduces it:
		// split(1)'s "CHUNKS may be:" is a heading of its own
		intro = strings.TrimSpace(s.Title)
	}
	if !strings.HasSuffix(intro, ":") {
		return ""
	}
	opts := argOptions(d)
	if !strings.HasPrefix(value, "%") {
		return introducedValue(intro, value, opts)
	}
	// a format's placeholder is a value of the option that takes a
	// format, whatever else the list's introduction names: git log's
	// "%S", under "information extracted from the commit:", is no
	// --ancestry-path=<commit>; and where the introduction names none,
	// of --format=<format>, not --date=<format>
	opts = slices.DeleteFunc(slices.Clone(opts), func(o argOption) bool { return !strings.Contains(strings.ToLower(o.arg), "format") })
	if v := introducedValue(intro, value, opts); v != "" {
		return v
	}
	if i := slices.IndexFunc(opts, func(o argOption) bool { return strings.Contains(o.long, "format") }); i >= 0 {
		return opts[i].with(value)
	}
	return ""
}

// introducedValue is value written with the option of opts that a list's
// introduction (intro) names (see valueOf), "" where it names none.
func introducedValue(intro, value string, opts []argOption) string {
	// the argument the introduction's last sentence is about, as the
	// option writes it
	last := intro
	for at := 0; ; {
		loc := sentenceEnd(intro[at:])
		if loc == nil {
			break
		}
		last = intro[at+loc[0]+1:]
		at += loc[1]
	}
	for _, w := range capsWord().FindAllString(last, -1) {
		for _, o := range opts {
			// "Each CONV symbol may be:" of dd's "conv=CONVS"
			if o.arg == w || o.arg == w+"S" {
				return o.with(value)
			}
		}
		for _, o := range opts {
			// "DIGEST determines the digest algorithm ...:" of cksum's
			// "-a, --algorithm=TYPE: ... See DIGEST below."
			if slices.Contains(capsWord().FindAllString(o.text, -1), w) {
				return o.with(value)
			}
		}
	}
	// or the argument named in lowercase, as a kind of thing: stat(1)'s
	// "The valid format sequences for files:" of "-c --format=FORMAT"
	for _, w := range strings.FieldsFunc(last, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) < 4 || strings.ToLower(w) != w {
			continue
		}
		for _, o := range opts {
			if strings.ToLower(o.arg) == w {
				return o.with(value)
			}
		}
	}
	// or the last option it names that takes a value, when it says
	// these are values (not fields an option prints: gpgconf's
	// --query-swdb)
	if !strings.Contains(last, "value") && !strings.Contains(last, "one of") {
		return ""
	}
	named := optionWord().FindAllString(intro, -1)
	for k := len(named) - 1; k >= 0; k-- {
		name := strings.TrimLeft(named[k], " \t(")
		for _, o := range opts {
			if o.long == name || o.short == name {
				return o.with(value)
			}
		}
	}
	return ""
}

// valueName is the value an item's term gives when it reads as one, the
// first of its spellings ("none, off"); "" for an option, a phrase or a
// list's bullet.
func valueName(term string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(term), ",")
	first = strings.TrimSpace(first)
	if first == "" || strings.HasPrefix(first, "-") || strings.ContainsAny(first, " \t`'\"") || document.ListMark(first) {
		return ""
	}
	return first
}

// argOption is an option of a page that takes an argument: its short and
// long names and the argument's placeholder ("STYLE"), brackets and all
// dropped.
type argOption struct {
	short, long, arg string
	text             string // what the page says of it
}

// with writes the option given value: "-b a", or "--backup=none" where
// only a long name takes it (an optional argument must be joined).
func (o argOption) with(value string) string {
	if o.short != "" {
		return o.short + " " + value
	}
	return o.long + "=" + value
}

// termArg is one name an option item's term gives, and the argument
// written with it: "--output=FILE", "-U NUM", "--unified[=NUM]".
type termArg struct {
	name, arg string
	// written: the name is written with an argument, "=" or a word after
	// it
	written bool
}

// termArgs reads an option item's term, "-u, -U NUM, --unified[=NUM]",
// into its names, each with the argument written with it: those of its
// comma-separated alternatives that start with "-".
func termArgs(term string) []termArg {
	var out []termArg
	var alts [][]string
	term = spacedEquals().ReplaceAllString(term, "$1=")
	for _, alt := range strings.Split(term, ",") {
		// stat(1)'s "-c --format=FORMAT" lacks its comma: a name
		// after a name is another alternative
		f := strings.Fields(alt)
		for len(f) > 1 && strings.HasPrefix(f[1], "-") && !strings.Contains(f[0], "=") {
			alts = append(alts, f[:1])
			f = f[1:]
		}
		alts = append(alts, f)
	}
	for _, f := range alts {
		if len(f) == 0 || !strings.HasPrefix(f[0], "-") {
			continue
		}
		t := termArg{name: f[0]}
		if n, a, ok := strings.Cut(f[0], "[="); ok {
			t = termArg{name: n, arg: a, written: true}
		} else if n, a, ok := strings.Cut(f[0], "="); ok {
			t = termArg{name: n, arg: cmp.Or(a, unnamedValue(n)), written: true}
		} else if len(f) > 1 {
			t.arg, t.written = f[1], true
		}
		out = append(out, t)
	}
	return out
}

// argOptions are the options a page's items document with an argument.
func argOptions(d *document.Document) []argOption {
	var out []argOption
	for si := range d.Sections {
		if Aside(&d.Sections[si]) {
			continue
		}
		for _, b := range d.Sections[si].Blocks {
			if b.Kind != document.Item {
				continue
			}
			if m := assignOperand().FindStringSubmatch(strings.TrimSpace(b.Term)); m != nil {
				// dd's "conv=CONVS": an operand that takes a value
				// as a long option does
				out = append(out, argOption{long: m[1], arg: m[2]})
				continue
			}
			if !optionTerm(b.Term) {
				continue
			}
			o := argOption{text: b.Text}
			for _, t := range termArgs(b.Term) {
				name, arg := t.name, strings.Trim(t.arg, "[]<>=")
				if strings.HasPrefix(name, "--") {
					o.long = name
				} else if o.short == "" {
					o.short = name
				}
				if arg != "" {
					o.arg = arg
				}
			}
			if o.arg != "" {
				out = append(out, o)
			}
		}
	}
	return out
}

// maxIntro is the longest first line of an option's text that only
// introduces its values ("File is of type c:"); a longer one tells what
// the option does, and what follows it is more than a list of values
// (find's -printf and its escapes).
const maxIntro = 40

// minValueShare is the least share of the question a value's description
// must hold to be the value a step gives.
const minValueShare = 0.25

// inlineValue picks, for an option item that lists its values in its own
// text, find(1)'s "-type c: File is of type c:" and then "d" and
// "directory" on lines of their own, the value whose description holds
// most of the question: the option written with it ("-type d") and that
// description. "" when the item lists none, or none says a word of the
// question.
func (c *composition) inlineValue(term, text string) (opt, what string) {
	f := strings.Fields(term)
	if len(f) != 2 || !strings.HasPrefix(f[0], "-") {
		return "", ""
	}
	lines := strings.Split(text, "\n")
	if len(lines) < 3 || len(lines[0]) > maxIntro || !strings.HasSuffix(strings.TrimSpace(lines[0]), ":") || !strings.Contains(lines[0], f[1]) {
		return "", ""
	}
	// a value must say more of the question than the option does, and
	// more than a word in passing ("named pipe" for "find files by
	// name")
	placed := c.placeWords()
	best := max(c.coverageBut(lines[0], placed), minValueShare)
	for i := 1; i+1 < len(lines); i += 2 {
		v, desc := strings.TrimSpace(lines[i]), strings.TrimSpace(lines[i+1])
		if v == "" || strings.ContainsAny(v, " \t") || len(v) > 12 {
			break // the list has ended
		}
		if sc := c.coverageBut(firstSentence(desc), placed); sc > best {
			best, opt, what = sc, f[0]+" "+v, firstSentence(desc)
		}
	}
	return opt, what
}

// placeWords are the question's concepts that only say what kind of
// place a folder it names is: the word right before or after the folder
// ("in the folder data", "in my home folder", "in the directory /run").
// They say where to look, not what to look for: find's -type d,
// "directory", is no value for "find the symbolic links in my home
// folder".
func (c *composition) placeWords() []bool {
	var out []bool
	for _, a := range c.args {
		if a.Kind != analyse.ArgFolder && a.Kind != analyse.ArgPath || a.Start > len(c.text) || a.End > len(c.text) {
			continue
		}
		before := strings.Fields(c.text[:a.Start])
		after := strings.Fields(c.text[a.End:])
		for _, w := range slices.Concat(before[max(len(before)-1, 0):], after[:min(len(after), 1)]) {
			if w = strings.ToLower(strings.Trim(w, ".,;:!?\"'")); folderNouns[w] {
				out = markWord(c.q, w, out)
			}
		}
	}
	return out
}

// folderNouns are the words for a folder.
var folderNouns = map[string]bool{"folder": true, "directory": true, "dir": true}

// coverageBut is text's share of the question, the concepts but left out.
func (c *composition) coverageBut(text string, but []bool) float64 {
	if but == nil {
		return c.q.Coverage(text)
	}
	if c.q.Mass == 0 {
		return 0
	}
	cov := c.coverOf(text)
	for ci, b := range but {
		if b {
			cov[ci] = 0
		}
	}
	return answer.Share(cov, c.q.Weights, c.q.Mass)
}

// assignOperand is an operand written NAME=VALUE, as dd(1) lists them:
// "conv=CONVS", "count=N".
var assignOperand = lazyre.New(`^([a-z][a-z0-9_]*)=([A-Z][A-Z_]*)$`)

// filesTaken is the files the question names, each after a space, where
// the page's synopsis runs its program on files after its options
// (stat's "stat [OPTION]... FILE...", nl's "[FILE]..."): what a step
// that sets an option's value runs it on, `stat -c %i report.pdf`; ""
// where the question names none or the synopsis takes none so.
func (c *composition) filesTaken(s *source) string {
	takes := slices.ContainsFunc(synopsisLines(s.doc), func(l string) bool {
		return strings.HasSuffix(l, " FILE...") || strings.HasSuffix(l, " [FILE]...") || strings.HasSuffix(l, " FILE")
	})
	if !takes {
		return ""
	}
	var b strings.Builder
	for _, op := range c.ops {
		// not the file a result goes to ("into firmware.hex")
		if (op.kind == analyse.ArgFile || op.kind == analyse.ArgPath || op.kind == analyse.ArgGlob) && !op.to {
			b.WriteString(" " + op.text)
		}
	}
	return b.String()
}
