package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A copy to or from another machine names the machine (a host) and the
// folder or file there. scp's synopsis ends "source ... target", and its
// page says either may be "[user@]host:[path]": the question's host, its
// user and the path on that machine are one operand. Filled one word a
// placeholder, the host went to -J's "destination" (the jump host) and
// the steps led with `scp -J web01 site ... /var/www`, which copies
// nothing where it was asked to.

// remoteForm finds, in a page's text, the form of an operand on another
// machine: "[user@]host:[path]", "[USER@]HOST:DEST".
var remoteForm = lazyre.New(`(?i)\[user@\]host:`)

// remoteFrom ends the words before a host the files come from: "from
// the remote host files.example.org", "from store1".
var remoteFrom = lazyre.New(`(?i)\bfrom\s+(?:the\s+|a\s+|my\s+|our\s+)?(?:remote\s+)?(?:host|server|machine|computer|box)?\s*$`)

// remoteUser is the user the question logs in as where the analysis
// read no user: "logging in as alice", "as user admin", "as the user
// deploy".
var remoteUser = lazyre.New(`(?i)\b(?:log(?:ging|ged|s)?\s+in\s+as|as)\s+(?:the\s+)?(?:user\s+)?([a-z_][a-z0-9_.-]*)\b`)

// takesRemote says whether a program's page writes an operand on another
// machine as [user@]host:path.
func takesRemote(d *document.Document) bool {
	for _, sec := range d.Sections {
		if slices.ContainsFunc(sec.Blocks, func(b document.Block) bool { return remoteForm().MatchString(b.Text) }) {
			return true
		}
	}
	return false
}

// remoteCopy is the command line that copies what the question names
// to or from the one host it gives, on a page that writes remote
// operands as [user@]host:path (takesRemote), with the option that
// copies folders where one of them is a folder (rec, nil where none is):
// `scp -r site web01:/var/www`, `scp dump.sql deploy@db1.example.com:`,
// `scp files.example.org:/srv/reports/report.pdf .`. ok is false where
// the question gives no host, more than one, or nothing to copy.
func (c *composition) remoteCopy(s *source, ps []passage) (line string, rec *passage, ok bool) {
	host := -1
	for i, op := range c.ops {
		if op.kind == analyse.ArgHost {
			if host >= 0 {
				return "", nil, false
			}
			host = i
		}
	}
	if host < 0 || !takesRemote(s.doc) {
		return "", nil, false
	}
	hop := c.ops[host]
	hostAt := c.argStart(hop.at)
	remote := hop.text
	if !strings.Contains(remote, "@") {
		if u := c.remoteLogin(); u != "" {
			remote = u + "@" + remote
		}
	}
	pull := remoteFrom().MatchString(c.text[:hostAt])
	// the path on the other machine: where the files go (a push), or
	// what is fetched (a pull, the paths before the host)
	var there, here []string
	folder := false
	for _, op := range c.ops {
		switch op.kind {
		case analyse.ArgFile, analyse.ArgGlob, analyse.ArgPath, analyse.ArgFolder:
		default:
			continue // no file or folder, copied or copied to
		}
		before := c.argStart(op.at) < hostAt
		source := false
		switch {
		case pull && before && !op.to:
			there, source = append(there, op.text), true
		case pull:
			here = append(here, op.text)
		case !pull && (op.to || !before) && len(there) == 0:
			there = append(there, op.text)
		default:
			here, source = append(here, op.text), true
		}
		// a folder copied, not the one copied into
		folder = folder || source && (op.kind == analyse.ArgFolder || c.folderNamed(op.at))
	}
	var words []string
	if pull {
		if len(there) == 0 || len(here) > 1 {
			return "", nil, false
		}
		for _, p := range there {
			words = append(words, remote+":"+p)
		}
		if len(here) == 1 {
			words = append(words, here[0])
		} else {
			// no folder named here ("into the current directory"):
			// the one the command runs in
			words = append(words, ".")
		}
	} else {
		if len(here) == 0 || len(there) > 1 {
			return "", nil, false
		}
		// no path there: the login's home folder, "host:~"
		dest := "~"
		if len(there) == 1 {
			dest = there[0]
		}
		words = append(append(words, here...), remote+":"+dest)
	}
	name := typedName(s.doc, s.hit.Meta.Title)
	if folder {
		if p, found := recursiveItem(s, ps); found {
			rec = &p
			name += " -r"
		}
	}
	return name + " " + strings.Join(words, " "), rec, true
}

// argStart is where the question has its argument i.
func (c *composition) argStart(i int) int {
	if i < 0 || i >= len(c.args) {
		return 0
	}
	return c.args[i].Start
}

// folderNamed says whether the question calls its argument i a folder:
// "the directory ~/projects/thesis", "the whole folder ./site".
func (c *composition) folderNamed(i int) bool {
	if i < 0 || i >= len(c.args) {
		return false
	}
	before := strings.Fields(strings.ToLower(c.text[max(0, c.args[i].Start-24):c.args[i].Start]))
	return len(before) > 0 && folderWord().MatchString(before[len(before)-1])
}

var folderWord = lazyre.New(`^(?:folders?|director(?:y|ies)|dirs?|subfolders?|subdirector(?:y|ies))$`)

// remoteLogin is the user the question logs in to the other machine as,
// "" where it names none.
func (c *composition) remoteLogin() string {
	for _, op := range c.ops {
		if op.kind == analyse.ArgUser {
			return op.text
		}
	}
	if m := remoteUser().FindStringSubmatch(c.text); m != nil {
		return m[1]
	}
	return ""
}

// recursiveItem is the option item of the page that copies whole
// folders: scp's -r, "Recursively copy entire directories".
func recursiveItem(s *source, ps []passage) (passage, bool) {
	for _, p := range ps {
		if p.block.Kind == document.Item && slices.Contains(optionNames(p.block.Term), "-r") && recursive().MatchString(p.block.Text) {
			return p, true
		}
	}
	return passage{}, false
}

var recursive = lazyre.New(`(?i)\brecursive(?:ly)?\b`)

// remoteLead makes the copy to or from another machine (remoteCopy's
// line) the first step: as the line of the option that copies folders
// (rec) where one is copied, or else in the synopsis's place. An option
// that would take the host as its value (scp's -J, the jump host) is no
// step: the host is where the files go or come from.
func (c *composition) remoteLead(pl *plan, line string, rec *passage) {
	s := pl.s
	pl.chosen = slices.DeleteFunc(slices.Clone(pl.chosen), func(p passage) bool {
		return c.optionItem(s, p) && slices.Contains(slotKinds(optionArg(p.block.Term)), analyse.ArgHost) ||
			rec != nil && p.same(*rec)
	})
	// an option that takes a value the question gives leads as it
	// would, on the copy's line: scp's -l for "limiting the bandwidth to
	// 5000 Kbit/s"
	if len(pl.chosen) > 0 && c.optionItem(s, pl.chosen[0]) && optionArg(pl.chosen[0].block.Term) != "" && c.amountLeads(pl.chosen[0], pl.syn) {
		pl.lead = true
		pl.line, pl.desc = c.invocationOf(s, pl.chosen[0])
		c.withValues(s, pl)
		if f := strings.Fields(pl.line); len(f) >= 3 && strings.HasPrefix(f[1], "-") {
			name, rest, _ := strings.Cut(line, " ")
			pl.line = name + " " + f[1] + " " + f[2] + " " + rest
			if rec != nil {
				pl.runs(*rec)
			}
			pl.shown = min(pl.shown, len(pl.chosen))
			return
		}
	}
	if rec != nil {
		pl.chosen = slices.Insert(pl.chosen, 0, *rec)
		pl.lead, pl.line, pl.desc = true, line, itemDoes(rec.block.Text)
	} else {
		pl.lead, pl.synopsis, pl.typed = false, synopsisForOption, line
	}
	pl.shown = min(pl.shown, len(pl.chosen))
}

// synopsisStep is the first page's step of the command as its synopsis
// runs it, or the line the question's values fill (plan.typed).
func (c *composition) synopsisStep(pl *plan) string {
	if pl.typed == "" {
		return c.flaggedStep(pl.s, pl.syn, pl.flag, pl.valued)
	}
	s, also := pl.s, c.alsoSaid(pl)
	if what := strings.TrimSuffix(s.hit.Meta.Summary, "."); what != "" {
		return "`" + pl.typed + "`: " + what + " " + c.cite(s, "SYNOPSIS") + also
	}
	return "`" + pl.typed + "` " + c.cite(s, "SYNOPSIS") + also
}
