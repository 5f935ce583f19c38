package document

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// The SYNOPSIS of a command page: its lines (SynopsisLines) and the one
// that runs the command in its plainest form (Synopsis).

// Synopsis is PlainForm clipped to a line one reads.
func Synopsis(d *Document) string { return ClipLine(PlainForm(d), SynopsisWidth) }

// SynopsisWidth is the longest synopsis line an answer shows.
const SynopsisWidth = 160

// PlainForm is the synopsis line of a command page that runs it in its
// plainest form: the first whose command is not followed by an option
// every use of the form needs ("umount [-dflnrv] {directory|device}", not
// "umount -a ..."), else the first line. It is not clipped: a long form's
// operands come last (strings' "file...").
func PlainForm(d *Document) string {
	lines := SynopsisLines(d)
	if len(lines) == 0 {
		return ""
	}
	// prose ("zstdmt is equivalent to zstd -T0") runs nothing, and a C
	// page's "#include <signal.h>" is what its prototype needs, not what
	// one calls
	lines = slices.DeleteFunc(lines, func(l string) bool { return prose(strings.Fields(l)) || strings.HasPrefix(l, "#") })
	if len(lines) == 0 {
		return ""
	}
	// a subcommand's actions may be many (git stash has twelve): all of
	// its forms are read
	if subcommandPage(lines) {
		if form := subcommandForm(lines); form != "" {
			return form
		}
	}
	forms := lines[:min(len(lines), synopsisForms)]
	cmd := strings.Fields(lines[0])[0]
	plain := func(f []string) bool {
		return f[0] == cmd && (len(f) == 1 || !strings.HasPrefix(f[1], "-") && !helpForm(f[1:]))
	}
	// a form that names what it acts on ("mount [-fnrsvw] [-o options]
	// device|mountpoint") does the NAME line's job; one of options alone
	// may do something else ("mount [-l] [-t fstype]" lists mounts)
	// route's "route [-v] add [-net|-host] target" is one of its actions
	// (add, del), not how it runs plainly
	for _, l := range forms {
		if f := strings.Fields(l); plain(f) && operand(f[1:]) && !action(f, forms) {
			return l
		}
	}
	for _, l := range forms {
		if plain(strings.Fields(l)) {
			return l
		}
	}
	return lines[0]
}

// subcommandPage says whether every form writes one word after the
// command, where the page is one of a subcommand ("git stash list", "git
// stash show", ..., "git stash [push ...]"); not for one form.
func subcommandPage(forms []string) bool {
	if len(forms) < 2 {
		return false
	}
	sub := ""
	for i, l := range forms {
		f := strings.Fields(l)
		if len(f) < 2 || !literal().MatchString(f[1]) || i > 0 && f[1] != sub {
			return false
		}
		sub = f[1]
	}
	return true
}

// subcommandForm is PlainForm of a subcommand's page whose forms run
// its actions ("git stash list", "git stash drop", ...) and one runs it
// with nothing it must be given ("git stash [push ...]", whose action may
// be left out): the command and subcommand alone, what the NAME line's
// "Stash the changes away" describes; what it may take the steps tell.
// "" where no form is so.
func subcommandForm(forms []string) string {
	for _, l := range forms {
		if f := strings.Fields(l); len(f) > 2 && allOptional(f[2:]) {
			return f[0] + " " + f[1]
		}
	}
	return ""
}

// allOptional says whether every one of synopsis words is bracketed, as
// operandAt reads brackets: nothing of them must be typed.
func allOptional(words []string) bool {
	depth := 0
	for _, w := range words {
		if depth == 0 && !strings.HasPrefix(w, "[") && strings.Trim(w, ".…") != "" {
			return false
		}
		depth = max(depth+strings.Count(w, "[")-strings.Count(w, "]"), 0)
	}
	return true
}

// operand says whether synopsis words hold a required operand: a word
// outside brackets that is not an option.
func operand(words []string) bool { return operandAt(words) >= 0 }

// operandAt is the place of the first required operand among synopsis
// words, -1 if none.
func operandAt(words []string) int {
	depth := 0
	for i, w := range words {
		// a {choice} is required too, unless it is one of options; echo's
		// "LONG-OPTION" names options, not an operand
		if depth == 0 && !strings.HasPrefix(strings.TrimLeft(w, "{"), "-") && !strings.HasPrefix(w, "[") && w != "..." &&
			!strings.Contains(strings.ToUpper(w), "OPTION") {
			return i
		}
		depth += strings.Count(w, "[") + strings.Count(w, "{") - strings.Count(w, "]") - strings.Count(w, "}")
		depth = max(depth, 0)
	}
	return -1
}

// action says whether a form's first operand is a word another form puts
// in its place after the same words: route's "add" and "del". Words
// typed as they are, not placeholders: chmod's MODE and OCTAL-MODE are
// two ways to give one operand.
func action(f []string, forms []string) bool {
	at := operandAt(f[1:]) + 1 // f[0] is the command
	for _, l := range forms {
		g := strings.Fields(l)
		if len(g) > at && slices.Equal(g[:at], f[:at]) && g[at] != f[at] && operandAt(g[1:])+1 == at &&
			literal().MatchString(f[at]) && literal().MatchString(g[at]) {
			return true
		}
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
// document or a SYNOPSIS. A line that goes on with the form above it
// (see continued) is joined to it: strings(1) writes one form over ten
// lines and its operand, "file...", on the last.
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
		text := b.Text
		if b.Kind == Item && strings.TrimSpace(b.Term) != "" {
			// route(8) tags each form with its command: ".TP", ".B
			// route", then the form's words
			text = strings.TrimSpace(b.Term) + " " + text
		}
		for _, l := range strings.Split(text, "\n") {
			l = strings.TrimSpace(l)
			if len(out) == 0 {
				// shasum's, as its --help prints it: "Usage: shasum
				// [OPTION]... [FILE]..."
				if rest, ok := cutUsage(l); ok {
					l = rest
				}
			}
			switch {
			case l == "":
			case len(out) > 0 && continued(out[len(out)-1], l):
				out[len(out)-1] = TrimRemark(out[len(out)-1] + " " + l)
			default:
				out = append(out, TrimRemark(l))
			}
		}
	}
	return out
}

// cutUsage cuts "Usage:" off the front of a synopsis line.
func cutUsage(l string) (string, bool) {
	if len(l) > 6 && strings.EqualFold(l[:6], "usage:") {
		return strings.TrimSpace(l[6:]), true
	}
	return l, false
}

// continued says whether a synopsis line goes on with the form above it
// (prev): it starts as a form's later words do, with an option, a
// bracketed or braced group, a choice or a <placeholder>, never with a
// command's name; or prev leaves a bracket open (route's "[gw" and "Gw]",
// a C prototype's parameter list).
func continued(prev, l string) bool {
	open := strings.Count(prev, "[") + strings.Count(prev, "{") + strings.Count(prev, "(")
	return strings.ContainsRune("[{-|<", rune(l[0])) || open > strings.Count(prev, "]")+strings.Count(prev, "}")+strings.Count(prev, ")")
}

// literal is a word typed as it is: lowercase letters and hyphens
// (systemd-analyze's "critical-chain").
var literal = lazyre.New(`^[a-z][a-z-]*$`)

// remark matches a note in prose at the end of a synopsis line, which is
// not typed: ptx's "(without -G)".
var remark = lazyre.New(`\s+\([a-z][^()]* [^()]*\)$`)

// TrimRemark drops such a note from a synopsis line.
func TrimRemark(line string) string {
	if !strings.HasSuffix(line, ")") {
		return line // the regexp would backtrack through the whole line to learn it
	}
	return remark().ReplaceAllString(line, "")
}

// synopsisForms is how many synopsis lines Synopsis reads for a plain
// form: the forms of one command come first, its long option lists after.
const synopsisForms = 6
