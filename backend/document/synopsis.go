package document

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// The SYNOPSIS of a command page: its lines (SynopsisLines) and the one
// that runs the command in its plainest form (Synopsis).

// Synopsis is the synopsis line of a command page that runs it in its
// plainest form, clipped: the first whose command is not followed by an
// option every use of the form needs ("umount [-dflnrv] {directory|device}",
// not "umount -a ..."), else the first line.
func Synopsis(d *Document) string {
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
			return ClipLine(l, 160)
		}
	}
	for _, l := range forms {
		if plain(strings.Fields(l)) {
			return ClipLine(l, 160)
		}
	}
	return ClipLine(lines[0], 160)
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
func SynopsisLines(d *Document) []string {
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
