package analyse

import (
	"strconv"
	"strings"
	"unicode"
)

// A question about permissions says in words what chmod's MODE says in
// letters: "give the group write access" is g+w, "remove write permission
// for others" o-w, "the owner can read, write and execute it, the group
// and everyone else only read and execute it" 755. PermissionMode reads
// it, so that the first step types the mode the question asks for, where
// it typed chmod's --reference=RFILE, the one form of its synopsis that
// takes no MODE.

// modeWho are the words that name whom a permission is for.
var modeWho = map[string]string{
	"owner": "u", "owners": "u", "owner's": "u", "me": "u", "myself": "u", "user": "u",
	"group": "g", "groups": "g", "group's": "g",
	"others": "o", "other": "o", "world": "o", "world's": "o", "others'": "o",
	"everyone": "a", "everybody": "a", "anyone": "a", "anybody": "a", "all": "a",
}

// modePerm are the words that name a permission.
var modePerm = map[string]byte{
	"read": 'r', "reads": 'r', "reading": 'r', "readable": 'r',
	"write": 'w', "writes": 'w', "writing": 'w', "writable": 'w', "writeable": 'w', "written": 'w',
	"execute": 'x', "executes": 'x', "executing": 'x', "executable": 'x', "executed": 'x', "exec": 'x',
	"run": 'x', "runs": 'x', "running": 'x', "runnable": 'x',
}

// runWord are the permission words that are also what a question asks
// to do ("run the script"): a permission only after a word that makes
// them one ("permission to run", "can run").
var runWord = map[string]bool{"run": true, "runs": true, "running": true, "execute": true, "read": true, "write": true}

// afterModal are the words after which a verb names a permission.
var afterModal = map[string]bool{
	"to": true, "can": true, "may": true, "and": true, "or": true, ",": true, "only": true, "just": true,
	"cannot": true, "can't": true, "not": true, "should": true, "must": true, "be": true,
}

// permNoun are the words after which a verb names a permission: "read
// access", "write permission", "read and write".
var permNoun = map[string]bool{
	"access": true, "permission": true, "permissions": true, "rights": true, "right": true, "bit": true,
	"bits": true, "privilege": true, "privileges": true, "and": true, "or": true, ",": true,
}

// modeTake are the verbs that take a permission away.
var modeTake = map[string]bool{
	"remove": true, "removes": true, "removing": true, "revoke": true, "revoking": true, "deny": true,
	"take": true, "taking": true, "drop": true, "strip": true, "disallow": true, "withdraw": true,
	"clear": true, "unset": true, "cannot": true, "can't": true,
}

// modeGive are the verbs that give one.
var modeGive = map[string]bool{
	"give": true, "gives": true, "giving": true, "grant": true, "grants": true, "granting": true,
	"add": true, "adding": true, "allow": true, "allows": true, "let": true, "enable": true, "make": true,
}

// modeContext are the words that make a question one about permissions:
// without one, "read a file" or "run a script as another user" asks
// for no mode.
var modeContext = map[string]bool{
	"permission": true, "permissions": true, "access": true, "rights": true, "right": true, "mode": true,
	"chmod": true, "executable": true, "readable": true, "writable": true, "writeable": true, "runnable": true,
}

// modeClause is what one clause of the question says: for whom, which
// permissions, and how ('+', '-', or '=' for "only").
type modeClause struct {
	who   string
	perms string
	op    byte
	// can: said as what the people can do ("the owner can read"), which
	// a full description of the mode is made of
	can bool
	// only: "only the owner", the rest have none of it
	only bool
	// none: "no access for anyone else", "nobody else": none at all
	none bool
}

// PermissionMode is the mode a question about permissions asks a file to
// have, as chmod takes it ("u+x", "go-w", "a+r", "755"), or "" when it
// asks for none or the words do not say it clearly.
func PermissionMode(q string) string {
	words := modeWords(q)
	if madeReadOnly().MatchString(q) {
		return readOnlyMode(words)
	}
	// a word of permissions, or a class of people, a permission and a
	// verb that gives or takes it ("allow the owner to execute it")
	context, class, perm, verb := false, false, false, false
	for _, w := range words {
		context = context || modeContext[w]
		class = class || modeWho[w] != "" && w != "user" && w != "all" && w != "me" && w != "myself"
		perm = perm || modePerm[w] != 0
		verb = verb || modeGive[w] || modeTake[w] || w == "can" || w == "may" || w == "must" || w == "should" || w == "allowed" || w == "able"
	}
	if !context && !(class && perm && verb) {
		return ""
	}
	var clauses []modeClause
	cur := modeClause{}
	seenPerm := false
	exclude := false // "but not to others", "except the group": the next class is left out
	named := ""      // the classes earlier clauses named
	flush := func() {
		named += cur.who
		if cur.perms != "" || cur.none && cur.who != "" {
			clauses = append(clauses, cur)
		}
		cur = modeClause{}
		seenPerm = false
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		next := ""
		if i+1 < len(words) {
			next = words[i+1]
		}
		switch {
		case w == "," || w == ";" || w == "." || w == "but" || w == "while" || w == "whereas" || w == "and":
			// a new clause where a new subject starts
			if seenPerm && startsClause(words[i+1:]) {
				flush()
			}
		case w == "only" || w == "just":
			// "only the owner", and "readable by its owner only" (who
			// may read it says all of the mode; "executable by the
			// owner only" keeps what the owner and the others read)
			if startsWho(words[i+1:]) || i > 0 && modeWho[words[i-1]] != "" && cur.who != "" && strings.Contains(cur.perms, "r") {
				cur.only = true
			} else {
				cur.op = '='
			}
		case w == "can" || w == "may" || w == "should" || w == "must" || w == "able":
			cur.can = true
		case w == "nobody" || w == "noone" || w == "no-one":
			// "nobody else": the others have none
			if next == "else" {
				clauses = append(clauses, modeClause{who: others(named + cur.who), none: true})
			}
		case w == "not" || w == "except" || w == "excluding":
			exclude = true
		case w == "no" || w == "nothing":
			// "no permissions at all for anyone else"
			if permNoun[next] || w == "nothing" {
				cur.none = true
			}
		case modeWho[w] != "":
			who := modeWho[w]
			if (w == "other" || w == "all") && !peopleNoun(next) || w == "all" && i > 0 && words[i-1] == "at" {
				continue // "other files", "all files", "at all"
			}
			if w == "user" && next != "" && !strings.ContainsAny(next[:1], ",.;") && modePerm[next] == 0 && next != "and" && next != "can" {
				continue // "user bob": a user's name, not the owner
			}
			if (w == "everyone" || w == "everybody" || w == "anyone" || w == "anybody") && next == "else" {
				cur.who += others(named + cur.who)
				continue
			}
			if exclude {
				exclude = false
				continue
			}
			if !strings.Contains(cur.who, who) {
				cur.who += who
			}
		case modePerm[w] != 0:
			if runWord[w] && (i == 0 || !afterModal[words[i-1]] && !peopleNoun(words[i-1]) && modeWho[words[i-1]] == "") && !permNoun[next] {
				continue // "run the script with ...": the task, not a permission
			}
			exclude = false
			p := string(modePerm[w])
			if !strings.Contains(cur.perms, p) {
				cur.perms += p
			}
			seenPerm = true
		case modeTake[w]:
			cur.op = '-'
		case modeGive[w]:
			if cur.op == 0 {
				cur.op = '+'
			}
		}
	}
	flush()
	return modeOf(clauses)
}

// others are the classes not among named, everyone the question has not
// named yet ("everyone else"): the others at least.
func others(named string) string {
	who := ""
	for _, c := range "ugo" {
		if !strings.ContainsRune(named, c) {
			who += string(c)
		}
	}
	if who == "" {
		return "o"
	}
	return who
}

// peopleNoun: "other users", "all users", "others" alone.
func peopleNoun(w string) bool {
	switch w {
	case "users", "people", "accounts", "user", "",
		",", ";", ".", "and", "can", "may", "should", "must", "to", "from", "for", "else":
		return true
	}
	return modePerm[w] != 0
}

// startsClause says whether words start a clause of their own: whom a
// permission is for, then what they can do ("the group and others can
// read it"), where "from the group and others" ends the clause before.
func startsClause(words []string) bool {
	if len(words) > 1 && words[0] == "no" && permNoun[words[1]] {
		return true // "..., and no access for anyone else"
	}
	if !startsWho(words) {
		return false
	}
	for _, w := range words {
		switch {
		case modeWho[w] != "", w == "the", w == "its", w == "their", w == "and", w == ",", w == "else",
			w == "users", w == "people", w == "nobody", w == "only", w == "just":
			continue
		}
		switch w {
		case "can", "may", "should", "must", "get", "gets", "has", "have", "is", "are", "will", "cannot", "can't":
			return true
		}
		return modePerm[w] != 0
	}
	return false
}

// startsWho says whether words start with whom a permission is for,
// after an article: "the group and others can ...".
func startsWho(words []string) bool {
	for _, w := range words {
		switch w {
		case "the", "its", "their", "a", "all", "any", "only", "just", "then", "that":
			if w == "all" && len(words) > 1 && peopleNoun(words[1]) {
				return true
			}
			continue
		}
		return modeWho[w] != "" || w == "nobody"
	}
	return false
}

// modeOf writes the clauses as one mode.
func modeOf(clauses []modeClause) string {
	if len(clauses) == 0 {
		return ""
	}
	// Said as what each class can do, two clauses or more, or one that
	// says only they can: the mode in full.
	cans := 0
	full := false
	for _, c := range clauses {
		if c.can && c.op != '-' && c.who != "" {
			cans++
		}
		if c.only || c.none {
			full = true
		}
	}
	if cans >= 2 || full {
		set := map[byte]string{}
		for _, c := range clauses {
			if c.op == '-' {
				return "" // a full description that takes away too: unclear
			}
			who := c.who
			if who == "" || strings.Contains(who, "a") {
				who = "ugo"
			}
			perms := c.perms
			if c.none {
				perms = ""
			}
			for i := range len(who) {
				set[who[i]] = mergePerms(set[who[i]], perms)
			}
			if c.only {
				for _, o := range []byte("ugo") {
					if !strings.Contains(who, string(o)) {
						if _, ok := set[o]; !ok {
							set[o] = ""
						}
					}
				}
			}
		}
		if len(set) == 3 {
			return octal(set['u']) + octal(set['g']) + octal(set['o'])
		}
	}
	var parts []string
	for _, c := range clauses {
		op := c.op
		if c.none {
			op, c.perms = '=', ""
		}
		if op == 0 || op == '=' && !c.can {
			op = '+'
		}
		who := c.who
		if len(who) == 3 {
			who = "a"
		}
		parts = append(parts, who+string(op)+c.perms)
	}
	return strings.Join(parts, ",")
}

// mergePerms joins two sets of permission letters in rwx order.
func mergePerms(a, b string) string {
	out := ""
	for _, p := range "rwx" {
		if strings.ContainsRune(a, p) || strings.ContainsRune(b, p) {
			out += string(p)
		}
	}
	return out
}

// octal is the digit of a set of permission letters.
func octal(perms string) string {
	n := 0
	for _, p := range perms {
		n |= map[rune]int{'r': 4, 'w': 2, 'x': 1}[p]
	}
	return strconv.Itoa(n)
}

// modeWords are the question's words in lower case, with ",", ";" and "."
// as words of their own: where a clause may end.
func modeWords(q string) []string {
	var out []string
	var b strings.Builder
	end := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	rs := []rune(strings.ToLower(q))
	for i, r := range rs {
		// a full stop ends a clause; inside a name ("deploy.sh") it
		// is the name's
		inName := r == '.' && i+1 < len(rs) && !unicode.IsSpace(rs[i+1])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '-' || inName:
			b.WriteRune(r)
		case r == ',' || r == ';' || r == '.':
			end()
			out = append(out, string(r))
		default:
			end()
		}
	}
	end()
	return out
}

// readOnlyMode is the mode of a file made read-only (madeReadOnly) for
// the classes of people words name, everyone where they name none: "make
// notes.txt read-only for the group" is g-w, "make it read-only" a-w.
// A disk mounted read-only has no mode.
func readOnlyMode(words []string) string {
	who := ""
	for _, w := range words {
		if c := modeWho[w]; c != "" && w != "user" && w != "me" && w != "myself" && !strings.Contains(who, c) {
			who += c
		}
	}
	if who == "" || strings.Contains(who, "a") {
		who = "a"
	}
	return who + "-w"
}
