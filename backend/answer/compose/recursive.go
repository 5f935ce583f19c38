package compose

import (
	"cmp"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// withRecursive writes into a command line that works on the folder
// the question names the page's option that descends into it, where the
// question asks for what is inside as well: "change the owner of every
// file in /srv/app to deploy" is `chown -R deploy /srv/app`, which
// without -R changes the folder alone. line runs the command (cmd); it
// is returned as it is where the question or the page gives no reason.
// does is what the option written does, for the step to say ("" where
// none is); joined is the lead's letters it ran the option into ("-p"
// of "cp -p photos /mnt", written "cp -Rp"), "" where it wrote it as a
// word of its own.
//
// A folder the question names as one is copied only with the option,
// asked or not: "copy the folder photos to backup" is `cp -R photos
// DEST`, where cp without -R omits the folder (the option's item says it
// copies directories); so is one it copies unnamed ("copy a folder").
func (c *composition) withRecursive(s *source, cmd, line string) (out, does, joined string) {
	words := strings.Fields(line)
	at := len(strings.Fields(cmd))
	asked := recursionAsked().MatchString(c.text) && slices.ContainsFunc(c.ops, func(op operand) bool {
		return (op.kind == analyse.ArgFolder || op.kind == analyse.ArgPath) && slices.Contains(words, op.text)
	})
	folder := slices.ContainsFunc(c.ops, func(op operand) bool {
		return op.kind == analyse.ArgFolder && op.object && !op.to && slices.Contains(words, op.text)
	}) || folderCopied().MatchString(c.text)
	if at > len(words) || !asked && !folder {
		return line, "", ""
	}
	p, opt, ok := recursiveOption(s)
	if !ok || slices.ContainsFunc(words, recursiveFlag) {
		return line, "", ""
	}
	what := itemDoes(p.block.Text)
	if !asked && !(folder && copiesFolders().MatchString(what)) {
		return line, "", ""
	}
	if at < len(words) && shortCluster().MatchString(words[at]) && len(opt) == 2 {
		// the lead's letters take it as people type them: "rm -rf
		// cache", not "rm -r -f cache"
		joined = words[at]
		words = slices.Clone(words)
		words[at] = opt + words[at][1:]
		return strings.Join(words, " "), opt + ": " + what, joined
	}
	return joinAt(words, at, opt), opt + ": " + what, ""
}

// shortCluster is one or more one-letter options run together: "-f",
// "-xz".
var shortCluster = lazyre.New(`^-[A-Za-z]+$`)

// recursiveOption is the item of page s whose -R or -r, taking no
// value, goes into folders (its first sentence says it is recursive),
// and that name of it.
func recursiveOption(s *source) (passage, string, bool) {
	for p := range ownItems(s.doc) {
		names := optionNames(p.block.Term)
		if i := slices.IndexFunc(names, func(n string) bool { return n == "-R" || n == "-r" }); i >= 0 && optionArg(p.block.Term) == "" && recursive().MatchString(itemDoes(p.block.Text)) {
			return p, names[i], true
		}
	}
	return passage{}, "", false
}

// folderCopied is a folder the question copies without naming it: "copy
// a folder", "How do I copy a directory?"; cp without -R omits it.
var folderCopied = lazyre.New(`(?i)\b(?:copy|copies|copying|duplicate|duplicates|duplicating)\s+(?:a|an|the|my|this|that|one)\s+(?:whole\s+|entire\s+|complete\s+)?(?:folder|directory|dir)\s*(?:[.?!]?\s*$|\b(?:to|into|and|with|somewhere|elsewhere|over)\b)`)

// copiesFolders is an option's text that says it copies directories:
// cp's "copy directories recursively", scp's "Recursively copy entire
// directories".
var copiesFolders = lazyre.New(`(?i)\bcopy\b.*\bdirector(?:y|ies)\b`)

// recursiveFlag says whether a command line's word gives -r or -R, alone
// or among a bundle's letters ("-rn"), or --recursive.
func recursiveFlag(w string) bool {
	return w == "-r" || w == "-R" || w == "--recursive" || letterBundle(w) && strings.ContainsAny(w[1:], "rR")
}

// recursionAsked is a question that asks for what is inside a folder as
// well as the folder: "every file in", "everything inside it",
// "including its subfolders", "recursively".
var recursionAsked = lazyre.New(`(?i)\b(?:every|all)\s+(?:the\s+|of\s+the\s+)?(?:files?|folders?|directories|subfolders?|subdirectories)\s+(?:in|of|under|inside|below|within|beneath)\b|\beverything\s+(?:in|inside|under|below|within|beneath)\b|\bincluding\s+(?:all\s+)?(?:its\s+|their\s+)?(?:sub-?folders|sub-?directories|contents)\b|\brecursive(?:ly)?\b|\band\s+(?:all\s+)?(?:its|their)\s+(?:sub-?folders|sub-?directories|contents)\b|\btogether\s+with\s+(?:everything|all)\b`)

// globInside is an operand that names files of a kind in a folder,
// "src/*.py", or in the current one, "*.py".
var globInside = lazyre.New(`^(?:(.+)/)?(\*\.[A-Za-z0-9]+)$`)

// includeGlob makes a recursive search of files of a kind search the
// folder for them (grep -r's --include='*.py' src), where the line
// gives the shell's pattern, src/*.py, which names the folder's own
// files alone and no folder to go through: "find the word TODO in all
// .py files in src, recursively"; where the pattern names no folder,
// the one the question names. A line that leads with --include and
// its placeholder ("grep --include GLOB TODO src/*.py") is made such a
// search: the option picks among the files a search going through
// folders finds, and none other. ok is false where the line is no such
// search, or the page has no --include; added are the options written
// in, the recursive one (recursiveOption) first where it was.
func (c *composition) includeGlob(s *source, line string) (out string, added []passage, ok bool) {
	words := strings.Fields(line)
	at := slices.IndexFunc(words, func(w string) bool { return globInside().MatchString(w) })
	if at < 0 {
		return line, nil, false
	}
	if !slices.ContainsFunc(words, recursiveFlag) {
		inc := slices.IndexFunc(words, func(w string) bool { return w == "--include" || strings.HasPrefix(w, "--include=") })
		if inc < 1 {
			return line, nil, false
		}
		n := 1
		if words[inc] == "--include" {
			n = 2
		}
		if inc+n > len(words) || !capitals(strings.TrimPrefix(words[inc+n-1], "--include=")) {
			return line, nil, false
		}
		r, opt, found := recursiveOption(s)
		if !found {
			return line, nil, false
		}
		words = slices.Delete(words, inc, inc+n)
		words = slices.Insert(words, 1, opt)
		added = append(added, r)
		at = slices.IndexFunc(words, func(w string) bool { return globInside().MatchString(w) })
	}
	include, ok := itemWhere(s, func(p passage) bool { return slices.Contains(optionNames(p.block.Term), "--include") })
	if !ok {
		return line, nil, false
	}
	added = append(added, include)
	m := globInside().FindStringSubmatch(words[at])
	dir := m[1]
	if dir == "" {
		// the folder the question names, where the pattern left it
		// out: "the *.py files under src/"
		for _, op := range c.ops {
			if (op.kind == analyse.ArgFolder || op.kind == analyse.ArgPath) && !strings.Contains(op.text, "*") {
				dir = strings.TrimSuffix(op.text, "/")
				break
			}
			if g := globInside().FindStringSubmatch(op.text); op.kind == analyse.ArgGlob && g != nil && g[1] != "" {
				dir = g[1]
				break
			}
		}
	}
	dir = cmp.Or(dir, ".")
	if m[1] == "" && slices.Contains(words, dir) {
		// the line names the folder already: "grep -R TODO src *.py"
		words = slices.Replace(words, at, at+1, "--include='"+m[2]+"'")
	} else {
		words = slices.Replace(words, at, at+1, "--include='"+m[2]+"'", dir)
	}
	return strings.Join(words, " "), added, true
}

// capitals says whether a word of a line is a value left to fill, named
// in capitals: "GLOB", "FILE".
func capitals(w string) bool {
	return w != "" && strings.ToUpper(w) == w && strings.ToLower(w) != w
}
