package compose

import (
	"slices"

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
		if len(optionNames(p.block.Term)) > 0 && colonPort().MatchString(p.block.Text) {
			return p, c.ops[i].text, true
		}
	}
	return passage{}, "", false
}

// portLine is the command line that runs option item p with the
// question's port after a colon, where p is the page's portOption.
func (c *composition) portLine(s *source, p passage) (string, bool) {
	q, port, ok := c.portOption(s)
	if !ok || !q.same(p) {
		return "", false
	}
	return typedName(s.doc, s.hit.Meta.Title) + " " + optionNames(p.block.Term)[0] + " :" + port, true
}

// portLeads says whether option item p takes the question's port (see
// portOption), which keeps it the lead.
func (c *composition) portLeads(s *source, p passage) bool {
	_, ok := c.portLine(s, p)
	return ok
}
