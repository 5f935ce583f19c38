package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A command that takes no file of its own, as find takes none but
// starting points, is told the files the question names by their name:
// its option that tests a file's name (find's "-name pattern") takes
// the glob or the file name the question gives, quoted as the shell
// must leave it: `find /var -name '*.log'` for "find all .log files
// under /var", which led with -mtime's unfilled n.

// nameTest says whether an option item's term is the test of a file's
// name: an option named -name (or --name) whose value is a pattern.
func nameTest(term string) bool {
	return slices.ContainsFunc(optionNames(term), func(n string) bool { return n == "-name" || n == "--name" }) && patternTest(term)
}

// patternTest says whether an option item's term tests a file's name or
// path against a pattern, as find's -name, -iname, -path and -wholename
// do: a single-dash word for its name, and a pattern for its value.
func patternTest(term string) bool {
	return slices.ContainsFunc(optionNames(term), func(n string) bool { return patternTestName().MatchString(n) }) &&
		slices.ContainsFunc(termArgs(term), func(t termArg) bool { return strings.Contains(slotName(t.arg), "pattern") })
}

var patternTestName = lazyre.New(`^(?:-i?(?:name|path|wholename|lname)|--name)$`)

// nameGiven is the glob or file name the question gives of the files to
// work on, where the first page's command takes no file of its own (its
// synopsis has no place for one): what its name test takes.
func (c *composition) nameGiven(s *source) (operand, bool) {
	if !answer.ProgramPage(s.hit.Meta) {
		return operand{}, false
	}
	// a glob, or a file the question says is named so, or folders
	// ("the directories named node_modules"): not "more recently than
	// reference.txt", which -newer compares with. Of the files apart
	// from their folders: "all .log files under /var" names *.log, and
	// looks in /var.
	i := slices.IndexFunc(c.apart, func(op operand) bool {
		return (op.kind == analyse.ArgGlob || op.kind == analyse.ArgFile && op.named || op.kind == analyse.ArgFolder && op.named && op.many) &&
			!op.to && !strings.Contains(op.text, "/")
	})
	if i < 0 || synopsisTakes(document.PlainForm(s.doc), []analyse.ArgKind{analyse.ArgFile, analyse.ArgGlob}) {
		return operand{}, false
	}
	return c.apart[i], true
}

// nameLeads says whether option item p is the name test that takes the
// name the question gives (nameGiven).
func (c *composition) nameLeads(s *source, p passage) bool {
	_, ok := c.nameGiven(s)
	return ok && nameTest(p.term())
}

// nameItem is the first page's name test (nameTest), out of its asides.
func (c *composition) nameItem(s *source) (passage, bool) {
	for p := range ownItems(s.doc) {
		if nameTest(p.block.Term) {
			return p, true
		}
	}
	return passage{}, false
}

// nameFirst puts the name test first where the question gives a name
// for it (nameGiven) and the chosen lead is an example, or another test
// that takes no value the question gives (find's -mtime with no time
// given, or -L); not a test of names already (-iname), nor an action
// (-exec, of find's ACTIONS), which takes the name test into its line
// (withName).
func (c *composition) nameFirst(s *source, chosen []passage) []passage {
	if _, ok := c.nameGiven(s); !ok {
		return chosen
	}
	p, ok := c.nameItem(s)
	if !ok {
		return chosen
	}
	if len(chosen) > 0 && c.optionItem(s, chosen[0]) &&
		(patternTest(chosen[0].term()) || c.takesArg(chosen[0].term()) || actionItem(chosen[0])) {
		return chosen
	}
	return putFirst(chosen, p)
}

// withName writes the name test, with the name the question gives, into
// the line of a lead that tests something else: "find *.tmp files older
// than 30 days in /tmp" is `find /tmp -mtime +30 -name '*.tmp'`. What it
// does joins the lead's description; it is chosen, and no step of its
// own.
func (c *composition) withName(s *source, pl *plan) {
	op, ok := c.nameGiven(s)
	if !ok || patternTest(pl.chosen[0].term()) {
		return
	}
	p, ok := c.nameItem(s)
	if !ok {
		return
	}
	cmd, sub := c.optionCommand(s, pl.chosen[0])
	if sub {
		return
	}
	filled, n := fill(cmd+" "+optionForm(strings.TrimSpace(p.term())), cmd, []operand{op}, s.valued())
	opt := strings.Fields(strings.TrimPrefix(filled, cmd+" "))
	words := strings.Fields(pl.line)
	if n == 0 || len(opt) < 2 || slices.Contains(words, opt[0]) || slices.Contains(words, opt[1]) {
		return
	}
	// before the lead's option: a test goes ahead of the action that
	// works on what it lets through ("find . -name '*.txt' -exec ...")
	names := optionNames(pl.chosen[0].term())
	at := slices.IndexFunc(words, func(w string) bool {
		n, _, _ := strings.Cut(w, "=")
		return slices.Contains(names, n)
	})
	if at < len(strings.Fields(cmd)) {
		at = afterOption(words, optionForm(strings.TrimSpace(pl.chosen[0].block.Term)), len(strings.Fields(cmd)))
	}
	pl.line = joinAt(words, at, opt...)
	pl.runs(p)
}

// withDelete ends the lead's line with the action that deletes what the
// line selects, where the question asks to delete and the lead selects
// (one of the page's TESTS): "delete the .tmp files under /tmp/build older
// than 7 days" is `find /tmp/build -name '*.tmp' -mtime +7 -delete`, not
// a list of files for the user to remove by hand. The action is an item
// of the page's ACTIONS that takes no value and whose first sentence
// says it deletes.
func (c *composition) withDelete(s *source, pl *plan) {
	if !c.lossAsked || !c.deleteAsked() || !testItem(pl.chosen[0]) || !answer.ProgramPage(s.hit.Meta) {
		return
	}
	cmd, sub := c.optionCommand(s, pl.chosen[0])
	if sub {
		return
	}
	for p := range ownItems(s.doc) {
		names := optionNames(p.block.Term)
		if !actionItem(p) || len(names) == 0 || optionArg(p.block.Term) != "" {
			continue
		}
		first := firstSentence(p.block.Text)
		if !saysDestroys(first) || answer.Negates(first) {
			continue
		}
		words := strings.Fields(pl.line)
		if len(words) <= len(strings.Fields(cmd)) || slices.Contains(words, names[0]) {
			return
		}
		pl.line += " " + names[0]
		pl.runs(p)
		return
	}
}

// actionItem says whether a passage is an item of a page's ACTIONS
// (find's -exec, -delete, -print): what is done with what the tests
// before it let through.
func actionItem(p passage) bool { return strings.Contains(strings.ToUpper(p.title), "ACTION") }

// testItem says whether a passage is an item of a page's TESTS (find's
// -name, -mtime): what selects the files the actions work on.
func testItem(p passage) bool { return strings.Contains(strings.ToUpper(p.title), "TEST") }

// deleteAsked says whether the question tells to delete: a word of
// deleting it says in the active voice ("delete them", "remove the old
// files"), not of what was done ("where a function was removed").
func (c *composition) deleteAsked() bool {
	for i, w := range c.seq {
		if destroys().MatchString(w) && (i == 0 || !passiveBefore[c.seq[i-1]]) {
			return true
		}
	}
	return false
}

var passiveBefore = map[string]bool{"was": true, "were": true, "been": true, "be": true, "is": true, "are": true, "got": true, "get": true, "gets": true, "being": true}

// parentsItem is the first page's option that makes the parent folders
// of a folder it makes as needed (mkdir's -p), where the question gives
// a folder nested in others ("reports/2024/01", "/srv/www/site"), which
// the command without it makes only where they exist.
func (c *composition) parentsItem(s *source) (passage, bool) {
	if !slices.ContainsFunc(c.ops, func(op operand) bool {
		return (op.kind == analyse.ArgFolder || op.kind == analyse.ArgPath) && nested(op.text)
	}) {
		return passage{}, false
	}
	for p := range ownItems(s.doc) {
		if len(optionNames(p.block.Term)) > 0 && optionArg(p.block.Term) == "" && makesParents().MatchString(itemSentence(p.block.Text)) {
			return p, true
		}
	}
	return passage{}, false
}

// makesParents is an item that says its option makes parent folders:
// mkdir's "no error if existing, make parent directories as needed".
var makesParents = lazyre.New(`(?i)\b(?:make|makes|create|creates)\s+(?:any\s+|missing\s+)?parent\s+director`)

// nested says whether a path has a folder above its last part, besides
// the root or the home folder: "a/b", "/srv/www"; not "build", "/srv".
func nested(path string) bool {
	p := strings.Trim(strings.TrimPrefix(strings.TrimPrefix(path, "~"), "."), "/")
	return strings.Contains(p, "/")
}

// parentsFirst puts first the option that makes parent folders
// (parentsItem), where the chosen lead is no option of the question's
// own.
func (c *composition) parentsFirst(s *source, chosen []passage) []passage {
	p, ok := c.parentsItem(s)
	if !ok || len(chosen) > 0 && c.optionItem(s, chosen[0]) && c.takesArg(chosen[0].term()) {
		return chosen
	}
	return putFirst(chosen, p)
}

// parentsLeads says whether option item p is the one that makes the
// parent folders of the nested folder the question gives.
func (c *composition) parentsLeads(s *source, p passage) bool {
	o, ok := c.parentsItem(s)
	return ok && o.same(p)
}
