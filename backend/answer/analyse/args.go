package analyse

import (
	"regexp"
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/backend/thesaurus"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question is a task, its arguments and its framing: "What is the bash
// command to copy notes.txt from folder a to folder b?" asks to copy a
// file into a folder; notes.txt, a and b are what to type, and "What is
// the bash command to" is how the asker frames every question. The task
// is what ranks pages; an argument's kind is a signal (a *.py is a file,
// "a to b" a move or a copy) and its text is what the first step types,
// never a topic word (report.pdf is no question about PDF).

// ArgKind is what an argument of the task is.
type ArgKind int

const (
	ArgFile     ArgKind = iota // notes.txt, deploy.sh
	ArgGlob                    // *.log, *.py
	ArgPath                    // /var/log, ~/Downloads, docs/old
	ArgFolder                  // "folder build", "directory named logs"
	ArgUser                    // "user alice"
	ArgGroup                   // "group called staff"
	ArgName                    // "named x", "called x" of anything else
	ArgSize                    // 100 MB, 2G
	ArgDuration                // 7 days, 30 minutes
	ArgMode                    // 644, u+x
	ArgNumber                  // 10 (lines, times)
	ArgQuoted                  // "hello world", 'TODO'
	ArgURL                     // https://example.com/file.tar.gz
	ArgHost                    // example.com, 192.168.1.10, user@host
	ArgPort                    // port 8080
)

var argKindNames = [...]string{"file", "glob", "path", "folder", "user", "group", "name", "size", "duration",
	"mode", "number", "quoted", "url", "host", "port"}

func (k ArgKind) String() string { return argKindNames[k] }

// Arg is one argument of the task: what it is, and its text as typed.
type Arg struct {
	Kind ArgKind
	Text string
}

// argPattern finds arguments of one kind: the text is the pattern's
// first group, or the whole match without one.
type argPattern struct {
	kind ArgKind
	re   func() *regexp.Regexp
}

// argPatterns are tried in order; a span another pattern took first is
// not read again (a URL's host, a path's file name).
var argPatterns = []argPattern{
	{ArgQuoted, lazyre.New("\"([^\"\\n]{1,200})\"|“([^”\\n]{1,200})”|`([^`\\n]{1,200})`|(?:^|\\s)'([^'\\n]{1,200})'(?:\\s|[.,;:?!]|$)")},
	{ArgURL, lazyre.New(`\b(?:https?|ftp|sftp|ssh|git|rsync)://[^\s"'<>]+[^\s"'<>.,;:?!)]`)},
	{ArgHost, lazyre.New(`\b[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+\b`)},
	{ArgHost, lazyre.New(`\b(?:\d{1,3}\.){3}\d{1,3}\b`)},
	{ArgGlob, lazyre.New(`(?:^|\s)([^\s"'*]*\*[^\s"',;:?!)]*)`)},
	{ArgPath, lazyre.New(`(?:^|[\s(])((?:~|\.{1,2})?/[^\s"',;:?!()]*[^\s"',;:?!().]|~|(?:[A-Za-z0-9_.-]+/)+[A-Za-z0-9_.-]*[A-Za-z0-9_-])`)},
	{ArgSize, lazyre.New(`(?i)\b(\d+(?:\.\d+)?\s?(?:[kmgtp]i?b|[kmgtp]|bytes?|kilobytes?|megabytes?|gigabytes?|terabytes?))\b`)},
	{ArgDuration, lazyre.New(`(?i)\b(\d+\s?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?))\b`)},
	{ArgPort, lazyre.New(`(?i)\bports?\s+(\d{1,5})\b`)},
	{ArgMode, lazyre.New(`(?:^|\s)([ugoa]*[+=-][rwxXst]+)(?:\s|[,;:?!]|\.(?:\s|$)|$)`)},
	{ArgMode, lazyre.New(`(?i)\b(?:permissions?|mode|chmod|umask|access|perms)\b.{0,40}?(?:^|\s)([0-7]{3,4})(?:\s|[,;:?!]|\.(?:\s|$)|$)`)},
	{ArgHost, lazyre.New(`(?i)\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|edu|gov|local|lan|internal|example|test|info|co|uk|de)\b`)},
	{ArgFile, lazyre.New(`(?:^|[\s(])(\.?[A-Za-z0-9_-][A-Za-z0-9_.+-]*\.[A-Za-z][A-Za-z0-9]{0,7}|\.[A-Za-z0-9_][A-Za-z0-9_.-]*)(?:\s|[,;:?!)]|\.(?:\s|$)|$)`)},
	{ArgNumber, lazyre.New(`(?:^|\s)(\d+)(?:\s|[,;?!]|:(?:\s|$)|\.(?:\s|$)|$)`)},
}

// nounArgRE finds a noun directly followed by a name: "user alice".
var nounArgRE = lazyre.New(`(?i)\b(users?|groups?|folders?|directory|dir|files?|branch|service|unit|package|variable|host|server|interface|device|partition)\s+(?:(?:called|named)\s+)?([A-Za-z0-9_][A-Za-z0-9_.@:+-]*)(\s+(?:to|and|or|into|in|from)\b|[,.;:?!]|\s*$)?`)

// calledRE finds a name after "called" or "named" anywhere.
var calledRE = lazyre.New(`(?i)\b(?:called|named|titled)\s+([A-Za-z0-9_][A-Za-z0-9_.@:+-]*)`)

// frameREs are the framing of other people's ways of asking: the
// question's opening and the places it says where to work. They say
// nothing of the task.
var frameREs = []func() *regexp.Regexp{
	lazyre.New(`(?i)^\s*(?:what(?:'s| is| are)|which(?: is)?|tell me|give me|show me|provide|suggest|write|type|i need|i want|please write)\s+(?:the\s+|a\s+|an\s+|one\s+)?(?:single\s+|simple\s+)?(?:bash|shell|sh|zsh|linux|unix|debian|ubuntu|terminal|cli|posix|gnu)?\s*(?:command(?:[- ]line)?|commands|one[- ]liner|script|syntax|way|utility|tool|program)(?:\s+(?:i|you|we|one)\s+(?:can|could|should|would)\s+(?:use|run|type))?(?:\s+(?:to use|used|that i can use|which i can use))?\s*(?:to|that|which|for|in order to|so as to|used to)?\b`),
	lazyre.New(`(?i)^\s*(?:bash|shell|linux|unix)\s*:\s*`),
	lazyre.New(`(?i)\b(?:in|from|inside|within)\s+(?:the\s+|this\s+|my\s+)?(?:current|present|working)\s+(?:working\s+)?(?:directory|folder|dir)\b`),
	lazyre.New(`(?i)\b(?:on|in|of|for)\s+(?:(?:this|my|our)\s+(?:linux\s+|unix\s+|debian\s+|ubuntu\s+|current\s+|local\s+)?(?:system|machine|computer|box|host|server|pc)|the\s+(?:local\s+|current\s+)?(?:system|machine|computer)(?:\s*[.,;:?!]|\s*$))`),
	lazyre.New(`(?i)\b(?:in|using|with|from|on)\s+(?:bash|the\s+shell|a\s+shell|linux|the\s+terminal|a\s+terminal|the\s+command[- ]line|the\s+cli)\b`),
}

// Reading is the question taken apart: its arguments, its framing, and
// the task that is left.
type Reading struct {
	Args    []Arg
	Framing []string
	// Task is the question with the framing removed and each argument
	// replaced by a blank: the words that say what to do.
	Task string
}

// Read takes a question apart into arguments, framing and the task.
func Read(q string) Reading {
	var r Reading
	taken := make([]bool, len(q)) // bytes that are an argument's or the framing's
	free := func(a, b int) bool {
		for i := a; i < b; i++ {
			if taken[i] {
				return false
			}
		}
		return true
	}
	take := func(a, b int) {
		for i := a; i < b; i++ {
			taken[i] = true
		}
	}
	type found struct {
		at  int
		arg Arg
	}
	var args []found
	for _, re := range frameREs {
		for _, m := range re().FindAllStringIndex(q, -1) {
			if m[1] > m[0] && free(m[0], m[1]) {
				take(m[0], m[1])
				r.Framing = append(r.Framing, strings.TrimRight(strings.TrimSpace(q[m[0]:m[1]]), ".,;:?!"))
			}
		}
	}
	add := func(kind ArgKind, a, b int) {
		if a < b && free(a, b) {
			take(a, b)
			args = append(args, found{a, Arg{Kind: kind, Text: q[a:b]}})
		}
	}
	for _, p := range argPatterns {
		for _, m := range p.re().FindAllStringSubmatchIndex(q, -1) {
			a, b := m[0], m[1]
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					a, b = m[g], m[g+1]
					break
				}
			}
			if p.kind == ArgFile && !fileLike(q[a:b]) {
				continue
			}
			if p.kind == ArgQuoted {
				// the quotes go with it, out of the task
				if free(m[0], m[1]) {
					take(m[0], m[1])
					args = append(args, found{a, Arg{Kind: p.kind, Text: q[a:b]}})
				}
				continue
			}
			add(p.kind, a, b)
		}
	}
	for _, m := range nounArgRE().FindAllStringSubmatchIndex(q, -1) {
		end := m[4] + len(strings.TrimRight(q[m[4]:m[5]], ".:"))
		name := q[m[4]:end]
		kind := nounKind(q[m[2]:m[3]])
		given := strings.Contains(strings.ToLower(q[m[3]:m[4]]), "called") || strings.Contains(strings.ToLower(q[m[3]:m[4]]), "named")
		switch {
		case len(name) == 1 && m[6] >= 0:
			// "folder a to folder b": a letter is a name only where
			// the sentence goes on as after one
		case !nameLike(name):
			continue
		case given:
		case kind == ArgFile && !fileLike(name) && !strings.ContainsAny(name, "0123456789_"):
			continue // "files below", "file ignoring"
		case (kind == ArgFolder || kind == ArgUser || kind == ArgGroup) && inflected(name):
			continue // "users logged in"
		case kind != ArgFolder && kind != ArgUser && kind != ArgGroup && plainWord(name):
			continue // "package lists", "service running"
		}
		add(kind, m[4], end)
	}
	for _, m := range calledRE().FindAllStringSubmatchIndex(q, -1) {
		end := m[2] + len(strings.TrimRight(q[m[2]:m[3]], ".:"))
		if nameLike(q[m[2]:end]) {
			add(ArgName, m[2], end)
		}
	}
	sort.SliceStable(args, func(i, j int) bool { return args[i].at < args[j].at })
	for _, f := range args {
		r.Args = append(r.Args, f.arg)
	}
	var task strings.Builder
	for i := 0; i < len(q); i++ {
		if taken[i] {
			if task.Len() > 0 && !strings.HasSuffix(task.String(), " ") {
				task.WriteByte(' ')
			}
			continue
		}
		task.WriteByte(q[i])
	}
	r.Task = strings.Join(strings.Fields(task.String()), " ")
	return r
}

// nounKind is the kind of a name given after noun.
func nounKind(noun string) ArgKind {
	n := strings.ToLower(noun)
	switch {
	case strings.HasPrefix(n, "user"):
		return ArgUser
	case strings.HasPrefix(n, "group"):
		return ArgGroup
	case strings.HasPrefix(n, "folder"), strings.HasPrefix(n, "dir"):
		return ArgFolder
	case strings.HasPrefix(n, "file"):
		return ArgFile
	case n == "host", n == "server", n == "machine":
		return ArgHost
	}
	return ArgName
}

// nameLike says whether a word after a noun is a name given, not more of
// the sentence: "user alice", not "user accounts" or "folder in".
func nameLike(w string) bool {
	lw := strings.ToLower(w)
	if terms.Stop(lw) || filler[lw] || notNames[lw] {
		return false
	}
	// a name is short and often has what words do not: a digit, an
	// underscore, a dot, a capital inside
	return len(w) <= 64
}

// notNames are words that follow a noun in a sentence without naming
// it: "user accounts", "file permissions", "folder contents".
var notNames = map[string]bool{
	"accounts": true, "account": true, "permissions": true, "permission": true, "contents": true, "content": true,
	"names": true, "name": true, "size": true, "sizes": true, "owner": true, "ownership": true, "list": true,
	"tree": true, "structure": true, "system": true, "systems": true, "type": true, "types": true, "mode": true,
	"modes": true, "info": true, "information": true, "details": true, "status": true, "usage": true, "space": true,
	"membership": true, "memberships": true, "id": true, "ids": true, "password": true, "passwords": true,
	"shell": true, "home": true, "path": true, "paths": true, "extension": true, "extensions": true, "attributes": true,
	"descriptor": true, "descriptors": true, "manager": true, "logs": true, "log": true, "files": true, "file": true,
	"folders": true, "folder": true, "directories": true, "directory": true, "groups": true, "group": true,
	"users": true, "user": true, "recursively": true, "inside": true, "within": true, "is": true, "are": true,
	"that": true, "which": true, "whose": true, "where": true, "called": true, "named": true, "and": true, "or": true,
	"exists": true, "exist": true, "matching": true, "containing": true, "larger": true, "bigger": true, "smaller": true,
	"older": true, "newer": true, "modified": true, "changed": true, "created": true, "owned": true, "was": true,
	"has": true, "have": true, "with": true, "without": true, "by": true, "to": true, "from": true, "into": true,
	"on": true, "in": true, "of": true, "for": true, "at": true, "as": true, "if": true, "when": true, "then": true,
	"name's": true, "limit": true, "limits": true, "quota": true, "quotas": true, "session": true, "sessions": true,
	"settings": true, "configuration": true, "config": true, "changes": true, "change": true, "history": true,
}

// fileLike says whether a word with a dot is a file name, not a version
// ("1.2"), an abbreviation ("e.g.") or the end of a sentence.
func fileLike(w string) bool {
	lw := strings.ToLower(w)
	if lw == "e.g" || lw == "i.e" || lw == "etc" || strings.Count(lw, ".") == 0 {
		return false
	}
	if w[0] == '.' {
		return len(w) > 1 // a dotfile: .bashrc
	}
	ext := lw[strings.LastIndexByte(lw, '.')+1:]
	return ext != "" && !(ext[0] >= '0' && ext[0] <= '9')
}

// plainWord says whether w is an English word and no more: lowercase
// letters the thesaurus knows. Names given after a noun without "called"
// seldom are ("user alice", "interface eth0", "package openssh-client").
func plainWord(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return len(thesaurus.Related(w)) > 0 || len(w) <= 3 && terms.Stop(w)
}

// inflected says whether w reads as a verb's form: "logged", "running".
func inflected(w string) bool {
	return strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing")
}
