package compose

import (
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// accountsLead makes the first step getent's line for the database of
// the accounts a question lists or asks after (analyse.AsksAccounts):
// "which groups exist" is `getent group`, "whether the user bob exists"
// `getent passwd bob`, cited to the database's item ("When no key is
// provided, use setgrent(3)... to enumerate the group database"), where
// the synopsis left both to the reader as `getent database key...`.
func (c *composition) accountsLead(s *source, pl *plan) bool {
	if !analyse.AsksAccounts(c.text) || typedName(s.doc, s.hit.Meta.Title) != "getent" {
		return false
	}
	db := "passwd"
	if groupsAsked().MatchString(c.text) {
		db = "group"
	}
	p, ok := itemWhere(s, func(p passage) bool { return p.block.Term == db })
	if !ok {
		return false
	}
	line := "getent " + db
	for _, a := range c.args {
		if a.Kind == analyse.ArgUser || a.Kind == analyse.ArgGroup || a.Kind == analyse.ArgName {
			line += " " + shellQuote(a.Text)
			break
		}
	}
	pl.leadWith(p, line, itemDoes(p.block.Text))
	return true
}

var groupsAsked = lazyre.New(`(?i)\bgroups?\b`)
