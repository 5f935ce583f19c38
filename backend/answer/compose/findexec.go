package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question that copies or moves the files a test picks, or sets their
// mode ("copy all .jpg files under photos to /backup", "set the mode of
// every .html file under www to 644"), is answered by a program of
// tests and actions (find) with its tests, then the action that runs
// the other command on each file found: `find . -name '*.jpg' -exec cp
// {} /backup \;`. Without it, the line lists the files and does nothing
// to them. And the mode the question sets is no test of the mode the
// files have (find's -perm), which would list those that have it
// already.

var (
	execCopy = lazyre.New(`(?i)\b(?:copy|copies|copying)\b`)
	execMove = lazyre.New(`(?i)\b(?:move|moves|moving)\b`)
	// setting a mode, not naming one the files have ("files with
	// permission 777")
	execMode = lazyre.New(`(?i)\bchmod\b|\b(?:set|sets|setting|change|changes|changing|give|gives|giving|update|updates|updating|reset|resets|resetting|fix|fixes|fixing|apply|applies|applying)\b(?:[^.;?!]|\.\S)*?\b(?:permissions?|mode)\b`)
)

// execRun is the command line an action that runs a command runs on each
// file found ("cp {} /backup", "chmod 644 {}"), read once as the
// composition begins (composition.exec), for a question that
// copies or moves files to the folder it gives, or sets the mode it
// gives; "" for any other, and for one that does two of these.
func (c *composition) execRun() string {
	var runs []string
	if dest := c.sentTo(); dest != "" {
		if execCopy().MatchString(c.text) {
			runs = append(runs, "cp {} "+shellQuote(dest))
		}
		if execMove().MatchString(c.text) {
			runs = append(runs, "mv {} "+shellQuote(dest))
		}
	}
	if mode := c.modeSet(); mode != "" {
		runs = append(runs, "chmod "+mode+" {}")
	}
	if len(runs) != 1 {
		return ""
	}
	return runs[0]
}

// sentTo is the folder the question sends files to ("to /backup",
// "into the folder archive"), "" where it names none or more than one.
func (c *composition) sentTo() string {
	dest := ""
	for _, op := range c.ops {
		if op.to && (op.kind == analyse.ArgFolder || op.kind == analyse.ArgPath) {
			if dest != "" {
				return ""
			}
			dest = op.text
		}
	}
	return dest
}

// modeSet is the one mode a question that sets permissions gives ("to
// 644"), "" where it gives none or more than one.
func (c *composition) modeSet() string {
	if !execMode().MatchString(c.text) {
		return ""
	}
	mode := ""
	for _, op := range c.ops {
		if op.kind == analyse.ArgMode {
			if mode != "" {
				return ""
			}
			mode = op.text
		}
	}
	return mode
}

// modeTests says whether a passage is a test of page s of the mode files
// have (find's -perm, in each of its forms), which is no step where the
// question sets the mode on the files it picks (execRun runs chmod).
func modeTests(s *source) func(passage) bool {
	names := map[string]bool{}
	for p := range ownItems(s.doc) {
		if testItem(p) && permissionText().MatchString(itemSentence(p.block.Text)) {
			for _, n := range optionNames(p.block.Term) {
				names[n] = true
			}
		}
	}
	// (a note on one of its forms may sit under another heading)
	return func(p passage) bool {
		return slices.ContainsFunc(optionNames(p.block.Term), func(n string) bool { return names[n] })
	}
}

// withExec ends the lead's line, one of the page's tests, with the
// page's action that runs a command on each file found (find's "-exec
// command ;"), running what execRun says.
func (c *composition) withExec(s *source, pl *plan) {
	if !testItem(pl.chosen[0]) || !answer.ProgramPage(s.hit.Meta) {
		return
	}
	run := c.exec
	if run == "" {
		return
	}
	words := strings.Fields(pl.line)
	if slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "-exec") || w == "-delete" || w == "-ok" }) {
		return
	}
	p, ok := itemWhere(s, func(p passage) bool {
		return actionItem(p) && slices.Contains(optionNames(p.block.Term), "-exec") && strings.HasSuffix(strings.TrimSpace(p.block.Term), ";")
	})
	if !ok {
		return
	}
	pl.line += " -exec " + run + ` \;`
	pl.runs(p)
}
