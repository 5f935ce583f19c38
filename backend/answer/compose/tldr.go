package compose

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/cmdline"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A tldr page is a list of examples, each a command line under the task
// it does in a user's words: when one of them fits the question, it is
// the answer a user can type, and the man page of the same command says
// what each of its flags does, in the program's own words and version.

// maxFlags is how many of the example's flags get a step of their own.
const maxFlags = 4

// tldrLed writes the answer that leads with a tldr example: when the
// first page (t, hits[0] loaded) is a tldr page (rank leads with none of
// a command that is not installed here). ok is false when it is not, or
// none of its examples holds any of the question; the answer is then
// written as for any page.
func (c *composition) tldrLed(t *source, hits []answer.Hit, a analyse.Analysis, margin, confidence float64, others loads) (d answer.Draft, ok bool, err error) {
	ex := c.tldrExamples(t)
	if len(ex) == 0 {
		return d, false, nil
	}
	man, err := c.manOf(hits, t.hit.Meta.Title, others)
	if err != nil {
		return d, false, err
	}

	var summary []string
	if man != nil {
		// the man page is the primary source, cited first: it is this
		// machine's own, of the version installed, and what each flag
		// is taken from; the example leads the steps
		m := man.hit.Meta
		summary = append(summary, fmt.Sprintf("%s: %s %s %s.", m.Title, strings.TrimSuffix(m.Summary, "."), answer.Inline(m), c.cite(man, "NAME")))
	}
	// the other pages that answer, as for any answer (no tldr page
	// among them: its command's man page is what they cite); with the
	// command's man page cited first, they come before the example's
	// page, so that the references list the manuals first
	first := t
	if man != nil {
		first = man
	}
	var altSummary, altSteps []string
	alternatives := func() {
		altSummary, altSteps = c.alternatives(hits, first.hit.Meta, first.hit.Doc, margin, confidence, others, map[string]bool{},
			func(h answer.Hit) bool { return h.Meta.Type == "tldr" || h.Doc == t.hit.Doc })
	}
	if man != nil {
		alternatives()
	}
	best := ex[0]
	line := strings.TrimSpace(best.block.Term)
	what := strings.TrimSuffix(strings.TrimSpace(best.block.Text), ".")
	cited := c.cite(t, best.title)
	if man == nil {
		alternatives()
	}
	summary = append(summary, fmt.Sprintf("Use `%s`: %s %s %s.", line, what, answer.Inline(t.hit.Meta), cited))
	steps := []string{fmt.Sprintf("`%s`: %s %s", line, what, cited)}
	if man != nil {
		steps = append(steps, c.flagSteps(man, line)...)
	}
	// another example that holds as much of the question, for a task
	// told two ways ("pack", "pack and compress")
	for _, p := range ex[1:] {
		if p.score >= best.score*0.9 {
			steps = append(steps, fmt.Sprintf("`%s`: %s %s", strings.TrimSpace(p.block.Term), strings.TrimSuffix(strings.TrimSpace(p.block.Text), "."), c.cite(t, p.title)))
			break
		}
	}
	if man != nil {
		steps = append(steps, c.manSteps(man, a, line)...)
	}
	summary = append(summary, altSummary...)
	steps = append(steps, altSteps...)
	return answer.Draft{Summary: strings.Join(summary, " "), Steps: steps}, true, nil
}

// manSteps are the steps the command's man page gives the question (as
// its first page would) with an option the example, line, does not
// pass, at most manStepsMax: the example says the task in someone's
// words, and the installed page how the rest of it is done. tldr's
// `pstree user` led "show the process tree with user names", and
// pstree's -u, which shows them, was no step.
func (c *composition) manSteps(man *source, a analyse.Analysis, line string) []string {
	_, steps, _ := c.firstPage(man, a)
	given := strings.Fields(line)
	var out []string
	for _, st := range steps {
		if len(out) == manStepsMax {
			break
		}
		if flag := stepFlag(st); flag != "" && !slices.Contains(given, flag) {
			out = append(out, st)
		}
	}
	return out
}

// manStepsMax is how many of the man page's steps follow a tldr example.
const manStepsMax = 2

// stepFlag is the first option a step's command line passes ("-u" of
// "`pstree -u`: ..."), "" for a step that passes none: the synopsis,
// or a sentence.
func stepFlag(step string) string {
	if !strings.HasPrefix(step, "`") {
		return ""
	}
	fields := strings.Fields(strings.Trim(stepCommand(step), "`"))
	for _, f := range fields[min(1, len(fields)):] {
		if len(f) > 1 && f[0] == '-' && f != "--" {
			return f
		}
	}
	return ""
}

// tldrExamples are the examples of the first page, when it is a tldr
// page (the ranker puts one first only where an example says the
// question, see rank's byExample), that hold any of the question, best
// first; none when it is not. One close behind its command's man page does
// not lead the answer: the man page's options, which the option model
// (fitted on the same examples) weighs, and filled with the question's
// values, answered better (rankeval with ../shared/tasks/tldr as a
// source: mention on the dev sets 1232.8 with it leading, 1239.0 without,
// 1241.1 with no tldr source; held-out 241 and 244 of 245).
func (c *composition) tldrExamples(t *source) (ex []passage) {
	if t.hit.Meta.Type != "tldr" {
		return nil
	}
	for _, p := range c.passages(t.hit.Doc, t.doc, t.hit.NameCov, t.hit.Entries) {
		if p.block.Kind == document.Item && examples(p.title) && strings.TrimSpace(p.block.Term) != "" && !relative().MatchString(p.block.Text) {
			ex = append(ex, p)
		}
	}
	return ex
}

// relative is the start of an example's description that says it only
// against the example before it ("As above, but when items in the 3rd
// field are equal, ..."), which is not shown beside it.
var relative = lazyre.New(`(?i)^\s*(?:(?:just\s+)?(?:as|same\s+as|like)\s+(?:the\s+)?(?:above|before|previous(?:\s+(?:one|example|command))?))\b`)

// manOf is the man page of the program a tldr page is about: among the
// hits, or else the page of that name this machine has (section 1 or 8
// first), or one whose NAME line names it; nil when it has none.
func (c *composition) manOf(hits []answer.Hit, name string, others loads) (*source, error) {
	if i := manHit(hits, name); i >= 0 {
		s := &source{hit: hits[i]}
		var err error
		s.doc, err = others.load(c.lib, hits[i].Doc)
		return s, err
	}
	// of that title, or else one that documents it under another name
	// (pgrep(1) for pkill)
	for _, byTitle := range []bool{true, false} {
		for _, id := range c.lib.Pages(name) {
			m := c.lib.Meta(id)
			if !answer.ProgramPage(m) || byTitle && m.Title != name {
				continue
			}
			s := &source{hit: answer.Hit{Doc: id, Meta: m}}
			var err error
			s.doc, err = c.lib.Load(id)
			return s, err
		}
	}
	return nil, nil
}

// manHit is the place among the first five hits of the program page
// named name, -1 where none is.
func manHit(hits []answer.Hit, name string) int {
	return slices.IndexFunc(hits[:min(5, len(hits))], func(h answer.Hit) bool { return answer.ProgramPage(h.Meta) && h.Meta.Title == name })
}

// flagSteps are the man page's entries for the flags an example's
// command line passes, in its order (see exampleFlags).
func (c *composition) flagSteps(man *source, line string) []string {
	subcommand := func(w string) bool { return len(c.lib.Pages(man.hit.Meta.Title+"-"+w)) > 0 }
	var out []string
	for _, f := range exampleFlags(man.doc, line, subcommand) {
		out = append(out, fmt.Sprintf("`%s`: %s %s", f.flag, document.ClipLine(shownSentence(f.b.Text), 240), c.cite(man, f.section)))
	}
	return out
}

// flagEntry is a flag of an example and the item of the page that
// documents it.
type flagEntry struct {
	flag, section string
	b             document.Block
}

// maxClusterLetters bounds the letters of one cluster ("-xzf") read one
// by one: no program combines more, and an example is untrusted text
// (a planted page's "-aaaa..." would cost a scan of the page a letter).
const maxClusterLetters = 64

// exampleFlags are the flags an example's command line passes that d
// documents, in its order, at most maxFlags: "-x", "-C" of "tar xf a.tar
// -C dir", the letters of "-xzf" one by one unless the page documents the
// word whole (find's "-size"). A flag the page does not document is left
// out, never described from elsewhere. subcommand says whether a word
// after the command names a page of its own (git's "log").
func exampleFlags(d *document.Document, line string, subcommand func(string) bool) []flagEntry {
	_, cmds, err := cmdline.Parse(line)
	if err != nil || len(cmds) == 0 {
		return nil
	}
	var out []flagEntry
	// done holds the flags looked up, found or not: each is looked up
	// in the page once, however often the line repeats it
	done := map[string]bool{}
	add := func(flag string) bool {
		if len(out) == maxFlags {
			return true
		}
		if found, ok := done[flag]; ok {
			return found
		}
		sec, b, ok := optionEntry(d, flag)
		done[flag] = ok
		if ok {
			out = append(out, flagEntry{flag, sec, b})
		}
		return ok
	}
	args := cmds[0].Args
	if len(args) > 0 && args[0].Text == "sudo" {
		args = args[1:]
	}
	if len(args) < 2 {
		return nil
	}
	if w := args[1].Text; bundled(w) && !subcommand(w) {
		// tar's and ps's old style, "tar xf a.tar": letters without a
		// dash, each an option the page documents with one; a word the
		// page does not document so letter by letter is an operand or
		// a subcommand
		all := true
		for _, r := range w {
			if _, _, ok := optionEntry(d, "-"+string(r)); !ok {
				all = false
			}
		}
		if all {
			for _, r := range w {
				add("-" + string(r))
			}
		}
	}
	for _, w := range args[1:] {
		f := w.Text
		if f == "--" {
			break
		}
		if !strings.HasPrefix(f, "-") || len(f) < 2 {
			continue
		}
		if name, _, ok := strings.Cut(f, "="); ok {
			f = name
		}
		if add(f) || strings.HasPrefix(f, "--") || len(f) > 1+maxClusterLetters {
			continue
		}
		for _, r := range f[1:] {
			if r < 'A' || r > 'z' {
				break // "-1", "-n5": a value, not more flags
			}
			add("-" + string(r))
		}
	}
	return out
}

// optionEntry finds the item of d that documents flag, outside the
// sections about the page itself.
func optionEntry(d *document.Document, flag string) (section string, b document.Block, ok bool) {
	for si := range d.Sections {
		s := &d.Sections[si]
		if Aside(s) {
			continue
		}
		for _, b := range s.Blocks {
			if b.Kind == document.Item {
				for _, n := range optionNames(b.Term) {
					if n == flag {
						return s.Title, b, true
					}
				}
			}
		}
	}
	return "", document.Block{}, false
}

// bundled says whether a word could be options bundled without a dash:
// a few ASCII letters.
func bundled(w string) bool {
	if len(w) == 0 || len(w) > 6 {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}
