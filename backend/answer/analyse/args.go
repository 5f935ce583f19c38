package analyse

import (
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

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
	ArgFile      ArgKind = iota // notes.txt, deploy.sh
	ArgGlob                     // *.log, *.py
	ArgPath                     // /var/log, ~/Downloads, docs/old
	ArgFolder                   // "folder build", "directory named logs"
	ArgUser                     // "user alice"
	ArgGroup                    // "group called staff"
	ArgName                     // "named x", "called x" of anything else
	ArgSize                     // 100 MB, 2G
	ArgDuration                 // 7 days, 30 minutes
	ArgMode                     // 644, u+x
	ArgNumber                   // 10 (lines, times)
	ArgQuoted                   // "hello world", 'TODO'
	ArgURL                      // https://example.com/file.tar.gz
	ArgHost                     // example.com, 192.168.1.10, user@host
	ArgPort                     // port 8080
	ArgFrom                     // "from latin1 to UTF-8": what a conversion starts from
	ArgTo                       // and what it ends in
	ArgDelimiter                // "comma-separated": what separates a line's fields (its Text, ",")
	ArgDate                     // 2024-01-31, 15 January 2023 at 09:00
	ArgOld                      // "replace foo with bar": the text a replacement takes out
	ArgNew                      // and the text it puts in
	ArgFSType                   // ext4, vfat: a kind of file system
)

var argKindNames = [...]string{"file", "glob", "path", "folder", "user", "group", "name", "size", "duration",
	"mode", "number", "quoted", "url", "host", "port", "from", "to", "delimiter", "date", "old", "new", "fstype"}

func (k ArgKind) String() string { return argKindNames[k] }

// Arg is one argument of the task: what it is, its text as typed, and
// where the question has it (bytes Start to End).
type Arg struct {
	Kind       ArgKind
	Text       string
	Start, End int
	// Noun is the word a name was given after ("interface" of
	// "interface enp3s0"), lowercase; "" for another argument
	Noun string
	// Place: the number is an ordinal's ("third column"), whose word
	// stays the task's ("third" is as much cut's as "column")
	Place bool
	// Back: the length of time is counted back from now ("in the last
	// 3 days", "2 hours ago"), a window that ends now, which an option
	// that takes the date it starts at takes as "3 days ago"
	Back bool
	// Renamed: the name is the new one a rename gives ("archive" of
	// "rename the folder drafts to archive"): what the thing is called
	// after, no folder to move it into
	Renamed bool
	// Anchor is where a quoted pattern must match the lines asked for:
	// "^" at their start ("lines starting with ERROR"), "$" at their
	// end; "" anywhere
	Anchor string
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
	// a scheme alone is the text of every address that starts with it:
	// "replace every http:// with https://" asks of no web page
	{ArgURL, lazyre.New(`(?:^|\s)((?:https?|ftp|sftp|ssh|git|rsync)://)(?:$|[\s,;:?!)]|\.(?:\s|$))`)},
	{ArgHost, lazyre.New(`\b[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+\b`)},
	{ArgHost, lazyre.New(`\b(?:\d{1,3}\.){3}\d{1,3}\b`)},
	// a glob that ends the sentence leaves its full stop (`*.min.js.`)
	{ArgGlob, lazyre.New(`(?:^|\s)([^\s"'*]*\*(?:[^\s"',;:?!)]*[^\s"',;:?!).])?)`)},
	{ArgPath, lazyre.New(`(?:^|[\s(])((?:~|\.{1,2})?/[^\s"',;:?!()]*[^\s"',;:?!().]|~|(?:[A-Za-z0-9_.-]+/)+[A-Za-z0-9_.-]*[A-Za-z0-9_-])`)},
	// a calendar date, and the time of day after it: not one in a file's
	// or a path's name (etc-backup-2024-05-01.tar.gz), which they took
	{ArgDate, lazyre.New(`(?:^|[\s(])(` + datePattern + `)(?:$|[\s,;:?!)]|\.(?:\s|$))`)},
	// a time of day alone, after a word that bounds or sets something
	// by it: "since 8:00", "until 5pm", "at 14:30"; not "16:9", a ratio,
	// nor "8080:80", ports
	{ArgDate, lazyre.New(`(?i)\b(?:since|until|till|before|after|at|from|by|to|between|and)\s+(` + clockPattern + `)(?:$|[\s,;:?!)]|\.(?:\s|$))`)},
	// a kind of file system, by the name mkfs, mount and df take it by
	{ArgFSType, lazyre.New(`(?i)(?:^|[\s(])(ext[234]|xfs|btrfs|vfat|exfat|ntfs|f2fs|tmpfs|iso9660|squashfs)(?:$|[\s,;:?!)]|\.(?:\s|$))`)},
	{ArgSize, lazyre.New(`(?i)\b(\d+(?:\.\d+)?\s?(?:[kmgtp]i?b|[kmgtp]|bytes?|kilobytes?|megabytes?|gigabytes?|terabytes?))\b`)},
	{ArgDuration, lazyre.New(`(?i)\b(\d+\s?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?))\b`)},
	{ArgPort, lazyre.New(`(?i)\bports?\s+(\d{1,5})\b`)},
	{ArgMode, lazyre.New(`(?:^|\s)([ugoa]+[+=-][rwxXst]+|[+=][rwxXst]+)(?:\s|[,;:?!]|\.(?:\s|$)|$)`)}, // not -s: an option
	// (a word of modes, not a file's name: "access.log", whose "pieces
	// of 1000 lines" are no mode)
	{ArgMode, lazyre.New(`(?i)\b(?:permissions?|mode|chmod|umask|access|perms)[,;:]?(?:\s.{0,40}?)?\s([0-7]{3,4})(?:\s|[,;:?!]|\.(?:\s|$)|$)`)},
	{ArgHost, lazyre.New(`(?i)\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|edu|gov|local|lan|internal|example|test|info|co|uk|de)\b`)},
	{ArgFile, lazyre.New(`(?:^|[\s(])(\.?[A-Za-z0-9_-][A-Za-z0-9_.+-]*\.[A-Za-z][A-Za-z0-9]{0,7}|\.[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?)(?:\s|[,;:?!)]|\.(?:\s|$)|$)`)},
	{ArgNumber, lazyre.New(`(?:^|\s)(\d+)(?:\s|[,;?!]|:(?:\s|$)|\.(?:\s|$)|$)`)},
}

// datePattern is a date as people write one: 2024-01-31, 15 January
// 2023, January 15, 2023, 3 May (a month's name capitalised, or in
// lower case but for "may" and "march", which are verbs as often), with
// a time of day after it ("09:30", "at noon").
const datePattern = `\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?` +
	`|\d{1,2}(?:st|nd|rd|th)?\s+(?:` + months + `)(?:,?\s+\d{4})?(?:` + timeOfDay + `)?` +
	`|(?:` + months + `)\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?(?:` + timeOfDay + `)?`

// clockPattern is a time of day: 8:00, 14:30:15, 5pm, 9.30 is none.
const clockPattern = `(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?[ap]\.?m\b\.?)?|(?:0?[1-9]|1[0-2])\s?[ap]\.?m\b\.?`

const (
	months    = `[Jj]anuary|[Ff]ebruary|March|[Aa]pril|May|[Jj]une|[Jj]uly|[Aa]ugust|[Ss]eptember|[Oo]ctober|[Nn]ovember|[Dd]ecember|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec`
	timeOfDay = `\s+(?:at\s+)?\d{1,2}:\d{2}|\s+at\s+(?:noon|midnight)`
)

// lastUnitRE finds a unit of time the question counts back one of:
// "in the last day", "within the past hour".
var lastUnitRE = lazyre.New(`(?i)\b(?:in|within|during|over|for|from)\s+the\s+(?:last|past)\s+(second|minute|hour|day|week)\b`)

// numberWordRE finds a number written in words and the word after it:
// "five times", "twenty-five lines", "a hundred megabytes".
var numberWordRE = lazyre.New(`(?i)\b((?:a\s+)?(?:hundred|thousand)|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\s+([a-z]+)\b`)

var numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
	"seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000}

// numberWord is the number numberWordRE found in words; 0 for none.
func numberWord(words string) int {
	n := 0
	for _, w := range strings.FieldsFunc(strings.ToLower(words), func(r rune) bool { return r == ' ' || r == '-' || r == '\t' || r == '\n' }) {
		if w != "a" {
			n += numberWords[w]
		}
	}
	return n
}

// countedKind is the kind of argument a number is before the word unit:
// a length of time ("five minutes"), a size ("ten megabytes"), or a count
// of what a command counts ("three times", "twenty lines"); not a number
// of things the task names ("two files", "one command"). One counts
// only as a time, a size or a depth: "one line per file" is no count.
func countedKind(unit string, n int) (ArgKind, bool) {
	switch {
	case durationUnits[unit]:
		return ArgDuration, true
	case sizeUnits[unit]:
		return ArgSize, true
	case n == 1:
		return ArgNumber, unit == "level"
	case countedNouns[unit]:
		return ArgNumber, true
	}
	return 0, false
}

// ordinalRE finds an ordinal before one thing a command counts by
// place: "second column", "3rd field". Not "first", which says which
// end too ("the first line" is head's, as "the last" is tail's), but of
// a column or a field, which has no other end to it.
var ordinalRE = lazyre.New(`(?i)\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|[1-9][0-9]*(?:st|nd|rd|th))\s+(column|field|word|line|row|character|byte|letter|entry|item|argument)\b|\b(first)\s+(column|field)\b`)

// delimiterRE finds what separates fields: "comma-separated",
// "colon delimited", "separated by semicolons", "the comma as the field
// separator"; symbolNames holds the characters of those words.
var delimiterRE = lazyre.New(`(?i)\b(?:(comma|colon|semicolon|pipe|space|tab)[- ]?(?:separated|delimited)|(?:separated|delimited)\s+by\s+(?:an?\s+|the\s+)?(commas?|colons?|semicolons?|pipes?|spaces?|tabs?)|(?:an?|the)\s+(comma|colon|semicolon|pipe|space|tab)\s+as\s+(?:the\s+|a\s+)?(?:field\s+|column\s+)?(?:separator|delimiter))\b`)

// symbolNames are the characters that delimiterRE and lineEndsRE read
// by name. No tab: a tab delimiter is left as cut's and paste's default.
var symbolNames = map[string]string{"comma": ",", "colon": ":", "semicolon": ";", "pipe": "|", "space": " ",
	"dash": "-", "hyphen": "-", "hash": "#", "slash": "/", "percent sign": "%", "equals sign": "=", "plus sign": "+"}

// ordinalListRE finds ordinals joined by "and" before the plural of
// what a command counts by place: "the first and third columns";
// placeListRE, numbers so joined after it, or one: "columns 2 and 5",
// "fields 1,3", "column 2". Their groups "places" and "noun" hold those; placeWordRE finds
// each place among the places.
var (
	ordinalListRE = lazyre.New(`(?i)\b(?P<places>(?:` + placeOrdinal + `)(?:\s*,\s*(?:the\s+)?(?:` + placeOrdinal + `))*\s*,?\s+(?:and|&)\s+(?:the\s+)?(?:` + placeOrdinal + `))\s+(?P<noun>columns?|fields?|characters?|bytes?)\b`)
	placeListRE   = lazyre.New(`(?i)\b(?P<noun>columns?|fields?)\s+(?P<places>\d+(?:(?:\s*,\s*\d+)*\s*,?\s+(?:and|&)\s+\d+|(?:\s*,\s*\d+)+)?)\b`)
	placeWordRE   = lazyre.New(`(?i)\b(?:` + placeOrdinal + `|\d+)\b`)
)

const placeOrdinal = `first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|[1-9][0-9]*(?:st|nd|rd|th)`

var ordinals = map[string]int{"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
	"eighth": 8, "ninth": 9, "tenth": 10}

// firstPlacesRE is a count of places from the first: "the first 3
// columns", "the first two fields".
var firstPlacesRE = lazyre.New(`(?i)\bfirst\s+` + placeCount + `\s+(columns|fields)\b|\bfirst\s+` + placeCount + `\s+(characters|chars|letters)\s+(?:of|on|in|from)\s+(?:each|every|all)\s+(?:the\s+)?lines?\b`)

// placeCount is how many places from the first, in digits or words: two
// at least, one being a place, not a range.
const placeCount = `([2-9]|[1-9][0-9]+|two|three|four|five|six|seven|eight|nine|ten)`

// ordinal is the number an ordinal says, 0 for none.
func ordinal(w string) int {
	w = strings.ToLower(w)
	if n, ok := ordinals[w]; ok {
		return n
	}
	n, _ := strconv.Atoi(strings.TrimRight(w, "stndrh"))
	return n
}

var durationUnits = map[string]bool{"second": true, "seconds": true, "minute": true, "minutes": true, "hour": true,
	"hours": true, "day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true}

var sizeUnits = map[string]bool{"byte": true, "bytes": true, "kilobyte": true, "kilobytes": true, "megabyte": true,
	"megabytes": true, "gigabyte": true, "gigabytes": true, "terabyte": true, "terabytes": true}

// countedNouns are what the counts commands take are counts of.
var countedNouns = map[string]bool{"times": true, "lines": true, "characters": true, "chars": true, "columns": true,
	"levels": true, "retries": true, "attempts": true, "tries": true, "pings": true, "packets": true, "entries": true,
	"results": true, "commits": true, "digits": true, "spaces": true, "processes": true,
	"jobs": true, "threads": true, "cores": true, "cpus": true, "passes": true, "rows": true}

// endsClause says whether a nounArgRE match's name ends its clause: the
// question ends there, or a stop follows.
func endsClause(q string, m []int) bool {
	return m[6] >= 0 && strings.Trim(q[m[6]:m[7]], " \t,.;:?!") == ""
}

// notName is a word after a noun that says when, where or how, or a
// modal verb, no name: "if that group already exists", "the user still
// logged in", "the folder in my home directory together with everything
// inside it", "how fast a service may write" (not "will", a user's name
// as often).
var notName = lazyre.New(`(?i)^(?:already|still|ever|again|now|currently|recently|also|too|exists?|yet|together|along|alongside|including|besides|plus|alone|instead|afterwards|here|there|itself|may|might|can|could|should|would|must|shall)$`)

// pointedAt says whether the text before a noun ends with a word that
// says which one it is without its name: "this", "each", "which". Not
// "whole" nor "entire", which come before a name too: "copy the whole
// folder site".
func pointedAt(before string) bool {
	f := strings.Fields(before)
	return len(f) > 0 && pointers[strings.ToLower(f[len(f)-1])]
}

var pointers = map[string]bool{"this": true, "that": true, "these": true, "those": true, "each": true, "every": true,
	"which": true, "what": true, "whose": true, "any": true, "some": true, "current": true, "same": true, "other": true,
	"another": true, "both": true, "all": true, "several": true, "many": true, "few": true, "two": true, "three": true}

// nounArgRE finds a noun directly followed by a name: "user alice".
var nounArgRE = lazyre.New(`(?i)\b(users?(?:\s+accounts?)?|accounts?|groups?|folders?|directory|directories|dir|files?|branch|tag|service|unit|package|variable|host|server|machine|interface|device|partition|label)\s+(?:(?:called|named)\s+)?([A-Za-z0-9_][A-Za-z0-9_.@:+-]*)(\s+(?:to|and|or|into|in|from|so|but|with|without|on|onto|under|inside|except|by|as|the|its|their|while|whilst|when|if|unless|because|since|before|after|keeping|leaving|that|which|whose|where|last|now|currently|recently|already|still|ever|yesterday|today|again|over|via|through|using|at|named|called|for|recursively|permanently|temporarily|automatically|completely|entirely|safely|silently|quietly|verbosely|forcibly|forcefully|immediately)\b|[,.;:?!]|\s*$)?`)

// caseWords are what names are renamed to that are no name.
var caseWords = map[string]bool{"lowercase": true, "uppercase": true, "lower": true, "upper": true, "capitals": true, "titlecase": true}

// renameVerb finds a verb of renaming before a name ("rename the user
// bob", "change the name of the group"), and renamedToRE the new name
// just after it: " to robert", " to be qa".
var (
	renameVerb  = lazyre.New(`(?i)\b(?:rename|renaming|renamed)\b|\bchange\s+(?:the\s+)?name\s+of\b`)
	renamedToRE = lazyre.New(`^\s+(?:in)?to\s+(?:be\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\b`)
)

// CopyVerb is a verb that copies or moves a thing somewhere, as a
// regular expression's group.
const CopyVerb = `(?:copy|copies|copying|cp|move|moves|moving|mv|duplicate|duplicates|clone|clones|mirror|mirrors|sync|syncs)`

var copiedVerb = lazyre.New(`(?i)\b` + CopyVerb + `\b`)

// andNameRE is a second name after a first one: "alpha and beta", then
// what ends its clause or goes on as after a name (the second group).
var andNameRE = lazyre.New(`^\s+and\s+([A-Za-z0-9_][A-Za-z0-9_@:+-]*(?:\.[A-Za-z0-9_@:+-]+)*)(\s*(?:[,.;:?!]|$)|\s+(?:to|into|in|from|on|onto|with|without|as|so|but|while|when|if|under|inside|by)\b)?`)

// filesUnderRE is the name of the folder that holds the files, or all
// there is, in a question that says no "folder" before it: "every file
// under src", "everything in docs"; the clause ends after it or goes on
// as after a name.
var filesUnderRE = lazyre.New(`(?i)(?:\b(?:files|everything|anything|subfolders|subdirectories|folders|directories)|\b(?:every|each|any)\s+(?:\.?[A-Za-z0-9]+\s+)?file)\s+(?:in|under|inside|within|below|beneath|underneath)\s+([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_])(?:$|\s+(?:for|and|to|that|which|with|recursively|whose|containing|matching|named|called|by|but|except|excluding|into|as|older|newer|larger|smaller|bigger)\b|[,;:?!)]|\.(?:\s|$))`)

// projectFolders are the words projects and homes name folders by, which
// filesUnderRE reads as names although they are words too.
var projectFolders = map[string]bool{"src": true, "source": true, "docs": true, "doc": true, "build": true, "dist": true, "lib": true,
	"bin": true, "logs": true, "tmp": true, "temp": true, "assets": true, "static": true, "public": true, "tests": true, "test": true,
	"data": true, "backup": true, "backups": true, "config": true, "scripts": true, "vendor": true, "downloads": true, "documents": true,
	"pictures": true, "photos": true, "images": true, "music": true, "videos": true, "output": true, "out": true, "target": true, "project": true}

// myHomeRE is the asker's home folder, and placeBefore a word that puts
// what the task works on there: "in my home directory", "under my home".
// The noun after it stays the topic's: "how big is everything in my home
// folder" asks of a folder's size.
var (
	myHomeRE    = lazyre.New(`(?i)\b(?:my|your)\s+home\b`)
	placeBefore = lazyre.New(`(?i)\b(?:in|into|under|inside|within|from|of|to|throughout|across)\s+$`)
)

// onBefore puts the task on a file system, as placeBefore does in a
// folder: "on the root filesystem".
var onBefore = lazyre.New(`(?i)\b(?:on|for|at)\s+$`)

// rootFsRE is the root file system (its first group the word "root"),
// which is mounted at /: "the root filesystem", "the root partition".
var rootFsRE = lazyre.New(`(?i)\bthe\s+(root)\s+(?:file\s*system|fs|partition|volume|mount)\b`)

// serviceArgRE finds a name said before the kind of thing it names: "the
// nginx service", "the sshd daemon".
var serviceArgRE = lazyre.New(`(?i)\bthe\s+([A-Za-z0-9_][A-Za-z0-9_.@+-]*)\s+(` + serviceNouns + `)s?\b`)

// serviceNouns are the words for a service.
const serviceNouns = `service|daemon|unit`

// setToRE is a setting changed to a value that ends the clause, the
// setting's last word and the value the groups: "change the hostname to
// buildbox", "set my default shell to zsh", "set the hostname of this
// machine to buildbox".
var setToRE = lazyre.New(`(?i)\b(?:change|set|switch|update|make)\s+(?:the\s+|my\s+|this\s+|its\s+|our\s+)?(?:[a-z][a-z-]*\s+){0,2}?([a-z][a-z-]*)(?:\s+(?:of|on|for)\s+(?:the\s+|this\s+|my\s+|our\s+)?[a-z][a-z-]*)?\s+(?:to|into)\s+([A-Za-z0-9_][A-Za-z0-9_@:+-]*(?:\.[A-Za-z0-9_@:+-]+)*)(?:\s*$|\s*[,;:?!]|\.\s|\.$)`)

// serviceRecords ends the words before a service whose records the
// question asks for: "the journal of the ssh service", "the logs from
// the cron service" read a unit named ssh, cron.
var serviceRecords = lazyre.New(`(?i)\b(?:logs?|journal|log\s+messages|log\s+entries)\s+(?:of|for|from)\s+$`)

// servicedVerbs are the verbs only services take (see servicedRE).
const servicedVerbs = `restart|reload|enable|disable|mask|unmask`

// servicedVerb is one of servicedVerbs.
var servicedVerb = lazyre.New(`(?i)\b(?:` + servicedVerbs + `)\b`)

// servicedRE is a verb that only services take and the word after it,
// where the clause ends after that word or goes on as after a name:
// "restart nginx", "enable sshd at boot", "reload apache2 on web01".
// Not start or stop: "start firefox" runs a program, "stop firefox"
// kills one.
var servicedRE = lazyre.New(`(?i)\b(?:` + servicedVerbs + `)\s+([A-Za-z0-9_][A-Za-z0-9_.@-]*)(?:\s*$|\s*[,.;:?!]|\s+(?:at|on|with|now|again|so|and|when|after|before|every|from|using|via)\b)`)

// ownerRE finds whom a question gives a file to: "change the owner of
// log.txt to bob", "owned by www-data", "ownership to alice:devs", "make
// bob the owner". The name may carry its group ("alice:devs").
var ownerRE = lazyre.New(`(?i)\b(?:owner(?:ship)?|owned)\b(?:[^.?!;]|\.\S){0,60}?\b(?:to|by)\s+(?:the\s+)?(?:user\s+)?([a-z_][a-z0-9_.-]*(?::[a-z_][a-z0-9_.-]*)?)(?:\s|[,;:?!]|\.(?:\s|$)|$)|\bmake\s+([a-z_][a-z0-9_.-]*)\s+(?:the\s+)?owner\b`)

// notOwners are words ownerRE finds where no one is named.
var notOwners = map[string]bool{
	"me": true, "myself": true, "another": true, "someone": true, "somebody": true, "a": true, "an": true,
	"the": true, "my": true, "this": true, "that": true, "it": true, "them": true, "him": true, "her": true,
	"user": true, "users": true, "group": true, "new": true, "other": true, "different": true, "current": true,
}

// calledRE finds a name after "called" or "named" anywhere.
var calledRE = lazyre.New(`(?i)\b(?:called|named|titled)\s+([A-Za-z0-9_][A-Za-z0-9_.@:+-]*)`)

// frameREs are the framing of other people's ways of asking: the
// question's opening and the places it says where to work. They say
// nothing of the task.
var frameREs = []func() *regexp.Regexp{
	lazyre.New(`(?i)^\s*(?:(?:what(?:'s| is| are)|tell me|give me|show me|provide|suggest|write|type|i need|i want|please write)\s+(?:the\s+|a\s+|an\s+|one\s+)?(?:single\s+|simple\s+|best\s+|easiest\s+|simplest\s+|quickest\s+|fastest\s+|right\s+|proper\s+|correct\s+|standard\s+|usual\s+|recommended\s+|preferred\s+|shortest\s+|safe\s+|safest\s+|cleanest\s+)?(?:bash|shell|sh|zsh|linux|unix|debian|ubuntu|terminal|cli|posix|gnu)?\s*(?:command(?:[- ]line)?|commands|one[- ]liner|script|way|utility|tool|program)(?:\s+(?:option|flag|switch)s?)?(?:\s+(?:i|you|we|one)\s+(?:can|could|should|would)\s+(?:use|run|type))?(?:\s+(?:to use|used|that i can use|which i can use))?\s*(?:to|that|which|for|in order to|so as to|used to)|which\s+(?:bash\s+|shell\s+|linux\s+|unix\s+)?command(?:\s+(?:option|flag|switch)s?)?)\b`),
	lazyre.New(`(?i)^\s*(?:bash|shell|linux|unix)\s*:\s*`),
	// where to work, when the sentence ends there: "find: only look in
	// the current folder, not below" asks about it
	lazyre.New(`(?i)\s(?:in|into|to|from|inside|within)\s+(?:the\s+|this\s+|my\s+)?(?:current|present|working)\s+(?:working\s+)?(?:directory|folder|dir)\s*(?:[.?!]\s*)?$`),
	// and where it says where not to: "into /srv rather than into the
	// current folder"
	lazyre.New(`(?i)\b(?:rather\s+than|instead\s+of)\s+(?:in|into|to|inside)?\s*(?:the\s+|this\s+|my\s+)?(?:current|present|working)\s+(?:working\s+)?(?:directory|folder|dir)\b`),
	lazyre.New(`(?i)\b(?:on|in|for)\s+(?:this|my|our)\s+(?:linux\s+|unix\s+|debian\s+|ubuntu\s+|current\s+|local\s+)?(?:system|machine|computer|box|host|server|pc)\b`),
	lazyre.New(`(?i)\bon\s+the\s+(?:local\s+|current\s+)?(?:system|machine|computer)(?:\s*[.,;:?!]|\s*$)`),
}

// conversionRE is a conversion's two ends, "from latin1 to UTF-8", "from
// the Windows-1252 character set into UTF-8": one word each (with its
// dashes and dots), and the kind of thing converted after the first.
var conversionRE = lazyre.New(`(?i)\bfrom\s+(?:the\s+)?([A-Za-z0-9][A-Za-z0-9_.:+-]*[A-Za-z0-9])(?:\s+(?:character\s+set|charset|character\s+encoding|encoding|code\s*page|format|codeset))?\s+(?:in)?to\s+(?:the\s+)?([A-Za-z0-9][A-Za-z0-9_.:+-]*[A-Za-z0-9])\b`)

// conversionWord is a word that says the question converts: only then
// are "from X to Y" a conversion's ends, not a trip's ("from Porto to
// Santiago") or a copy's.
var conversionWord = lazyre.New(`(?i)\b(?:convert\w*|conversion|transcod\w*|recod\w*|re-?encod\w*|encod\w*|charsets?|character\s+sets?|code\s*pages?|codesets?)\b`)

// lookedForRE is a word the task looks for, not one it is about: "the
// files that contain a certain word" want grep's PATTERNS, not its -w,
// "whole words". Not where the word is a kind of thing ("a word count",
// "word boundaries"): the group then matches.
var lookedForRE = lazyre.New(`(?i)\b(?:a|an|any|some|one|the)\s+(?:certain\s+|given\s+|particular\s+|specific\s+|single\s+)?word\b(?:\s+or\s+(?:a\s+)?phrase\b)?(\s+(?:count|boundar|wrap|list|processor|split|separat|length|per\b)\w*)?`)

// toolAfter starts the words after a name with the tool that works on
// it: "with apt", "using apt-get".
var toolAfter = lazyre.New(`(?i)^\s+(?:with|using|via)\b`)

// installedRE is the name after a verb that installs or uninstalls,
// where the clause ends or goes on as after a name.
var installedRE = lazyre.New(`(?i)\b(?:re|un)?install(?:s|ing)?\s+([A-Za-z0-9][A-Za-z0-9.+-]*[A-Za-z0-9])(?:\s*(?:[.?!,;]|$)|\s+(?:with|using|via|from|on|and)\b)`)

// plural says whether a word is the plural of a word of the language:
// "lists", not "less".
func plural(w string) bool {
	lw := strings.ToLower(w)
	return strings.HasSuffix(lw, "s") && plainWord(strings.TrimSuffix(lw, "s"))
}

// nameHoldsRE is a word the name of a file or folder holds: "files
// whose name contains the word draft", "folders with backup in their
// name"; not a process's or a package's, whose names other commands
// match otherwise. kindsHeld are what a name holds that is no word of
// it: "names that contain spaces".
var nameHoldsRE = lazyre.New(`(?i)\b(?:files?|folders?|directories)\b(?:\s+[^\s.,;:?!]+){0,6}?\s+(?:whose|with|having|that\s+have)\s+(?:file\s*)?names?\s+(?:that\s+|which\s+)?(?:contains?|containing|includes?|including|holds?|holding)\s+(?:the\s+(?:word|string|text)\s+)?([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_]|[A-Za-z0-9])\b|\b(?:files?|folders?|directories)\b(?:\s+[^\s.,;:?!]+){0,6}?\s+with\s+(?:the\s+(?:word|string|text)\s+)?([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_])\s+in\s+(?:its|their|the)\s+(?:file\s*)?names?(?:$|[\s,;:?!]|\.(?:\s|$))`)

var kindsHeld = map[string]bool{"spaces": true, "space": true, "blanks": true, "digits": true, "numbers": true, "uppercase": true,
	"capitals": true, "dots": true, "dashes": true, "hyphens": true, "underscores": true, "special": true, "unicode": true, "newlines": true}

// wordGivenRE is a word the question gives to look for, after "the
// word" or the like: "the word error in app.log", "the string ERROR",
// "the letter e", "the word meeting no matter the case", "how often the
// word error appears". Not the head
// of a noun phrase ("the word count of"), which no listed word follows.
var wordGivenRE = lazyre.New(`(?i)\b(?:(?:for|match(?:es|ing)?|contain(?:s|ing)?|with)\s+the\s+(?:text|term|pattern)|the\s+(?:word|string|phrase|keyword|letter))\s+([A-Za-z0-9_][A-Za-z0-9_-]*)(?:\s+(?:in|from|inside|within|across|to|with|and|or|anywhere|somewhere|everywhere|wherever|no|regardless|irrespective|ignoring|whether|even|without|but|on|at|case|appears?|occurs?|shows|turns|comes)\b|[,.;:?!]|\s*$)`)

// symbolGivenRE is a symbol given as a character to look for or use,
// the noun after it that says so the second group: "a # character", "the
// @ sign", "a ';' symbol".
var symbolGivenRE = lazyre.New(`(?:^|[\s(])["']?([#$%&*+,./:;<=>?@^_|~!\\-])["']?\s+(characters?|chars?|signs?|symbols?)\b`)

// heldWordRE is a word in capitals ("ERROR", "TODO") or a number right
// after a verb of holding or matching, after "the text", or after what
// is searched for ("grep recursively for TODO"): what the lines or
// files asked for hold.
var heldWordRE = lazyre.New(`\b(?:[Cc]ontain(?:s|ing)?|[Mm]atch(?:es|ing)?|[Mm]ention(?:s|ing)?|[Ii]nclud(?:e|es|ing)|the\s+text|[Oo]ccurrences?\s+of|[Ii]nstances?\s+of|(?:[Gg]rep(?:s|ping)?|[Ss]earch(?:es|ing)?|[Ll]ook(?:s|ing)?)(?:\s+[a-z]+)?\s+for)\s+([A-Z][A-Z0-9_]+|[0-9]+)\b`)

// eitherHeldRE is two words the lines asked for hold either of: "that
// contain either timeout or refused", "containing the word ERROR or
// the word FATAL".
var eitherHeldRE = lazyre.New(`(?i)\b(?:contain(?:s|ing)?|mention(?:s|ing)?|includ(?:e|es|ing)|match(?:es|ing)?|with)\s+(?:either\s+)?(?:the\s+(?:words?|strings?)\s+)?["'“]?([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_]|[A-Za-z0-9])["'”]?\s+or\s+(?:the\s+(?:word|string)\s+)?["'“]?([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_]|[A-Za-z0-9])["'”]?(?:\s+(?:in|from|inside|within|anywhere|of)\b|[,.;:?!]|\s*$)`)

// linesAsked is a question about the lines of a text.
var linesAsked = lazyre.New(`(?i)\blines?\b`)

// lineHoldsRE is a word of any case that the lines a question asks for
// hold: "the lines that mention password", "every line with TODO": what
// to look for, as a word in capitals after a verb of holding is
// (heldWordRE), where the lines say it is text.
var lineHoldsRE = lazyre.New(`\b[Ll]ines?\s+(?:(?:of|in)\s+\S+\s+)?(?:that\s+|which\s+)?(?:also\s+)?(?:(?i:contain(?:s|ing)?|mention(?:s|ing)?|includ(?:e|es|ing)|having|ha(?:s|ve))\s+([A-Za-z0-9_][A-Za-z0-9_-]*)|with\s+([A-Z][A-Z0-9_]+|[0-9]+))(?:\s+(?:in|from|inside|within|of|and|or|anywhere|somewhere)\b|[,.;:?!]|\s*$)`)

// lineEndsRE is a word the lines a question asks for start or end with
// (group 2), after the verb that says which (group 1): "lines starting
// with ERROR", "every line that ends with a semicolon" (no word: an
// article is a stopword).
// A symbol counts as a word ("lines that start with #"), and so does its
// name ("begin with a dash"); lines that do not start with one are read
// alike (see analyse.UnmatchedLines).
var lineEndsRE = lazyre.New(`\b[Ll]ines?\s+(?:(?:of|in)\s+\S+\s+)?(?:that\s+|which\s+)?(?i:(?:` + linesNot + `\s+)?((?:start|begin|end)(?:s|ning|ing)?\s+with)\s+(?:the\s+(?:word|string|text)\s+)?)(?:["'“]?([A-Za-z0-9_][A-Za-z0-9_.:-]*[A-Za-z0-9_])["'”]?|["'“]?([#;/%!@=+*-])["'”]?|(?i:an?\s+(dash|hyphen|hash|semicolon|slash|percent\s+sign|equals\s+sign|plus\s+sign)))(?:\s+(?:in|from|inside|within|of|and|or|sign|character|symbol)\b|[,.;:?!]|\s*$)`)

// linkAsked is a question about a link in the file system.
var linkAsked = lazyre.New(`(?i)\b(?:sym)?links?\b`)

// pointedNowhere are words after "pointing to" that name no place: "a
// link that points to nothing".
var pointedNowhere = map[string]bool{"nothing": true, "anything": true, "something": true, "everything": true,
	"itself": true, "themselves": true, "another": true, "other": true, "others": true, "where": true,
	"which": true, "what": true, "them": true, "it": true, "nowhere": true, "somewhere": true, "files": true,
	"file": true, "directories": true, "folders": true, "targets": true, "target": true, "missing": true}

// pointsToRE is what a link points to, a name of any shape after
// "pointing to": "release-2.0", "current_build".
var pointsToRE = lazyre.New(`(?i)\b(?:point(?:s|ing|ed)?|refer(?:s|ring)?|lead(?:s|ing)?)\s+(?:to|at)\s+(?:the\s+(?:file|folder|directory)\s+)?([A-Za-z0-9_~][A-Za-z0-9_.~/-]*[A-Za-z0-9_/~-])`)

// ownerToRE is the owner or group a file is changed to: "the group of
// report.txt to finance", "the owner of app.log to syslog".
var ownerToRE = lazyre.New(`(?i)\b(owner|group)\s+(?:of|on)\s+\S+(?:\s+\S+)?\s+to\s+([A-Za-z_][A-Za-z0-9_-]*)\b`)

// nameBeforeNounRE is a name before the noun folder, directory, user or
// group: "the backup folder", "my Downloads directory", "the docker
// group", "its node_modules subfolder".
var nameBeforeNounRE = lazyre.New(`(?i)\b(?:the|my|your|our|their|his|her|its)\s+([A-Za-z0-9_][A-Za-z0-9_.-]*)\s+(folder|directory|subfolder|subdirectory|user|group)\b`)

// whichBefore are, by the noun after them, the words that say which one
// it is rather than name it (see nameBeforeNounRE).
var whichBefore = map[string]map[string]bool{"folder": whichFolder, "directory": whichFolder, "subfolder": whichFolder, "subdirectory": whichFolder,
	"user": whichAccount, "group": whichAccount}

// memberBeforeRE ends the words before a group with the member added to
// it or removed from it: "add bob to", "remove alice from".
var memberBeforeRE = lazyre.New(`(?i)\b(?:add|adds|adding|put|puts|putting|remove|removes|removing|kick|kicks|kicking|drop|drops|dropping)\s+([A-Za-z0-9_][A-Za-z0-9_.-]*)\s+(?:to|into|from|out\s+of)\s+$`)

// notMember are the words after "add" that name no account: "add me to",
// "add everyone to".
var notMember = map[string]bool{"me": true, "myself": true, "him": true, "her": true, "them": true, "it": true, "us": true, "you": true,
	"yourself": true, "someone": true, "somebody": true, "everyone": true, "everybody": true, "people": true, "users": true,
	"members": true, "accounts": true, "account": true, "a": true, "an": true, "the": true, "my": true, "this": true, "that": true}

// whichAccount are words before "user" or "group" that say which one it
// is, or of what kind, rather than name it.
var whichAccount = map[string]bool{
	"current": true, "same": true, "new": true, "primary": true, "secondary": true, "supplementary": true, "default": true,
	"other": true, "given": true, "specific": true, "particular": true, "normal": true, "regular": true, "ordinary": true,
	"system": true, "unprivileged": true, "privileged": true, "real": true, "effective": true, "local": true, "remote": true,
	"whole": true, "entire": true, "one": true, "each": true, "every": true, "that": true, "this": true, "main": true,
	"first": true, "last": true, "second": true, "old": true, "existing": true, "owning": true, "owner": true, "target": true,
	"user": true, "file": true, "linux": true, "unix": true, "right": true, "wrong": true, "only": true, "logged-in": true,
	"process": true, "login": true, "admin": true, "service": true, "guest": true, "web": true, "numeric": true,
	"numerical": true, "full": true, "active": true, "another": true, "any": true, "all": true, "its": true, "whose": true,
}

// whichFolder are words before "folder" that say which one it is, or of
// what kind, rather than name it.
var whichFolder = map[string]bool{
	"current": true, "parent": true, "home": true, "same": true, "new": true, "whole": true, "entire": true,
	"root": true, "top-level": true, "toplevel": true, "working": true, "target": true, "source": true, "destination": true, "other": true,
	"given": true, "top": true, "empty": true, "hidden": true, "temporary": true, "temp": true, "tmp": true,
	"default": true, "user": true, "users": true, "main": true, "base": true, "next": true, "previous": true,
	"last": true, "first": true, "second": true, "third": true, "big": true, "large": true, "small": true,
	"old": true, "original": true, "local": true, "remote": true, "right": true, "wrong": true,
	"output": true, "input": true, "one": true, "two": true, "each": true, "every": true, "that": true,
	"this": true, "config": true, "configuration": true, "cache": true, "log": true, "git": true, "project": true,
	"download": true, "upload": true, "install": true, "installation": true, "work": true,
}

// Reading is the question taken apart: its arguments, its framing, and
// the task that is left.
type Reading struct {
	Args    []Arg
	Framing []string
	// LookedFor are the phrases that stand for what the task looks for
	// ("a certain word"): words the pages that search hold, but no
	// option's topic (see lookedForRE)
	LookedFor []string
	// Task is the question with the framing removed and each argument
	// replaced by a blank: the words that say what to do.
	Task string

	frames [][2]int // where the framing is
	// kinds are where the question names what kind of value it gives,
	// which is no topic of its ("the IP address" of a line's)
	kinds [][2]int
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
	var args []found
	// "each folder in the current directory": every one of them, as
	// the shell's * names them (*/ the folders alone), where the
	// framing would take the place for where to work
	for _, m := range slices.Concat(eachHereRE().FindAllStringSubmatchIndex(q, -1), onlyFoldersHereRE().FindAllStringSubmatchIndex(q, -1)) {
		glob := "*"
		if !strings.HasPrefix(strings.ToLower(q[m[2]:m[3]]), "file") {
			glob = "*/"
		}
		take(m[4], m[5])
		args = append(args, found{m[4], Arg{Kind: ArgGlob, Text: glob, Start: m[4], End: m[5]}})
	}
	// and of a folder the question names by its path: "every file in
	// /etc" is /etc/*
	for _, m := range eachFileInRE().FindAllStringSubmatchIndex(q, -1) {
		if free(m[2], m[3]) {
			take(m[2], m[3])
			args = append(args, found{m[2], Arg{Kind: ArgGlob, Text: strings.TrimRight(q[m[2]:m[3]], "/") + "/*", Start: m[2], End: m[3]}})
		}
	}
	// "all log files", "every pdf file": files of a kind named by the
	// word of their extension, as ".log" names them
	for _, m := range kindWordRE().FindAllStringSubmatchIndex(q, -1) {
		if free(m[2], m[3]) {
			take(m[2], m[3])
			args = append(args, found{m[2], Arg{Kind: ArgFile, Text: "." + strings.ToLower(q[m[2]:m[3]]), Start: m[2], End: m[3]}})
		}
	}
	// "with zsh as his login shell", "change the shell of bob to fish":
	// a shell given by its name is the path a login shell is set to,
	// which chsh's and useradd's -s take, not the topic of the shell's
	// own page
	for _, m := range shellNamedRE().FindAllStringSubmatchIndex(q, -1) {
		i := 2
		for m[i] < 0 {
			i += 2
		}
		if free(m[i], m[i+1]) {
			take(m[i], m[i+1])
			args = append(args, found{m[i], Arg{Kind: ArgPath, Text: shellPath(strings.ToLower(q[m[i]:m[i+1]])), Start: m[i], End: m[i+1], Noun: "shell"}})
		}
	}
	for _, re := range frameREs {
		for _, m := range re().FindAllStringIndex(q, -1) {
			if m[1] > m[0] && free(m[0], m[1]) {
				take(m[0], m[1])
				r.Framing = append(r.Framing, strings.TrimRight(strings.TrimSpace(q[m[0]:m[1]]), ".,;:?!"))
				r.frames = append(r.frames, [2]int{m[0], m[1]})
			}
		}
	}
	for _, m := range lookedForRE().FindAllStringSubmatchIndex(q, -1) {
		if m[2] < 0 {
			r.LookedFor = append(r.LookedFor, strings.TrimSpace(q[m[0]:m[1]]))
		}
	}
	// "the word error": the word given is what to look for, as if quoted
	var given []found
	// "lines starting with ERROR": what the lines begin (or end) with is
	// a pattern anchored there, and the verb says only where it is
	for _, m := range lineEndsRE().FindAllStringSubmatchIndex(q, -1) {
		// the word, the symbol, or the symbol's name
		at := 4
		for at < 8 && m[at] < 0 {
			at += 2
		}
		a, b := m[at], m[at+1]
		w := strings.ToLower(q[a:b])
		text := q[a:b]
		if at == 8 {
			text = symbolNames[strings.Join(strings.Fields(w), " ")]
		} else if at == 4 && (terms.Stop(w) || filler[w]) {
			continue
		}
		if !free(a, b) || text == "" {
			continue
		}
		take(a, b)
		anchor := "^"
		if strings.HasPrefix(strings.ToLower(q[m[2]:m[3]]), "end") {
			anchor = "$"
		}
		given = append(given, found{a, Arg{Kind: ArgQuoted, Text: text, Start: a, End: b, Anchor: anchor}})
		r.kinds = append(r.kinds, [2]int{m[2], a})
		if at == 8 {
			// a symbol's name is no topic: "a hash" is no checksum
			r.frames = append(r.frames, [2]int{a, b})
		}
		if i := strings.LastIndex(strings.ToLower(q[m[0]:m[2]]), "never"); i >= 0 {
			// nor is the negator that says which lines are left
			r.frames = append(r.frames, [2]int{m[0] + i, m[0] + i + len("never")})
		}
	}
	// "lines containing timeout or refused": either word, one pattern
	// that matches both as GNU grep and sed read it
	if linesAsked().MatchString(q) {
		for _, m := range eitherHeldRE().FindAllStringSubmatchIndex(q, -1) {
			x, y := strings.ToLower(q[m[2]:m[3]]), strings.ToLower(q[m[4]:m[5]])
			if !free(m[2], m[3]) || !free(m[4], m[5]) || terms.Stop(x) || terms.Stop(y) || filler[x] || filler[y] {
				continue
			}
			take(m[2], m[5])
			given = append(given, found{m[2], Arg{Kind: ArgQuoted, Text: q[m[2]:m[3]] + `\|` + q[m[4]:m[5]], Start: m[2], End: m[5]}})
		}
	}
	// "files whose name contains draft", "with backup in their name": a
	// name that holds the word is matched by it between any characters,
	// as find's -name takes it, *draft*
	for _, m := range nameHoldsRE().FindAllStringSubmatchIndex(q, -1) {
		at := 2
		if m[at] < 0 {
			at = 4
		}
		a, b := m[at], m[at+1]
		if w := strings.ToLower(q[a:b]); !terms.Stop(w) && !filler[w] && !kindsHeld[w] && free(a, b) {
			take(a, b)
			given = append(given, found{a, Arg{Kind: ArgGlob, Text: "*" + q[a:b] + "*", Start: a, End: b}})
		}
	}
	for _, m := range wordGivenRE().FindAllStringSubmatchIndex(q, -1) {
		if w := strings.ToLower(q[m[2]:m[3]]); !terms.Stop(w) && !filler[w] && free(m[2], m[3]) {
			take(m[2], m[3])
			given = append(given, found{m[2], Arg{Kind: ArgQuoted, Text: q[m[2]:m[3]], Start: m[2], End: m[3]}})
		}
	}
	// "a # character", "the @ sign": the symbol is what to look for,
	// and the noun after it only says it is one (it cited stty(1),
	// whose CHAR settings say "character", for lines that start with a
	// # character)
	for _, m := range symbolGivenRE().FindAllStringSubmatchIndex(q, -1) {
		if free(m[2], m[3]) && free(m[4], m[5]) {
			take(m[2], m[3])
			take(m[4], m[5])
			given = append(given, found{m[2], Arg{Kind: ArgQuoted, Text: q[m[2]:m[3]], Start: m[2], End: m[3]}})
			r.frames = append(r.frames, [2]int{m[4], m[5]})
		}
	}
	// "lines containing ERROR": a word in capitals, or a number, right
	// after a verb of holding is what to look for
	for _, m := range heldWordRE().FindAllStringSubmatchIndex(q, -1) {
		if free(m[2], m[3]) {
			take(m[2], m[3])
			given = append(given, found{m[2], Arg{Kind: ArgQuoted, Text: q[m[2]:m[3]], Start: m[2], End: m[3]}})
		}
	}
	for _, m := range lineHoldsRE().FindAllStringSubmatchIndex(q, -1) {
		a, b := m[2], m[3]
		if a < 0 {
			a, b = m[4], m[5]
		}
		w := strings.ToLower(q[a:b])
		// notNames holds words that are values here: "password"
		if free(a, b) && !terms.Stop(w) && !filler[w] && !kindReplaced(w) && !linesHeldKinds[w] {
			take(a, b)
			given = append(given, found{a, Arg{Kind: ArgQuoted, Text: q[a:b], Start: a, End: b}})
		}
	}
	// add reads q[a:b] as an argument of kind, given after noun ("" for
	// none), where no other took it
	add := func(kind ArgKind, a, b int, noun string) {
		if a < b && free(a, b) {
			take(a, b)
			args = append(args, found{a, Arg{Kind: kind, Text: q[a:b], Start: a, End: b, Noun: noun}})
		}
	}
	// "the first and third columns", "fields 2, 5 and 7": the places of
	// several things a command counts by, which it takes as a list
	// (cut's -f 1,3); "first" is one of them here
	placed := map[int]bool{} // where a place was read, once
	// "the first 3 columns": the places from the first to the third,
	// which cut takes as -f 1-3
	for _, m := range firstPlacesRE().FindAllStringSubmatchIndex(q, -1) {
		if m[2] < 0 {
			// the first characters of each line, which cut's
			// -c takes as a range; of a file, they are head's
			m = slices.Delete(slices.Clone(m), 2, 6)
		}
		n, err := strconv.Atoi(q[m[2]:m[3]])
		if err != nil {
			n = numberWord(q[m[2]:m[3]])
		}
		if n > 1 && free(m[2], m[3]) {
			take(m[2], m[3])
			placed[m[2]] = true
			args = append(args, found{m[2], Arg{Kind: ArgNumber, Text: "1-" + strconv.Itoa(n), Start: m[2], End: m[3], Noun: strings.TrimSuffix(strings.ToLower(q[m[4]:m[5]]), "s"), Place: true}})
		}
	}
	for _, re := range []func() *regexp.Regexp{ordinalListRE, placeListRE} {
		for _, m := range re().FindAllStringSubmatchIndex(q, -1) {
			if !free(m[0], m[1]) {
				continue
			}
			places, noun := m[re().SubexpIndex("places")*2:], m[re().SubexpIndex("noun")*2:]
			what := strings.TrimSuffix(strings.ToLower(q[noun[0]:noun[1]]), "s")
			for _, w := range placeWordRE().FindAllStringIndex(q[places[0]:places[1]], -1) {
				a, b := places[0]+w[0], places[0]+w[1]
				n := ordinal(q[a:b])
				if strings.EqualFold(q[a:b], "first") {
					n = 1
				}
				if n > 0 && free(a, b) && !placed[a] {
					placed[a] = true
					args = append(args, found{a, Arg{Kind: ArgNumber, Text: strconv.Itoa(n), Start: a, End: b, Noun: what, Place: true}})
					if q[a:b] == strconv.Itoa(n) {
						// digits are no words of the task, as other
						// numbers are not; "first" and "third" are
						take(a, b)
					}
				}
			}
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
			if p.kind == ArgFile && (!fileLike(q[a:b]) || formatOnly(q[a:b])) {
				continue
			}
			if p.kind == ArgPath && slashWords(q[:a], q[a:b]) {
				continue
			}
			if p.kind == ArgNumber && (orderedAfter().MatchString(q[b:]) || orderedBefore().MatchString(q[:a])) {
				// numbers the question puts in order to say how they
				// should sort ("so that 10 comes after 9"), no value
				// to give a command
				continue
			}
			if p.kind == ArgQuoted {
				// the quotes go with it, out of the task
				if free(m[0], m[1]) {
					take(m[0], m[1])
					arg := Arg{Kind: p.kind, Text: q[a:b], Start: m[0], End: m[1]}
					if open := strings.LastIndexAny(q[:a], "\"'`“"); open >= 0 && nameLike(arg.Text) && namingBefore().MatchString(q[:open]) {
						// `a link called "current"`: the name given
						// to what the task makes, as without quotes
						arg.Noun = wordBefore(namingBefore().ReplaceAllString(q[:open], ""))
						arg.Kind, arg.Start = nounKind(arg.Noun), open
					}
					args = append(args, found{a, arg})
				}
				continue
			}
			add(p.kind, a, b, "")
		}
	}
	// "in the last day", "over the past week": one of the unit
	for _, m := range lastUnitRE().FindAllStringSubmatchIndex(q, -1) {
		if free(m[2], m[3]) {
			take(m[2], m[3])
			args = append(args, found{m[2], Arg{Kind: ArgDuration, Text: "1 " + strings.ToLower(q[m[2]:m[3]]), Start: m[2], End: m[3]}})
		}
	}
	for _, m := range numberWordRE().FindAllStringSubmatchIndex(q, -1) {
		n, unit := numberWord(q[m[2]:m[3]]), strings.ToLower(q[m[4]:m[5]])
		kind, ok := countedKind(unit, n)
		if n == 0 || !ok || !free(m[2], m[5]) {
			continue
		}
		// typed as digits, as the question might have: "five times" is
		// curl's --retry 5
		text, end := strconv.Itoa(n), m[3]
		if kind != ArgNumber {
			text, end = text+" "+q[m[4]:m[5]], m[5]
		}
		take(m[2], end)
		args = append(args, found{m[2], Arg{Kind: kind, Text: text, Start: m[2], End: end}})
	}
	// "the second column", "the 3rd field": the place of one thing a
	// command counts by is a number it takes (sort's -k 2)
	for _, m := range ordinalRE().FindAllStringSubmatchIndex(q, -1) {
		g, n := m[2:6], 0
		if g[0] < 0 {
			g, n = m[6:10], 1 // "the first column"
		} else {
			n = ordinal(q[g[0]:g[1]])
		}
		if n > 0 && free(g[0], g[1]) && !placed[g[0]] {
			args = append(args, found{g[0], Arg{Kind: ArgNumber, Text: strconv.Itoa(n), Start: g[0], End: g[1], Noun: strings.ToLower(q[g[2]:g[3]]), Place: true}})
		}
	}
	for _, m := range nounArgRE().FindAllStringSubmatchIndex(q, -1) {
		end := m[4] + len(strings.TrimRight(q[m[4]:m[5]], ".:"))
		name := q[m[4]:end]
		noun := strings.ToLower(q[m[2]:m[3]])
		kind := nounKind(noun)
		given := strings.Contains(strings.ToLower(q[m[3]:m[4]]), "called") || strings.Contains(strings.ToLower(q[m[3]:m[4]]), "named")
		switch {
		case shouted(q[m[2]:m[3]], name):
			continue
		case len(name) == 1 && m[6] >= 0:
			// "folder a to folder b": a letter is a name only where
			// the sentence goes on as after one
		case noun == "variable" && strings.ToUpper(name) == name && strings.ToLower(name) != name:
			// "the variable HOME": a variable is named in capitals, a
			// word of the sentence is not
		case (kind == ArgFolder || given) && endsQuestion(q[end:]) && sentenceEndName(name):
			// "extract archive.zip into the folder out": a word of the
			// language that ends the question after the folder's noun
			// names it, as no more of the sentence follows
		case !nameLike(name) && !(kind == ArgFolder && projectFolders[strings.ToLower(name)] && m[6] >= 0) || notName().MatchString(name):
			// (a folder projects name so, where the sentence goes on
			// as after its name: "copy the directory config to
			// config.bak")
			continue
		case !given && pointedAt(q[:m[2]]):
			// "the files in this folder take up": a word that points
			// at the thing already says which it is; no name follows
			continue
		case given:
		case noun == "label" && m[6] >= 0:
			// "the label backup": whatever word a label is given, where
			// the sentence goes on as after a name
		case kind == ArgFile && !fileLike(name) && !strings.ContainsAny(name, "0123456789_"):
			continue // "files below", "file ignoring"
		case (kind == ArgFolder || kind == ArgUser || kind == ArgGroup) && (inflected(name) && !endsClause(q, m) || plainWord(name) && m[6] < 0) && !(kind == ArgFolder && projectFolders[strings.ToLower(name)]):
			// "users logged in", "a user namespace", "the folder newest
			// first"; a plain word is a name where the sentence goes on
			// as after one ("the folder photos into ...") and so is an
			// inflected one that ends the clause ("the group marketing"),
			// and a folder's that projects name folders by wherever it
			// is ("the folder scripts executable")
			continue
		case (noun == "service" || noun == "unit") && serviceDoes[strings.ToLower(name)]:
			continue // "make a service start at boot": what it does
		case (noun == "service" || noun == "unit") && m[6] < m[7] && isAlpha(strings.TrimSpace(q[m[6]:m[7]])) && !inflected(name):
			// "stop the service cups and keep it ...": a word after
			// "service" that the sentence goes on from as from a name
			// names the unit ("the service live" and "a service
			// section" end on a word of theirs)
		case kind != ArgFolder && kind != ArgUser && kind != ArgGroup && plainWord(name) && !(noun == "package" && (endsClause(q, m) || toolAfter().MatchString(q[m[5]:])) && !inflected(name) && !plural(name)):
			// "package lists", "service running"; a package's name is
			// often a word too, where the clause ends on it or names
			// the tool next: "show details about the package curl",
			// "install the package htop with apt" (not a plural's,
			// "update the package lists", nor "the package archive
			// for packages related to pdf")
			continue
		case strings.Contains(noun, "account") && !strings.ContainsAny(name, "0123456789_.@-") && (m[6] < 0 || strings.Trim(q[m[6]:m[7]], " \t,.;:?!") != "") && (plainWord(strings.ToLower(name)) || strings.HasSuffix(noun, "s")):
			// after "account" a word goes on the sentence more often
			// than it names one ("accounts come from LDAP", "the user
			// account together with its home"): a word is a name only
			// where the clause ends on it ("unlock the user account
			// bob"), or where one account's is no word of the language
			// ("the user account olduser together with its home")
			continue
		}
		add(kind, m[4], end, noun)
		// "rename the group testers to qa": the new name is one of the
		// same kind; so is a folder's or a file's one, whatever word
		// it is ("rename the folder drafts to archive"), where a word
		// of what the files become says how ("to lowercase")
		renamed := false
		if renameVerb().MatchString(q[:m[0]]) {
			if a := renamedToRE().FindStringSubmatchIndex(q[end:]); a != nil && nameLike(q[end+a[2]:end+a[3]]) && !notName().MatchString(q[end+a[2]:end+a[3]]) &&
				(kind != ArgFile && kind != ArgFolder || !strings.HasSuffix(noun, "s") && !caseWords[strings.ToLower(q[end+a[2]:end+a[3]])]) {
				n := len(args)
				add(kind, end+a[2], end+a[3], noun)
				renamed = true
				if len(args) > n && (kind == ArgFile || kind == ArgFolder) {
					args[n].arg.Renamed = true
				}
			}
		}
		// "copy the directory src to backup_src": where a folder or
		// file is copied or moved, what follows "to" is one of the
		// same kind, where it is a name no word is (an underscore, a
		// digit or a hyphen inside it: "site-backup"); "to backup" may
		// say why
		if (kind == ArgFile || kind == ArgFolder) && !renamed && copiedVerb().MatchString(q[:m[0]]) {
			if a := renamedToRE().FindStringSubmatchIndex(q[end:]); a != nil {
				if w := q[end+a[2] : end+a[3]]; (strings.ContainsAny(w, "_0123456789") || strings.Contains(strings.Trim(w, "-"), "-") && !objectAfter().MatchString(q[end+a[3]:])) && nameLike(w) && !notName().MatchString(w) {
					add(kind, end+a[2], end+a[3], noun)
				}
			}
		}
		// "the folders alpha and beta": a plural noun names both
		if strings.HasSuffix(noun, "s") && kind != ArgName {
			if a := andNameRE().FindStringSubmatchIndex(q[end:]); a != nil {
				second := q[end+a[2] : end+a[3]]
				if nameLike(second) && !notName().MatchString(second) && (!plainWord(strings.ToLower(second)) || a[4] >= 0) {
					add(kind, end+a[2], end+a[3], noun)
				}
			}
		}
	}
	// "the words red, green and blue", "the arguments apple pear plum":
	// values a command is given as they are, none of them its topic
	for _, m := range valueListRE().FindAllStringSubmatchIndex(q, -1) {
		for _, v := range listedValues(q, m[3]) {
			add(ArgName, v[0], v[1], strings.ToLower(q[m[2]:m[3]]))
		}
	}
	// "change the group of report.txt to finance": the owner or group a
	// file is given, after "to"
	for _, m := range ownerToRE().FindAllStringSubmatchIndex(q, -1) {
		name := q[m[4]:m[5]]
		if !nameLike(name) || notName().MatchString(name) {
			continue
		}
		kind := ArgUser
		if strings.EqualFold(q[m[2]:m[3]], "group") {
			kind = ArgGroup
		}
		add(kind, m[4], m[5], strings.ToLower(q[m[2]:m[3]]))
	}
	// "the backup folder", "the docker group", "the postgres user": a
	// name before "folder", "directory", "group" or "user", after "the"
	// or a possessive, where it is no word that says which one it is
	// ("the current folder", "the shared directory", "the primary group")
	// "the path of the python3 executable", "where is the git binary
	// installed": a program's name whose file is looked for, which asks
	// of finding programs, not of what the program does
	for _, m := range programPathRE().FindAllStringSubmatchIndex(q, -1) {
		i := 2
		if m[i] < 0 {
			i = 4 // "the git binary"
		}
		end := m[i] + len(strings.TrimRight(q[m[i]:m[i+1]], ".")) // the sentence's full stop
		if name := q[m[i]:end]; nameLike(name) && !notName().MatchString(name) {
			add(ArgFile, m[i], end, "program")
		}
	}
	for _, m := range nameBeforeNounRE().FindAllStringSubmatchIndex(q, -1) {
		name, noun := q[m[2]:m[3]], strings.ToLower(q[m[4]:m[5]])
		lw := strings.ToLower(name)
		if !nameLike(name) || notName().MatchString(name) || whichBefore[noun][lw] || inflected(lw) || strings.HasSuffix(lw, "est") || !free(m[2], m[3]) {
			continue
		}
		if rest, ok := strings.CutPrefix(lw, "non-"); ok && plainWord(rest) {
			continue // "the non-empty folder old": what kind, no name
		}
		kind := nounKind(noun)
		add(kind, m[2], m[3], noun)
		// "add bob to the docker group": the member added or removed
		if a := memberBeforeRE().FindStringSubmatchIndex(q[:m[0]]); kind == ArgGroup && a != nil {
			if member := q[a[2]:a[3]]; nameLike(member) && !notName().MatchString(member) && !whichAccount[strings.ToLower(member)] && !notMember[strings.ToLower(member)] {
				add(ArgUser, a[2], a[3], "")
			}
		}
	}
	// "in my home directory": the folder ~, where the task works, not
	// its topic (the user's home as accounts set it)
	for _, m := range myHomeRE().FindAllStringIndex(q, -1) {
		if placeBefore().MatchString(q[:m[0]]) && free(m[0], m[1]) {
			take(m[0], m[1])
			args = append(args, found{m[0], Arg{Kind: ArgFolder, Text: "~", Start: m[0], End: m[1], Noun: "home"}})
		}
	}
	// "every file under src": a bare name after the files a folder
	// holds, where it is no word of the language or one projects name
	// their folders by; not "a file in base64", its form
	for _, m := range filesUnderRE().FindAllStringSubmatchIndex(q, -1) {
		name := q[m[2]:m[3]]
		if lw := strings.ToLower(name); nameLike(name) && !notName().MatchString(name) && (!plainWord(lw) || projectFolders[lw]) {
			add(ArgFolder, m[2], m[3], "")
		}
	}
	// "on the root filesystem": the path /, where the task works; the
	// noun stays the topic's ("free space on a filesystem")
	for _, m := range rootFsRE().FindAllStringSubmatchIndex(q, -1) {
		if (placeBefore().MatchString(q[:m[0]]) || onBefore().MatchString(q[:m[0]])) && free(m[2], m[3]) {
			take(m[2], m[3])
			args = append(args, found{m[2], Arg{Kind: ArgPath, Text: "/", Start: m[2], End: m[3]}})
		}
	}
	for _, m := range serviceArgRE().FindAllStringSubmatchIndex(q, -1) {
		// "the nginx service": a name before the noun, where it is no
		// word of the language ("the ssh service", "the web service"
		// ask of ssh and the web), or a verb only services take is
		// done to it ("restart the ssh service" restarts a unit named
		// ssh)
		controlled := servicedVerb().MatchString(q[:m[0]]) || serviceRecords().MatchString(q[:m[0]])
		if name := q[m[2]:m[3]]; nameLike(name) && (controlled || !plainWord(strings.ToLower(name))) && !inflected(name) {
			add(ArgName, m[2], m[3], strings.ToLower(q[m[4]:m[5]]))
		}
	}
	// "restart nginx", "stop apache2": a name that is no word of the
	// language, right after a verb that controls a service, and the
	// clause ends or goes on as after a name. So "install nginx",
	// "uninstall vlc", right after a verb that installs or uninstalls:
	// a name to fill in of no noun, which stays the topic, as a
	// program's name may ("how do I install reflector" asks of
	// reflector's article).
	for _, after := range []struct {
		re   func() *regexp.Regexp
		noun string
	}{{servicedRE, "service"}, {installedRE, ""}} {
		for _, m := range after.re().FindAllStringSubmatchIndex(q, -1) {
			if name := q[m[2]:m[3]]; nameLike(name) && !plainWord(strings.ToLower(name)) && !inflected(name) && free(m[2], m[3]) {
				add(ArgName, m[2], m[3], after.noun)
			}
		}
	}
	// "change the hostname to buildbox", "set my shell to zsh": the
	// value a setting is given, where it is no word of the language, is
	// a name of the setting's kind, no topic word
	for _, m := range setToRE().FindAllStringSubmatchIndex(q, -1) {
		if name := q[m[4]:m[5]]; nameLike(name) && !plainWords(strings.ToLower(name)) && !notName().MatchString(name) && free(m[4], m[5]) {
			add(ArgName, m[4], m[5], strings.ToLower(q[m[2]:m[3]]))
		}
	}
	for _, m := range ownerRE().FindAllStringSubmatchIndex(q, -1) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 && !notOwners[strings.ToLower(q[m[g]:m[g+1]])] {
				add(ArgUser, m[g], m[g+1], "owner")
			}
		}
	}
	// "comma-separated", "separated by colons": the character between
	// a line's fields, which cut's -d and sort's -t take; a tab, cut's
	// and paste's own, is left as the commands' default
	for _, m := range delimiterRE().FindAllStringSubmatchIndex(q, -1) {
		g := m[2:4]
		for k := 4; g[0] < 0 && k+1 < len(m); k += 2 {
			g = m[k : k+2]
		}
		if c := symbolNames[strings.TrimSuffix(strings.ToLower(q[g[0]:g[1]]), "s")]; c != "" && free(m[0], m[1]) {
			// its words stay the task's: fields are what it asks of
			args = append(args, found{m[0], Arg{Kind: ArgDelimiter, Text: c, Start: m[0], End: m[1]}})
		}
	}
	// "from latin1 to UTF-8": where a conversion starts and ends, read
	// after the files, paths and numbers took theirs ("from folder a to
	// folder b" is a copy's, "from 1 to 100" a range's)
	if conversionWord().MatchString(q) {
		for _, m := range conversionRE().FindAllStringSubmatchIndex(q, -1) {
			from, to := strings.ToLower(q[m[2]:m[3]]), strings.ToLower(q[m[4]:m[5]])
			if terms.Stop(from) || terms.Stop(to) || filler[from] || filler[to] || !free(m[2], m[3]) || !free(m[4], m[5]) {
				continue
			}
			add(ArgFrom, m[2], m[3], "")
			add(ArgTo, m[4], m[5], "")
		}
	}
	// "a link ... pointing to release-2.0": what a link points to is a
	// place in the file system, however it is named
	if linkAsked().MatchString(q) {
		for _, m := range pointsToRE().FindAllStringSubmatchIndex(q, -1) {
			if w := strings.ToLower(q[m[2]:m[3]]); !terms.Stop(w) && !filler[w] && !pointedNowhere[w] {
				add(ArgPath, m[2], m[3], "")
			}
		}
	}
	// "all .txt files from docs to backup": the folders files of a kind
	// are taken from and put in, named by plain words
	if slices.ContainsFunc(args, func(f found) bool { return ofKind(f.arg) }) {
		for _, m := range kindFromRE().FindAllStringSubmatchIndex(q, -1) {
			if !slices.ContainsFunc(args, func(f found) bool { return ofKind(f.arg) && f.arg.End <= m[0] }) {
				continue
			}
			for g := 1; g <= 2; g++ {
				if a, b := m[2*g], m[2*g+1]; a >= 0 && folderWord(strings.ToLower(q[a:b])) {
					add(ArgFolder, a, b, "folder")
				}
			}
		}
	}
	for _, m := range calledRE().FindAllStringSubmatchIndex(q, -1) {
		end := m[2] + len(strings.TrimRight(q[m[2]:m[3]], ".:"))
		if nameLike(q[m[2]:end]) {
			add(ArgName, m[2], end, wordBefore(q[:m[0]]))
		}
	}
	args = append(args, given...)
	args = replacement(q, args, free, take)
	for i, f := range args {
		if f.arg.Kind == ArgDuration {
			args[i].arg.Back = backBefore().MatchString(q[:f.arg.Start]) || agoAfter().MatchString(q[f.arg.End:])
		}
	}
	if dateAsked().MatchString(q) {
		args = relativeDates(q, args, free, take)
	} else {
		args = sinceDays(q, args, free, take)
	}
	// "the lines that contain the IP address 10.0.0.5": what a value
	// the lines hold is called says nothing of the task, which is
	// finding lines, not addresses; the address is the text to find
	for i, f := range args {
		if f.arg.Kind != ArgHost && f.arg.Kind != ArgURL {
			continue
		}
		if m := heldValueNoun().FindStringSubmatchIndex(q[:f.arg.Start]); m != nil && lineObject().MatchString(q[:m[0]]) {
			take(m[2], m[3])
			r.kinds = append(r.kinds, [2]int{m[2], m[3]})
			args[i].arg.Kind = ArgQuoted
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

// replaceToken is one value a replacement names: quoted, or a word
// with whatever it carries (http://, v1.2, foo_bar).
const replaceToken = "(\"[^\"\\n]{1,200}\"|“[^”\\n]{1,200}”|`[^`\\n]{1,200}`|'[^'\\n]{1,200}'|[^\\s\"'“`]+(?:'[^\\s\"'“`]+)*)"

// replaceWhat is what may stand between the verb and the value it
// replaces: "every occurrence of the word", "all instances of".
const replaceWhat = `(?:all\s+|every\s+|each\s+|any\s+)?(?:(?:the\s+)?(?:first\s+|1st\s+)?(?:occurrences?|instances?|appearances?|mentions?)\s+of\s+)?(?:the\s+(?:words?|strings?|texts?|phrases?|terms?|names?|values?)\s+)?`

// replaceWith is what may stand between the two values: the file the
// replacement is made in, then the word that gives the new value.
const replaceWith = `\s+(?:(?:in|inside|within|throughout|across)\s+(?:the\s+)?(?:file\s+)?\S+\s+)?(?:(?:on|in)\s+(?:each|every|a)\s+line\s+)?(?:with|by)\s+(?:the\s+(?:word|string|text|phrase|term|name|value)\s+)?`

var (
	// replaceRE is a replacement of one value by another, old first:
	// "replace foo with bar", "substitute every instance of the
	// string v1 with v2 in notes.txt"
	replaceRE = lazyre.New(`(?i)\b(?:replac|substitut|swap)\w*\s+` + replaceWhat + replaceToken + replaceWith + replaceToken)
	// substituteForRE is one said new first: "substitute colour for
	// color"
	// swapForRE is one said with "swap X for Y", old first: "swap
	// http:// for https:// in urls.txt"
	swapForRE       = lazyre.New(`(?i)\b(?:swap|exchang)\w*\s+` + replaceWhat + replaceToken + `\s+(?:(?:in|inside|within|throughout)\s+(?:the\s+)?(?:file\s+)?\S+\s+)?for\s+` + replaceToken)
	substituteForRE = lazyre.New(`(?i)\bsubstitut\w*\s+` + replaceToken + `\s+for\s+(?:every\s+|each\s+|all\s+)?` + replaceToken)
	// changeEveryRE is one said with "change every X to Y", which
	// counts its values only where they look like values (see
	// replacedValue): "change every file to read-only" changes modes
	changeEveryRE = lazyre.New(`(?i)\bchang\w*\s+(?:all|every|each|any)\s+(?:(?:the\s+)?(?:occurrences?|instances?)\s+of\s+)?(?:the\s+(?:word|string|text)\s+)?` + replaceToken + `\s+(?:(?:in|inside|within|throughout)\s+(?:the\s+)?(?:file\s+)?\S+\s+)?(?:to|into)\s+` + replaceToken)
)

// linesHeldKinds are words that say what kind of thing lines hold, not
// a word they hold: "lines with trailing spaces", "lines containing
// only digits".
var linesHeldKinds = map[string]bool{"only": true, "just": true, "trailing": true, "leading": true, "no": true,
	"nothing": true, "spaces": true, "tabs": true, "numbers": true, "digits": true, "letters": true, "characters": true,
	"words": true, "duplicates": true, "errors": true, "warnings": true, "non-ascii": true, "unicode": true,
	"more": true, "less": true, "fewer": true, "exactly": true, "at": true, "over": true, "under": true, "long": true}

// swapVerb is a verb of replacing that also names swap space.
var swapVerb = lazyre.New(`(?i)\bswap(?:s|ping|ped)?\b`)

// kindsReplaced are words a replacement names as kinds of text, not
// values given: "replace tabs with spaces", "uppercase letters with
// lowercase", which tr and expand do.
var kindsReplaced = map[string]bool{
	"tab": true, "space": true, "whitespace": true, "blank": true, "newline": true, "line": true,
	"comma": true, "semicolon": true, "colon": true, "period": true, "dot": true, "underscore": true,
	"dash": true, "hyphen": true, "slash": true, "backslash": true, "quote": true, "apostrophe": true,
	"character": true, "char": true, "letter": true, "digit": true, "number": true, "uppercase": true,
	"lowercase": true, "upper": true, "lower": true, "capital": true, "word": true, "string": true,
	"text": true, "file": true, "folder": true, "directory": true, "directorie": true, "link": true,
	"symlink": true, "hardlink": true, "duplicate": true, "copy": true, "copie": true, "crlf": true,
	"cr": true, "lf": true, "ending": true, "null": true, "nul": true, "zero": true, "one": true,
	"version": true, "entry": true, "entrie": true, "value": true, "content": true, "name": true,
}

// replacedValue says whether token w, as replaceRE found it, is a value
// the question gives: quoted, or not a word for a kind of text; with
// strict, quoted or carrying what words do not (http://, v1.2).
func replacedValue(w string, strict bool) bool {
	if quotedWord(w) {
		return true
	}
	w = strings.TrimRight(w, ".,;:?!")
	lw := strings.ToLower(w)
	if w == "" || terms.Stop(lw) || filler[lw] || notNames[lw] {
		return false
	}
	if strict {
		return !isAlpha(w)
	}
	return !kindReplaced(lw)
}

// quotedWord says whether w starts with a quote, curly ones too (their
// first byte is no quote of its own).
func quotedWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return strings.ContainsRune("\"'`“‘", r)
}

// kindReplaced says whether lowercase word w, or its singular, is one of
// kindsReplaced.
func kindReplaced(w string) bool {
	return kindsReplaced[strings.TrimSuffix(strings.TrimSuffix(w, "s"), "e")] || kindsReplaced[strings.TrimSuffix(w, "s")]
}

// replacement reads the two values a replacement names ("replace foo
// with bar") as its old and new text: values the command is given, no
// words of its topic (zshexpn(1), whose examples say foo and bar, led
// "replace foo with bar in notes.txt"). An argument another pattern
// read there (a quoted string, a URL's scheme, "the word staging")
// becomes the value, keeping its text.
func replacement(q string, args []found, free func(a, b int) bool, take func(a, b int)) []found {
	// files are the files and places the question names
	files := 0
	for _, f := range args {
		switch f.arg.Kind {
		case ArgFile, ArgPath, ArgGlob:
			files++
		}
	}
	// at is the argument read at q[a:b], -1 for none, -2 where the one
	// there is a file or a place the replacement is not made in text:
	// "replace old.conf with new.conf" replaces files, where "replace
	// /usr/local with /opt in paths.conf" replaces text in a third
	at := func(a, b int) int {
		for i, f := range args {
			if f.arg.Start < b && a < f.arg.End {
				switch f.arg.Kind {
				case ArgFile, ArgPath, ArgGlob:
					if files < 3 {
						return -2
					}
				case ArgFolder, ArgUser, ArgGroup:
					return -2
				}
				return i
			}
		}
		if !free(a, b) {
			return -2
		}
		return -1
	}
	set := func(kind ArgKind, i, a, b int) {
		w := q[a:b]
		quoted := quotedWord(w)
		if quoted {
			_, open := utf8.DecodeRuneInString(w)
			_, shut := utf8.DecodeLastRuneInString(w)
			w = w[open : len(w)-shut]
		} else {
			w = strings.TrimRight(w, ".,;:?!")
			b = a + len(w)
		}
		if i >= 0 {
			args[i].arg.Kind = kind
			if !quoted && len(w) > len(args[i].arg.Text) {
				// "the string v1.2": the value is all of it, not
				// the v1 the word given ends at
				take(a, b)
				args[i].arg.Text, args[i].arg.Start, args[i].arg.End = w, a, b
			}
			return
		}
		take(a, b)
		args = append(args, found{a, Arg{Kind: kind, Text: w, Start: a, End: b}})
	}
	read := func(re func() *regexp.Regexp, oldAt, newAt int, strict bool) {
		for _, m := range re().FindAllStringSubmatchIndex(q, -1) {
			oa, ob, na, nb := m[2*oldAt], m[2*oldAt+1], m[2*newAt], m[2*newAt+1]
			if !replacedValue(q[oa:ob], strict) || !replacedValue(q[na:nb], strict) {
				continue
			}
			i, j := at(oa, ob), at(na, nb)
			if i == -2 || j == -2 {
				continue
			}
			set(ArgOld, i, oa, ob)
			set(ArgNew, j, na, nb)
		}
	}
	read(replaceRE, 1, 2, false)
	read(swapForRE, 1, 2, false)
	read(substituteForRE, 2, 1, false)
	read(changeEveryRE, 1, 2, true)
	return args
}

// found is an argument Read found, at its place in the question.
type found struct {
	at  int
	arg Arg
}

var (
	// orderedAfter follows a number the question says where it goes
	// in an order: "10 comes after 9"
	orderedAfter = lazyre.New(`(?i)^\s+(?:comes?|goes|go|appears?|sorts?|ends\s+up|is\s+(?:listed|put|sorted|placed))\s+(?:after|before|ahead\s+of|behind)\b`)
	// orderedBefore comes before the number it is put after or before
	orderedBefore = lazyre.New(`(?i)\b(?:comes?|goes|go|appears?|sorts?|ends\s+up|listed|put|sorted|placed)\s+(?:(?:right|just)\s+)?(?:after|before|ahead\s+of|behind)\s+$|\b(?:instead\s+of|rather\s+than)\s+(?:after|before)\s+$`)
)

// relativeDates reads, in a question that asks for a date, a length of
// time counted from now as the date it reaches, as date(1)'s -d takes
// one: "45 days after today" and "in 90 days" are "45 days" and "90
// days", "3 weeks ago" and "3 weeks before today" "3 weeks ago"; and
// "yesterday" and "tomorrow" (also "yesterday's") are dates. A length
// of time said otherwise ("every 5 minutes") stays one.
func relativeDates(q string, args []found, free func(a, b int) bool, take func(a, b int)) []found {
	for i, f := range args {
		if f.arg.Kind != ArgDuration {
			continue
		}
		after := q[f.arg.End:]
		end := f.arg.End
		switch {
		case agoAfter().MatchString(after):
			f.arg.Text += " ago"
			end += len(agoAfter().FindString(after))
		case laterAfter().MatchString(after):
			end += len(laterAfter().FindString(after))
		case inBefore().MatchString(q[:f.arg.Start]):
		default:
			continue
		}
		// the words that count it from now are the date's, no topic
		take(f.arg.End, end)
		f.arg.Kind = ArgDate
		args[i] = f
	}
	for _, m := range dayWordRE().FindAllStringSubmatchIndex(q, -1) {
		if free(m[0], m[1]) {
			take(m[0], m[1])
			args = append(args, dayDate(q, m[2], m[3]))
		}
	}
	return args
}

// dayDate is the date a day's words name, q[a:b]: "yesterday", "next
// monday", in lower case and one space apart, as date(1) and journalctl
// read them.
func dayDate(q string, a, b int) found {
	return found{a, Arg{Kind: ArgDate, Text: strings.Join(strings.Fields(strings.ToLower(q[a:b])), " "), Start: a, End: b}}
}

// sinceDays reads "since yesterday" and "from today" as the date a
// window of time starts at (journalctl's --since takes "yesterday"),
// where the question asks for no date (see relativeDates). Not one with
// a time of day after it ("from yesterday at 18:00"), whose time is the
// date read.
func sinceDays(q string, args []found, free func(a, b int) bool, take func(a, b int)) []found {
	for _, m := range sinceDayRE().FindAllStringSubmatchIndex(q, -1) {
		if free(m[2], m[3]) && !atClock().MatchString(q[m[3]:]) {
			take(m[2], m[3])
			args = append(args, dayDate(q, m[2], m[3]))
		}
	}
	return args
}

var (
	// backBefore ends the words before a length of time counted back
	// from now: "the last 3 days", "the past two hours"
	backBefore = lazyre.New(`(?i)\b(?:last|past|previous)\s+$`)
	// atClock starts the words after a day with its time of day
	atClock = lazyre.New(`(?i)^\s+(?:at\s+)?(?:` + clockPattern + `|noon|midnight)`)
	// sinceDayRE is a day a window of time starts at
	sinceDayRE = lazyre.New(`(?i)\b(?:since|from|after)\s+(yesterday|today)\b`)
	// dateAsked is a question that asks for a date or a weekday
	dateAsked = lazyre.New(`(?i)\b(?:date|what\s+day|which\s+day|day\s+of\s+the\s+week|weekday)\b`)
	// agoAfter follows a length of time counted back from now
	agoAfter = lazyre.New(`(?i)^\s+(?:ago|before\s+(?:today|now)|earlier|back)\b`)
	// laterAfter follows one counted on from now
	laterAfter = lazyre.New(`(?i)^\s+(?:after\s+(?:today|now)|from\s+(?:today|now)|later|hence|ahead)\b`)
	// inBefore comes before one counted on from now: "in 90 days"
	inBefore = lazyre.New(`(?i)\bin\s+$`)
	// dayWordRE is a day named after today, or a weekday, week, month
	// or year counted from this one, as date(1)'s -d reads them ("next
	// monday", "last month")
	dayWordRE = lazyre.New(`(?i)\b(yesterday|tomorrow|(?:next|last|this)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month|year))(?:'s)?\b`)
)

// Topic is q, the question Read read, with what is not its topic
// blanked: the framing, and the arguments whose text says nothing of the
// task (report.pdf, old_docs, 100 MB). Kept are what may name the topic:
// a name given ("a program called htop"), a quoted string ("'ls -la'"),
// a dotfile (.bashrc), and the paths of configuration and kernel files
// (/etc/fstab, /proc/meminfo), which pages document.
func (r Reading) Topic(q string) string {
	b := []byte(q)
	blank := func(a, e int) {
		for i := a; i < e && i < len(b); i++ {
			b[i] = ' '
		}
	}
	for _, f := range slices.Concat(r.frames, r.kinds) {
		blank(f[0], f[1])
	}
	for _, a := range r.Args {
		if a.Place && q[a.Start:a.End] != a.Text && !strings.HasPrefix(a.Text, "1-") && !strings.HasPrefix(a.Noun, "line") {
			// the ordinal's word stays; a place typed as digits
			// ("columns 2 and 5") weighs as numbers do; the count of
			// "the first 3 columns" goes, as other counts do. A
			// line's place is its number: "the 3rd line" is line 3,
			// no "third" that cut's and seq's examples say
			continue
		}
		if typed := a.Text; a.Kind != ArgQuoted && a.Kind != ArgDelimiter && typed != q[a.Start:a.End] && len(typed) <= a.End-a.Start {
			// a number in words reads as its digits, which weigh as
			// numbers do: "sixty characters" asks of characters
			blank(a.Start, a.End)
			copy(b[a.Start:], typed)
		}
		if !a.topical() || a.Kind == ArgQuoted && contentBefore().MatchString(q[:a.Start]) || a.Kind == ArgPath && workedIn(q[:a.Start], a.Text) ||
			a.Kind == ArgFile && opaqueKind(a) && opaqueTask().MatchString(q) {
			blank(a.Start, a.End)
			// and the word that only introduces it: "a folder named
			// build" asks for a folder, not for names
			if m := namingBefore().FindStringIndex(q[:a.Start]); m != nil {
				blank(m[0], m[1])
			}
			continue
		}
		if a.Kind == ArgPath && !topFolder(a.Text) {
			// /var/log/syslog asks of logs and syslog, not of var,
			// which the thesaurus reads as variables
			for _, f := range pathFolders(a.Text) {
				blank(a.Start+f[0], a.Start+f[1])
			}
		}
	}
	t := splitSizes(string(b), r.Args)
	if slices.ContainsFunc(r.Args, func(a Arg) bool { return a.Kind == ArgOld }) {
		// the values replaced are text, as pages say it: sed's
		// "transforming text"; and to swap them is to replace
		// them, no swap space's
		t = swapVerb().ReplaceAllString(t, "replace") + " text"
	}
	if slices.ContainsFunc(r.Args, func(a Arg) bool { return a.Kind == ArgName && a.Noun == "service" }) && !serviceNoun().MatchString(q) {
		// "restart nginx" restarts a service, as the pages say it
		t += " service"
	}
	return t
}

// serviceNoun is one of serviceNouns.
var serviceNoun = lazyre.New(`(?i)\b(?:` + serviceNouns + `)s?\b`)

// splitSizes writes each size typed with its unit glued on ("12M",
// "4.0K", "500MB") as "100 MB" would be, number and unit apart: glued,
// it is one word that no page has, weighing as much as the question's
// topic ("print sizes like 4.0K, 12M and 1.3G" was refused), where its
// number weighs as numbers do and its unit as the word it is.
func splitSizes(t string, args []Arg) string {
	for i := len(args) - 1; i >= 0; i-- {
		a := args[i]
		if a.Kind != ArgSize || a.End > len(t) || t[a.Start:a.End] != a.Text {
			continue
		}
		unit := strings.IndexFunc(a.Text, unicode.IsLetter)
		if unit <= 0 || a.Text[unit-1] == ' ' {
			continue
		}
		at := a.Start + unit
		t = t[:at] + " " + t[at:]
	}
	return t
}

// workedIn says whether a top folder (see systemPath) is where the task
// works, not what it asks about: "find files larger than 100 MB in
// /srv", "delete the logs under /var" ask of find and of deleting, while
// "what is /srv for" asks of the folder (hier(7)). The kernel's, the
// devices' and the configuration's (/proc, /sys, /dev, /etc) are their
// pages' topic wherever they are.
func workedIn(before, path string) bool {
	p := strings.TrimSuffix(path, "/")
	if !topFolder(path) || p == "/proc" || p == "/sys" || p == "/dev" || p == "/etc" {
		return false
	}
	f := strings.Fields(strings.ToLower(before))
	return len(f) > 0 && locatives[f[len(f)-1]]
}

// locatives are the words before a place a task works in.
var locatives = map[string]bool{"in": true, "under": true, "inside": true, "within": true, "below": true, "beneath": true,
	"from": true, "into": true, "to": true, "onto": true, "across": true, "throughout": true}

// slashWords says whether a relative path's text, after before, is words
// with a slash between them, not a path: a unit after its number ("5000
// Kbit/s", "km/h") or a pair of words ("and/or", "read/write").
func slashWords(before, text string) bool {
	if strings.HasPrefix(text, "/") || strings.HasPrefix(text, "~") || strings.HasPrefix(text, ".") || strings.Count(text, "/") != 1 {
		return false
	}
	first, second, _ := strings.Cut(strings.ToLower(text), "/")
	return len(second) == 1 || slashPairs[first+"/"+second] ||
		numberBefore().MatchString(before) && len(second) <= 3
}

var slashPairs = map[string]bool{"and/or": true, "read/write": true, "input/output": true, "client/server": true,
	"tcp/ip": true, "yes/no": true, "on/off": true, "true/false": true, "start/stop": true, "enable/disable": true}

// numberBefore: a number just before, which a unit follows.
var numberBefore = lazyre.New(`\d\s*$`)

// shouted says whether a name after a noun is more of a message written
// in capitals ("REMOTE HOST IDENTIFICATION HAS CHANGED"), not a name.
func shouted(noun, name string) bool {
	return len(name) > 1 && strings.ToUpper(noun) == noun && strings.ToUpper(name) == name && strings.ToLower(name) != name
}

// contentBefore is the noun that makes a quoted string what the task
// writes or looks for, not what it is about: the comment "Nora
// Lindqvist, Accounting" of a new account, the line "job finished", the
// word 'timeout'. A quoted error message, a quoted command line, stay
// the topic.
var contentBefore = lazyre.New("(?i)\\b(?:comments?|lines?|texts?|strings?|words?|phrases?|titles?|descriptions?|labels?|notes?|passwords?|contents?|containing|contains?|matching|matches|mention(?:s|ing)?|includ(?:e|es|ing)|lines?\\s+(?:with|having|that\\s+ha(?:s|ve)))\\s*[\"'“`]?$")

// namedTopics are the nouns whose names may be the question's topic:
// "a program called htop", "the variable PATH".
// What else a name is given to (a device, a branch, a tmux session, a
// container, a process) is named by the user and no page's: "kill the
// tmux session named work" asks of tmux, not of work. So is a service:
// "stop the apache2 service" asks of stopping a unit, where apache2 is
// seldom installed but named in passing by pages that are (git
// instaweb's, for its HTTP daemon).
var namedTopics = map[string]bool{
	"program": true, "command": true, "tool": true, "utility": true, "app": true, "application": true,
	"binary": true, "executable": true, "variable": true, "function": true,
	"module": true, "library": true, "option": true, "flag": true, "signal": true, "setting": true, "parameter": true,
	"something": true, "thing": true,
}

// programPathRE is a program whose path or place is asked, named after
// "executable", "binary", "program" or "command" ("the path of the
// command python3", "locate the executable for git") or before it ("the
// path of the python3 executable", "where is the git binary"). The
// first is tried first: in "the path of the command python3" the
// second would read "the" as the program's name.
var programPathRE = lazyre.New(`(?i)\b(?:` + pathAsked + `|(?:locate|find)|` + whereAsked + `)\s+(?:the\s+)?` + programNoun + `\s+(?:file\s+)?(?:for|of|called|named)?\s*([A-Za-z0-9_][A-Za-z0-9_.+-]*)` +
	`|\b(?:` + pathAsked + `|` + whereAsked + `)\s+(?:the\s+|my\s+)?([A-Za-z0-9_][A-Za-z0-9_.+-]*)\s+` + programNoun + `s?\b`)

// pathAsked and whereAsked ask for a program's place, programNoun names
// what it is (see programPathRE).
const (
	pathAsked   = `(?:full\s+|absolute\s+)?(?:path|location|place)\s+(?:of|to)`
	whereAsked  = `where\s+(?:is|are)`
	programNoun = `(?:executable|binary|program|command)`
)

// valueListRE is a plural noun for values given as they are, after
// "the", before the values themselves (see listedValues).
var valueListRE = lazyre.New(`(?i)\bthe\s+(words|arguments|args|items|values|strings|elements|choices|entries)\b`)

// listedValues are the places in q of the values listed from at: words
// separated by spaces, commas, "and" or "or", each no stop word; at
// least three, or two where a comma or a conjunction says they are a
// list ("red and blue"), which a word after a plural noun seldom is
// otherwise ("the words longer than five letters"). nil where there is
// no such list.
func listedValues(q string, at int) [][2]int {
	var out [][2]int
	listed := false
	rest := q[at:]
	for {
		m := listedValueRE().FindStringSubmatchIndex(rest)
		if m == nil {
			break
		}
		w := strings.ToLower(rest[m[6]:m[7]])
		if terms.Stop(w) || listEnds[w] {
			break
		}
		conj := m[4] >= 0
		listed = listed || strings.Contains(rest[m[2]:m[3]], ",") || conj
		off := len(q) - len(rest)
		out = append(out, [2]int{off + m[6], off + m[7]})
		rest = rest[m[1]:]
		if conj {
			break // "and blue" ends the list
		}
	}
	if len(out) < 3 && !(listed && len(out) >= 2) {
		return nil
	}
	return out
}

// listedValueRE is one value of a list (see listedValues): its separator
// before it, the value, and "and" or "or" where that came before it.
var listedValueRE = lazyre.New(`^((?:\s*,\s*|\s+)(?:(and|or)\s+)?)([A-Za-z0-9_][A-Za-z0-9_.+-]*)\b`)

// listEnds are words that end a list of values without being stop words.
var listEnds = map[string]bool{"per": true, "randomly": true, "instead": true}

// wordBefore is the last word of s, lowercased: the noun before "called"
// or "named".
func wordBefore(s string) string {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[len(f)-1], ".,;:!?\"'")
}

// namingBefore is the word that introduces a name just before it.
var namingBefore = lazyre.New(`(?i)\b(?:called|named|titled)\s+$`)

// topical says whether an argument's text may be the question's topic.
func (a Arg) topical() bool {
	switch a.Kind {
	case ArgName:
		// a program's name may be the topic ("the program htop"); a
		// package's, which package management acts on, a device's, an
		// interface's, a branch's or a session's never is:
		// openssh-client, enp3s0, sdb3, feature-x, work
		return a.Noun == "" || namedTopics[a.Noun]
	case ArgQuoted, ArgNumber, ArgSize, ArgDuration:
		// numbers weigh little already, and their units say much:
		// "the first 100 bytes" is head -c, "in 10 minutes" shutdown's
		return true
	case ArgFrom, ArgTo:
		// what is converted: UTF-8 and latin1 are encodings, iconv's
		return true
	case ArgFSType:
		// "ext4" is as much mke2fs's word as "file system"
		return true
	case ArgDelimiter:
		// "comma-separated" asks of fields, as cut's and sort's pages
		// say them
		return true
	case ArgFile:
		// .bashrc, .tar.gz: a kind of file; math.h: a header, which
		// the programming pages document
		return strings.HasPrefix(a.Text, ".") || strings.HasSuffix(a.Text, ".h")
	case ArgPath:
		return systemPath(a.Text)
	}
	return false
}

// opaqueKind says whether a file argument is a bare extension that names
// no format a program is for: ".conf", ".tmp", ".sh" of "every .conf
// file", where an archive's (.zip, .deb) names its tool. Not a dotfile's
// name (.bashrc, .gitconfig), longer than any such extension.
func opaqueKind(a Arg) bool {
	return bareExtension().MatchString(a.Text) && len(a.Formats()) == 0
}

// bareExtension is a file name's extension alone: ".conf", ".py".
var bareExtension = lazyre.New(`^\.[A-Za-z0-9]{1,5}$`)

// opaqueTask is a question whose task handles files whatever is in them:
// copying, moving, deleting, renaming or sending them, their modes and
// owners, their first or last lines. (Not finding, listing or searching them: "files ending in
// .jpg" is a test of names, and a .sig file downloaded is one to check.) The kind
// of file it does so with says nothing of the task: "copy every .conf
// file from /etc/nginx" cited adduser.conf(5) for "conf", and "gzip every
// .log file" savelog(8), which rotates logs.
var opaqueTask = lazyre.New(`(?i)\b(?:cop(?:y|ies|ying)|mov(?:e|es|ing)|delet(?:e|es|ing)|remov(?:e|es|ing)|renam(?:e|es|ing)|back\s+up|upload(?:s|ing)?|sync(?:s|ing)?|transfer(?:s|ring)?|permissions?|owner(?:ship)?|executable|compress(?:es|ing)?|encrypt(?:s|ing)?|(?:g?zip(?:s|ping)?|bzip2|xz)\s+(?:every|all|each|the|my|these|those)|(?:first|last|top|bottom)\s+(?:\d+|few|ten|twenty|hundred)\s+lines)\b`)

// pathFolders are the spans in path p of the folders that hold every
// system's files of many kinds (usr, var, share, lib, local): words of
// no topic of their own, where a path names the file it asks about.
func pathFolders(p string) [][2]int {
	var out [][2]int
	at := 0
	for _, part := range strings.Split(p, "/") {
		if genericFolders[part] {
			out = append(out, [2]int{at, at + len(part)})
		}
		at += len(part) + 1
	}
	return out
}

var genericFolders = map[string]bool{"usr": true, "var": true, "share": true, "lib": true, "local": true}

// topFolder says whether a path is a folder at the root: /usr, /srv/.
func topFolder(p string) bool {
	return strings.HasPrefix(p, "/") && strings.Count(strings.TrimSuffix(p, "/"), "/") == 1
}

// systemPath says whether a path is one the system's pages document,
// asked about rather than worked on: /etc/fstab, /proc, /dev/null,
// /var/log/wtmp, a top folder (/usr, /var). Disks and partitions
// (/dev/sdb1) and the user's own paths are worked on.
func systemPath(p string) bool {
	if topFolder(p) {
		return true
	}
	for _, pre := range []string{"/etc/", "/proc/", "/sys/", "~/.", "/usr/share/", "/var/log/", "/var/lib/", "/run/"} {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(p, "/dev/"); ok {
		for _, disk := range []string{"sd", "hd", "vd", "nvme", "mmcblk", "loop", "md", "dm-", "mapper/", "disk/"} {
			if strings.HasPrefix(rest, disk) {
				return false
			}
		}
		return true
	}
	return false
}

// nounKind is the kind of a name given after noun.
func nounKind(noun string) ArgKind {
	n := strings.ToLower(noun)
	switch {
	case strings.HasPrefix(n, "user"), strings.HasPrefix(n, "account"):
		// "the user account bob" names its user
		return ArgUser
	case strings.HasPrefix(n, "group"):
		return ArgGroup
	case strings.HasPrefix(n, "folder"), strings.HasPrefix(n, "dir"), strings.HasPrefix(n, "sub"):
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
	if w == lw && len(w) > 4 && strings.HasSuffix(w, "ly") && isAlpha(w) {
		// an adverb: "each folder directly inside /home"
		return false
	}
	// a name is short and often has what words do not: a digit, an
	// underscore, a dot, a capital inside
	return len(w) <= 64
}

// endsQuestion says whether rest, the question after a word, is only
// its closing marks.
func endsQuestion(rest string) bool {
	return strings.Trim(rest, " \t.?!") == ""
}

// sentenceEndName says whether a short word of the language that ends
// the question names the thing before it: "out", "in", "up"; not one
// that points back ("it", "there", "here") or says which one or how
// ("too", "now", "again").
func sentenceEndName(w string) bool {
	lw := strings.ToLower(w)
	return isAlpha(w) && len(w) <= 6 && terms.Stop(lw) && !notNames[lw] && !pointsBack[lw]
}

// pointsBack are words of the language that end a sentence without
// naming anything.
var pointsBack = map[string]bool{
	"it": true, "them": true, "this": true, "that": true, "these": true, "those": true, "here": true, "there": true,
	"one": true, "ones": true, "too": true, "also": true, "again": true, "now": true, "then": true, "instead": true,
	"first": true, "last": true, "only": true, "all": true, "both": true, "each": true, "either": true, "mine": true,
	"yours": true, "ours": true, "theirs": true, "his": true, "hers": true, "its": true, "me": true, "you": true,
	"us": true, "him": true, "her": true, "so": true, "yet": true, "anyway": true, "please": true, "ok": true,
	"itself": true, "themselves": true, "myself": true, "yourself": true, "alone": true, "intact": true, "empty": true,
}

// objectAfter is the object a verb after "to" takes ("to re-check
// it"), which no name has.
var objectAfter = lazyre.New(`(?i)^\s+(?:it|them|the|a|an|this|that|these|those|all|every|each|its|their)\b`)

// notNames are words that follow a noun in a sentence without naming
// it: "user accounts", "file permissions", "folder contents".
var notNames = map[string]bool{
	"accounts": true, "account": true, "entry": true, "entries": true, "permissions": true, "permission": true, "contents": true, "content": true,
	"names": true, "name": true, "size": true, "sizes": true, "owner": true, "ownership": true, "list": true,
	"tree": true, "trees": true, "hierarchy": true, "hierarchies": true, "listing": true, "listings": true, "structure": true, "system": true, "systems": true, "type": true, "types": true, "mode": true,
	"modes": true, "info": true, "information": true, "details": true, "status": true, "usage": true, "space": true,
	"membership": true, "memberships": true, "id": true, "ids": true, "password": true, "passwords": true,
	"shell": true, "home": true, "path": true, "paths": true, "extension": true, "extensions": true, "attributes": true,
	"descriptor": true, "descriptors": true, "manager": true, "files": true, "file": true,
	"folders": true, "folder": true, "directories": true, "directory": true, "groups": true, "group": true,
	"users": true, "user": true, "recursively": true, "inside": true, "within": true, "is": true, "are": true,
	"that": true, "which": true, "whose": true, "where": true, "called": true, "named": true, "and": true, "or": true,
	"exists": true, "exist": true, "matching": true, "containing": true, "larger": true, "bigger": true, "smaller": true,
	"older": true, "newer": true, "modified": true, "changed": true, "created": true, "owned": true, "was": true,
	"has": true, "have": true, "with": true, "without": true, "by": true, "to": true, "from": true, "into": true,
	"on": true, "in": true, "of": true, "for": true, "at": true, "as": true, "if": true, "when": true, "then": true,
	"limit": true, "limits": true, "quota": true, "quotas": true, "session": true, "sessions": true,
	"namespace": true, "namespaces": true, "agent": true,
	// the access given: "give the group read and write access"
	"read": true, "write": true, "execute": true, "access": true, "rights": true, "privileges": true,
	// a named pipe is a FIFO, named nothing
	"pipe": true, "pipes": true,
	"settings": true, "configuration": true, "config": true, "changes": true, "change": true, "history": true,
	// what a thing does, said of it: "the groups a user belongs to",
	// "the files a package contains"
	"belongs": true, "belong": true, "contains": true, "contain": true, "owns": true, "own": true, "uses": true,
	"use": true, "runs": true, "needs": true, "holds": true, "points": true, "can": true, "cannot": true,
	"should": true, "must": true, "will": true, "does": true, "did": true, "gets": true, "got": true,
	// or did: "how long each unit took to start", "the service failed"
	"took": true, "takes": true, "ran": true, "started": true, "starts": true, "stopped": true, "stops": true,
	"failed": true, "fails": true, "crashed": true, "crashes": true, "used": true, "loaded": true, "loads": true,
	// how many: "folders two levels deep", "files all at once"
	"one": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true, "eight": true,
	"nine": true, "ten": true, "several": true, "few": true, "many": true, "all": true, "both": true, "each": true,
	"every": true, "any": true, "some": true, "more": true, "less": true, "fewer": true, "most": true,
	// where: "the directories below the current folder"
	"below": true, "above": true, "beneath": true, "underneath": true, "under": true, "over": true, "here": true,
	"there": true, "only": true,
	// when: "the journal of the unit since noon"
	"since": true, "until": true, "till": true, "before": true, "after": true, "during": true, "between": true,
}

// isAlpha says whether w is letters alone.
func isAlpha(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) < 0
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

// archiveFormats are the extensions of archives and compressed files, each
// with the command that makes and reads them: the file a task names says
// what it works on ("into reports.zip" is zip's, "data.tar.gz" tar's and
// gzip's), where a .pdf or .txt says nothing of how.
var archiveFormats = map[string][]string{
	"zip": {"zip"}, "tar": {"tar"}, "gz": {"gzip"}, "tgz": {"tar", "gzip"}, "bz2": {"bzip2"},
	"tbz2": {"tar", "bzip2"}, "xz": {"xz"}, "txz": {"tar", "xz"}, "zst": {"zstd"}, "7z": {"7z"},
	"rar": {"rar"}, "lz4": {"lz4"}, "lzma": {"lzma"}, "cpio": {"cpio"},
}

// changeFormats are the files of changes to apply, by extension, with
// the command that applies them: a question about fixes.diff is about
// patch, though its other words ("keep a backup copy of each file")
// are cp's.
var changeFormats = map[string][]string{"diff": {"patch"}, "patch": {"patch"}}

// Compressions are the compression formats of the files a text names, by
// their extensions (see Formats), tar left out: what a .tar.gz and a
// .tar.zst differ in. A plain .tar, where the text names no compressor,
// says tar: an archive no compressor is asked for, which tar's -z would
// make a tar.gz of, or fail to read (see PlainTar).
func Compressions(text string) map[string]bool {
	var out map[string]bool
	plain := false
	for _, w := range strings.Fields(text) {
		// and the full stop that ends a sentence: "from backup.tar."
		w = strings.TrimRight(strings.Trim(w, "{}()[]\"'`,;:?!"), ".")
		fs := (Arg{Kind: ArgFile, Text: w}).Formats()
		plain = plain || slices.Equal(fs, []string{"tar"})
		for _, f := range fs {
			if compressors()[f] {
				if out == nil {
					out = map[string]bool{}
				}
				out[f] = true
			}
		}
	}
	named := compressorsNamed(text)
	if plain && out == nil && named == nil {
		out = map[string]bool{PlainTar: true}
	}
	// or by their commands' names: "a tar archive compressed with xz",
	// "a gzipped tarball"
	for f := range named {
		if out == nil {
			out = map[string]bool{}
		}
		out[f] = true
	}
	return out
}

// compressorsNamed are the compression formats a question names by
// their commands' names or words made of them ("gzipped",
// "zstandard"), as Compressors reads them.
func compressorsNamed(text string) map[string]bool {
	return compressorsIn(text, func(w string) (string, bool) {
		if compressors()[w] {
			return w, true
		}
		f, ok := compressorWords[w]
		return f, ok
	})
}

var compressorWords = map[string]string{"gzipped": "gzip", "bzipped": "bzip2", "bzip": "bzip2", "xzipped": "xz", "zstandard": "zstd"}

// PlainTar is what Compressions holds for a question whose archive is a
// .tar that nothing compresses.
const PlainTar = "tar"

// Compressors are the compression formats a text names by their
// commands' names: "Filter the archive through gzip(1)" names gzip.
func Compressors(text string) map[string]bool {
	return compressorsIn(text, func(w string) (string, bool) { return w, compressors()[w] })
}

// compressorsIn are the compression formats name reads off a text's
// words (lowercase letters and digits), nil for none.
func compressorsIn(text string, name func(w string) (string, bool)) map[string]bool {
	var out map[string]bool
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if f, ok := name(w); ok {
			if out == nil {
				out = map[string]bool{}
			}
			out[f] = true
		}
	}
	return out
}

// compressors are archiveFormats' commands but tar.
var compressors = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, fs := range archiveFormats {
		for _, f := range fs {
			if f != "tar" {
				out[f] = true
			}
		}
	}
	return out
})

// Formats are the commands of the archive formats a file's extensions
// say, outermost last ("data.tar.gz": tar, gzip); none for other
// arguments.
func (a Arg) Formats() []string {
	if a.Kind != ArgFile {
		return nil
	}
	parts := strings.Split(strings.ToLower(a.Text), ".")
	if f, ok := changeFormats[parts[len(parts)-1]]; ok && len(parts) > 1 {
		return f
	}
	var out []string
	for i := len(parts) - 1; i > 0; i-- {
		f, ok := archiveFormats[parts[i]]
		if !ok {
			break
		}
		out = slices.Concat(f, out) // not into the table's own slice
	}
	return out
}

// formatOnly says whether w is a chain of archive extensions and no name:
// "a tar.gz file" asks for a kind of file, which is its topic.
func formatOnly(w string) bool {
	for part := range strings.SplitSeq(strings.ToLower(strings.TrimPrefix(w, ".")), ".") {
		if _, ok := archiveFormats[part]; !ok {
			return false
		}
	}
	return true
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

// plainWords says whether w is a word of the language, or words joined
// by hyphens: "read-only".
func plainWords(w string) bool {
	for part := range strings.SplitSeq(w, "-") {
		if !plainWord(part) {
			return false
		}
	}
	return true
}

// serviceDoes are what a service is asked to do or does, said right
// after the word: no unit is named so.
var serviceDoes = map[string]bool{
	"start": true, "stop": true, "restart": true, "reload": true, "run": true, "runs": true,
	"fail": true, "fails": true, "crash": true, "crashes": true, "die": true, "dies": true,
	"launch": true, "begin": true, "load": true, "come": true, "keep": true, "work": true,
}

// inflected says whether w reads as a verb's form: "logged", "running".
func inflected(w string) bool {
	return strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing")
}

// CountsEntries says whether a question counts the entries of a folder
// ("count the files in", "how many files are in", "the number of files
// in"), which one lists and counts the lines of the list, and which
// entries it counts: "files", "folders", ...; where inside is true it
// counts through the subfolders too ("under", "recursively").
func CountsEntries(q string) (noun string, inside, ok bool) {
	m := countsEntriesRE().FindStringSubmatch(q)
	if m == nil {
		return "", false, false
	}
	return strings.ToLower(m[1]), countedInsideRE().MatchString(q), true
}

// CountsOccurrences says whether a question counts how many times a
// thing occurs ("how many times", "how often", "the number of
// occurrences"), and whether that thing is a word, to match whole
// ("the word error").
func CountsOccurrences(q string) (word, ok bool) {
	if !countsOccurrencesRE().MatchString(q) {
		return false, false
	}
	return wholeWordRE().MatchString(q), true
}

// countsOccurrencesRE is a count of how many times a thing occurs.
var countsOccurrencesRE = lazyre.New(`(?i)\bhow\s+(?:many\s+times|often)\b|\b(?:count|number\s+of|total)\s+(?:the\s+|all\s+)?(?:occurrences?|times|instances|appearances|matches)\b`)

// wholeWordRE is a thing to look for that is a word.
var wholeWordRE = lazyre.New(`(?i)\bthe\s+word\b`)

// countsEntriesRE is a count of a folder's entries, the noun the group.
var countsEntriesRE = lazyre.New(`(?i)\b(?:count|counting|how\s+many|number\s+of)\b(?:\s+(?:the|all|of|regular|visible|\.?(?:` + kindWords + `)))*\s+(files|entries|items|things|folders|directories|subfolders|subdirectories)\b(?:\s+(?:with\s+the\s+(?:extension|suffix)|ending\s+(?:in|with)|that\s+end\s+(?:in|with))\s+\.?[\w*.-]+)?(?:\s+(?:are|there\s+are|are\s+there|is|there\s+is))?\s+(?:in|inside|under|within|below)\b`)

// LargestN says whether a question asks for the N largest files or
// folders ("the 5 largest files in /var/log", "the top 10 biggest
// folders"): how many (n), and whether folders are meant. A question
// that gives no number lists them all by size (ls -S).
func LargestN(q string) (n int, folders, ok bool) {
	m := largestNRE().FindStringSubmatch(q)
	if m == nil {
		return 0, false, false
	}
	n, err := strconv.Atoi(cmp.Or(m[1], m[2]))
	if err != nil || n < 1 || n > 10000 {
		return 0, false, false
	}
	noun := strings.ToLower(m[3])
	return n, strings.HasPrefix(noun, "folder") || strings.HasPrefix(noun, "director") || strings.HasPrefix(noun, "sub"), true
}

// largestNRE is a number of the largest files or folders, the number
// before or after the adjective, and the noun.
var largestNRE = lazyre.New(`(?i)\b(?:top\s+)?(\d+)?\s*(?:largest|biggest|heaviest|hugest)\s+(?:(\d+)\s+)?(files|folders|directories|subfolders|subdirectories|dirs)\b`)

// NewestN says whether a question asks for the N files changed last
// ("the 10 most recently modified files in /var/log", "the 5 newest
// files"), or first where oldest is true ("the 3 oldest files"): how
// many, n.
func NewestN(q string) (n int, oldest, ok bool) {
	m := newestNRE().FindStringSubmatch(q)
	if m == nil {
		return 0, false, false
	}
	n, err := strconv.Atoi(m[1])
	if err != nil || n < 1 || n > 10000 {
		return 0, false, false
	}
	w := strings.ToLower(m[2])
	return n, strings.HasPrefix(w, "oldest") || strings.HasPrefix(w, "least"), true
}

// newestNRE is a number of the files changed last or first, the number
// before the adjective.
var newestNRE = lazyre.New(`(?i)\b(\d+)\s+(most\s+recent(?:ly\s+(?:modified|changed|updated|created|edited|written|touched))?|newest|latest|oldest|least\s+recently\s+(?:modified|changed|updated))\s+(?:files|entries|items)\b`)

// FoldersBySize says whether a question orders folders by their size
// ("list the folders in /var sorted by size", "sort the subdirectories
// by disk usage", "disk usage of each folder, biggest first"), and
// whether the biggest come first.
func FoldersBySize(q string) (ok, biggestFirst bool) {
	if !foldersBySizeRE().MatchString(q) {
		return false, false
	}
	return true, biggestFirstRE().MatchString(q)
}

var (
	foldersBySizeRE = lazyre.New(`(?i)\b(?:sub-?)?(?:folders|directories|dirs)\b.*\b(?:sorted|sort|ordered|order|ranked|rank)\s+(?:them\s+)?by\s+(?:their\s+)?(?:size|disk\s+usage|space|how\s+much\s+space)|\bsort(?:s|ing)?\s+(?:the\s+|all\s+|my\s+)?(?:sub-?)?(?:folders|directories|dirs)\b.*\bby\s+(?:their\s+)?(?:size|disk\s+usage|space)|\bdisk\s+usage\b.*\b(?:sorted|ordered)\s+by\s+size\b`)
	biggestFirstRE  = lazyre.New(`(?i)\b(?:largest|biggest|heaviest)\s+(?:ones?\s+)?first\b|\bdescending\b|\bfrom\s+(?:the\s+)?(?:largest|biggest)\b`)
)

// RemovesFullFolder says whether a question removes a folder that is not
// empty: "remove a directory that is not empty", "delete the non-empty
// folder old", "delete a folder that still has files in it".
func RemovesFullFolder(q string) bool { return fullFolderRemovedRE().MatchString(q) }

var fullFolderRemovedRE = lazyre.New(`(?i)\b(?:remove|removes|removing|delete|deletes|deleting|erase|rm|get\s+rid\s+of)\b.*?\b(?:(?:non-?empty|full)\s+(?:sub-?)?(?:folders?|director(?:y|ies)|dirs?)\b|(?:sub-?)?(?:folders?|director(?:y|ies)|dirs?)\b.*?\b(?:(?:is|are)\s+not\s+empty|isn't\s+empty|aren't\s+empty|non-?empty|(?:still\s+)?(?:has|have|holds?|contains?)\s+(?:files|stuff|things|contents?|subfolders|data)))\b`)

// EachFolder says whether a question asks of each folder one by one:
// "how much space each folder in /home takes", "the size of every
// subdirectory of /var".
func EachFolder(q string) bool { return eachFolderRE().MatchString(q) }

var eachFolderRE = lazyre.New(`(?i)\b(?:each|every)\s+` + eachOfThe + `(?:sub-?)?(?:folder|directory|dir)s?\b`)

// Descends says whether a question works through the subfolders of the
// folder it names too ("recursively", "and its subfolders", "under").
func Descends(q string) bool { return countedInsideRE().MatchString(q) }

// countedInsideRE is a count that goes through the subfolders.
var countedInsideRE = lazyre.New(`(?i)\brecursive(?:ly)?\b|\b(?:including|and|with|in)\s+(?:all\s+(?:of\s+)?)?(?:its\s+|their\s+|the\s+)?sub-?(?:folders|directories)\b|\bunder\b|\bbelow\b|\ball\s+levels\b`)

// PicksByProperty says whether a question picks the files it works on by
// a property of theirs that find(1) tests and a shell pattern cannot
// say: empty ones ("delete all empty files in tmp"), by size ("files
// larger than 1 GB"), by owner ("files owned by bob") or by age ("older
// than 30 days", "modified in the last 2 days"; not "newer than the
// copies in the backup", which is cp's -u).
func PicksByProperty(q string, args []Arg) bool {
	if pickedEmptyRE().MatchString(q) || pickedOwnedRE().MatchString(q) || pickedAgeRE().MatchString(q) {
		return true
	}
	return slices.ContainsFunc(args, func(a Arg) bool {
		return a.Kind == ArgSize && a.Start <= len(q) && sizeComparedRE().MatchString(q[:a.Start])
	})
}

// PicksByOwner says whether a question picks the files it works on by
// their owner or group, or by having none ("files owned by bob", "files
// in /srv that have no owner"): only find(1) tests that, where the words
// chose the pages of accounts and of the commands that show or change an
// owner.
func PicksByOwner(q string) bool { return pickedOwnedRE().MatchString(q) }

var (
	// many empty files or folders, not "the empty folder build"
	pickedEmptyRE = lazyre.New(`(?i)\b(?:all|every|any|each)\s+(?:of\s+)?(?:the\s+)?empty\s+(?:files?|folders?|directories|directory|dirs?|subfolders?|subdirectories)\b|\bempty\s+(?:files|folders|directories|dirs|subfolders|subdirectories)\s+(?:in|inside|under|below|within|from|of)\b`)
	pickedOwnedRE = lazyre.New(`(?i)\b(?:files|folders|directories|everything|anything)\s+(?:(?:that|which)\s+(?:are|is)\s+)?(?:owned\s+by|belonging\s+to)\b|\b(?:files|folders|directories)\s+(?:that|which)\s+belongs?\s+to\b|\b(?:files|folders|directories)\b(?:\s+(?:in|under|inside|below|on)\s+\S+)?\s+(?:(?:that|which)\s+(?:have|has)\s+no|without\s+(?:an?\s+)?)\s*(?:valid\s+|existing\s+|known\s+)?(?:owner|user|group)\b`)
	pickedAgeRE   = lazyre.New(`(?i)\b(?:older|newer)\s+than\s+(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty|yesterday|last)\b|\b(?:modified|changed|accessed|created|edited|touched|updated|written)\s+(?:(?:in|within|during|over)\s+the\s+(?:last|past)\b|today\b|yesterday\b)|\b(?:modified|changed|accessed|edited|touched)\s+(?:more|less|fewer)\s+than\b|\bnot\s+(?:been\s+)?(?:modified|changed|accessed|touched|used)\s+(?:in|for|since)\b`)
	// a size the files are compared with: "larger than", "over",
	// "at least"
	sizeComparedRE = lazyre.New(`(?i)\b(?:larger|bigger|greater|smaller|more|less|over|above|under|below|exceeding|least|most)(?:\s+than)?\s*$`)
)

// shellNamedRE is a login shell given by its name, before "as ...
// shell", after "shell ... to", or made "my shell".
var shellNamedRE = lazyre.New(`(?i)\b(` + shellNames + `)\s+as\s+(?:(?:his|her|their|its|the|a|my|your)\s+)?(?:(?:default|login|new|user's)\s+)*shell\b|\bshell\s+(?:of\s+(?:the\s+)?(?:user\s+)?\S+\s+|for\s+(?:the\s+)?(?:user\s+)?\S+\s+)?(?:to|into)\s+(` + shellNames + `)\b|\b(?:make|makes|making|set|sets|setting)\s+(` + shellNames + `)\s+(?:my|his|her|their|your|the)\s+(?:(?:default|login|new)\s+)*shell\b`)

const shellNames = `bash|zsh|fish|dash|sh|ksh|tcsh|csh|mksh`

// shellPath is where Debian's /etc/shells lists the shell of name.
func shellPath(name string) string {
	if name == "fish" {
		return "/usr/bin/fish"
	}
	return "/bin/" + name
}

// kindFromRE is the folder files of a kind are taken from, a plain word
// (see ofKind), and the one they are put in where that is one too:
// "files from docs", "file from Downloads into Pictures". Each word ends
// a clause or goes on as after a name.
var kindFromRE = lazyre.New(`(?i)\bfiles?\s+(?:from|in|inside|out\s+of)\s+([A-Za-z0-9_][A-Za-z0-9_-]*)(?:\s+(?:to|into|onto)\s+([A-Za-z0-9_][A-Za-z0-9_-]*))?(?:\s*[,.;:?!]|\s*$|\s+(?:to|into|onto|and|but|so|while|keeping|without|with|then|by|in|on|over)\b|\s+\S*/)`)

// ofKind says whether a is files of a kind: a glob of an extension
// ("*.py"), or an extension as a file's name (".txt files").
func ofKind(a Arg) bool {
	return a.Kind == ArgGlob && strings.Contains(a.Text, "*.") || a.Kind == ArgFile && strings.HasPrefix(a.Text, ".") && strings.Count(a.Text, ".") == 1
}

// folderWord says whether w may be a folder's plain name: no word of the
// sentence's own ("the", "my"), nor of a time or a place that is no
// folder ("yesterday", "server").
func folderWord(w string) bool {
	return !terms.Stop(w) && !filler[w] && !pointedNowhere[w] && !notFolder[w] && !isNumber(w)
}

var notFolder = map[string]bool{"my": true, "your": true, "our": true, "their": true, "his": true, "her": true, "its": true,
	"this": true, "that": true, "these": true, "those": true, "all": true, "every": true, "each": true, "some": true, "any": true,
	"here": true, "there": true, "now": true, "today": true, "yesterday": true, "tomorrow": true, "last": true, "before": true,
	"after": true, "server": true, "remote": true, "internet": true, "web": true, "network": true, "disk": true, "camera": true,
	"phone": true, "one": true, "two": true, "folder": true, "directory": true, "dir": true, "current": true}

// heldValueNoun ends the words before a value that a text holds, with
// the name of the value's kind: "that contains the IP address", "with
// the URL", "mentioning the host".
var heldValueNoun = lazyre.New(`(?i)\b(?:contain(?:s|ing)?|mention(?:s|ing)?|includ(?:e|es|ing)|hold(?:s|ing)?|match(?:es|ing)?|with)\s+(?:the\s+|an?\s+)?((?:ip(?:v[46])?\s+)?address|ip(?:v[46])?|host(?:\s*name)?|url|link|domain)\s+$`)

// kindWordRE is files of a kind named by their extension's word after a
// quantifier or a count: "all log files", "every PDF file", "each of the
// csv files", "how many pdf files"; not "the log files of nginx", whose
// files are the topic.
var kindWordRE = lazyre.New(`(?i)\b(?:all|every|each|how\s+many|number\s+of|count(?:ing)?)\s+(?:of\s+)?(?:the\s+|my\s+|your\s+)?(` + kindWords + `)\s+files?\b`)

// kindWords are the words of the common extensions a question names
// files of a kind by: "all log files", "how many pdf files".
const kindWords = `log|pdf|jpe?g|png|gif|txt|csv|json|xml|html?|md|mp3|mp4|iso|deb|conf|bak|tmp|py|sh`

// onlyFoldersHereRE is the folders of the current directory, and no
// file: "list only the directories here" is `ls -d */`. Only files are
// no glob: * names the folders too.
var onlyFoldersHereRE = lazyre.New(`(?i)\bonly\s+(?:the\s+)?(folder|director|subfolder|subdirector|dir)(?:s|ies)\s+((?:in|inside|under)\s+(?:the\s+|this\s+|my\s+)?(?:current|present|working)\s+(?:working\s+)?(?:directory|folder|dir)|here)\b\s*[.?!,;]?\s*$`)

// lineObject is a question about lines or log entries.
var lineObject = lazyre.New(`(?i)\b(?:lines?|entries|entry|messages?|requests?)\b`)

// eachHereRE is each of the folders or files of the current directory,
// one by one: "the size of each folder in the current directory", "the
// lines of each file here". The group after the noun is the place's
// words. Not every file, nor one a clause picks ("every file here whose
// name ..."): the files a command picks from the folder.
var eachHereRE = lazyre.New(`(?i)\beach\s+` + eachOfThe + `(folder|directory|subfolder|subdirectory|dir|file)s?\s+((?:in|inside|under)\s+(?:the\s+|this\s+|my\s+)?(?:current|present|working)\s+(?:working\s+)?(?:directory|folder|dir)|here)\b(?:` + eachEnds + `)`)

// eachFileInRE is each of the files of a folder the question gives by
// its path (group 1): "every file in /etc", "each file in ~/notes". As
// eachHereRE, not one a clause picks. (Each folder's size is du's
// -s with */, or its -d 1 without: a glob alone would not say which.)
var eachFileInRE = lazyre.New(`(?i)\b(?:each|every)\s+` + eachOfThe + `files?\s+(?:in|inside|under|of)\s+((?:/|~/)[\w./~-]*|~)(?:` + eachEnds + `\b)`)

// eachOfThe is what may come between "each" and its noun ("each of the
// files"), eachEnds where such a phrase ends: the question's end, or
// what it goes on to ask of the things one by one.
const (
	eachOfThe = `(?:one\s+of\s+the\s+|of\s+the\s+)?`
	eachEnds  = `\s*[.?!,;]?\s*$|\s+(?:and|sorted|by|with\s+(?:its|their|the)\s+(?:size|total|count))`
)
