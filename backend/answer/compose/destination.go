package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
)

// A question that sends what a command makes into a folder ("extract
// backup.tar.gz into /srv/restore", "unzip it into the folder out") asks
// for the option that takes that folder, where the command's synopsis
// has no place for it: the lead's line runs it with the folder,
// `tar -xzf backup.tar.gz -C /srv/restore`, not `tar -xzf backup.tar.gz`
// with `tar -C DIR` a step below.

// destination is the option item of the first page's passages ps that
// takes the folder the question sends things to, which line does not
// hold, of those the one people give most for the task (usage), else
// the best; and that option as line types it, filled with the folder
// ("-C /srv/restore"); or the option line runs with its folder left
// to fill, filled. ok is false where there is none, or the question
// sends to more than one folder.
func (c *composition) destination(s *source, ps []passage, line string) (p passage, opt string, ok bool) {
	var dest []operand
	for _, op := range c.ops {
		if op.to && (op.kind == analyse.ArgFolder || op.kind == analyse.ArgPath) && !strings.Contains(line, op.text) {
			dest = append(dest, op)
		}
	}
	if len(dest) != 1 || !answer.ProgramPage(s.hit.Meta) {
		return passage{}, "", false
	}
	cmd, _ := c.optionCommand(s, passage{})
	u := c.usage(s.hit.Doc, s.doc)
	// the page's own order, where the question's words do not rank
	// the option (tar's -C, "change to DIR", says nothing of "into")
	rank := func(p passage) int {
		if i := slices.IndexFunc(ps, p.same); i >= 0 {
			return i
		}
		return len(ps)
	}
	found := false
	for si := range s.doc.Sections {
		sec := &s.doc.Sections[si]
		if Aside(sec) {
			continue
		}
		for bi, b := range sec.Blocks {
			cand := passage{sec: si, blk: bi, block: b, title: sec.Title}
			if !c.optionItem(s, cand) || !slices.ContainsFunc(termArgs(b.Term), func(t termArg) bool { return folderSlot(t.arg) }) {
				continue
			}
			form := optionForm(strings.TrimSpace(b.Term))
			if strings.Contains(" "+line+" ", " "+form+" ") {
				// the line runs the option, its folder left to fill:
				// unzip's "-d exdir" of "unzip -d exdir photos.zip"
				if filled, n := fill(cmd+" "+form, cmd, dest, s.valued()); n > 0 {
					return cand, strings.TrimPrefix(filled, cmd+" "), true
				}
				continue
			}
			if strings.Contains(" "+line+" ", " "+strings.Fields(form)[0]+" ") {
				continue
			}
			if _, sub := c.optionCommand(s, cand); sub {
				continue
			}
			filled, n := fill(cmd+" "+form, cmd, dest, s.valued())
			if n == 0 {
				continue
			}
			// the one people give most for the task, else the best ranked
			if !found || u[b.Term] > u[p.block.Term] || u[b.Term] == u[p.block.Term] && rank(cand) < rank(p) {
				p, opt, found = cand, strings.TrimPrefix(filled, cmd+" "), true
			}
		}
	}
	return p, opt, found
}

// folderSlot says whether a placeholder takes a folder first of all:
// tar's DIR and unzip's exdir, not the FILE that a folder may be too.
func folderSlot(arg string) bool {
	k := slotKinds(arg)
	return len(k) > 0 && k[0] == analyse.ArgFolder
}

// withDestination writes into the lead's line the option that takes the
// folder the question sends things to (see destination), which then is
// no step of its own.
func (c *composition) withDestination(s *source, pl *plan) {
	p, opt, ok := c.destination(s, pl.ps, pl.line)
	if !ok {
		return
	}
	var added bool
	if pl.line, pl.desc, added = placeDestination(p, opt, pl.line, pl.desc); !added {
		return
	}
	i := slices.IndexFunc(pl.chosen, p.same)
	if i < 0 {
		i, pl.chosen = len(pl.chosen), append(pl.chosen, p)
	}
	pl.joined = append(pl.joined, i)
}

// placeDestination writes opt, option item p's option with the folder
// (see destination), into line: in the place of the option where line
// runs it with its folder left to fill, else after it, with what p does
// added to desc (added).
func placeDestination(p passage, opt, line, desc string) (string, string, bool) {
	if form := optionForm(strings.TrimSpace(p.block.Term)); strings.Contains(" "+line+" ", " "+form+" ") {
		return strings.Replace(line, form, opt, 1), desc, false
	}
	return line + " " + opt, strings.TrimSuffix(desc, ".") + "; " + itemDoes(p.block.Text), true
}
