package compose

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// An option whose address takes a port after a colon (lsof's -i,
// "[46][protocol][@hostname|hostaddr][:service|port]") is how a page
// finds what uses the port a question gives: "find the process that has
// port 5432 open" is `lsof -i :5432`. Its placeholder ("i") says nothing
// of ports, and other people run lsof without options more often than
// with -i, so neither the items' words nor the option model chose it
// ("+|-M: Enables (+) or disables (-) the reporting of portmapper
// registrations" led).

// colonPort is an item's address syntax with a port after a colon.
var colonPort = lazyre.New(`\[:(?:service\|)?port\]`)

// portOption is the option item of page s whose address takes a port
// after a colon, and the question's port, where the question gives one.
func (c *composition) portOption(s *source) (passage, string, bool) {
	i := slices.IndexFunc(c.ops, func(op operand) bool { return op.kind == analyse.ArgPort })
	if i < 0 {
		return passage{}, "", false
	}
	for p := range ownItems(s.doc) {
		if len(optionNames(p.block.Term)) > 0 && (colonPort().MatchString(p.block.Text) || slashPort().MatchString(p.block.Text)) {
			return p, c.ops[i].text, true
		}
	}
	return passage{}, "", false
}

// slashPort is an item's shortcut of a port and its protocol's name
// space, fuser's -n: "the shortcut notation name/space (e.g., 80/tcp)
// can be used".
var slashPort = lazyre.New(`(?i)\bname/space\b.*\b\d+/tcp\b`)

// portLine is the command line that runs option item p with the
// question's port, where p is the page's portOption, and the options
// joined to it (others: `fuser -k 3000/tcp`).
func (c *composition) portLine(s *source, p passage, others []string) (string, bool) {
	q, port, ok := c.portOption(s)
	if !ok || !q.same(p) {
		return "", false
	}
	line := append([]string{typedName(s.doc, s.hit.Meta.Title)}, others...)
	if !colonPort().MatchString(p.block.Text) {
		// the port in its protocol's name space, as the item's shortcut
		// writes it: `fuser 8080/tcp`
		proto := "tcp"
		if c.asks("udp") {
			proto = "udp"
		}
		return strings.Join(append(line, port+"/"+proto), " "), true
	}
	return strings.Join(append(line, optionNames(p.block.Term)[0], ":"+port), " "), true
}

// portLeads says whether option item p takes the question's port (see
// portOption), which keeps it the lead.
func (c *composition) portLeads(s *source, p passage) bool {
	_, ok := c.portLine(s, p, nil)
	return ok
}

// joinedOptions are the options joined to the lead of pl, by their
// first names.
func joinedOptions(pl *plan) []string {
	var names []string
	for _, i := range pl.joined {
		if n := optionNames(pl.chosen[i].block.Term); len(n) > 0 && !slices.Contains(names, n[0]) {
			names = append(names, n[0])
		}
	}
	return names
}
