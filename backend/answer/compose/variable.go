package compose

import (
	"regexp"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A shell sets, removes or extends the variable a question names with its
// builtins: "set the environment variable EDITOR to vim" is `export
// EDITOR=vim`, "remove HTTP_PROXY from the current shell" `unset
// HTTP_PROXY`, "add /opt/tools/bin to the end of PATH" `export
// PATH="$PATH:/opt/tools/bin"`; and defines the alias it names, `alias
// ll='ls -alF'`. The shell's page documents each builtin as an item
// ("export [-fn] [name[=word]] ..."), whose synopsis names no variable.

var (
	// variableNamed is a variable's name in capitals beside the word
	// variable: "the environment variable EDITOR", "the PATH variable"
	variableNamed = lazyre.New(`\b(?:[Vv]ariable\s+([A-Z][A-Z0-9_]*)\b|([A-Z][A-Z0-9_]*)\s+(?:environment\s+|shell\s+)?variable\b)`)
	// variableRemoved: the question removes the variable
	variableRemoved = lazyre.New(`(?i)\b(?:remove|removes|removing|unset|unsets|unsetting|delete|deletes|deleting|clear|clears|drop|get\s+rid\s+of)\b`)
	// variableValue is the value the question sets a variable to, after
	// its name: "EDITOR to vim", "LANG=C.UTF-8"
	variableValue = lazyre.New(`^\s*(?:(?:environment\s+|shell\s+)?variable\s+)?(?:to\s+(?:the\s+value\s+)?|=\s*|as\s+)("[^"]*"|'[^']*'|[^\s"',;]+)`)
	// pathFront: the question puts the folder ahead of the others
	pathFront = lazyre.New(`(?i)\b(?:beginning|front|start|prepend\w*|before|first)\b`)
	// exportItem, unsetItem and aliasItem are the builtins' items
	exportItem = lazyre.New(`^export\s+\[`)
	unsetItem  = lazyre.New(`^unset\s+\[`)
	aliasItem  = lazyre.New(`^alias\s+\[`)
	// aliasDefined is an alias's name and the command it runs: "an
	// alias named ll that runs ls -alF", "an alias gs for git status"
	aliasDefined = lazyre.New(`(?i)\balias\s+(?:named\s+|called\s+)?["']?([A-Za-z0-9_.-]+)["']?\s+(?:that\s+(?:runs|executes|does|means)|which\s+(?:runs|executes)|to\s+run|for|=|as)\s+(.+?)\s*(?:[.?!]\s*)?$`)
)

// variableLead makes the first step the shell builtin's line that sets,
// removes or extends the variable the question names, where page s
// documents the builtin.
func (c *composition) variableLead(s *source, pl *plan) bool {
	name, end := namedVariable(c.text)
	if name == "" {
		return c.aliasLead(s, pl)
	}
	item := func(re func() *regexp.Regexp) (passage, bool) {
		return itemWhere(s, func(p passage) bool { return re().MatchString(p.block.Term) })
	}
	var lead passage
	var line string
	dirAt := slices.IndexFunc(c.ops, func(op operand) bool { return op.kind == analyse.ArgPath })
	switch {
	case variableRemoved().MatchString(c.text) && dirAt >= 0 && strings.HasSuffix(name, "PATH"):
		// a folder taken out of a search path: unset would empty
		// the whole path ("remove /usr/games from PATH")
		return false
	case variableRemoved().MatchString(c.text):
		p, ok := item(unsetItem)
		if !ok {
			return false
		}
		lead, line = p, "unset "+name
	case strings.HasSuffix(name, "PATH") && dirAt >= 0:
		p, ok := item(exportItem)
		if !ok {
			return false
		}
		// in double quotes ~ is no home: "$HOME/bin"
		dir := c.ops[dirAt].text
		if rest, ok := strings.CutPrefix(dir, "~/"); ok || dir == "~" {
			dir = strings.TrimSuffix("$HOME/"+rest, "/")
		}
		value := "$" + name + ":" + dir
		if pathFront().MatchString(c.text) {
			value = dir + ":$" + name
		}
		lead, line = p, "export "+name+`="`+value+`"`
	default:
		m := variableValue().FindStringSubmatch(c.text[end:])
		if m == nil {
			return false
		}
		p, ok := item(exportItem)
		if !ok {
			return false
		}
		lead, line = p, "export "+name+"="+shellValue(m[1])
	}
	pl.leadWith(lead, line, itemDoes(lead.block.Text))
	return true
}

// aliasLead makes the first step the shell builtin's line that defines
// the alias the question names, for the command it gives: `alias
// ll='ls -alF'`.
func (c *composition) aliasLead(s *source, pl *plan) bool {
	m := aliasDefined().FindStringSubmatch(c.text)
	if m == nil {
		return false
	}
	p, ok := itemWhere(s, func(p passage) bool { return aliasItem().MatchString(p.block.Term) })
	if !ok {
		return false
	}
	run := strings.Trim(m[2], "\"'`“”")
	if run == "" {
		return false
	}
	pl.leadWith(p, "alias "+m[1]+"="+shellQuote(run), sentenceSaying(p.block.Text, aliasDefines))
	return true
}

// aliasDefines is what the alias builtin's item says of defining one
// (bash's "an alias is defined for each name whose value is given"),
// where its first sentence says how it lists them.
var aliasDefines = lazyre.New(`(?i)\bdefine[sd]?\b`)

// sentenceSaying is the first sentence of an item's text that re finds,
// or its first sentence where none.
func sentenceSaying(text string, re func() *regexp.Regexp) string {
	for rest := text; rest != ""; {
		var first string
		first, rest = nextSentence(rest)
		if first == "" {
			break
		}
		if re().MatchString(first) {
			return strings.TrimSuffix(strings.TrimSpace(first), ".")
		}
	}
	return itemDoes(text)
}

// namedVariable is the name of the variable question q names beside the
// word variable, and where the words that name it end in q; "" for none.
func namedVariable(q string) (name string, end int) {
	m := variableNamed().FindStringSubmatchIndex(q)
	if m == nil {
		// or a search path named alone: "add /opt/bin to my PATH"
		if v := analyse.PathVariable(q); v != "" {
			return v, strings.Index(q, v) + len(v)
		}
		return "", 0
	}
	for g := 2; g+1 < len(m); g += 2 {
		if m[g] >= 0 {
			name = q[m[g]:m[g+1]]
		}
	}
	return name, m[1]
}

// shellValue is a value as a shell assignment takes it: quoted as typed,
// a bare word as it is, and one that holds what the shell reads apart
// quoted.
func shellValue(v string) string {
	if strings.HasPrefix(v, `"`) || strings.HasPrefix(v, "'") {
		return v
	}
	v = strings.TrimRight(v, ".")
	if strings.ContainsAny(v, "$`\\!*?[]{}()<>|&;~#") {
		return shellQuote(v)
	}
	return v
}
