package answer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// The answers that are not answers: below the threshold (noAnswer), and
// from an index the sources moved away from (Stale).

func noAnswer(ans *proto.Answer, near []Hit) {
	ans.NoAnswer = true
	msg := proto.LowConfidence
	ans.Message = &msg
	ans.Recommendations = append(ans.Recommendations,
		"Rephrase the question with the words a manual would use: the command, the file or the action.",
		"See which sources are indexed with `ragadmin sources list`; add documentation with `ragadmin sources add PATH` and run `ragadmin reindex`.")
	if len(near) > 0 {
		var labels []string
		for _, h := range near[:min(3, len(near))] {
			labels = append(labels, h.Meta.Label)
		}
		ans.Recommendations = append(ans.Recommendations, "Closest pages: "+strings.Join(labels, ", ")+".")
	}
}

// StaleMessage is the FR-007 guidance.
const StaleMessage = "The index is out of date: the sources changed since it was built. Run `ragadmin reindex` to rebuild it."

// Stale replaces an answer from an index the catalog moved away from: no
// answer, the guidance to reindex and, when the question names a program
// the old index has a page of, that page's NAME line and SYNOPSIS as a
// deterministic fallback: the ranking of a stale index is not to be
// trusted, a page the user named is.
func (e *Engine) Stale(ans *proto.Answer, ret *Retrieval) {
	code, msg := proto.CodeIndexStale, StaleMessage
	ans.Meta.FreshnessState = "STALE"
	ans.Meta.Status = "ERROR"
	ans.Meta.Source = "NONE"
	ans.Meta.ErrorCode = &code
	ans.Meta.Message = &msg
	ans.NoAnswer = true
	ans.Message = &msg
	ans.Recommendations = []string{"Run `ragadmin reindex`, then ask again."}
	ans.Summary, ans.Steps, ans.References, ans.Citations = "", []string{}, []proto.Reference{}, []proto.Citation{}
	id := e.Library.Named(ret.Analysis)
	if id < 0 {
		return
	}
	doc, err := e.Library.Load(id)
	if err != nil {
		return
	}
	var c Citer
	m := e.Library.Meta(id)
	ans.Meta.Status = "FALLBACK"
	ans.Meta.Source = "LOCAL_FALLBACK"
	ans.Summary = fmt.Sprintf("%s: %s %s %s.", m.Title, strings.TrimSuffix(m.Summary, "."), Inline(m), c.Cite(m, "NAME"))
	if syn := Synopsis(doc); syn != "" {
		ans.Steps = append(ans.Steps, "`"+syn+"` "+c.Cite(m, "SYNOPSIS"))
	}
	ans.References, ans.Citations = c.Refs(), c.Cites()
}

// Synopsis is the synopsis line of a command page that runs it in its
// plainest form, clipped: the first whose command is not followed by an
// option every use of the form needs ("umount [-dflnrv] {directory|device}",
// not "umount -a ..."), else the first line.
func Synopsis(d *document.Document) string {
	lines := SynopsisLines(d)
	if len(lines) == 0 {
		return ""
	}
	// prose ("zstdmt is equivalent to zstd -T0") runs nothing
	lines = slices.DeleteFunc(lines, func(l string) bool { return prose(strings.Fields(l)) })
	if len(lines) == 0 {
		return ""
	}
	cmd := strings.Fields(lines[0])[0]
	forms := lines[:min(len(lines), synopsisForms)]
	plain := func(f []string) bool {
		return f[0] == cmd && (len(f) == 1 || !strings.HasPrefix(f[1], "-") && !helpForm(f[1:]))
	}
	// a form that names what it acts on ("mount [-fnrsvw] [-o options]
	// device|mountpoint") does the NAME line's job; one of options alone
	// may do something else ("mount [-l] [-t fstype]" lists mounts)
	for _, l := range forms {
		if f := strings.Fields(l); plain(f) && operand(f[1:]) {
			return Clip(l, 160)
		}
	}
	for _, l := range forms {
		if plain(strings.Fields(l)) {
			return Clip(l, 160)
		}
	}
	return Clip(lines[0], 160)
}

// operand says whether synopsis words hold a required operand: a word
// outside brackets that is not an option.
func operand(words []string) bool {
	depth := 0
	for _, w := range words {
		// a {choice} is required too, unless it is one of options; echo's
		// "LONG-OPTION" names options, not an operand
		if depth == 0 && !strings.HasPrefix(strings.TrimLeft(w, "{"), "-") && !strings.HasPrefix(w, "[") && w != "..." &&
			!strings.Contains(strings.ToUpper(w), "OPTION") {
			return true
		}
		depth += strings.Count(w, "[") + strings.Count(w, "{") - strings.Count(w, "]") - strings.Count(w, "}")
		depth = max(depth, 0)
	}
	return false
}

// prose says whether a synopsis line's words are a sentence about the
// command rather than a way to run it.
func prose(f []string) bool {
	return len(f) > 2 && (f[1] == "is" || f[1] == "are")
}

// helpForm says whether a synopsis form's arguments only ask for help or
// the version: mount's "mount [-h|-V]", which is no way to mount.
func helpForm(args []string) bool {
	for _, a := range args {
		for _, alt := range strings.Split(strings.Trim(a, "[]{}"), "|") {
			switch alt {
			case "-h", "-V", "-?", "--help", "--version", "--usage":
			default:
				return false
			}
		}
	}
	return len(args) > 0
}

// SynopsisLines are the lines of a page's SYNOPSIS, trimmed, without a
// closing remark (TrimRemark), the empty ones left out; none without a
// document or a SYNOPSIS.
func SynopsisLines(d *document.Document) []string {
	if d == nil {
		return nil
	}
	s := d.Find("SYNOPSIS")
	if s == nil {
		return nil
	}
	var out []string
	for _, b := range s.Blocks {
		for _, l := range strings.Split(b.Text, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				out = append(out, TrimRemark(l))
			}
		}
	}
	return out
}

// remark matches a note in prose at the end of a synopsis line, which is
// not typed: ptx's "(without -G)".
var remark = lazyre.New(`\s+\([a-z][^()]* [^()]*\)$`)

// TrimRemark drops such a note from a synopsis line.
func TrimRemark(line string) string {
	return remark().ReplaceAllString(line, "")
}

// synopsisForms is how many synopsis lines Synopsis reads for a plain
// form: the forms of one command come first, its long option lists after.
const synopsisForms = 6

// Clip shortens s to at most n bytes at a word boundary, marking the cut
// with " ...".
func Clip(s string, n int) string {
	return document.Clip(strings.TrimSpace(s), n, " ...")
}
