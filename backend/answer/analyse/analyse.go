// Package analyse reads a question before any page is looked at: the kind
// of question it is (its scene), its content words with the other words a
// manual may use for them, the verb of a how-to, and the words that could
// name a page. Every retriever starts from the same Analysis.
package analyse

import (
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/backend/thesaurus"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Scene is the kind of question, which decides the sections that answer
// it best.
type Scene int

const (
	SceneHowTo        Scene = iota // "how do I ...": commands, sections 1 and 8
	SceneConcept                   // "what is ...": overviews, sections 7 and 5 too
	SceneFormat                    // "format of /etc/fstab": file formats, section 5
	SceneProgramming               // "in C", "system call": sections 2 and 3
	SceneTroubleshoot              // "why does ... fail", "error"
	NumScenes
)

func (s Scene) String() string {
	return [...]string{"howto", "concept", "format", "programming", "troubleshoot"}[s]
}

// Alt is one way a concept may be written in a page.
type Alt struct {
	Stem   string
	Weight float64 // 1 for the question's own word
}

// Concept is one content word of the question and its expansions.
type Concept struct {
	Word string
	Alts []Alt
	// Weight scales the concept's share of the question: 1, less for a
	// word that only sets the scene ("in a shell script").
	Weight float64
}

// sceneRE finds phrases that say where the user works rather than what
// they want done: "in a shell script", "from the command line", "in the
// terminal". Their words weigh less than the task's.
var sceneRE = lazyre.New(`(?i)\b(?:in|from|inside|within|on|at|using|with|via|through)\s+(?:a|an|the|my|your|our)?\s*((?:bash|shell|sh|linux|unix|debian|ubuntu|terminal|command|interactive)?\s*(?:scripts?|shell|terminal|command[- ]line|console|prompt|bash|linux|unix|debian|ubuntu|cli))\b`)

// sceneWeight is the weight of a word of such a phrase.
const sceneWeight = 0.3

// formatWeight is the weight of an archive format a file the question
// names is in (Arg.Formats): "into the archive reports.zip" is likely
// zip's task, but "copy backup.tar.gz to the disk" is cp's.
const formatWeight = 0.5

// valueWeight is the weight of a number: in "larger than 100 MB", "for 5
// seconds", "from 1 to 100" it is a value the user will type, and a page
// that happens to print it says nothing of the task.
const valueWeight = 0.3

// RangeEnd says whether words[i] is a number at an end of a range the
// question gives, one of joins between it and another number: "lines 5
// to 12", "from 100 through 120". The analysis reads such a number as a
// value the user types, which is no word of the task even at
// valueWeight (comm(1) led "print lines 5 to 12 of a file" for its "comm
// -12"); the composer as a range's end, which no count takes.
func RangeEnd(words []string, i int, joins map[string]bool) bool {
	if !isNumber(words[i]) {
		return false
	}
	for _, d := range []int{-1, 1} {
		if j, k := i+d, i+2*d; k >= 0 && k < len(words) && joins[words[j]] && words[k] != "" && isNumber(words[k]) {
			return true
		}
	}
	return false
}

// rangeWords join the ends of a range the analysis does not search.
var rangeWords = map[string]bool{"to": true, "through": true, "thru": true, "till": true, "until": true}

func isNumber(w string) bool {
	return strings.Trim(w, "0123456789") == ""
}

// Analysis is what the answerer knows of a question.
type Analysis struct {
	Question string
	Scene    Scene
	Concepts []Concept
	// Words are the question's content words as typed, lowercase, for
	// matching page names ("gzip", "tmux") and joined pairs
	// ("git-commit" from "git commit").
	Words []string
	Pairs []string
	// Seq is every word of the question in order, stopwords included, for
	// compounds written apart ("log out" for "logout").
	Seq []string
	// Verb is the action the question asks how to do, lowercase: "find" in
	// "how do I find ...". A page named like it is named by accident.
	Verb string
	// Extensions are words the question writes as file name extensions
	// (".zip", "*.gz"): a kind of file, not the command of that name.
	Extensions map[string]bool
	// Compressions are the compression formats of the files the question
	// names (see Compressions): a .tar.zst is no .tar.gz
	Compressions map[string]bool
	// Options are the command-line options the question writes, as typed
	// ("-v", "--force"), in order: case matters to them (-v is not -V),
	// and their words are too short or too common to be concepts.
	Options []string
	// Args are the task's arguments (files, folders, names, sizes...)
	// and Framing the phrases of the question's frame ("What is the bash
	// command to"), as Read finds them.
	Args    []Arg
	Framing []string
	// LookedFor: see Reading.LookedFor
	LookedFor []string
}

// optionRE finds command-line options: "-v" in "what does grep -v do",
// "--fix-broken" in "'apt --fix-broken install'", "--color" in
// "--color=auto".
var optionRE = lazyre.New(`(?:^|[\s'"(\x60])(--?[A-Za-z0-9][A-Za-z0-9_-]*)`)

// extensionRE finds file name extensions: ".zip" in "a .zip file", "*.gz".
var extensionRE = lazyre.New(`(?:^|[\s*(])\.([A-Za-z0-9]{1,8})\b`)

// verbRE finds the verb of a how-to question: the word after "how do I",
// "how to", "I want to", "a way to" and the like.
var verbRE = lazyre.New(`(?i)(?:\bhow (?:do|can|could|would|should|might|does|did|will)(?: i| you| we| one| someone)?|\bhow to|\b(?:want|need|like|trying|try|able|way|ways|possible|easiest|best|fastest|quickest) to|^(?:can|could|should) (?:i|you|we))\s+([a-z]+)`)

// imperative is the verb of a task asked as a command ("sort the lines of
// names.txt", "make the file executable"): its first word, unless that
// word is a question's or a stopword. Like the verb after "how do I", a
// page named like it is named by accident more often than not.
func imperative(words []string) string {
	for i, w := range words {
		if i == 0 && w == "please" {
			continue
		}
		if terms.Stop(w) || filler[w] || notImperative[w] || isNumber(w) {
			return ""
		}
		return w
	}
	return ""
}

// notImperative are first words that open a question or a statement,
// not a command.
var notImperative = map[string]bool{
	"who": true, "where": true, "when": true, "whats": true, "is": true, "are": true,
	"can": true, "could": true, "should": true, "would": true, "do": true, "i": true,
	"my": true, "me": true, "we": true, "you": true, "it": true, "this": true, "if": true,
}

// frames are question phrases that ask for a kind of quantity a manual
// names with a noun: "how many cores" is the number of cores.
var frames = []struct {
	re   func() *regexp.Regexp
	alts []Alt
}{
	{lazyre.New(`(?i)\bhow many\b`), []Alt{{"number", 1}, {"count", 1}}},
	{lazyre.New(`(?i)\bhow much\b`), []Alt{{"amount", 1}, {"usage", 0.7}, {"size", 0.6}}},
	{lazyre.New(`(?i)\bhow long\b`), []Alt{{"time", 1}, {"duration", 0.8}, {"elapsed", 0.7}}},
	{lazyre.New(`(?i)\bhow (big|large)\b`), []Alt{{"size", 1}}},
	{lazyre.New(`(?i)\bhow often\b`), []Alt{{"interval", 1}, {"frequency", 0.8}}},
	// "what kind of file" is its type, which is how pages say it
	{lazyre.New(`(?i)\bwhat (kind|kinds|sort|sorts|type|types) of\b`), []Alt{{"type", 1}, {"format", 0.6}}},
	// "who is logged in" asks for the users, and who(1) is named for
	// the question; "who painted ...", "who is using port 80" or "the
	// users who logged in last" (last's) ask no such thing
	{lazyre.New(`(?i)\bwho(?:'s|\s+(?:else\s+)?(?:is|are))\s+(?:else\s+)?(?:currently\s+|now\s+|still\s+)?(?:logged|signed|online)\b`), []Alt{{"who", 1}, {"users", 0.7}}},
}

// locating is what a question for a program's place asks ("where is the
// python3 executable"), in the manuals' words for it (which's NAME
// line): not about python3, which is its argument (programPathRE).
var locating = [][]Alt{{{"locate", 1}}, {{"command", 1}, {"program", 0.8}, {"executable", 0.7}}}

// madePermitted is "make" whose object is made to have a permission,
// which changes its mode: "make the file executable". madeReadOnly is
// one made read-only, which creates nothing either ("make a file
// read-only"). What is made so may take more words where they name files
// or folders ("make every .sh file under the folder scripts executable"),
// within the clause; not a file system's ("make the ext4 filesystem on
// /dev/sdb2 remount itself read-only").
var (
	madePermitted = lazyre.New(`(?i)\b(mak(?:e|es|ing))\s+(?:(?:\S+\s+){0,3}?|(?:[^\s.,;:!?]+\s+){0,5}?(?:files?|scripts?|programs?|binar(?:y|ies)|folders?|directory|directories)\s+(?:[^\s.,;:!?]+\s+){0,4}?)(?:executable|runnable|readable|writable|writeable|unreadable|unwritable|read-only|readonly|write-protected)\b`)
	madeReadOnly  = lazyre.New(`(?i)\bmak(?:e|es|ing)\s+(?:\S+\s+){0,3}?(?:read-only|readonly|write-protected)\b`)
)

// MakesPermitted says whether question q makes a thing it has have a
// permission (madePermitted): "make notes.txt read-only for everyone",
// which chmod does.
func MakesPermitted(q string) bool { return madePermitted().MatchString(q) }

// causative is "make" that has its object do a thing, the verb after it
// the task's: "make a service start at boot", "make a user choose a new
// password". One word at least comes between, and the verb goes on as
// a verb does, or ends the question: "make a mount point", "make a new
// mount point for the disk" and "make a dry run of it" create one.
var causative = lazyre.New(`(?i)\b(mak(?:e|es|ing)) (?:a|an) (?:[\w-]+ ){1,3}?(?:mount|point|start|stop|survive|give up|choose|expire|reload|run|use|boot|load|listen|accept|ignore|follow|wait|fail|exit|stick|remember|forget|appear|behave|connect|resolve|launch|execute|restart|respond|retry|skip|trust)(?:\s+(?:automatically|at|on|when|whenever|every|after|before|to|as|only|in|with|without|instead|the|a|an|its|their|his|her|my|our|your)\b|\s*[?.!,;]?\s*$)`)

// madeNoun is "make" whose object is the task's own noun: "make a copy
// of report.txt" copies it, and creates nothing else (cp's "control
// creation of sparse files" is no answer); the noun stays the question's.
var madeNoun = lazyre.New(`(?i)\b(mak(?:e|es|ing)\s+(?:a|an))(?:\s+\w+)?\s+(?:copy|copies|backup|backups|duplicate|duplicates)\b`)

// phrasals are verbs of two or three words whose meaning none of their
// words has (a group, where there is one, holds the phrase and the rest
// of the match its context): "get rid of" is to remove, "turn off" to disable. The words
// of a phrase do not become concepts of their own; the phrase does, at
// phrasalWeight: the manuals say what the phrase means in many ways, and
// the question's object says more about the page than its verb.
var phrasals = []struct {
	re   func() *regexp.Regexp
	alts []Alt
	// weight, where it is not phrasalWeight: a phrase that means one
	// plain verb weighs as that verb would
	weight float64
}{
	// "make" is a light verb: "make a folder" creates one, "make the file
	// executable" changes it, and neither asks for make(1); nor does
	// "make a drive mount at boot" create anything (see causative)
	{lazyre.New(`(?i)\bmak(?:e|es|ing) (?:a|an|new|another)\b`), []Alt{{"create", 1}, {"make", 0.7}, {"new", 0.6}}, 1},
	{lazyre.New(`(?i)\bmak(?:e|es|ing) sure\b`), []Alt{{"check", 1}, {"verify", 1}}, 0},
	// "make the directory tree a/b/c" creates the folders; "tree" and
	// "hierarchy" alone chose find's "directory hierarchy"
	{lazyre.New(`(?i)\b(mak(?:e|es|ing))\s+(?:the\s+|a\s+)?(?:(?:whole|nested|full)\s+)?(?:directory|folder|dir)\s+(?:tree|structure|hierarchy|path)\b`), []Alt{{"create", 1}, {"make", 0.7}}, 1},
	{madePermitted, []Alt{{"permission", 1}, {"mode", 0.8}}, 0},
	{lazyre.New(`(?i)\b(mak(?:e|es|ing))\s+(?:(?:the|it|them|this|that|these|those|my|your|our|all|every|each|its|their)\b|(?:\S+\s+)?(?:private|public|hidden|visible|immutable|persistent|permanent|smaller|larger|bigger|default|available|accessible|lowercase|uppercase|empty)\b)`), nil, 0},
	// "the top 10 largest files" ranks them: nothing of top(1)'s
	{lazyre.New(`(?i)\b(top)\s+\d+\s+(?:largest|biggest|smallest|heaviest|oldest|newest|longest|most|least)\b`), nil, 0},
	// a user's default shell is the login shell, as chsh(1) and
	// passwd(5) say it; "default" chose bash's variables
	{lazyre.New(`(?i)\bdefault\s+(?:login\s+)?shell\b`), []Alt{{"login", 1}, {"shell", 0.8}}, 0},
	{lazyre.New(`(?i)\bget(?:s|ting)? rid of\b`), []Alt{{"remove", 1}, {"delete", 1}}, 0},
	{lazyre.New(`(?i)\bclean(?:s|ing|ed)? up\b`), []Alt{{"clean", 1}, {"remove", 0.8}, {"delete", 0.8}}, 0},
	{lazyre.New(`(?i)\bfree(?:s|ing|d)? up\b`), []Alt{{"free", 1}, {"release", 0.8}}, 0},
	{lazyre.New(`(?i)\bwip(?:e|es|ing|ed) out\b`), []Alt{{"erase", 1}, {"delete", 0.8}}, 0},
	// a machine turned off is powered off, as the pages say it
	// (shutdown's "Halt, power off or reboot the machine"); "disable"
	// chose ssh(1) and systemctl's units for "turn off the machine now"
	{lazyre.New(`(?i)\b((?:turn|switch)(?:s|ing|ed)?\s+off)\s+(?:the\s+|this\s+|my\s+|our\s+|your\s+)?(?:whole\s+)?` + machineNoun + `\b`), powerOff, 1},
	{lazyre.New(`(?i)\b(?:turn|switch)(?:s|ing|ed)?\s+(?:the|this|my|our|your)\s+` + machineNoun + `\s+off\b`), powerOff, 1},
	{lazyre.New(`(?i)\b(?:turn|switch|shut)(?:s|ing|ed)? (?:it |them )?off\b`), []Alt{{"disable", 1}, {"stop", 0.8}}, 0},
	// what was changed last is the newest, as the pages say it (ls's -t,
	// "sort by time, newest first"); "recently" and "changed" chose du's
	// --time and lastlog(8)
	{lazyre.New(`(?i)\b(?:the\s+)?most\s+recent(?:ly)?\s+(?:modified|changed|edited|updated|written|touched|created|saved)\b`), []Alt{{"newest", 1}, {"time", 0.6}}, 1},
	// the text a person can read is printable, as the pages say it
	// (strings's "print the sequences of printable characters in
	// files"); "readable" chose unzipsfx(1) for "extract the readable
	// text from a binary". Not sizes made readable (human-readable).
	{lazyre.New(`(?i)\b(?:(?:extract|extracts|extracting|pull|pulls|pulling|get|gets|getting|dump|dumps|dumping)\s+(?:out\s+)?(?:all\s+)?(?:the\s+|any\s+)?)?(?:(?:(?:human|humanly)[- ])?readable\s+(?:text|strings?|characters?|words|parts?|bits)|text\s+strings|strings\s+(?:inside|in|within|from|embedded\s+in)\s+(?:a\s+|an\s+|the\s+|this\s+|that\s+|my\s+)?(?:binary|binaries|executable|program|object|firmware|compiled))\b`), []Alt{{"printable", 1}, {"strings", 0.8}, {"text", 0.6}}, 1},
	// the lines of a file joined into one are merged, as the pages say
	// it (paste's "merge lines of files", its -s); "join" chose join(1),
	// which joins two files on a field, and "put" split(1)
	{lazyre.New(`(?i)\b((?:join|joins|joining|merge|merges|merging|combine|combines|combining|put|puts|putting|concatenate|concatenates|concatenating)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?lines)\s+(?:of\s+(?:a\s+|the\s+)?\S+\s+)?(?:(?:in)?to|on|onto)\s+(?:a\s+single|one|a)\s+(?:single\s+)?line\b`), []Alt{{"merge", 1}, {"paste", 0.8}, {"lines", 0.8}}, 1},
	// a file's end is its last lines, its start its first, as the pages
	// say it (tail's "output the last part of files", head's "output the
	// first part"): "show the end of a file" chose cat's -E, "display $
	// at end of each line", and "the beginning of a file" look(1). Shown
	// or read only: a line added to the end of a file is appended.
	{partShown(`end|bottom|tail`), []Alt{{"last", 1}, {"part", 0.6}, {"tail", 0.6}}, 1},
	{partShown(`beginning|start|top|head`), []Alt{{"first", 1}, {"part", 0.6}, {"head", 0.6}}, 1},
	// files listed with their details are a long listing, as ls says it
	// ("use a long listing format"); "details" chose zipinfo(1)
	{lazyre.New(`(?i)\b(?:list|lists|listing|show|shows|display)\s+(?:all\s+)?(?:the\s+)?(?:files|directories|folders|contents|entries)\b[^.?!]*?\b(with\s+(?:all\s+)?(?:their\s+|the\s+|full\s+)?details|in\s+detail|detailed)\b`), []Alt{{"long", 1}, {"listing", 0.8}}, 1},
	// a drive formatted is given a file system, as the pages say it
	// (mkfs's "build a Linux filesystem"); "format" alone is an output's,
	// and chose mount's -t for "format a USB stick with ext4"
	{lazyre.New(`(?i)\b(format(?:s|ting|ted)?)\s+(?:a\s+|an\s+|the\s+|my\s+|this\s+|that\s+)?(?:new\s+|external\s+|whole\s+|second\s+)?(?:usb|stick|drive|disk|partition|sd\s*card|card|thumb\s*drive|pen\s*drive|flash\s*drive|hard\s*drive|volume|ssd|device|/dev/)`), []Alt{{"filesystem", 1}, {"mkfs", 0.8}, {"build", 0.6}}, 1},
	// the commands typed before are the shell's history, as bash(1)
	// calls them, where the question shows, runs or searches them;
	// "typed" and "earlier" chose file(1) and df(1). Not the exit status
	// or the last argument "of the previous command", which are no list.
	{lazyre.New(`(?i)\b(?:see|show|list|repeat|rerun|re-run|run|redo|recall|search|view|print|display|clear|delete|erase|find|edit|execute|get)\s+(?:(?:again|all|the|my|your|back|through|list|of)\s+)*((?:commands?|what)\s+(?:i|you|we)\s+(?:have\s+|had\s+|just\s+)?(?:typed|ran|run|entered|executed|used)(?:\s+(?:earlier|before|previously|recently|today|yesterday))?|(?:last|previous|earlier|recent)\s+(?:\d+\s+)?commands?)\b`), []Alt{{"history", 1}, {"previous", 0.7}, {"command", 0.6}}, 1},
	{lazyre.New(`(?i)\b(?:turn|switch)(?:s|ing|ed)? (?:it |them )?on\b`), []Alt{{"enable", 1}, {"start", 0.8}}, 0},
	{lazyre.New(`(?i)\bshut(?:s|ting)? down\b`), []Alt{{"shutdown", 1}, {"poweroff", 0.8}, {"halt", 0.8}}, 0},
	{lazyre.New(`(?i)\b(?:start|boot)(?:s|ing|ed)? up\b`), []Alt{{"boot", 1}, {"startup", 1}}, 0},
	{lazyre.New(`(?i)\b(?:log|sign)(?:s|ging|ged)? (?:in|on)(?:to)?\b`), []Alt{{"login", 1}, {"log", 0.8}}, 0},
	{lazyre.New(`(?i)\b(?:log|sign)(?:s|ging|ged)? (?:out|off)\b`), []Alt{{"logout", 1}, {"log", 0.8}}, 0},
	{lazyre.New(`(?i)\bset(?:s|ting)? up\b`), []Alt{{"configure", 1}, {"setup", 1}, {"install", 0.7}}, 0},
	{lazyre.New(`(?i)\blook(?:s|ing|ed)? up\b`), []Alt{{"lookup", 1}, {"query", 0.8}, {"resolve", 0.7}}, 0},
	{lazyre.New(`(?i)\b(?:find|finding|found|figure|figuring|figured) out\b`), nil, 0}, // only the question's frame
	{lazyre.New(`(?i)\bback(?:s|ing|ed)? up\b`), []Alt{{"backup", 1}, {"copy", 0.7}, {"archive", 0.7}}, 0},
	{lazyre.New(`(?i)\bkeep(?:s|ing)? track of\b`), []Alt{{"monitor", 1}, {"track", 1}}, 0},
	{lazyre.New(`(?i)\b(?:take|takes|taking|took) up\b`), []Alt{{"use", 1}, {"usage", 0.8}, {"occupy", 0.8}}, 0},
	{lazyre.New(`(?i)\b(?:put|putting|set|setting) (?:\w+ )?aside\b`), []Alt{{"save", 1}, {"stash", 1}, {"store", 0.7}}, 0},
	{lazyre.New(`(?i)\bline(?:s|d)? up\b`), []Alt{{"align", 1}, {"column", 0.7}}, 0},
	{lazyre.New(`(?i)\b(?:split|break|breaking|broke)(?:s)? up\b`), []Alt{{"split", 1}, {"divide", 0.8}}, 0},
	{lazyre.New(`(?i)\b(?:pull|pulls|pulling|pick|picks|picking) out\b`), []Alt{{"extract", 1}, {"select", 0.8}}, 0},
	// where one is and going elsewhere, in a newcomer's words: "the
	// folder I am in" is the current working directory, "go to the
	// parent folder" changes it
	{lazyre.New(`(?i)\b(?:folder|directory|dir)\s+(?:that\s+)?((?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:currently\s+|now\s+)?in)\b`), []Alt{{"current", 1}, {"working", 1}}, 1},
	{goneToFolder, []Alt{{"change", 1}, {"cd", 0.8}}, 1},
	{lazyre.New(`(?i)\bgo(?:es|ing)? back\b`), []Alt{{"revert", 1}, {"undo", 1}, {"return", 0.7}}, 0},
	{lazyre.New(`(?i)\bshow(?:s|ing|ed)? up\b`), []Alt{{"appear", 1}, {"show", 0.8}}, 0},
	// what is there more than once is duplicated, as the pages say it
	// (uniq's -d, "only print duplicate lines")
	{lazyre.New(`(?i)\b(?:appear|appears|appearing|occur|occurs|occurring|exist|exists|show\s+up|shows\s+up|is\s+there|are\s+there|is\s+listed|are\s+listed)\s+(?:more\s+than\s+once|twice\s+or\s+more|several\s+times|multiple\s+times)\b`), []Alt{{"duplicate", 1}, {"repeated", 0.8}}, 1},
	// what "failed to start" is in a failed state, as the pages say it
	// (systemctl's --failed, "List units in failed state"); the verb
	// after it only says when it failed, and "start" read alone asks to
	// start a unit
	{lazyre.New(`(?i)\bfail(?:s|ed|ing)?\s+to\s+(?:start|run|load|boot|launch|come\s+up)\b`), []Alt{{"failed", 1}}, 1},
	// how long a machine has been up is its uptime, as the pages say it
	// ("Tell how long the system has been running"): "how long has the
	// server been running", "how long ago did this box boot"; "running"
	// alone is a program's, and chose timeout(1)
	{lazyre.New(`(?i)\bhow\s+long\s+(?:ago\s+)?(?:(?:has|have|is|did|was)\s+)?(?:the|this|my|our|your|that)\s+(?:system|machine|computer|server|box|host|pc|laptop|workstation)\s+(?:(?:has|was|is)\s+)?(?:been\s+)?(?:up|running|on|alive|online|booted|boot|started|start)\b`), []Alt{{"uptime", 1}, {"running", 0.7}, {"system", 0.7}}, 1},
	// what must finish within a time, or be stopped, runs with a time
	// limit, as the pages say it (timeout's "run a command with a time
	// limit"): "stop it after 10 seconds if it has not finished", "kill
	// it if it takes longer than a minute"
	{lazyre.New(`(?i)\bif\s+it\s+(?:(?:has|is|did|does)\s+not|hasn't|isn't|didn't|doesn't|hasn’t|isn’t|didn’t|doesn’t)\s+(?:yet\s+)?(?:finished|finish|completed|complete|done|ended|end|returned|return|exited|exit)(?:\s+yet)?\b|\bif\s+it\s+(?:takes|runs|lasts)\s+(?:any\s+)?(?:longer|more)\s+than\b`), []Alt{{"limit", 1}, {"time", 0.8}}, 1},
	// a "non-empty" folder is one with things in it, no empty one: the
	// word "empty" in it chose rm's -d ("remove empty directories")
	{lazyre.New(`(?i)\b(non-?empty)\b`), nil, 0},
	// "the number of lines" is a count of them, as the pages say it
	// (wc's "print newline, word, and byte counts"); "number" alone
	// numbers them (nl's "number lines of files"), and chose sed(1)
	// and nl(1) for "print the number of lines in report.txt"; "the
	// maximum number of open files" is a limit, no count. The verb
	// that shows the count is the phrase's too: "print" alone is -L's
	// for the option model ("print the length of the longest line")"
	{lazyre.New(`(?i)\b((?:(?:print|prints|show|shows|display|displays|output|get|give|tell|report|find)\s+(?:me\s+)?)?(?:the|total)\s+number\s+of)\s+(?:[\w-]+\s+){0,2}?(?:lines|words|characters|chars|bytes|files|entries|rows|columns|fields|processes|users|folders|directories)\b`), []Alt{{"count", 1}}, 1},
	// what shows the lines of a file as they come follows it as it
	// grows, as the pages say it (tail's -f, "output appended data as
	// the file grows"): "keep printing new lines as they are written",
	// "as entries are logged" ("as it grows" says it already)
	{lazyre.New(`(?i)\bas\s+(?:they|it|new\s+(?:lines|entries|messages)|lines|entries|messages)\s+(?:are\s+|is\s+|get\s+|gets\s+)?(?:written|added|appended|logged|arrive|arrives|come\s+in|comes\s+in)\b`), []Alt{{"append", 1}, {"grow", 0.8}}, 1},
	// a file changed "in place" is edited where it lies, as the pages
	// say it (sed's -i, "edit files in place"); "place" alone is a
	// position, and its other words (put, spot, post) no page's task
	{lazyre.New(`(?i)\bin[- ]place\b`), []Alt{{"place", 1}, {"edit", 0.6}}, 1},
	// a machine's name is its host name, as the pages call it ("show or
	// set the system's host name"): "the name of this machine", "the
	// computer's name", "what is my box called"; not a server name a
	// program is configured with, nor a virtual machine's
	{lazyre.New(`(?i)\b(?:(?:machine|computer)(?:'s)?\s+name|(?:host|server)'s\s+name|name\s+of\s+(?:this|the|my|our|your)\s+(?:machine|computer|server|box|host|system|pc)|(?:my|this|the|our)\s+(?:machine|computer|server|box|pc)\s+(?:is\s+)?called)\b`), []Alt{{"hostname", 1}, {"host", 0.7}}, 1},
	// a folder's whole contents, in a newcomer's words: "copy the folder
	// with everything inside it", "with all of its subfolders and
	// files", "in all files under src", "and in all the folders below
	// it" ask to work recursively, which is how the options say it
	// (cp's, chown's, grep's -R); only the quantifier is the phrase's,
	// the folders and files stay words of the question
	{lazyre.New(`(?i)\b(?:and|with|including|plus)\s+(everything|all)\s+(?:that(?:'s|\s+is)\s+)?(?:in|inside|under|within|below|beneath)\s+(?:it|them)\b`), recursion, 0},
	{lazyre.New(`(?i)\b(?:with|including|and|plus)\s+(all)\s+(?:of\s+)?(?:its|their)\s+(?:\w+\s+(?:and\s+)?)?(?:subfolders|subdirectories|sub-folders|sub-directories|contents)\b`), recursion, 0},
	{lazyre.New(`(?i)\bin\s+(all)\s+(?:the\s+)?(?:files|folders|directories|subfolders|subdirectories)\s+(?:under|below|beneath|inside|within)\b`), recursion, 0},
	{lazyre.New(`(?i)\b(?:subfolders|subdirectories|sub-folders|sub-directories)\s+(included)\b`), recursion, 0},
	// sizes shown as people write them: "sizes like 4.0K, 12M and 1.3G",
	// "in gigabytes and megabytes" (one unit alone asks for that unit:
	// free's -g) are what the pages call human-readable
	{lazyre.New(`(?i)\b(like|such as|e\.g\.)\s+\d+(?:\.\d+)?\s?[kmgtp]i?b?\b(?:\s*(?:,|and|or)\s*\d+(?:\.\d+)?\s?[kmgtp]i?b?\b)+`), humanSizes, 0},
	{lazyre.New(`(?i)\bin\s+(?:kilo|mega|giga|tera)bytes,?\s+(?:and|or)\s+(?:kilo|mega|giga|tera)bytes\b`), humanSizes, 0},
}

// goneToFolder is going into a folder, in a newcomer's words: "go to the
// parent folder", "change into the directory src".
var goneToFolder = lazyre.New(`(?i)\b((?:go|goes|going|switch|navigate|jump|change|changes|changing)\s+(?:back\s+)?(?:up\s+)?(?:in)?to)\s+(?:the\s+|a\s+|my\s+|another\s+|that\s+)?(?:parent\s+|home\s+|previous\s+|other\s+)?(?:folder|directory|dir)\b`)

// machineNoun is a machine as people call it.
const machineNoun = `(?:machine|computer|system|server|pc|box|laptop|workstation)`

// partShown is a part of a file shown or read, the words of the part a
// group (see phrasals): "show the end of a file", "print the top of the
// log file".
func partShown(part string) func() *regexp.Regexp {
	return lazyre.New(`(?i)\b(?:show|shows|print|prints|view|views|see|display|displays|read|output|get|check|watch|look\s+at)\s+(?:me\s+)?(?:only\s+|just\s+)?(?:the\s+)?(` + part + `)\s+of\s+(?:a|the|this|that|my|each|every)\s+(?:\w+\s+)?(?:file|log|logfile|output)s?\b`)
}

// powerOff is a machine's turning off.
var powerOff = []Alt{{"poweroff", 1}, {"shutdown", 1}, {"power", 0.8}, {"halt", 0.6}}

// removalVerb is a verb that takes a thing out, as a question that
// removes lines by what they hold says it (RemovedLines).
const removalVerb = `(remove|removes|removing|delete|deletes|deleting|drop|drops|dropping|(?:strip|strips|stripping)(?:\s+out)?|filter\s+out|filters\s+out|filtering\s+out|get\s+rid\s+of|cut\s+out|take\s+out|throw\s+away|discard|discards|discarding)`

// removedLinesAre is the lines such a question removes, before the verb
// that says what they hold (holding): "all lines that contain", "the
// lines of app.log matching", "every line with".
const (
	removedLinesAre = `\s+(?:all\s+|every\s+|any\s+|each\s+)?(?:of\s+)?(?:the\s+)?lines?\s+(?:(?:of|in|from)\s+\S+\s+)?(?:that\s+|which\s+)?(?:also\s+)?`
	holding         = `(?:contain|match|mention|include|hold|carr|ha[sv])\w*|with`
)

// RemovedLines is a question's removal of lines by what they hold
// ("delete all lines that contain", "strip the lines matching", "drop
// every line with"): the verb (group 1) and the verb of holding (group
// 2). It keeps the lines that do not hold it, which is a filter's work
// (grep's -v, "select non-matching lines"; sed's d), not a deletion of
// files, rows or commits.
var RemovedLines = lazyre.New(`(?i)\b` + removalVerb + removedLinesAre + `(` + holding + `)\b`)

// UnmatchedLines is a question for the lines that do not start or end
// with what it gives ("the lines of config.ini that do not start with
// #"): those a removal of the lines that do would leave (RemovedLines).
var UnmatchedLines = lazyre.New(`(?i)\blines?\s+(?:(?:of|in)\s+\S+\s+)?(?:that|which)\s+` + linesNot + `\s+(?:start|begin|end)(?:s|ning|ing)?\s+with\b`)

// linesNot is the negator of lines that do not start or end with a thing
// (UnmatchedLines, lineEndsRE).
const linesNot = `(?:(?:do|does)\s+not|don't|doesn't|never)`

// humanSizes is what sizes written with their units ask for.
var humanSizes = []Alt{{"human", 1}, {"readable", 0.8}}

// recursion is what a phrase for a folder's whole contents asks for.
var recursion = []Alt{{"recursive", 1}, {"subdirectory", 0.6}}

const phrasalWeight = 0.5

// uncontract spells out English contractions, whose parts would otherwise
// become words of their own: "doesn't" splits into "doesn", rare enough in
// the manuals to weigh more than every real word of the question.
func uncontract(q string) string {
	q = negationRE().ReplaceAllStringFunc(q, func(m string) string {
		stem := negationRE().FindStringSubmatch(m)[1]
		switch strings.ToLower(stem) {
		case "ca":
			return "can not"
		case "wo":
			return "will not"
		case "sha":
			return "shall not"
		}
		return stem + " not"
	})
	return auxiliaryRE().ReplaceAllString(q, "$1")
}

var (
	negationRE  = lazyre.New(`(?i)\b([a-z]+)n['’]t\b`)
	auxiliaryRE = lazyre.New(`(?i)\b([a-z]+)['’](?:ve|re|ll|d|m)\b`)
)

// newMade is the "new" of a thing a question makes ("create a new
// folder", "add a new user"): what is made is new, so the word says
// nothing of the task, and the task data's descriptions seldom write it
// ("Create specific directories") where those of project generators do
// ("Create a new Rust project"): read as a topic word, it sent "make a
// new directory called build" to useradd(8), "create a new user".
var newMade = lazyre.New(`(?i)\b(?:create|creates|creating|make|makes|making|add|adds|adding|generate|generating|set\s+up|setup|build|spawn|register|initiali[sz]e|init)\s+(?:an?\s+|the\s+|some\s+|my\s+)?(?:brand[- ])?(new)\b`)

// existingAdded is the "existing" of a thing a question adds or puts
// somewhere ("add an existing user to a group"): what is added is there
// already, so the word says nothing of the task, and the task data's
// descriptions seldom write it. Read as a topic word, it halved what the
// option model knew of usermod's options for "add an existing user to
// the group docker", and -g, the primary group, led over -aG. Where a
// thing is replaced or left alone ("replace an existing one", "leave
// the existing copy alone") the word says what the option does (ln's
// -f, "remove existing destination files"), and stays.
var existingAdded = lazyre.New(`(?i)\b(?:add|adds|adding|put|puts|putting|append|appending|insert|inserting)\s+(?:an|the|my|your|our|this|that|these|those)\s+(existing)\b`)

// blankNewMade is q with the "new" of a thing it makes, and the
// "existing" of one it adds (existingAdded), blanked.
func blankNewMade(q string) string {
	b := []byte(q)
	for _, re := range []*regexp.Regexp{newMade(), existingAdded()} {
		for _, m := range re.FindAllStringSubmatchIndex(q, -1) {
			for i := m[2]; i < m[3]; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// argNouns are the words for a program ("script", "program", "binary")
// right before a file's name or path: "the script ./import.sh". The name
// says what the task runs; the noun only says what kind of file it is,
// and weighs as a scene's word does, since read as a topic it leads to
// the pages named by it (script(1) and scriptlive(1) for "run the script
// ./import.sh with a CPU time limit"). Other nouns stay: "create the
// folders 2024/01 and 2024/02" asks for folders.
func argNouns(q string, args []Arg) map[string]bool {
	var out map[string]bool
	for _, a := range args {
		if a.Kind != ArgFile && a.Kind != ArgPath {
			continue
		}
		f := strings.Fields(q[:a.Start])
		if len(f) == 0 {
			continue
		}
		if w := strings.ToLower(f[len(f)-1]); programNouns[w] {
			if out == nil {
				out = map[string]bool{}
			}
			out[w] = true
		}
	}
	return out
}

var programNouns = map[string]bool{"script": true, "scripts": true, "program": true, "programs": true,
	"binary": true, "executable": true}

// filler are words of the question's frame, not its topic: "how do I ...",
// "what is the way to ...".
var filler = map[string]bool{
	"how": true, "what": true, "which": true, "why": true, "way": true, "ways": true, "want": true,
	"need": true, "possible": true, "command": true, "commands": true, "linux": true, "unix": true,
	"use": true, "using": true, "able": true, "someone": true, "something": true, "somehow": true,
	"tell": true, "know": true, "there": true, "does": true, "mean": true, "means": true,
	"many": true, "much": true, "one": true, "thing": true, "things": true, "like": true, "given": true,
}

var (
	programmingRE  = lazyre.New(`(?i)\b(in c|from c|c (?:program|code|daemon|library|function|application|source)s?|system call|syscall|library function|function call|api|header file)\b`)
	formatRE       = lazyre.New(`(?i)\b(format of|syntax of|fields? of|file format|configuration file|config file|entries in)\b|/etc/`)
	conceptRE      = lazyre.New(`(?i)^\s*(what (is|are|does|do)|what's|explain|difference between|meaning of)\b`)
	troubleshootRE = lazyre.New(`(?i)^\s*why\b|\b(error|fails?|failing|failed|not working|denied|cannot|can['’]t|won['’]t|broken)\b`)
	// errorsHandledRE is an error the task does without, or handles as
	// its object, which is no symptom: "without an error if it already
	// exists", "show only error messages", "hide the error output".
	errorsHandledRE = lazyre.New(`(?i)\b(?:without|no|ignor\w*|suppress\w*|hid(?:e|es|ing)|silenc\w*|redirect\w*|discard\w*|send\w*|captur\w*|sav(?:e|es|ing)|show\w*|print\w*|writ(?:e|es|ing)|list\w*|count\w*|filter\w*|only)\s+(?:an?\s+|any\s+|the\s+|all\s+|its\s+|my\s+|those\s+)?errors?\b`)
)

func classify(q string) Scene {
	switch {
	case programmingRE().MatchString(q):
		return SceneProgramming
	case formatRE().MatchString(q):
		return SceneFormat
	case troubleshootRE().MatchString(errorsHandledRE().ReplaceAllString(q, " ")):
		return SceneTroubleshoot
	case conceptRE().MatchString(q):
		return SceneConcept
	}
	return SceneHowTo
}

// Expander returns words related to a word, weights in (0,1].
type Expander func(word string) []Alt

// Thesaurus expands a word with the embedded thesaurus, and an adverb
// with its adjective too.
func Thesaurus(w string) []Alt {
	rel := thesaurus.Related(w)
	out := make([]Alt, 0, len(rel)+1)
	if adj := adjectiveOf(w); adj != "" {
		out = append(out, Alt{Stem: adj, Weight: adverbWeight})
	}
	for _, t := range rel {
		out = append(out, Alt{Stem: t.Word, Weight: float64(t.Weight)})
	}
	return out
}

// adverbWeight is the weight of an adverb's adjective.
const adverbWeight = 0.9

// adjectiveOf is the adjective an adverb is made of, "" for none: "lazily"
// is "lazy", "quietly" "quiet", which the options say (umount's "Lazy
// unmount", "-q, --quiet"), and which the stemmer does not make of them
// ("lazili", "quietli"). The adjective must be a word the thesaurus
// knows ("supply" is no adverb of "supp") and no stopword.
func adjectiveOf(w string) string {
	if len(w) < 6 || !strings.HasSuffix(w, "ly") {
		return ""
	}
	adj := w[:len(w)-2]
	if strings.HasSuffix(w, "ily") {
		adj = w[:len(w)-3] + "y"
	}
	if terms.Stop(adj) || !thesaurus.Known(adj) {
		return ""
	}
	return adj
}

// Analyse splits the question into concepts and expands each.
func Analyse(q string, expand Expander) Analysis {
	// what the question gives and how it is framed are not its topic:
	// the scene and the concepts come from the rest
	rd := Read(q)
	a := Analysis{Question: q, Args: rd.Args, Framing: rd.Framing, LookedFor: rd.LookedFor}
	asked := q
	q = rd.Topic(q)
	a.Scene = classify(q)
	q = uncontract(q)
	q = blankNewMade(q)
	seen := map[string]bool{}
	terms.Words(q, true, func(joined string) {
		// joined keeps "git-add" and "/etc/fstab" parts together for name
		// matching; concepts use the parts.
		a.Words = append(a.Words, joined)
	})
	var words []string
	terms.Words(q, false, func(w string) { words = append(words, w) })
	a.Seq = words
	nouns := argNouns(asked, rd.Args)
	sceneWords := map[string]bool{}
	for _, m := range sceneRE().FindAllStringSubmatch(q, -1) {
		terms.Words(m[1], false, func(w string) { sceneWords[w] = true })
	}
	if m := verbRE().FindStringSubmatch(q); m != nil {
		a.Verb = strings.ToLower(m[1])
	} else if a.Scene == SceneHowTo {
		a.Verb = imperative(words)
	}
	for _, m := range optionRE().FindAllStringSubmatch(asked, -1) {
		if !slices.Contains(a.Options, m[1]) {
			a.Options = append(a.Options, m[1])
		}
	}
	a.Compressions = Compressions(asked)
	for _, m := range extensionRE().FindAllStringSubmatch(asked, -1) {
		if a.Extensions == nil {
			a.Extensions = map[string]bool{}
		}
		a.Extensions[strings.ToLower(m[1])] = true
	}
	phraseWords := map[string]bool{}
	var phraseConcepts []Concept
	var phraseAt []int // the number of the question's words before each phrase
	// a causative "make" is no phrase's: the phrasals read the question
	// without it
	pq := q
	for _, re := range []func() *regexp.Regexp{causative, madeNoun} {
		if loc := re().FindStringSubmatchIndex(pq); loc != nil {
			terms.Words(pq[loc[2]:loc[3]], false, func(w string) { phraseWords[w] = true })
			pq = pq[:loc[2]] + strings.Repeat(" ", loc[3]-loc[2]) + pq[loc[3]:]
		}
	}
	readOnly := madeReadOnly().MatchString(pq)
	for _, p := range phrasals {
		loc := p.re().FindStringSubmatchIndex(pq)
		if loc == nil || readOnly && len(p.alts) > 0 && p.alts[0].Stem == "create" {
			// "make a file read-only" creates nothing
			continue
		}
		// a phrase that needs its context to be read sets that context
		// apart in a group: only the group's words are the phrase's
		start, end := loc[len(loc)-2], loc[len(loc)-1]
		if start < 0 {
			start, end = loc[0], loc[1]
		}
		m := q[start:end]
		said := true // whether an earlier phrase took all its words
		terms.Words(m, false, func(w string) { said = said && phraseWords[w]; phraseWords[w] = true })
		if said && len(phraseConcepts) > 0 {
			// the generic "turn off" of "turn off the machine", whose
			// powering off is read already
			continue
		}
		if len(p.alts) == 0 {
			continue
		}
		c := Concept{Word: p.alts[0].Stem, Weight: cmp.Or(p.weight, phrasalWeight)}
		for _, alt := range p.alts {
			c.Alts = append(c.Alts, Alt{Stem: terms.Stem(alt.Stem), Weight: alt.Weight})
		}
		phraseConcepts = append(phraseConcepts, c)
		at := 0
		terms.Words(q[:start], false, func(string) { at++ })
		phraseAt = append(phraseAt, at)
	}
	var pos []int // each concept's place among the question's words
	for i, w := range words {
		if i > 0 && !terms.Stop(words[i-1]) && !terms.Stop(w) {
			a.Pairs = append(a.Pairs, words[i-1]+"-"+w)
		}
		if terms.Stop(w) || filler[w] || len(w) < 2 || phraseWords[w] || RangeEnd(words, i, rangeWords) {
			continue
		}
		stem := terms.Stem(w)
		if seen[stem] {
			continue
		}
		seen[stem] = true
		c := Concept{Word: w, Alts: []Alt{{Stem: stem, Weight: 1}}, Weight: 1}
		if sceneWords[w] || nouns[w] {
			c.Weight = sceneWeight
		}
		if isNumber(w) {
			c.Weight = valueWeight
		}
		if expand != nil {
			have := map[string]bool{stem: true}
			for _, r := range expand(w) {
				// Phrases would need positions the index does not keep.
				if strings.ContainsAny(r.Stem, " _") || terms.Stop(r.Stem) {
					continue
				}
				s := terms.Stem(r.Stem)
				if !have[s] {
					have[s] = true
					c.Alts = append(c.Alts, Alt{Stem: s, Weight: r.Weight})
				}
			}
		}
		a.Concepts = append(a.Concepts, c)
		pos = append(pos, i)
	}
	for i, c := range phraseConcepts {
		if !seen[c.Alts[0].Stem] {
			seen[c.Alts[0].Stem] = true
			a.Concepts = append(a.Concepts, c)
			pos = append(pos, phraseAt[i])
		}
	}
	// a phrase's concept stands where the phrase is, as its words would:
	// "make a folder" is create, then folder, the order the task data's
	// descriptions write ("create directories"), whose pairs of words the
	// task model knows
	order := make([]int, len(a.Concepts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return pos[order[x]] < pos[order[y]] })
	sorted := make([]Concept, len(a.Concepts))
	for i, o := range order {
		sorted[i] = a.Concepts[o]
	}
	a.Concepts = sorted
	for _, arg := range a.Args {
		for _, f := range arg.Formats() {
			if st := terms.Stem(f); !seen[st] {
				seen[st] = true
				a.Concepts = append(a.Concepts, Concept{Word: f, Weight: formatWeight, Alts: []Alt{{Stem: st, Weight: 1}}})
			}
		}
	}
	framed := func(alts []Alt) {
		c := Concept{Word: alts[0].Stem, Weight: 1}
		for _, alt := range alts {
			if st := terms.Stem(alt.Stem); !seen[st] {
				seen[st] = true
				c.Alts = append(c.Alts, Alt{Stem: st, Weight: alt.Weight})
			}
		}
		if len(c.Alts) > 0 && c.Alts[0].Weight == 1 {
			a.Concepts = append(a.Concepts, c)
		}
	}
	for _, f := range frames {
		if f.re().MatchString(q) {
			framed(f.alts)
		}
	}
	if slices.ContainsFunc(a.Args, func(arg Arg) bool { return arg.Noun == "program" }) {
		for _, alts := range locating {
			framed(alts)
		}
	}
	return a
}
