package compose

import (
	"cmp"
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// "Show the 5 largest files in /var/log" takes a listing by size and the
// first lines of it: ls's -S sorts by size, du and find print sizes that
// sort(1) orders, and head keeps N of them. Each page alone answers with
// its own options, and find's with the number as a size (`find ~ -size
// 10`), which lists files of 10 blocks.

// largestLead makes the first step the line that lists the N largest
// files or folders the question asks for (analyse.LargestN), where the
// first page is ls(1), du(1) or find(1): `ls -S /var/log | head -n 5`
// citing ls's -S; `du -ah /var/log | sort -rh | head -n 5` (folders:
// `du -h -d 1`) citing du's -a (-d) and sort's -h; `find /var/log
// -type f -printf '%s %p\n' | sort -rn | head -n 5` citing find's
// -printf and sort's -n. Folders take du: ls and find print no folder's
// size.
func (c *composition) largestLead(s *source, pl *plan) bool {
	n, folders, ok := analyse.LargestN(c.text)
	if !ok {
		return false
	}
	dir := cmp.Or(c.folderOperand(), ".")
	head := " | head -n " + strconv.Itoa(n)
	var lead, sortBy, line, runs string
	var also *alsoCited
	switch typedName(s.doc, s.hit.Meta.Title) {
	case "ls":
		if folders {
			return false
		}
		lead, line = "-S", "ls -S "+dir+head
		also = c.headCited()
	case "du":
		// du's -h prints the sizes sort's -h orders
		lead, sortBy, line, runs = "-a", "-h", "du -ah "+dir+" | sort -rh"+head, "-h"
		if folders {
			lead, line = "-d", "du -h -d 1 "+dir+" | sort -rh"+head
		}
	case "find":
		if folders {
			return false
		}
		lead, sortBy, line = "-printf", "-n", "find "+dir+" -type f -printf '%s %p\\n' | sort -rn"+head
	default:
		return false
	}
	p, found := itemWhere(s, optionNamed(lead))
	if !found {
		return false
	}
	if sortBy != "" {
		sorted, ok := c.itemOf("sort", optionNamed(sortBy))
		if !ok {
			return false
		}
		also = &sorted
	}
	pl.leadWith(p, line, itemDoes(p.block.Text))
	pl.also = also
	if runs != "" {
		if h, ok := itemWhere(s, optionNamed(runs)); ok {
			pl.runs(h)
		}
	}
	pl.whole = true
	return true
}

// newestLead makes the first step ls's listing by time cut to the N
// files the question asks for (analyse.NewestN), where the first page is
// ls(1): `ls -t /var/log | head -n 10`, with -r for the oldest first,
// citing -t (and -r) and head's -n. ls's -lt led, which lists them all.
func (c *composition) newestLead(s *source, pl *plan) bool {
	n, oldest, ok := analyse.NewestN(c.text)
	if !ok || typedName(s.doc, s.hit.Meta.Title) != "ls" {
		return false
	}
	p, found := itemWhere(s, optionNamed("-t"))
	if !found {
		return false
	}
	flags := "-t"
	var reversed passage
	if oldest {
		if reversed, found = itemWhere(s, optionNamed("-r")); !found {
			return false
		}
		flags = "-tr"
	}
	line := "ls " + flags
	if dir := c.folderOperand(); dir != "" {
		line += " " + dir
	}
	pl.leadWith(p, line+" | head -n "+strconv.Itoa(n), itemDoes(p.block.Text))
	if oldest {
		pl.runs(reversed)
	}
	pl.also = c.headCited()
	pl.whole = true
	return true
}

// headCited is head's -n, which a listing cut to N lines runs after the
// lead's command, cited from head's page; nil where it has none.
func (c *composition) headCited() *alsoCited {
	if kept, ok := c.itemOf("head", optionNamed("-n")); ok {
		return &kept
	}
	return nil
}

// optionTermIs says whether an item's term names option name first:
// "-a, --all" is -a's, "-printf format" -printf's.
func optionTermIs(term, name string) bool {
	names := optionNames(term)
	return len(names) > 0 && names[0] == name
}

// optionNamed is a test for the option item whose first name is name
// (optionTermIs).
func optionNamed(name string) func(p passage) bool {
	return func(p passage) bool { return optionTermIs(p.block.Term, name) }
}

// eachFolderLead makes the first step du's total of each folder the
// question asks of one by one (analyse.EachFolder), where the first page
// is du(1): `du -sh /home/*/` for "how much space each folder in /home
// takes", `du -sh */` for each folder here, citing du's -s ("display
// only a total for each argument") and -h. Without it du's -d or the
// bare folder led, which total one folder or list every folder at every
// depth.
func (c *composition) eachFolderLead(s *source, pl *plan) bool {
	if !analyse.EachFolder(c.text) || typedName(s.doc, s.hit.Meta.Title) != "du" || depthOrNone().MatchString(c.text) {
		return false
	}
	if _, _, largest := analyse.LargestN(c.text); largest {
		return false
	}
	return c.eachTotalLead(s, pl, "")
}

// eachTotalLead makes the first step du's -s and -h over the glob of the
// folders in the question's folder (or here), then pipe if any: each
// letter says what it does, as a bundle's step does.
func (c *composition) eachTotalLead(s *source, pl *plan, pipe string) bool {
	glob := "*/"
	if dir := c.folderOperand(); dir != "" {
		glob = strings.TrimRight(dir, "/") + "/*/"
	}
	p, ok := itemWhere(s, optionNamed("-s"))
	if !ok {
		return false
	}
	h, ok := itemWhere(s, optionNamed("-h"))
	if !ok {
		return false
	}
	pl.leadWith(p, "du -sh "+glob+pipe, "")
	pl.runs(h)
	pl.desc = lettersSaid([]passage{p, h})
	pl.whole = true
	return true
}

// depthOrNone is a question that asks for the depth du totals at ("one
// level deep", du's -d 1, which leads as the option asked) or not for
// each folder ("the total of a folder only, not each subfolder").
var depthOrNone = lazyre.New(`(?i)\blevels?\b|\bdepth\b|\bdeep\b|\bnot\s+(?:for\s+)?(?:each|every)\b`)

// bySizeLead makes the first step du's total of each folder, sorted by
// size, where the question orders folders by their size
// (analyse.FoldersBySize) and the first page is du(1): `du -sh /var/*/ |
// sort -h` (-rh for the biggest first), citing du's -s and -h and
// sort's -h. ls's -S sorts a folder's entries by their own size, which
// for a folder is that of its list of names.
func (c *composition) bySizeLead(s *source, pl *plan) bool {
	ok, biggest := analyse.FoldersBySize(c.text)
	if !ok || typedName(s.doc, s.hit.Meta.Title) != "du" {
		return false
	}
	sorted, ok := c.itemOf("sort", optionNamed("-h"))
	if !ok {
		return false
	}
	order := " | sort -h"
	if biggest {
		order = " | sort -rh"
	}
	if !c.eachTotalLead(s, pl, order) {
		return false
	}
	pl.also = &sorted
	pl.whole = true
	return true
}
