package rank

import (
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A command that deletes, overwrites, or changes accounts or disks is
// the worst first line an answer can give to a question that did not ask
// for it: deluser for a question about group membership, rm for one
// about counting lines. Such a page may still be cited, just not first.

// destructive are the commands that delete files, overwrite data, or
// change accounts or disks, by page name, with the words besides
// deleteWords that ask for what they do: the size of a file is
// truncate's, an ISO image onto a stick dd's.
var destructive = map[string][]string{
	"rm": nil, "rmdir": nil, "unlink": nil, "shred": nil, "wipe": nil, "srm": nil,
	"dd":         {"copy", "clone", "image", "iso", "burn", "flash", "write", "disk", "usb", "convert", "block", "byte", "backup"},
	"truncate":   {"size", "shrink", "extend", "grow", "empty", "zero", "big", "large"},
	"fallocate":  {"size", "allocate", "preallocate", "reserve", "big", "large", "space"},
	"mkfs":       {"format", "filesystem", "create", "make", "build"},
	"mke2fs":     {"format", "filesystem", "create", "make", "ext2", "ext3", "ext4"},
	"mkswap":     {"swap"},
	"mkdosfs":    {"format", "filesystem", "fat", "vfat"},
	"mkntfs":     {"format", "filesystem", "ntfs"},
	"mkexfatfs":  {"format", "filesystem", "exfat"},
	"wipefs":     {"signature", "filesystem"},
	"fdisk":      {"partition", "table", "disk"},
	"sfdisk":     {"partition", "table", "disk"},
	"cfdisk":     {"partition", "table", "disk"},
	"gdisk":      {"partition", "table", "disk", "gpt"},
	"sgdisk":     {"partition", "table", "disk", "gpt"},
	"parted":     {"partition", "table", "disk", "resize", "gpt"},
	"blkdiscard": {"discard", "trim", "ssd"},
	"deluser":    nil, "userdel": nil, "delgroup": nil, "groupdel": nil,
	// gpasswd's -M sets a group's members, dropping those it leaves out
	"gpasswd":   {"add", "password", "passwd", "administer", "administrator", "administrators", "admin", "set", "restrict"},
	"git-reset": {"reset", "undo", "revert", "unstage", "uncommit", "discard"},
	"git-clean": {"clean", "untracked"},
}

var sizeStem = terms.Stem("size")

// accounts are the destructive commands that delete accounts.
var accounts = map[string]bool{"deluser": true, "userdel": true, "delgroup": true, "groupdel": true}

// filesDeleted says whether the words after a word of deleting name
// files or folders as what is deleted, before any account: "all files
// owned by the user bob", "the folders of user bob"; not "the user bob
// and his files".
func filesDeleted(after []string) bool {
	for _, w := range after[:min(len(after), 4)] {
		switch st := terms.Stem(w); {
		case fileStems[st]:
			return true
		case accountStems[st]:
			return false
		}
	}
	return false
}

var (
	fileStems    = stems("file", "files", "folder", "folders", "directory", "directories", "data", "content", "contents", "log", "logs")
	accountStems = stems("user", "users", "account", "accounts", "group", "groups", "login", "member", "members")
)

// deleteWords ask to delete, wipe or destroy: what every destructive
// command does.
var deleteWords = stems("delete", "remove", "erase", "wipe", "destroy", "shred", "overwrite", "purge", "rm", "unlink",
	"uninstall", "drop", "kill")

// asking are destructive's words, stemmed.
var asking = func() map[string]map[string]bool {
	m := map[string]map[string]bool{}
	for name, words := range destructive {
		m[name] = stems(words...)
	}
	return m
}()

func stems(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[terms.Stem(w)] = true
	}
	return m
}

// destroyer is the destructive command the candidate is the page of, or
// "": a man page of section 1 or 8 (mkfs.ext4 is mkfs's), a tldr page,
// or the man page of section 5 of its configuration file
// ("deluser.conf(5)"), whose words are the command's ("REMOVE_ALL_FILES:
// Removes all files on the system owned by the user to be removed"), and
// so is the harm of following it.
func destroyer(c *Candidate) string {
	name := strings.ToLower(c.Meta.Title)
	switch {
	case c.Meta.Type == "tldr":
	case c.Meta.Type != "man":
		return ""
	case strings.HasPrefix(c.Meta.Section, "5"):
		conf, ok := strings.CutSuffix(name, ".conf")
		if !ok {
			return ""
		}
		name = conf
	case c.Meta.Section != "" && c.Meta.Section[0] != '1' && c.Meta.Section[0] != '8':
		return ""
	}
	if strings.HasPrefix(name, "mkfs.") {
		name = "mkfs"
	}
	if _, ok := destructive[name]; ok {
		return name
	}
	return ""
}

// unasked says whether the candidate is the page of a destructive
// command, or of its configuration file, that the question did not ask
// for.
func unasked(c *Candidate, q *query) bool {
	cmd := destroyer(c)
	return cmd != "" && !asksFor(cmd, c, q)
}

// deletes says whether a text says to delete, remove or uninstall: a
// tldr example that does ("Uninstall a package and remove it from the
// list of dependencies") is no answer to a question that did not ask
// to, however many of its words it holds.
func deletes(text string) bool { return holdsAny(text, deleteWords) }

// holdsAny says whether a word of text is one of stemmed, by its stem.
func holdsAny(text string, stemmed map[string]bool) bool {
	found := false
	terms.Words(text, false, func(w string) { found = found || stemmed[terms.Stem(w)] })
	return found
}

// asksFor says whether the question asks for what cmd, the command of
// the candidate, does: a word of deleting or one of cmd's own, but not
// one that says what was done ("files whose owner was deleted", see
// analyse.Undergone), or it names the page, or the page's NAME line says
// most of it.
func asksFor(cmd string, c *Candidate, q *query) bool {
	if _, named := q.named[c.ID]; named {
		return true
	}
	// a size the question gives asks for what sizes a file: "an empty
	// file of exactly 1 GB" is truncate's, or fallocate's
	if asking[cmd][sizeStem] && slices.ContainsFunc(q.a.Args, func(a analyse.Arg) bool { return a.Kind == analyse.ArgSize }) {
		return true
	}
	done := false
	looked := sizeLooked().MatchString(q.a.Question) && !sizeChanged().MatchString(q.a.Question)
	for i, w := range q.a.Seq {
		st := terms.Stem(w)
		if st == sizeStem && looked {
			// a size read is no size set: "get the size of the file
			// movie.mp4 in bytes" asks nothing of truncate, whose NAME
			// line says "the size of a file" too
			done = true
			continue
		}
		if deleteWords[st] || asking[cmd][st] {
			// (nor what describes a thing: "an empty file" is touch's;
			// nor files deleted, of an account's command: "delete all
			// files owned by the user bob" asks nothing of deluser)
			if !analyse.Undergone(q.a.Seq, i) && !analyse.Describes(q.a.Seq, i) && !(accounts[cmd] && deleteWords[st] && filesDeleted(q.a.Seq[i+1:])) {
				return true
			}
			done = true
		}
	}
	// a NAME line that says the question says it with the word of what
	// was done ("delete a user account" for "files whose owner account
	// was deleted")
	return !done && c.F[FNameLine] >= 0.5 && nameSaysVerb(c, q)
}

// nameSaysVerb says whether a page's NAME line says the question's verb,
// where it has one: gpasswd's "administer /etc/group and /etc/gshadow"
// holds most of "list the members of the group docker", but not "list",
// and its -M sets the members.
func nameSaysVerb(c *Candidate, q *query) bool {
	if q.a.Verb == "" || len(c.NameCov) == 0 {
		return true
	}
	verb := terms.Stem(q.a.Verb)
	for ci, con := range q.a.Concepts {
		if len(con.Alts) > 0 && con.Alts[0].Stem == verb {
			return ci < len(c.NameCov) && c.NameCov[ci] > 0
		}
	}
	return true
}

// sizeLooked is a question that reads a size: "get the size of",
// "show the file size", "how big is"; sizeChanged one that sets one.
var (
	sizeLooked  = lazyre.New(`(?i)\b(?:get|gets|getting|show|shows|print|prints|display|displays|see|check|find\s+out|know|tell|report|list|view|what(?:'s|\s+is|\s+are))\b`)
	sizeChanged = lazyre.New(`(?i)\b(?:set|sets|setting|change|changes|changing|shrink|shrinks|shrinking|extend|extends|extending|grow|grows|growing|resize|resizes|resizing|make|makes|making|create|creates|creating|allocate|allocates|reserve|reduce|reduces|cut|increase|increases|empty|emptying|zero|truncate|truncates|pad|fill|preallocate)\b`)
)

// safeLead puts the first page that is not of a destructive command
// ahead of such a page that leads a question that did not ask for it,
// when one is among the next few; else the order stays.
func safeLead(cands []Candidate, q *query, mayNotLead func(*Candidate) bool) []Candidate {
	if len(cands) < 2 {
		return cands
	}
	if !unasked(&cands[0], q) {
		return cands
	}
	// (nor does a page installedLeads put behind: mkswap before
	// dphys-swapfile's tldr page, for "create a swap file", would give
	// way to the page of a command that is not installed)
	return leadWithin(cands, safeLeadReach, func(c *Candidate) bool { return destroyer(c) == "" && !mayNotLead(c) })
}

// leadWithin puts first the first of the candidates after the lead,
// among the first reach, that may lead (ok), the others after it in
// their order; else the order stays.
func leadWithin(cands []Candidate, reach int, ok func(*Candidate) bool) []Candidate {
	for i := 1; i < min(len(cands), reach); i++ {
		if ok(&cands[i]) {
			c := cands[i]
			copy(cands[1:i+1], cands[:i])
			cands[0] = c
			return cands
		}
	}
	return cands
}

// gitLeads puts the first page that is not git's ahead of a page of git
// that leads a question that says nothing of git, of a repository or of
// what it keeps (gitAsked), when one is among the next few: git's pages
// hold the words of every task on files, and "show when a file was last
// modified" chose git-blame(1), "go back to my home directory"
// git-revert(1), "show the contents of a text file" git-show(1). Over
// every set measured here, 37 such leads were wrong and 6 right, those
// all with a word gitAsked reads (".gitignore", "uncommitted", "stage",
// "who last changed").
func gitLeads(cands []Candidate, q *query) []Candidate {
	if len(cands) < 2 || !gitPage(&cands[0]) || gitAsked().MatchString(q.a.Question) {
		return cands
	}
	if _, named := q.named[cands[0].ID]; named {
		return cands
	}
	return leadWithin(cands, safeLeadReach, func(c *Candidate) bool { return !gitPage(c) })
}

// gitPage says whether candidate c is a page of git's: git(1), its
// commands', its files' (gitignore(5)) and guides (gitworkflows(7)).
func gitPage(c *Candidate) bool {
	return (c.Meta.Type == "man" || c.Meta.Type == "tldr") && strings.HasPrefix(strings.ToLower(c.Meta.Title), "git")
}

// gitAsked is a question that names git, a repository, or what git
// keeps and does.
var gitAsked = lazyre.New(`(?i)git|\w*commit\w*|\bstag(?:e|ed|es|ing)\b|\brepo(?:s|sitory|sitories)?\b|\bbranch(?:es)?\b|\bmerg\w*|\brebas\w*|\bstash\w*|\bclon(?:e|ed|es|ing)\b|\bcheck\s*out\b|\bcheckout\b|\bpush\w*|\bpull\w*|\btags?\b|\bHEAD\b|\bupstream\b|\bsubmodules?\b|\bcherry\b|\bbisect\w*|\bblame\b|\bworktrees?\b|\breflog\b|\borigin\b|\bremotes?\b|\bfetch\w*|\bwho\s+(?:last\s+)?(?:changed|modified|wrote|edited|touched)\b|\brevisions?\b|\bversion\s+control\b`)

// safeLeadReach is how far down safeLead looks for a page to lead: past
// the first few the ranking no longer knows the page answers at all.
const safeLeadReach = 4
