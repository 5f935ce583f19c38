package compose

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question that names what to work on ("create a folder named build",
// "count the lines in notes.txt") is answered by the command line that
// does it, `mkdir build` and `wc -l notes.txt`, not by the synopsis the
// user must fill in themselves. The synopsis says where each operand
// goes (DIRECTORY..., [FILE]...); the question's arguments, read by
// analyse.Read with their kinds, say what goes there. Only operands are
// filled: an option is written only where the page documents it, and
// the steps cite each one.

// operand is a question's argument as the command line types it.
type operand struct {
	at   int // the place of its argument among the question's
	kind analyse.ArgKind
	text string
	to   bool // the question sends things there: "to folder b", "into photos.tar.gz"
	// object: a verb of copying or moving takes it as its object ("copy
	// the folder photos"): it is what goes, never where
	object bool
	// back: a length of time counted back from now (analyse.Arg.Back)
	back bool
	// cmp is "+" or "-" for a size the question asks more or less than
	// of ("larger than 100 MB"), as find's numeric arguments write it
	cmp string
	// named: the question names what the command makes so ("a link
	// called backup.conf"), which a placeholder of a name takes
	named bool
	// noun is the word a quoted value is given after, lowercase ("the
	// comment "Nora Lindqvist""): the placeholder of that name takes it
	// (useradd's COMMENT)
	noun string
	// counts is the stem of the word after a number, what it counts
	// ("4 threads"): the placeholder of that name takes it (xz's "-T
	// threads"), whatever other number the question gives before it
	counts string
	// intro are the stems of the words that say what the value is:
	// those just before it, back to a comma, "and", "with" or the
	// argument before ("the user ID" of "the user ID 1500"), and those
	// after "as" just after it ("/bin/bash as her login shell")
	intro []string
	// place: the number is the place of a column, a field, a character
	// or a byte ("the third column"), which a list of places takes with the
	// others the question gives (cut's "-f LIST": 1,3)
	place bool
	// many: a plural noun names it ("the directories named
	// node_modules"): things of that name, not one place
	many bool
	// under: the question puts things under this folder ("a home
	// directory under /home"): it is where they go, not one of them
	under bool
	// counted: a number read off a size in bytes ("the first 100 bytes"
	// is head's -c 100): it fills a place for a count, but chooses no
	// option, since "bytes" is not what a count of them is for (curl's
	// "--max-filesize <bytes>" for "download the first 1000 bytes")
	counted bool
	// end: a number is an end of a range the question gives ("from 1
	// to 100"), which only a placeholder of a range's end takes
	end bool
	// span: the range of numbers the question gives, both ends ("1-100"
	// of "a random number between 1 and 100"), which only a placeholder
	// of a whole range takes (spanSlot: shuf's "-i LO-HI")
	span bool
	// pid: the number is a process's, read from the pid file the
	// question names ("$(cat /run/nginx.pid)"), which only a placeholder
	// of a process's number takes (idSlots)
	pid bool
	// made: the answer names it, not the question (nameArchive): it
	// asks no option of its own
	made bool
	// of is the noun a name was given after ("interface" of "the
	// interface wlan0"), "" for another argument
	of string
	// keepsList: the question keeps its list of what to work on in this
	// file ("the URLs listed in links.txt"), which the option that
	// reads such a list takes (listFile)
	keepsList bool
	// csv: the comma a CSV file's fields are separated by, which the
	// question does not say: only an option for fields takes it (see
	// withValues)
	csv bool
	// program: the program the question runs (askedProgram), which only
	// a place for a command takes, by its name
	program bool
}

// operands are the question's arguments as a command line types them, in
// the question's order: "all .log files" is the glob *.log, and a file
// "from folder old_docs" is old_docs/report.pdf.
func operands(q string, args []analyse.Arg) []operand {
	return readOperands(q, args, true)
}

// exampleBefore ends the words before a value that shows the form of
// what the question asks for: "like", "in the format", "written as";
// not "such as", after which the value is one to use ("a specific
// moment such as 2023-12-31 23:59").
var exampleBefore = lazyre.New(`(?i)\b(?:like|format|formatted\s+as|written\s+as)\s*:?\s*$`)

// describedSize says whether size a of question q says how big a thing
// named right after it is ("a 2GB file", "my 40 GB disk image") where q
// gives another size too, which is then the one to use.
func describedSize(q string, args []analyse.Arg, a analyse.Arg) bool {
	return articleBefore().MatchString(q[:a.Start]) && thingAfter().MatchString(q[a.End:]) &&
		slices.ContainsFunc(args, func(o analyse.Arg) bool { return o.Kind == analyse.ArgSize && o.Start != a.Start })
}

// articleBefore ends the words before a size that describes a thing.
var articleBefore = lazyre.New(`(?i)\b(?:a|an|the|my|this|that|our|your|their|its)\s+$`)

// thingAfter starts the words after a size with the thing it describes.
var thingAfter = lazyre.New(`(?i)^\s*(?:[a-z]+\s+)?(?:file|image|disk|drive|log|archive|iso|partition|tarball|video|database|dump|backup|download)s?\b`)

// errorBefore ends the words before a quoted message that a command
// printed when it failed: "fails with", "says", "the error".
var errorBefore = lazyre.New(`(?i)\b(?:fails?|failed|failing|errors?|complains?|complained|says|said|saying|warns?|warning|refuses|refused)\b(?:\s+(?:with|that|about|of))?\s*[:,]?\s*$`)

// readOperands is operands, with a file's folder written into it when
// join is set, and else a folder of its own (find's "starting-point" is
// where to look, and the file a name to look for).
func readOperands(q string, args []analyse.Arg, join bool) []operand {
	var out []operand
	for i, a := range args {
		if leftOut().MatchString(q[:a.Start]) {
			// what the question leaves out is no operand: "archive my
			// project but leave out the .git folder" is no "tar -cf
			// ARCHIVE .git"
			continue
		}
		if producesFor(q, a) {
			// nor the command whose output it works on (see producer)
			continue
		}
		if a.Kind == analyse.ArgDate && exampleBefore().MatchString(q[:a.Start]) {
			// nor a date that shows how to write one: "print today's
			// date like 2024-01-31" asks for a format
			continue
		}
		if a.Kind == analyse.ArgSize && describedSize(q, args, a) {
			// nor the size of the thing the question works on, where it
			// gives another: "chop a 2GB file into 100MB pieces" is
			// split -b 100M
			continue
		}
		if a.Kind == analyse.ArgQuoted && errorBefore().MatchString(q[:a.Start]) {
			// nor the message a command failed with: "my service fails
			// with "status=203/EXEC"" is no "systemctl status
			// status=203/EXEC"
			continue
		}
		// (a new name is no place to move into: "rename the folder
		// drafts to archive" is `mv drafts archive`)
		op := operand{at: i, many: strings.HasSuffix(a.Noun, "s"), kind: a.Kind, text: a.Text, back: a.Back, to: toBefore().MatchString(q[:a.Start]) && !accessTo().MatchString(q[:a.Start]) && !a.Renamed, named: calledBefore().MatchString(q[:a.Start]), place: a.Place && listedPlaces[a.Noun]}
		if a.Kind == analyse.ArgName {
			op.of = a.Noun
		}
		op.object = copiedObject().MatchString(q[:a.Start])
		from := 0
		if i > 0 {
			from = min(args[i-1].End, a.Start)
		}
		op.intro = introWords(q[from:a.Start], q[a.End:])
		if a.Kind == analyse.ArgFile && savedAs().MatchString(q[:a.Start]) {
			op.to = true
		}
		op.keepsList = a.Kind == analyse.ArgFile && keptListBefore().MatchString(q[:a.Start])
		switch a.Kind {
		case analyse.ArgFile:
			if bareSuffix(a.Text) && suffixAfter().MatchString(q[a.End:]) {
				// "keep an .orig copy": the suffix of a file the
				// command makes, no file to give it
				continue
			}
			if bareSuffix(a.Text) && extensionTo().MatchString(q[:a.Start]) {
				// "rename every .jpeg file to .jpg": the extension
				// the files are given, no file to name (mv *.jpeg
				// .jpg moves them onto one)
				continue
			}
			op.kind, op.text = suffixGlob(q, a)
			if k := len(out) - 1; join && op.kind == analyse.ArgGlob && k >= 0 && out[k].at == i-1 && (out[k].kind == analyse.ArgFolder || out[k].kind == analyse.ArgPath) && !strings.Contains(out[k].text, "*") && thoseEnding().MatchString(q[args[i-1].End:a.Start]) {
				// "the files in /etc that end with .conf" are
				// /etc/*.conf, one operand (ls -lS /etc *.conf lists
				// all of /etc and the .conf files here)
				out[k].kind, out[k].text = analyse.ArgGlob, strings.TrimSuffix(out[k].text, "/")+"/"+op.text
				continue
			}
		case analyse.ArgFolder, analyse.ArgPath:
			op.under = underBefore().MatchString(q[:a.Start])
			// the folder a file or glob just named is in, or the
			// folders and files a list just named ("the folders
			// 2024/01 and 2024/02 inside the folder reports")
			// (not the archive a question makes from a folder: "create
			// site.zip from the folder public_html" packs public_html)
			// (a thing made "in" a folder is made there: "create a
			// file named notes.txt in /tmp" is /tmp/notes.txt)
			if join && i > 0 && len(out) > 0 && fromFolder().MatchString(q[args[i-1].End:a.Start]) && (!madeFrom().MatchString(q[:args[i-1].Start]) || !strings.Contains(strings.ToLower(q[args[i-1].End:a.Start]), "from")) {
				if in := listedBefore(q, args, out); len(in) > 0 {
					for _, k := range in {
						out[k].text = strings.TrimSuffix(a.Text, "/") + "/" + out[k].text
					}
					continue
				}
			}
		case analyse.ArgQuoted:
			op.text = shellQuote(anchored(a))
			op.noun = valueNoun(q[:a.Start])
		case analyse.ArgDelimiter:
			op.text = shellQuote(a.Text)
		case analyse.ArgDate:
			// as date(1) reads one, which takes no "at"
			op.text = shellQuote(clock24(dateWords.Replace(a.Text)))
		case analyse.ArgNumber:
			if f := strings.Fields(q[a.End:]); len(f) > 0 {
				op.counts = terms.Stem(strings.ToLower(strings.TrimRight(f[0], ".,;:!?")))
			}
		case analyse.ArgSize:
			before := q[:a.Start]
			switch {
			case moreThan().MatchString(before):
				op.cmp = "+"
			case lessThan().MatchString(before):
				op.cmp = "-"
			}
		case analyse.ArgDuration:
			// "older than 30 days" is more than 30 days ago; "in the
			// last 2 days", less
			before := q[:a.Start]
			switch {
			case olderThan().MatchString(before), notWithinLast().MatchString(before):
				op.cmp = "+"
			case withinLast().MatchString(before):
				op.cmp = "-"
			}
		}
		if fileKind(op.kind) && strings.HasSuffix(op.text, ".pid") && !strings.ContainsAny(op.text, "'\"$`\\ ") {
			// a pid file holds the number of the process it names:
			// "send HUP to the process whose PID is in /run/nginx.pid"
			// is `kill -HUP $(cat /run/nginx.pid)`; the file stays an
			// operand for a command that takes one
			out = append(out, operand{at: i, kind: analyse.ArgNumber, text: "$(cat " + op.text + ")", pid: true})
		}
		if fileKind(op.kind) && slices.ContainsFunc(out, func(o operand) bool { return fileKind(o.kind) && o.text == op.text }) {
			// a file named twice is one file: "compress data.csv and
			// keep the original data.csv" is no "xz data.csv data.csv"
			continue
		}
		out = append(out, op)
	}
	if i := slices.IndexFunc(out, func(op operand) bool { return op.kind == analyse.ArgSize }); i >= 0 && !slices.ContainsFunc(out, func(op operand) bool { return op.kind == analyse.ArgNumber }) {
		// a size in bytes is a count of them too: "the first 100 bytes"
		// is head's "-c NUM", 100, where find's "-size n[c]" takes 100c
		if num, unit := splitSize(out[i].text); num != "" && strings.HasPrefix(strings.ToLower(unit), "byte") {
			out = append(out, operand{at: -1, kind: analyse.ArgNumber, text: num, counted: true})
		}
	}
	if !slices.ContainsFunc(out, func(op operand) bool { return op.kind == analyse.ArgDelimiter }) && csvGiven(q, out) {
		// a CSV file's fields are separated by commas, which cut's -d
		// must be told
		out = append(out, operand{at: -1, kind: analyse.ArgDelimiter, text: shellQuote(","), csv: true})
	}
	if !slices.ContainsFunc(args, func(a analyse.Arg) bool { return a.Kind == analyse.ArgMode }) {
		if mode := analyse.PermissionMode(q); mode != "" {
			// "make deploy.sh executable" gives chmod's MODE too: +x;
			// "remove write permission for others", o-w
			out = append([]operand{{at: -1, kind: analyse.ArgMode, text: mode}}, out...)
		}
	}
	return out
}

// csvGiven says whether the question's file is a CSV file: it names
// one (sales.csv), or says "CSV".
func csvGiven(q string, ops []operand) bool {
	return csvWord().MatchString(q) || slices.ContainsFunc(ops, func(op operand) bool {
		return fileKind(op.kind) && strings.HasSuffix(strings.ToLower(op.text), ".csv")
	})
}

var csvWord = lazyre.New(`\b(?:CSV|csv)\b`)

// listedBefore are the places in out of the operands a folder the
// question names next holds: the file or glob just before it, with no
// folder of its own; or the relative files and folders of a list just
// before it, joined by commas and "and".
func listedBefore(q string, args []analyse.Arg, out []operand) []int {
	last := len(out) - 1
	// (or a link's name: "a symbolic link named python in
	// /usr/local/bin")
	if p := out[last]; (p.kind == analyse.ArgFile || p.kind == analyse.ArgGlob || p.kind == analyse.ArgName && p.named && strings.Contains(p.of, "link")) && !strings.Contains(p.text, "/") {
		return []int{last}
	}
	relative := func(op operand) bool {
		switch op.kind {
		case analyse.ArgFile, analyse.ArgGlob, analyse.ArgFolder, analyse.ArgPath:
			return !strings.HasPrefix(op.text, "/") && !strings.HasPrefix(op.text, "~") && !strings.HasPrefix(op.text, ".")
		}
		return false
	}
	var in []int
	for k := last; k >= 0 && relative(out[k]); k-- {
		in = append(in, k)
		if k == 0 || out[k-1].at < 0 || !listGap().MatchString(q[args[out[k-1].at].End:args[out[k].at].Start]) {
			break
		}
	}
	if len(in) < 2 {
		// one folder in a folder is no list: its own name may be the
		// place ("the folder src in /srv" is /srv/src, as is a file,
		// and "the path a/b/c inside my home" ~/a/b/c)
		if len(in) == 1 && (out[last].kind == analyse.ArgFolder || out[last].kind == analyse.ArgPath) {
			return in
		}
		return nil
	}
	return in
}

// listGap is what lies between two items of a list: a comma, "and", or
// both.
var listGap = lazyre.New(`^\s*(?:,\s*(?:and\s+)?|and\s+)$`)

// leftOut: the words before an argument leave it out of what the
// command works on ("leave out the .git folder", "skip every file
// matching *.min.js", "except notes.txt").
var leftOut = lazyre.New(`(?i)\b(?:(?:leave|leaves|leaving|left)\s+out|except(?:\s+for)?|excluding|exclude|skip|skipping|ignore|ignoring|hide|hiding|omit|omitting|but\s+not|other\s+than|apart\s+from|without)\s+(?:the\s+|any\s+|all\s+|every\s+|each\s+|its\s+|their\s+|my\s+|our\s+|your\s+)?(?:(?:sub)?(?:folders?|director(?:y|ies)|dirs?|files?)\s+)?(?:(?:matching|named|called|like|(?:whose\s+names?\s+)?(?:ends?|ending)\s+(?:in|with)|that\s+ends?\s+(?:in|with))\s+)?$`)

// bareSuffix says whether a file argument is an extension alone: ".log".
func bareSuffix(text string) bool {
	return strings.Count(text, ".") == 1 && strings.HasPrefix(text, ".")
}

// suffixGlob is file argument a of question q as an operand types it:
// a bare extension that stands for the files ending in it ("all .log
// files", "whose name ends in .bak") is the glob *.log; any other file
// is itself.
func suffixGlob(q string, a analyse.Arg) (analyse.ArgKind, string) {
	if bareSuffix(a.Text) && (filesAfter().MatchString(q[a.End:]) || endingIn().MatchString(q[:a.Start])) {
		return analyse.ArgGlob, "*" + a.Text
	}
	return a.Kind, a.Text
}

// extensionTo: the words before a bare extension give it to files: "to
// .jpg", "so they end in .md", "to end in .jpg instead".
var extensionTo = lazyre.New(`(?i)\b(?:to|into|as)\s+$|\b(?:to|they|it|each|all)\s+(?:end|ends)\s+(?:in|with)\s+$`)

// filesAfter: the words after a bare extension say it stands for files of
// that kind ("all .log files", "a downloaded .deb package").
var filesAfter = lazyre.New(`^\s+(?:files?|documents?|scripts?|images?|pictures?|photos?|packages?|archives?)\b`)

// endingIn: the words before a bare extension say it stands for the
// files that end in it ("files ending in .tmp").
var endingIn = lazyre.New(`(?i)\b(?:ending|end|ends)\s+(?:in|with)\s+$|\b(?:extension|suffix)\s+$`)

// thoseEnding: what lies between a folder and an extension says the
// folder's files that end in it ("in /etc that end with .conf", "in
// logs whose names end in .gz", "under src ending in .py").
var thoseEnding = lazyre.New(`(?i)^\s*,?\s*(?:(?:that|which)\s+(?:all\s+)?|whose\s+names?\s+)?(?:end|ends|ending)\s+(?:in|with)\s*$`)

// madeFrom is a verb that makes the file after it (out of what follows
// "from"), just before it: "create site.zip", "make an archive
// backup.tar.gz", "create a gzipped tar archive called logs.tar.gz".
var madeFrom = lazyre.New(`(?i)\b(?:create|make|build|generate|pack|produce|write)\s+(?:an?\s+|the\s+|a\s+new\s+)?(?:(?:zip|tar|compressed|gzipped|gzip|bzip2|xz|zstd|new)\s+){0,3}(?:archive|file|tarball|zip)?\s*(?:called\s+|named\s+)?$`)

// fromFolder: what lies between a file and a folder says the file is in
// it ("report.pdf from folder old_docs", "*.log in the folder logs").
var fromFolder = lazyre.New(`(?i)^\s*(?:(?:files?|documents?|scripts?|images?|pictures?|photos?)\s+)?(?:,\s*)?(?:(?:that|which)\s+(?:is|are)\s+)?(?:recursively\s+)?(?:from|in|inside|within|under)\s+(?:the\s+|my\s+|a\s+)?(?:(?:sub)?(?:folder|directory|dir)\s+(?:called\s+|named\s+)?)?$`)

// toBefore: the words before an argument send things there ("to the
// folder b", "into photos.tar.gz").
var toBefore = lazyre.New(`(?i)\b(?:to|into|onto|in to)\s+(?:the\s+|a\s+|my\s+|one\s+)?(?:(?:[a-z-]+\s+|sub)?(?:folder|directory|dir|file|archive)\s+(?:called\s+|named\s+)?)?$`)

// savedAs: the words before a file name the result is kept under
// ("save it as today.csv", "under the name input.csv").
// accessTo is a "to" of what is given to a file, not of where a result
// goes: "give the group write access to the file report.docx".
var accessTo = lazyre.New(`(?i)\b(?:access|permissions?|rights|privileges|ownership)\s+to\s+(?:the\s+|a\s+|my\s+)?(?:(?:[a-z-]+\s+)?(?:folder|directory|dir|file)\s+(?:called\s+|named\s+)?)?$`)

var savedAs = lazyre.New(`(?i)\b(?:as|under\s+the\s+(?:file\s*)?name)\s+$`)

// calledBefore: the words before an argument name what the command makes
// ("a hard link called backup.conf", "named latest").
var calledBefore = lazyre.New(`(?i)\b(?:called|named)\s+$`)

// moreThan and lessThan: the words before a size compare with it.
var (
	moreThan = lazyre.New(`(?i)\b(?:larger|bigger|greater|more|over|above|exceeding|exceed|at least)(?:\s+than)?\s+$`)
	lessThan = lazyre.New(`(?i)\b(?:smaller|less|fewer|under|below|at most)(?:\s+than)?\s+$`)
	// a length of time the question asks more or less than of, ago
	olderThan = lazyre.New(`(?i)\b(?:older\s+than|more\s+than|over|at\s+least|not\s+\w+(?:\s+(?:in|for))?|(?:in|for)\s+(?:over|more\s+than))\s+$`)
	// "not been modified in the last 30 days" is more than 30 days ago
	notWithinLast = lazyre.New(`(?i)\b(?:not|never|no\s+one|nobody)\b(?:\s+\w+){0,3}\s+(?:in|within|during|over)\s+the\s+(?:last|past)\s+$`)
	withinLast    = lazyre.New(`(?i)\b(?:in|within|during|over)\s+the\s+(?:last|past)\s+$|\b(?:newer\s+than|within|less\s+than)\s+$`)
)

// readSlot: a placeholder's name says the command reads the file.
var readSlot = lazyre.New(`(?i)script|input|infile|rfile|refer|pattern|exclude|include|from|key|identity|config|list`)

// shellPath says whether a path names a login shell, or the programs
// that refuse a login in one's place: /bin/bash, /usr/bin/zsh,
// /usr/sbin/nologin.
func shellPath(path string) bool {
	base := path[strings.LastIndex(path, "/")+1:]
	return strings.HasSuffix(base, "sh") || base == "fish" || base == "nologin" || base == "false"
}

// epochSlot says whether a placeholder (by its name as slotName reads
// it) of command cmd takes a time as a count of seconds since the epoch:
// date's "-d STRING", which reads "@1700000000" as one.
func epochSlot(cmd, name string) bool { return cmd == "date" && name == "string" }

// epochSeconds is a number that reads as seconds since the epoch: nine
// digits or more (September 2001 on).
var epochSeconds = lazyre.New(`^\d{9,11}$`)

// minutesSlot says whether a placeholder of command cmd takes a time
// from now in minutes, "+m": shutdown's TIME.
func minutesSlot(cmd, name string) bool { return cmd == "shutdown" && name == "time" }

// zoneSlot says whether a placeholder's name (as slotName reads it) is
// a time zone's.
func zoneSlot(name string) bool { return name == "timezone" || name == "tz" || name == "zone" }

// zoneName is the name of a time zone: "Europe/Berlin",
// "America/Argentina/Buenos_Aires", "UTC".
var zoneName = lazyre.New(`^(?:UTC|GMT|[A-Z][A-Za-z_-]+(?:/[A-Z][A-Za-z0-9_+-]+)+)$`)

// commandSlot says whether a placeholder's name (as slotName reads it)
// is the command a program runs: nice's, nohup's, timeout's COMMAND.
func commandSlot(name string) bool {
	return name == "command" || name == "cmd" || name == "program" || name == "prog"
}

// programPath says whether a path the question gives is a program to
// run: a script by its extension, one in the current folder
// ("./simulate"), or one in a bin folder.
func programPath(path string) bool {
	return scriptName().MatchString(path) || strings.HasPrefix(path, "./") || strings.Contains(path, "/bin/")
}

// scriptName is a file name a script's extension ends.
var scriptName = lazyre.New(`\.(?:sh|bash|zsh|py|pl|rb|js|php|tcl|lua)$`)

// deviceName says whether a path names a device: /dev/sdb2.
func deviceName(path string) bool { return path == "/dev" || strings.HasPrefix(path, "/dev/") }

// archiveName is a file name an archive's extension ends.
var archiveName = lazyre.New(`(?i)\.(?:tar(?:\.(?:gz|bz2|xz|zst|lz|lzma|Z))?|tgz|tbz2?|txz|zip|jar|7z|rar|cpio|ar|deb|a)$`)

// shellQuote quotes a string for the shell where it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`!*?[]{}()<>|&;#~^") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// dateWords turns a date's time of day as people say it into one
// date(1) and touch -d read: "1 January 2024 at 09:00" is "1 January
// 2024 09:00".
var dateWords = strings.NewReplacer(" at noon", " 12:00", " at midnight", " 00:00", " at ", " ")

// clock24 writes a time of day alone on a 24-hour clock, as every
// program that takes one reads it (journalctl's --since takes "20:00"
// but not "8pm"): 8pm is 20:00, 8:30 a.m. is 08:30; a date, or a time
// without am or pm, is as it was.
func clock24(text string) string {
	m := ampm().FindStringSubmatch(text)
	if m == nil {
		return text
	}
	h, _ := strconv.Atoi(m[1])
	mins := cmp.Or(m[2], "00")
	switch pm := strings.EqualFold(m[3], "p"); {
	case pm && h < 12:
		h += 12
	case !pm && h == 12:
		h = 0
	}
	return fmt.Sprintf("%02d:%s", h, mins)
}

// ampm is a time of day on a 12-hour clock: the hour, the minutes (if
// given) and a or p.
var ampm = lazyre.New(`(?i)^(1[0-2]|0?[1-9])(?::([0-5]\d))?\s?([ap])\.?m\.?$`)

// slotKinds are the kinds of argument a synopsis placeholder takes, by
// its name ("DIRECTORY", "[FILE]...", "<group>", "starting-point"), nil
// for a word that is no placeholder of these.
func slotKinds(word string) []analyse.ArgKind {
	if spanSlot(word) {
		return []analyse.ArgKind{analyse.ArgNumber}
	}
	if ownerSlot().MatchString(word) {
		return []analyse.ArgKind{analyse.ArgUser, analyse.ArgGroup}
	}
	if unitSlot().MatchString(word) {
		return []analyse.ArgKind{analyse.ArgSize, analyse.ArgNumber}
	}
	w := slotName(word)
	if w == "" {
		return nil
	}
	has := func(parts ...string) bool {
		for _, p := range parts {
			if strings.Contains(w, p) {
				return true
			}
		}
		return false
	}
	const (
		file, glob, path, folder = analyse.ArgFile, analyse.ArgGlob, analyse.ArgPath, analyse.ArgFolder
	)
	switch {
	case strings.HasPrefix(w, "from-") || strings.HasPrefix(w, "from_") || w == "fromcode":
		// iconv's "-f from-encoding"
		return []analyse.ArgKind{analyse.ArgFrom}
	case strings.HasPrefix(w, "to-") || strings.HasPrefix(w, "to_") || w == "tocode":
		return []analyse.ArgKind{analyse.ArgTo}
	case has("dir", "folder", "mountpoint"):
		return []analyse.ArgKind{folder, path}
	case w == "device" || w == "dev":
		// a device file, or a network device by its name (see
		// deviceNamed)
		return []analyse.ArgKind{file, path, analyse.ArgName}
	case w == "image":
		return []analyse.ArgKind{file, path}
	case w == "filesystem" || w == "filesystems":
		// fsck's "[filesystem...]": the device it is on, or where it
		// is mounted
		return []analyse.ArgKind{path, file}
	case w == "unit":
		// journalctl's "-u UNIT|PATTERN": the service the question
		// names, or its unit's file name (ssh.service)
		return []analyse.ArgKind{analyse.ArgName, analyse.ArgFile}
	case w == "interface" || w == "ifname" || w == "iface":
		return []analyse.ArgKind{analyse.ArgName}
	case has("archive"):
		return []analyse.ArgKind{file, path}
	case startingPoint(w):
		return []analyse.ArgKind{path, folder}
	case w == "destination":
		// ssh's and sftp's: a host, where cp's DEST is a file
		return []analyse.ArgKind{analyse.ArgHost}
	case has("link"):
		// ln's LINK_NAME: or the name the question gives the link ("a
		// symbolic link named current")
		return []analyse.ArgKind{file, glob, path, folder, analyse.ArgName}
	case w == "args" && strings.HasPrefix(word, "[args]"):
		// gpg's "[args]", lowercase: the files it works on (a
		// program's "[ARGS...]" after its COMMAND are that command's)
		return []analyse.ArgKind{file, path, glob}
	case w == "names" && len(word) > 0 && word[0] == '[', w == "name" && strings.Contains(word, "..."):
		// lsof's "[names]", gzip's "[ name ... ]": the files it works
		// on, all of a kind among them ("gzip every .log file")
		return []analyse.ArgKind{file, glob, path, folder}
	case w == "input" || w == "output":
		// uniq's "[INPUT [OUTPUT]]": the files it reads and writes
		return []analyse.ArgKind{file, path}
	case has("file", "source", "src", "dest", "target", "path"):
		return []analyse.ArgKind{file, glob, path, folder}
	case has("group") || w == "gname":
		// find's "-group gname"
		return []analyse.ArgKind{analyse.ArgGroup}
	case has("user", "login", "owner") || w == "uname":
		// find's "-user uname"
		// or the name given to an account the question makes ("a user
		// account named alice")
		return []analyse.ArgKind{analyse.ArgUser, analyse.ArgName}
	case w == "shell":
		return []analyse.ArgKind{path, file}
	case w == "timezone" || w == "tz" || w == "zone":
		// timedatectl's "set-timezone [TIMEZONE]": Europe/Berlin, which
		// reads as a path (see zoneName)
		return []analyse.ArgKind{path, analyse.ArgName}
	case commandSlot(w):
		// nice's, nohup's, timeout's: the script the question runs
		// ("run backup.sh with a niceness of 15")
		return []analyse.ArgKind{file, path}
	case w == "mode" || w == "octal-mode":
		return []analyse.ArgKind{analyse.ArgMode}
	case dateSlot(w):
		// chage's "-E EXPIRE_DATE"; or a window of time that ends now,
		// as the date it starts at (see backValue)
		return []analyse.ArgKind{analyse.ArgDate, analyse.ArgDuration}
	case has("pattern", "regex", "string", "text"):
		// or a name to look for: systemctl's "stop PATTERN..." takes
		// the service, grep's PATTERN the user to find in /etc/passwd;
		// or a date, which touch's and date's "--date=STRING" take
		return []analyse.ArgKind{analyse.ArgQuoted, analyse.ArgName, analyse.ArgDate}
	case has("url", "uri"):
		return []analyse.ArgKind{analyse.ArgURL}
	case w == "repository" || w == "repo":
		// git clone's "<repository>": the URL the question gives, or
		// the path of a repository on this machine
		return []analyse.ArgKind{analyse.ArgURL, path, folder}
	case has("host", "destination", "server"):
		return []analyse.ArgKind{analyse.ArgHost}
	case w == "port":
		return []analyse.ArgKind{analyse.ArgPort}
	case w == "name":
		return []analyse.ArgKind{analyse.ArgName}
	case w == "pkg" || w == "package" || w == "packages":
		// apt's "install pkg...": the package the question names
		return []analyse.ArgKind{analyse.ArgName}
	case variableSlot(w):
		// printenv's "[VARIABLE]...": the variable the question names
		return []analyse.ArgKind{analyse.ArgName}
	case thingName(w):
		// git tag's "<tagname>", git branch's "<branchname>": the name
		// the question gives the thing ("a tag called v1.2")
		return []analyse.ArgKind{analyse.ArgName}
	case w == "fs-type" || w == "fstype" || w == "vfstype" || w == "type" || w == "types":
		// mke2fs's "-t fs-type", mount's "-t fstype", df's "--type=TYPE"
		return []analyse.ArgKind{analyse.ArgFSType}
	case has("label"):
		// mke2fs's "-L new-volume-label", swaplabel's "-L label": the
		// name the question gives the label ("the label backup")
		return []analyse.ArgKind{analyse.ArgName, analyse.ArgQuoted}
	case w == "unit":
		// systemctl's "enable UNIT...": the service the question names
		// ("the service nginx") or its unit file ("nginx.service"); not
		// getent's "-s service", a name service
		return []analyse.ArgKind{analyse.ArgName, file}
	case w == "size":
		return []analyse.ArgKind{analyse.ArgSize}
	case w == "length" || w == "len":
		// fallocate's "-l length": bytes, which a size the question
		// gives says with its unit ("100 MB", 100M); else a count
		return []analyse.ArgKind{analyse.ArgSize, analyse.ArgNumber}
	case delimiterSlots[w]:
		return []analyse.ArgKind{analyse.ArgDelimiter}
	case w == "time":
		// shutdown's "[TIME]", timedatectl's "set-time [TIME]": a time
		// from now ("in 10 minutes", +10) or a time of day ("at 22:00")
		return []analyse.ArgKind{analyse.ArgDuration, analyse.ArgDate}
	case durationSlot(w):
		return []analyse.ArgKind{analyse.ArgDuration}
	case w == "n" || w == "num" || w == "number" || w == "count" || countSlots[w] || idSlots[w] || rangeSlots[w] || accountIDs[w] || w == placeList:
		return []analyse.ArgKind{analyse.ArgNumber}
	}
	return nil
}

// namedThing is the kind of thing a placeholder (by its name as slotName
// reads it) is the name of: "tag" of "tagname", "package" of
// "package-name"; ok is false for another placeholder. One that names
// something else ("filename", "hostname", "username") slotKinds reads
// first.
func namedThing(w string) (thing string, ok bool) {
	if t, made := strings.CutPrefix(w, "new-"); made && namedNouns[t] {
		// git switch's "-c <new-branch>": the name the question gives
		// the branch it makes
		return t, true
	}
	thing, ok = strings.CutSuffix(w, "name")
	thing = strings.TrimRight(thing, "-_")
	return thing, ok && len(thing) >= 3 && isLetters(thing)
}

// namedNouns are the things a placeholder names by their noun alone
// once new: git's branches and tags.
var namedNouns = map[string]bool{"branch": true, "tag": true}

// thingName says whether a placeholder is the name of a kind of thing
// (namedThing).
func thingName(w string) bool {
	_, ok := namedThing(w)
	return ok
}

// thingNamed says whether the name of a thing of kind of (operand.of;
// "" for any) fills placeholder key, where thingName: "package" fills
// "package-name", "tag" "tagname".
func thingNamed(key, of string) bool {
	thing, _ := namedThing(key)
	return of == "" || strings.HasPrefix(thing, of) || strings.HasPrefix(of, thing)
}

// variableSlot says whether a placeholder takes a variable's name.
func variableSlot(w string) bool {
	return w == "variable" || w == "variables" || w == "var" || w == "varname"
}

// countSlots are placeholders that take a count or an amount, named for
// what they count: fold's WIDTH, nice's ADJUSTMENT, xargs's max-procs.
var countSlots = map[string]bool{
	"width": true, "cols": true, "columns": true, "depth": true, "level": true, "lines": true,
	"bytes": true, "chars": true, "characters": true, "prio": true, "priority": true, "niceness": true,
	"adjustment": true, "retries": true, "tries": true, "times": true, "jobs": true, "threads": true,
	"limit": true, "max": true, "max-procs": true, "max-args": true, "max-lines": true, "percent": true,
	"tabs": true, "digits": true, "precision": true, "length": true, "len": true, "delay": true,
	"interval": true, "iterations": true, "nth": true,
	// sort's -k KEYDEF, a field's place
	"keydef": true,
}

// rangeSlots are the ends and the step of a range of numbers: seq's
// "FIRST INCREMENT LAST", for "the numbers from 1 to 100"; an end takes
// an end of the range the question gives, and no other number.
var rangeSlots = map[string]bool{"first": true, "last": true, "increment": true}

// rangeEnd says whether a placeholder is an end of a range (rangeSlots).
func rangeEnd(name string) bool {
	n := slotName(name)
	return n == "first" || n == "last"
}

// deviceSlot says whether a placeholder takes a device: "DEVICE",
// "dev".
func deviceSlot(key string) bool { return key == "device" || key == "dev" }

// deviceNamed are the nouns a network device's name is given after.
var deviceNamed = map[string]bool{"interface": true, "device": true, "nic": true, "adapter": true, "link": true, "card": true}

// idSlots are placeholders that take a process's number: kill's
// "<pid>", renice's "-p pid", ps's "pidlist".
var idSlots = map[string]bool{"pid": true, "pids": true, "pidlist": true, "pgid": true, "pgrp": true, "ppid": true}

// delimiterSlots are placeholders of what separates fields: cut's
// "-d DELIM", sort's "-t SEP", column's "-s separators".
var delimiterSlots = map[string]bool{"char": true, "delim": true, "delimiter": true, "sep": true, "separator": true, "separators": true, "fs": true, "field-separator": true}

// listedPlaces are the things whose places a list takes: not a line's
// ("every second line" is no field).
var listedPlaces = map[string]bool{"column": true, "field": true, "character": true, "byte": true}

// placeList is the placeholder of a list of places, cut's "-f LIST",
// which takes the places the question gives, and no other number.
const placeList = "list"

// accountIDs are placeholders that take the number of a user or a
// group: useradd's "-u UID", groupadd's "-g GID".
var accountIDs = map[string]bool{"uid": true, "gid": true}

// slotWord: a placeholder is a word of letters, '-' and '_', bracketed
// or not, and what follows it says more of it ("MODE[,MODE]...",
// "file[.zip]", "<group>", "FILE(s)"); "-" alone, standard input, and an
// option are none.
var slotWord = lazyre.New(`^[\[<]*\+?([A-Za-z][A-Za-z_-]*)[0-9]?(?:[\]>]*(?:\.\.\.|…)?\]?|\(s\)|\[[^\]]*\](?:\.\.\.|…)?|,(?:\.\.\.|…))$`)

// ownerSlot: chown's owner with its group, "[OWNER][:[GROUP]]", which
// takes a user, a user and a group ("alice:devs"), or a group alone
// (":devs").
var ownerSlot = lazyre.New(`^\[?(?:OWNER|owner|USER|user)\]?\[:\[?(?:GROUP|group)\]?\]$`)

// unitSlot: a number with the units it may take, find's "n[cwbkMG]".
var unitSlot = lazyre.New(`^[A-Za-z]{1,3}\[[cwbkKMGTPE]{2,}\]$`)

// sized writes a size into a slot of units: "100 MB" into find's
// "n[cwbkMG]" is "100M", "+100M" for more than it; "" when the slot has
// no unit for it.
func sized(op operand, word string) string {
	open := strings.IndexByte(word, '[')
	if open < 0 || !strings.HasSuffix(word, "]") {
		return ""
	}
	units := word[open+1 : len(word)-1]
	num, unit := splitSize(op.text)
	if num == "" {
		return ""
	}
	var want []byte
	switch u := strings.ToLower(unit); {
	case u == "" || strings.HasPrefix(u, "byte"):
		want = []byte{'c'}
	case strings.HasPrefix(u, "k"):
		want = []byte{'k', 'K'}
	case strings.HasPrefix(u, "m"):
		want = []byte{'M'}
	case strings.HasPrefix(u, "g"):
		want = []byte{'G'}
	case strings.HasPrefix(u, "t"):
		want = []byte{'T'}
	case strings.HasPrefix(u, "p"):
		want = []byte{'P'}
	}
	for _, w := range want {
		if strings.IndexByte(units, w) >= 0 {
			return op.cmp + num + string(w)
		}
	}
	return ""
}

// sizeSuffixed is a size ("1 GB", "500 KB", "200 bytes") as a SIZE
// placeholder takes it, a number with the letter of its unit: "1G",
// "500K", "200" (coreutils' "an integer and optional unit"); "" for a
// fraction or a unit it does not know.
func sizeSuffixed(text string) string {
	num, unit := splitSize(text)
	if num == "" {
		return ""
	}
	if u := strings.ToLower(unit); u == "" || strings.HasPrefix(u, "byte") {
		return num
	}
	if m := sizeUnit().FindStringSubmatch(unit); m != nil {
		return num + strings.ToUpper(m[1])
	}
	return ""
}

// sizeUnit is a unit of size: "G", "GB", "GiB", "gigabytes".
var sizeUnit = lazyre.New(`^(?i)([kmgtp])(?:i?b|(?:ilo|ega|iga|era|eta)bytes?)?$`)

// durationUnits are the placeholders that take a length of time, by
// name, with the seconds of the unit they are written in; 0 for one
// that names no unit and takes a number with a suffix (see timed).
var durationUnits = map[string]int{"seconds": 1, "secs": 1, "sec": 1, "delay": 1, "interval": 1,
	"minutes": 60, "mins": 60, "hours": 3600, "days": 86400, "duration": 0, "life": 0, "lifetime": 0}

// valueNamed says whether the option of an item's term takes a value
// the question gives after the placeholder's name (nounGiven).
func (c *composition) valueNamed(term string) bool {
	for _, w := range synopsisWords(optionForm(strings.TrimSpace(term))) {
		if nounGiven(c.ops, slotName(w)) {
			return true
		}
	}
	return false
}

// valueNoun is the word before a value that says what it is,
// lowercase: "comment" of `the comment "x"`, `whose comment is "x"`, `set
// the comment to "x"`; "" for none.
func valueNoun(before string) string {
	f := strings.Fields(strings.ToLower(before))
	if n := len(f); n > 1 && linkWords[f[n-1]] {
		f = f[:n-1]
	}
	if len(f) == 0 || !isLetters(f[len(f)-1]) {
		return ""
	}
	return f[len(f)-1]
}

// linkWords join a value to the word that says what it is.
var linkWords = map[string]bool{"is": true, "as": true, "to": true, "be": true, "of": true}

// nounGiven says whether the question gives a quoted value after the
// word name ("the comment "..."").
func nounGiven(ops []operand, name string) bool {
	return slices.ContainsFunc(ops, func(op operand) bool { return op.givenAs(name) })
}

// givenAs says whether op is a quoted value the question gives after the
// word a placeholder's name is, or abbreviates (placeholderAbbrevs).
func (op operand) givenAs(name string) bool {
	if full, ok := placeholderAbbrevs[name]; ok {
		name = full
	}
	return name != "" && op.kind == analyse.ArgQuoted && op.noun == name
}

// placeholderAbbrevs are placeholders' names cut short, by the word a
// question says in full: git commit's "-m <msg>" takes "the message".
var placeholderAbbrevs = map[string]string{"msg": "message", "desc": "description", "descr": "description",
	"addr": "address", "passwd": "password", "str": "string", "dir": "directory", "lbl": "label"}

// durationSlot says whether a placeholder's name takes a length of time.
func durationSlot(name string) bool {
	_, ok := durationUnit(name)
	return ok
}

// dateSlot says whether a placeholder's name takes a date: by the whole
// name, or by its last part (chage's EXPIRE_DATE); not one that holds the
// letters elsewhere (cp's --update=UPDATE).
func dateSlot(name string) bool {
	return name == "date" || strings.HasSuffix(name, "_date") || strings.HasSuffix(name, "-date")
}

// durationUnit is the length in seconds of the unit a placeholder's name
// takes (0: any, written with its suffix), and whether it takes a time:
// by the whole name, or by its last part where the name says what the
// time is for (chage's WARN_DAYS, "interval_seconds").
func durationUnit(name string) (int, bool) {
	if u, ok := durationUnits[name]; ok {
		return u, true
	}
	if i := strings.LastIndexAny(name, "_-"); i > 0 {
		if u, ok := durationUnits[name[i+1:]]; ok && u > 0 {
			return u, true
		}
	}
	return 0, false
}

// slotName is a placeholder's name as slotKinds reads it, lowercase:
// "group" of "<group>", "file" of "[FILE]..."; "" for a word that is no
// placeholder.
func slotName(word string) string {
	// of alternatives, the first: journalctl's "-u UNIT|PATTERN"
	if a, _, ok := strings.Cut(word, "|"); ok && !strings.ContainsAny(a, "[<{") {
		word = a
	}
	if m := slotWord().FindStringSubmatch(word); m != nil {
		return strings.ToLower(m[1])
	}
	return ""
}

// timed writes a length of time the question gives ("2 hours") into a
// slot: as a number of the unit the slot names (wget's "-T seconds":
// 7200), or with a suffix where it names none (ssh-add's "-t life",
// timeout's DURATION: 2h); "" where the unit does not divide it, the
// question's unit has no fixed length (months) or the slot takes no
// time.
func timed(text, slot string) string {
	m := durationRE().FindStringSubmatch(strings.ToLower(text))
	unit, ok := durationUnit(slotName(slot))
	if m == nil || !ok {
		return ""
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return ""
	}
	// the question's unit, by its first letter, which durationRE admits
	// for seconds, minutes, hours, days and weeks alone
	secs := n * map[byte]int{'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 7 * 86400}[m[2][0]]
	if unit > 0 {
		if secs%unit != 0 {
			return ""
		}
		return strconv.Itoa(secs / unit)
	}
	for _, u := range []struct {
		secs   int
		suffix string
	}{{86400, "d"}, {3600, "h"}, {60, "m"}} {
		if secs%u.secs == 0 {
			return strconv.Itoa(secs/u.secs) + u.suffix
		}
	}
	return strconv.Itoa(secs) + "s"
}

// durationRE reads a length of time as the analyser finds one: a whole
// number and its unit (months and years have no fixed length).
var durationRE = lazyre.New(`^(\d+)\s?(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?)$`)

// splitSize splits "100 MB" or "2G" into its whole number and its unit.
func splitSize(s string) (num, unit string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i < len(s) && s[i] == '.' {
		return "", "" // a fraction, which such a slot does not take
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// plural says whether a placeholder names files in the plural, which
// takes more than one: diff's "FILES".
func plural(word string) bool {
	w := strings.Trim(word, "[]<>")
	return len(w) > 2 && (strings.HasSuffix(w, "FILES") || strings.HasSuffix(w, "files"))
}

// fileKind says whether an argument is a file, a glob, a path or a
// folder.
func fileKind(k analyse.ArgKind) bool {
	return k == analyse.ArgFile || k == analyse.ArgGlob || k == analyse.ArgPath || k == analyse.ArgFolder
}

// repeats says whether a synopsis word takes more than one operand.
func repeats(word string) bool {
	return strings.HasSuffix(word, "...") || strings.HasSuffix(word, "…") || strings.HasSuffix(word, "...]") || strings.HasSuffix(word, "(s)")
}

// commaList says whether a placeholder is a list written with commas:
// "GROUP,...", "user,...", "GROUP1[,GROUP2,...]".
func commaList(word string) bool {
	return strings.Contains(word, ",...") || strings.Contains(word, "[,")
}

// fill writes ops into a command line of the page's synopsis (cmd being
// the command as typed, and line starting with it). Each placeholder
// takes operands of its kinds: first a destination ("DEST", "-t
// DIRECTORY" beside a SOURCE) takes what the question sends somewhere
// ("to folder b"), then the others take the rest in order, a repeated
// one ("SOURCE...") all of them but what the required placeholders after
// it need. Optional words that take nothing are left out, options among
// them; a required placeholder with nothing to take stays as the page
// writes it. n is how many operands were written; with none, line is as
// given.
//
// valued, when set, says which of the page's options take an argument:
// a placeholder after one of them is its argument ("-o FILE"), after
// any other an operand ("-p SOURCE DEST"). Without it, a placeholder
// after an option is taken for its argument.
func fill(line, cmd string, ops []operand, valued map[string]bool) (filled string, n int) {
	filled, n, _ = fillLeft(line, cmd, ops, valued)
	return filled, n
}

// fillLeft is fill, and how many required placeholders it left unfilled.
func fillLeft(line, cmd string, ops []operand, valued map[string]bool) (filled string, n, left int) {
	rest, found := strings.CutPrefix(line, cmd+" ")
	if !found || len(ops) == 0 {
		return line, 0, 0
	}
	words, nested := unnest(synopsisWords(rest))
	type slot struct {
		word  int    // its word's index
		opt   string // the option it is the argument of, when bracketed with it ("[-f ARCHIVE]")
		kinds []analyse.ArgKind
		// name: the placeholder slotKinds read, the word or, after its
		// option, the option's argument ("life" of "[-t life]")
		name     string
		optional bool
		many     bool
		dest     bool
		got      []string
		// optArg: it is an option's argument ("-o FILE"), which takes
		// a file only where the question sends the result
		optArg bool
		// naming: it is the name of what the command makes (ln's
		// LINK_NAME), which takes what the question calls so
		naming bool
		// shell: it is a login shell's (useradd's -s SHELL), which
		// takes only a path that names one (shellPath)
		shell bool
		// key: the placeholder's name as slotName reads it, once
		key string
		// nameOf: it is the pattern of a test of names (find's "-name
		// pattern", see patternTest), which takes a glob or a file's
		// name too
		nameOf bool
		// comma: it is a list written with commas ("GROUP,...",
		// "user,..."), which takes every operand of its kind as one
		// word: "usermod -aG audio,video sam"
		comma bool
	}
	var slots []slot
	sources := false
	for i, w := range words {
		inner := strings.Fields(strings.Trim(w, "[]"))
		name := w
		if n := len(inner); n == 2 && (inner[1] == "..." || inner[1] == "…") && !strings.HasPrefix(inner[0], "-") {
			// gzip's "[ name ... ]": the placeholder, many of it
			inner = inner[:1]
			w = "[" + inner[0] + "...]"
			words[i], name = w, w
		}
		optional := strings.HasPrefix(w, "[")
		if len(inner) == 2 {
			name = inner[1]
		}
		var kinds []analyse.ArgKind
		if len(inner) == 1 || len(inner) == 2 {
			kinds = slotKinds(name)
			switch key := slotName(name); {
			case kinds == nil && minutesSlot(cmd, key):
				kinds = []analyse.ArgKind{analyse.ArgDuration}
			case epochSlot(cmd, key):
				kinds = append(kinds, analyse.ArgNumber)
			}
			if kinds == nil && nounGiven(ops, slotName(name)) {
				kinds = []analyse.ArgKind{analyse.ArgQuoted}
			}
		}
		switch {
		case optional && len(inner) == 2 && strings.HasPrefix(inner[0], "-") && !strings.Contains(inner[0], "|") && kinds != nil:
			// an option's folder is where things go: unzip's "[-d
			// exdir]" takes "into the folder src"
			slots = append(slots, slot{word: i, opt: inner[0], kinds: kinds, name: name, optional: true, optArg: true,
				dest: slices.Contains(kinds, analyse.ArgFolder) && strings.Contains(strings.ToLower(name), "dir")})
		case len(inner) == 1 && i > 0 && patternTest(words[i-1]+" "+w):
			slots = append(slots, slot{word: i, kinds: append(kinds, analyse.ArgGlob, analyse.ArgFile, analyse.ArgFolder), name: name, optArg: true, nameOf: true})
		case len(inner) == 1 && kinds != nil:
			lower := strings.ToLower(w)
			sources = sources || strings.Contains(lower, "source") || strings.Contains(lower, "src")
			slots = append(slots, slot{word: i, kinds: kinds, name: name, optional: optional, many: repeats(w) || plural(w) || ellipsisAfter(words, i) && !afterFlag(words, i), comma: commaList(w),
				// or the new name of what is renamed (groupmod's "-n
				// NEW_GROUP" takes "to qa")
				dest: strings.Contains(lower, "dest") || strings.Contains(lower, "target") || strings.HasPrefix(slotName(name), "new"),
				// (an operand after a flag is bracketed or repeated:
				// "wc -l [FILE]...")
				optArg: afterFlag(words, i) && !optional && !repeats(w) && (valued == nil || valued[words[i-1]])})
		}
	}
	for k := range slots {
		// (not an option's: file's "[-f namefile]" is a file of names)
		// (nor gzip's "[ name ... ]", the files it works on)
		if n := strings.ToLower(slots[k].name); strings.Contains(n, "name") && slices.Contains(slots[k].kinds, analyse.ArgFile) && slots[k].opt == "" && !slots[k].many {
			slots[k].naming = true
		}
		slots[k].key = slotName(slots[k].name)
		slots[k].shell = slots[k].key == "shell"
	}
	if sources {
		for k := range slots {
			if w := strings.ToLower(words[slots[k].word]); strings.Contains(w, "dir") && !slots[k].many {
				slots[k].dest = true
			}
		}
	}
	used := make([]bool, len(ops))
	give := func(k int, j int) {
		text := ops[j].text
		if slots[k].key == placeList {
			// every place the question gives, in its order: 1,3
			var places []string
			for g := range ops {
				if !used[g] && ops[g].place {
					used[g] = true
					places = append(places, ops[g].text)
				}
			}
			slots[k].got = append(slots[k].got, strings.Join(places, ","))
			return
		}
		switch ops[j].kind {
		case analyse.ArgSize:
			if text = sized(ops[j], words[slots[k].word]); text == "" && (slots[k].key == "size" && slots[k].optArg || slots[k].key == "length" && afterFlag(words, slots[k].word)) {
				// a SIZE, as coreutils' pages name it: "1G" (an
				// option that takes one leads by unitOption; none
				// joins another's line for it, see valueFor)
				text = sizeSuffixed(ops[j].text)
			}
			if text == "" {
				return // no unit for it: the slot stays
			}
		case analyse.ArgDuration:
			if dateSlot(slots[k].key) {
				text = shellQuote(ops[j].text + " ago")
				break
			}
			if minutesSlot(cmd, slots[k].key) {
				// shutdown's "+m", minutes from now: "in 30 minutes"
				// is +30
				if text = timed(ops[j].text, "minutes"); text == "" {
					return
				}
				text = "+" + text
				break
			}
			if text = timed(ops[j].text, slots[k].name); text == "" {
				return
			}
			if cmd == "find" {
				// find's numeric arguments: +n is more than n, -n less
				// (see unitTerm for its "n*24 hours")
				text = ops[j].cmp + text
			}
		case analyse.ArgUser, analyse.ArgGroup:
			if !ownerSlot().MatchString(slots[k].name) {
				break
			}
			// chown's owner takes the group the question gives too,
			// after a colon: "alice:devs", ":devs"
			for g := range ops {
				if !used[g] && g != j && ops[g].kind == analyse.ArgGroup && ops[j].kind == analyse.ArgUser && !strings.Contains(text, ":") {
					used[g] = true
					text += ":" + ops[g].text
					break
				}
			}
			if ops[j].kind == analyse.ArgGroup {
				text = ":" + text
			}
		}
		if slots[k].nameOf && ops[j].kind == analyse.ArgGlob {
			// the shell would expand it before the command sees it
			text = shellQuote(text)
		}
		if epochSlot(cmd, slots[k].key) && ops[j].kind == analyse.ArgNumber {
			// date reads a count of seconds since the epoch after an @
			text = "@" + text
		}
		if commandSlot(slots[k].key) && !strings.Contains(text, "/") && !ops[j].program {
			// a script in the current folder runs by its path: the
			// shell looks for a bare name on PATH only
			text = "./" + text
		}
		used[j] = true
		slots[k].got = append(slots[k].got, text)
	}
	// giveFirst gives slot k the first operand left of its kinds that
	// want says yes to
	giveFirst := func(k int, want func(op operand) bool) {
		for j, op := range ops {
			if !used[j] && want(op) && slices.Contains(slots[k].kinds, op.kind) {
				give(k, j)
				return
			}
		}
	}
	// what the question calls the thing made goes where its name goes;
	// then destinations
	for k := range slots {
		if slots[k].naming {
			giveFirst(k, func(op operand) bool { return op.named })
		}
	}
	// a placeholder named as the question names its value takes it
	for k := range slots {
		if n := slots[k].key; nounGiven(ops, n) {
			giveFirst(k, func(op operand) bool { return op.givenAs(n) })
		}
	}
	// a placeholder named for a kind of file takes a file of that kind
	// ("patchfile" a .patch or a .diff, "zipfile" a .zip)
	for k := range slots {
		if kind, ok := strings.CutSuffix(strings.ToLower(strings.Trim(slots[k].name, "[]<>.")), "file"); ok && kind != "" && isLetters(kind) {
			giveFirst(k, func(op operand) bool {
				return strings.HasSuffix(strings.ToLower(op.text), "."+kind) ||
					slices.Contains((analyse.Arg{Kind: analyse.ArgFile, Text: op.text}).Formats(), kind)
			})
		}
	}
	for k := range slots {
		if st := terms.Stem(slots[k].key); st != "" {
			giveFirst(k, func(op operand) bool { return op.kind == analyse.ArgNumber && op.counts == st })
		}
	}
	for k := range slots {
		if slots[k].dest {
			giveFirst(k, func(op operand) bool { return op.to })
		}
		// an option's file takes the file the question keeps its list
		// in: wget's "-i file" links.txt, not its URL; not an archive's
		// (tar's "-f ARCHIVE") or one written ("--output=FILE")
		if name := slots[k].name; slots[k].optArg && slices.Contains(slots[k].kinds, analyse.ArgFile) && !archiveSlot().MatchString(name) && !writtenSlot().MatchString(name) {
			giveFirst(k, func(op operand) bool { return op.keepsList })
		}
	}
	// then the rest in order; a slot leaves what the required slots
	// after it need
	// fits says whether slot k takes operand j by its kind; a device is
	// no folder to mount on ("mount /dev/sdb2 mountpoint")
	fits := func(k, j int) bool {
		return slices.Contains(slots[k].kinds, ops[j].kind) && ops[j].end == rangeEnd(slots[k].name) && (!ops[j].pid || idSlots[slots[k].key]) &&
			(ops[j].place || slots[k].key != placeList) && (!ops[j].place || placeSlots[slots[k].key]) &&
			// a name fills a device's place where it is a network
			// device's: networkctl's "down DEVICE..." takes wlan0
			(ops[j].kind != analyse.ArgName || !deviceSlot(slots[k].key) || deviceNamed[ops[j].of]) &&
			// things of a name are no place to look in
			!(startingPoint(slots[k].key) && ops[j].named && ops[j].many) &&
			(!slots[k].nameOf || ops[j].kind != analyse.ArgFolder || ops[j].named && ops[j].many) && !(deviceName(ops[j].text) && slices.Contains(slots[k].kinds, analyse.ArgFolder)) &&
			// a login shell is a shell: not useradd's home folder
			(!slots[k].shell || shellPath(ops[j].text)) &&
			// a command to run is a program: not ssh's config file
			(!commandSlot(slots[k].key) || programPath(ops[j].text) || ops[j].program) && (!ops[j].program || commandSlot(slots[k].key)) &&
			// a thing's name is the name of that thing: tmux's "-L
			// socket-name" takes no session's
			(!thingName(slots[k].key) || ops[j].kind != analyse.ArgName || thingNamed(slots[k].key, ops[j].of)) &&
			(!variableSlot(slots[k].key) || ops[j].of == "variable") &&
			// a time zone is a zone's name: not /etc/localtime
			(!zoneSlot(slots[k].key) || zoneName().MatchString(ops[j].text)) &&
			// the folder things go into is no archive: "extract a
			// tarball into /opt" is no "tar -xzf /opt"
			!(ops[j].to && (ops[j].kind == analyse.ArgFolder || ops[j].kind == analyse.ArgPath) && archiveSlot().MatchString(slots[k].name) && !archiveName().MatchString(ops[j].text)) &&
			// a number date reads is seconds since the epoch
			(!epochSlot(cmd, slots[k].key) || ops[j].kind != analyse.ArgNumber || epochSeconds().MatchString(ops[j].text)) &&
			takesAs(ops[j], slots[k].name)
	}
	needs := func(after int, j int) int {
		n := 0
		for k := after + 1; k < len(slots); k++ {
			// what the question copies or moves is what goes, no
			// destination kept for later: "copy the folder photos
			// to backup" is `cp photos DEST`, never `cp SOURCE
			// photos`
			if slots[k].dest && ops[j].object && !ops[j].to {
				continue
			}
			if !slots[k].optional && len(slots[k].got) == 0 && fits(k, j) {
				n++
			}
		}
		return n
	}
	for k := range slots {
		if len(slots[k].got) > 0 {
			continue
		}
		// tar's "-f ARCHIVE" takes the archive the question names
		// wherever it names it, whether it sends files there or takes
		// them out: "extract config/app.yaml from bundle.tar.gz"
		archive := archiveSlot().MatchString(slots[k].name)
		isArchive := func(j int) bool { return archive && archiveName().MatchString(ops[j].text) }
		var free []int
		for j, op := range ops {
			// where the question sends the result is no input of many:
			// "sort names.txt and save it to sorted.txt" is no "sort
			// names.txt sorted.txt"
			if op.to && slots[k].many && !slots[k].dest && fileKind(op.kind) {
				continue
			}
			// an option's file takes where the question sends the result
			// ("-o FILE"), unless its name says the option reads it
			// (sed's "-f script-file")
			sends := op.to && !readSlot().MatchString(slots[k].name) &&
				// an option one may give takes it where its name says
				// it is written: not zip's "[-b path]", where zip
				// puts its temporary file
				(slots[k].opt == "" || outSlot().MatchString(slots[k].name))
			if !used[j] && fits(k, j) && (!slots[k].optArg || sends || !fileKind(op.kind) || isArchive(j) || slots[k].nameOf) {
				free = append(free, j)
			}
		}
		if len(free) == 0 {
			continue
		}
		if archive {
			slices.SortStableFunc(free, func(a, b int) int {
				switch {
				case isArchive(a) == isArchive(b):
					return 0
				case isArchive(a):
					return -1
				}
				return 1
			})
		}
		n := len(free) - needs(k, free[len(free)-1])
		if !slots[k].many {
			n = min(n, 1)
		}
		for _, j := range free[:max(n, 0)] {
			give(k, j)
		}
	}
	// an operand nested in another ("[originalfile [patchfile]]") is
	// given only with the one around it
	for k := 1; k < len(slots); k++ {
		if nested[slots[k].word] && len(slots[k].got) > 0 && len(slots[k-1].got) == 0 && slots[k-1].word == slots[k].word-1 {
			slots[k].got = nil
		}
	}
	out := []string{cmd}
	next := 0     // the next slot
	given := -1   // the word of the last slot given operands
	dropped := -1 // the last optional word left out
	for i, w := range words {
		if (given >= 0 && i == given+1 || dropped >= 0 && i == dropped+1) && (w == "..." || w == "…") {
			// the operands given are the ones repeated ("file ..."),
			// and what is left out is not repeated ("[argument] ...")
			continue
		}
		if next < len(slots) && slots[next].word == i {
			sl := slots[next]
			next++
			switch {
			case len(sl.got) > 0:
				given = i
				n += len(sl.got)
				if sl.opt != "" {
					out = append(out, sl.opt)
				}
				if strings.HasPrefix(w, "<") && !strings.HasSuffix(strings.TrimRight(w, ".…"), ">") {
					// patch's "-pnum <patchfile": the shell's
					// redirection, which the file follows (not git
					// tag's "<tagname>...")
					out = append(out, "<")
				}
				if sl.comma {
					out = append(out, strings.Join(sl.got, ","))
				} else {
					out = append(out, sl.got...)
				}
			case !sl.optional:
				left++
				out = append(out, w)
			case startingPoint(sl.name) && slices.ContainsFunc(words[i+1:], func(w string) bool { return strings.HasPrefix(w, "-") }):
				// find's "If no starting-point is specified, '.' is
				// assumed": typed, as everyone writes it
				out = append(out, ".")
			default:
				dropped = i
			}
			continue
		}
		if strings.HasPrefix(w, "[") {
			dropped = i
		} else {
			if strings.HasPrefix(w, "-") && strings.Contains(w, "|") {
				left++ // a choice of options the user must make: "--bind|--move"
			}
			out = append(out, w)
		}
		// an optional word that is no placeholder, an option one may
		// give, is left to the steps
	}
	if n == 0 {
		return line, 0, 0
	}
	return strings.Join(out, " "), n, left
}

// ellipsisAfter says whether synopsis word i repeats as a word of its
// own after it: mdoc's "file ...", scp's "source ... target".
func ellipsisAfter(words []string, i int) bool {
	return i+1 < len(words) && (words[i+1] == "..." || words[i+1] == "…")
}

// startingPoint says whether a placeholder is find's starting point.
func startingPoint(name string) bool {
	return strings.Contains(strings.ToLower(name), "starting-point")
}

// bestFill is the synopsis form of s's command that takes the most of
// the question's operands, filled with them, or first, as it is, when
// none takes any.
func (c *composition) bestFill(s *source, first string) string {
	best, _, _ := c.bestFillN(s, first)
	return best
}

// bestFillN is bestFill, how many operands it wrote and how many
// required placeholders it left.
func (c *composition) bestFillN(s *source, first string) (best string, most, gaps int) {
	cmd := typedName(s.doc, s.hit.Meta.Title)
	best = first
	if len(c.ops) == 0 && len(c.ends) == 0 && c.prog == "" {
		return first, 0, 0
	}
	// what the DESCRIPTION says of the synopsis's placeholders (unitTerm)
	desc := strings.Join(leadParagraphs(s.doc, 1), "")
	modes := synopsisModes(s)
	bestMode := -1
	for _, l := range withBraceForms(append([]string{strings.Join(strings.Fields(first), " ")}, synopsisLines(s.doc)...)) {
		f, n, left := fillLeft(l, cmd, c.fillOps(s, l), s.valued())
		// sleep's "NUMBER[SUFFIX]...", "Pause for NUMBER seconds", takes
		// a time (see unitTerm)
		if u := unitTerm(l, desc); u != l {
			if fu, nu, leftu := fillLeft(u, cmd, c.fillOps(s, u), s.valued()); nu > n {
				f, n, left = fu, nu, leftu
			}
		}
		// of two that take as many, the one whose mode does what the
		// question asks ("git tag -d v0.9" to delete a tag), else the
		// one with no mode, where the others do other things (not
		// "git tag -l v1.2" to create one); then the one with fewer
		// placeholders left to fill, then the shorter, which says it
		// with fewer options: "adduser ann audio", not "adduser
		// --ingroup audio ann"
		mode := c.lineMode(s, modes, cmd, l)
		if n > most || n == most && n > 0 && (mode > bestMode || mode == bestMode && (left < gaps || left == gaps && len(f) < len(best))) {
			best, most, gaps, bestMode = f, n, left, mode
		}
	}
	return best, most, gaps
}

// braceForms are the forms a synopsis line writes as a choice in braces,
// one for each choice: strace's "{ -p pid | [-u username] command [args]
// }" is "strace -p pid" or "strace [-u username] command [args]"; none
// for a line without such a choice.
func braceForms(line string) []string {
	open := strings.Index(line, "{ ")
	end := strings.LastIndex(line, " }")
	if open < 0 || end < open || !strings.Contains(line[open:end], " | ") {
		return nil
	}
	var out []string
	for _, alt := range strings.Split(line[open+2:end], " | ") {
		out = append(out, strings.Join(strings.Fields(line[:open]+" "+alt+" "+line[end+2:]), " "))
	}
	return out
}

// withBraceForms are lines, each followed by its braceForms.
func withBraceForms(lines []string) []string {
	var out []string
	for _, l := range lines {
		out = append(out, l)
		out = append(out, braceForms(l)...)
	}
	return out
}

// lineMode ranks a synopsis line of command cmd by the mode it runs
// (modes, see synopsisModes): 2 where its mode's item says the
// question's verb, 1 where it runs none or the verb is a light one, 0
// where it runs another.
func (c *composition) lineMode(s *source, modes map[string]bool, cmd, line string) int {
	f := strings.Fields(strings.TrimPrefix(line, cmd+" "))
	if modes == nil || !strings.HasPrefix(line, cmd+" ") || len(f) == 0 || !modes[f[0]] {
		return 1
	}
	if _, ok := c.distinctVerb(); !ok {
		// (a verb most options say, "find out" or "show", tells no
		// mode from another: losetup's -j for "find out which loop
		// device is attached to disk.img")
		return 1
	}
	if b, ok := itemNamed(s.doc, f[0]); ok {
		if c.coverOf(itemSentence(b.Text))[c.verb] >= verbSaid {
			return 2
		}
	}
	return 0
}

// fillsBetter says whether the command as its synopsis runs it, filled
// with the question's operands, does the task more wholly than with the
// lead option p: it takes as many of them, and the option leaves a
// placeholder the question never gave ("chmod 755 run.sh" against
// chmod --reference's "chmod --reference RFILE 755 run.sh"). An option
// that does what the question asks keeps the lead: "cp -p a b".
func (c *composition) fillsBetter(s *source, p passage, syn string) bool {
	if len(c.ops) == 0 {
		return false
	}
	best, nb, lb := c.bestFillN(s, syn)
	if nb == 0 {
		return false
	}
	line, _ := c.invocationOf(s, p)
	cmd, _ := c.optionCommand(s, p)
	// invocationOf has filled it already: the operands it holds, and
	// the placeholders it left (in capitals: an operand may be a word)
	no := c.holds(line)
	// or the synopsis runs the option too and holds more of them, where
	// the result goes counted, and leaves no more to fill: iconv's "[-f
	// from-encoding] [-t to-encoding] [inputfile]" takes both encodings
	// of "convert legacy.txt from Windows-1252 to UTF-8", its -t alone
	// one
	full := c.sendOut(s, best)
	names := optionNames(p.block.Term)
	runs := slices.ContainsFunc(strings.Fields(full), func(w string) bool { return slices.Contains(names, w) })
	left := placeholdersIn(line, cmd)
	if arg := optionArg(p.block.Term); nb >= 2 && no == 0 && arg != "" && slices.Contains(strings.Fields(line), arg) {
		// a value the question never gave, whatever its case, where
		// the synopsis takes two the question gives: mount's "-L
		// label" for "mount the partition /dev/sdb1 on /mnt/usb"
		left = max(left, 1)
	}
	return nb >= no && lb < left || runs && lb <= left && c.holds(full) > no
}

// holds is how many of the question's operands a command line holds.
func (c *composition) holds(line string) int {
	n := 0
	for _, op := range c.ops {
		if strings.Contains(line, op.text) {
			n++
		}
	}
	return n
}

// placeholdersIn counts the required placeholders in capitals of a
// command line.
func placeholdersIn(line, cmd string) int {
	rest, ok := strings.CutPrefix(line, cmd+" ")
	if !ok {
		return 0
	}
	n := 0
	for _, w := range synopsisWords(rest) {
		if !strings.HasPrefix(w, "[") && slotKinds(w) != nil && strings.ToUpper(w) == w {
			n++
		}
	}
	return n
}

// takesArg says whether an option item's option takes an argument the
// question gives, of a kind its placeholder takes: "-n, --lines=[-]NUM"
// for "the first 20 lines", "-size n[cwbkMG]" for "larger than 100 MB".
func (c *composition) takesArg(term string) bool { return c.takesValue(term, true) }

// takesAmount says whether an option item's option takes a count, a
// size or a length of time the question gives: fold's "-w, --width=WIDTH"
// for "wrap lines at 72 characters", which the command without it
// cannot do.
func (c *composition) takesAmount(term string) bool { return len(c.amountKinds(term)) > 0 }

// amountKinds are the kinds of amount the question gives (a count, a
// size, a length of time) that an option's term takes (see takesAmount).
func (c *composition) amountKinds(term string) []analyse.ArgKind {
	return c.kindsTaken(term, amountKind)
}

// kindsTaken are the kinds of argument the question gives, of those is
// says yes to, that an option's term takes.
func (c *composition) kindsTaken(term string, is func(analyse.ArgKind) bool) []analyse.ArgKind {
	if len(c.ops) == 0 || !optionTerm(term) {
		return nil
	}
	var out []analyse.ArgKind
	for _, t := range termArgs(term) {
		arg := signed().ReplaceAllString(t.arg, "")
		for _, k := range slotKinds(arg) {
			if !is(k) || slices.Contains(out, k) {
				continue
			}
			for _, op := range c.ops {
				if op.kind == k && valueFor(op, arg) && !c.inRange(op) {
					out = append(out, k)
					break
				}
			}
		}
	}
	return out
}

// valueFor says whether an operand of a kind an option's placeholder arg
// takes may choose that option: not a count read off a size (counted),
// and a size only where arg takes its unit (sized).
func valueFor(op operand, arg string) bool {
	return !op.counted && (op.kind != analyse.ArgSize || sized(op, arg) != "") && (!op.place || placeSlots[slotName(arg)]) && takesAs(op, arg) &&
		(!op.made || op.noun != "format" || slotName(arg) == "format")
}

// takesAs says whether placeholder word takes operand op as the
// question means it: a length of time as a date only where it is
// counted back from now (backValue), and a whole range where a whole
// range goes (spanSlot).
func takesAs(op operand, word string) bool {
	return backValue(op, slotName(word)) && op.span == spanSlot(word)
}

// spanSlot says whether a placeholder takes a whole range of numbers,
// its two ends named apart by a hyphen: shuf's "LO-HI".
func spanSlot(word string) bool {
	m := spanWords().FindStringSubmatch(strings.Trim(word, "[]<>.="))
	return m != nil && spanEnds[strings.ToLower(m[1])+"-"+strings.ToLower(m[2])]
}

var spanWords = lazyre.New(`^([A-Za-z]+)-([A-Za-z]+)$`)

var spanEnds = map[string]bool{"lo-hi": true, "low-high": true, "min-max": true, "start-end": true, "first-last": true, "from-to": true, "begin-end": true}

// backValue says whether a date placeholder (key, see slotName) may take
// operand op: a length of time only where the question counts it back
// from now ("the last 3 days"), which is the date "3 days ago", as
// journalctl's --since and git log's --since read one; "expire in 30
// days" is no date chage's -E takes.
func backValue(op operand, key string) bool {
	return op.kind != analyse.ArgDuration || !dateSlot(key) || op.back
}

// placeSlots are the placeholders that take the place of a column or a
// field the question gives ("the second column"): cut's "-f LIST",
// sort's "-k KEYDEF"; not sort's "--parallel=N", which takes a count.
var placeSlots = map[string]bool{placeList: true, "keydef": true, "field": true, "fields": true, "pos": true, "position": true, "nth": true, "index": true}

// amountKindsGiven is how many kinds of amount the question gives.
func (c *composition) amountKindsGiven() int {
	var kinds []analyse.ArgKind
	for _, op := range c.ops {
		if amountKind(op.kind) && !c.inRange(op) && !slices.Contains(kinds, op.kind) {
			kinds = append(kinds, op.kind)
		}
	}
	return len(kinds)
}

// withBounds writes the lead's option a second time with the other
// bound, where the question gives an amount of its kind from above and
// from below: "bigger than 5 MB and smaller than 20 MB" is find's
// `-size +5M -size -20M`, where the line took the first and left the
// second; each test narrows what the other lets through.
func (c *composition) withBounds(s *source, pl *plan) {
	lead := pl.chosen[0]
	cmd, sub := c.optionCommand(s, lead)
	if sub {
		return
	}
	form := optionForm(strings.TrimSpace(lead.term()))
	kinds := c.amountKinds(lead.term())
	words := strings.Fields(pl.line)
	for _, op := range c.ops {
		if op.cmp == "" || !slices.Contains(kinds, op.kind) {
			continue
		}
		filled, n := fill(cmd+" "+form, cmd, []operand{op}, s.valued())
		opt := strings.Fields(strings.TrimPrefix(filled, cmd+" "))
		if n == 0 || len(opt) != 2 || slices.Contains(words, opt[1]) {
			continue
		}
		// only beside the same option bounded the other way
		other := slices.IndexFunc(words, func(w string) bool { return w == opt[0] })
		bound := "+"
		if op.cmp == "+" {
			bound = "-"
		}
		if other < 0 || other+1 >= len(words) || !strings.HasPrefix(words[other+1], bound) {
			continue
		}
		at := other + 2
		words = slices.Concat(words[:at], opt, words[at:])
	}
	pl.line = strings.Join(words, " ")
}

// fieldsOption is an option item that says it works on fields.
var fieldsOption = lazyre.New(`(?i)\bfield|\bdelimit|\bcolumn`)

// withValues writes into the lead's command line each option chosen
// after it that takes a value the question gives and the line has not
// taken: a count, size or time ("show memory usage every 3 seconds, 4
// times" is `free -s 3 -c 4`, not `free -s 3` and then `free -c
// count`), or a name, number or path given for what the option sets
// ("the user ruth with the user ID 1500 and the primary group
// developers" is `useradd -u 1500 -g developers ruth`). What it does
// joins the lead's description, and it is no step of its own.
func (c *composition) withValues(s *source, pl *plan) {
	lead := pl.chosen[0]
	cmd, sub := c.optionCommand(s, lead)
	if sub || len(c.ops) < 2 {
		return
	}
	// one option for each value: the lead takes one
	values := 0
	for _, op := range c.ops {
		if joinable(op.kind) && !c.inRange(op) && !op.made {
			values++
		}
	}
	// the operands left: none the lead's option takes, nor a folder
	// things go under ("a home directory under /home" is where
	// useradd's -b puts it, not its -d), nor a mode the question sets
	// on what the line finds (see execRun)
	setsMode := strings.HasPrefix(c.exec, "chmod ")
	left := slices.DeleteFunc(c.opsLeft(cmd, lead.term(), c.ops, s.valued()), func(op operand) bool {
		return op.under || setsMode && op.kind == analyse.ArgMode
	})
	join := func(p passage, amounts bool) bool {
		words := strings.Fields(pl.line)
		left := left
		if !fieldsOption().MatchString(p.block.Term + " " + itemDoes(p.block.Text)) {
			// split's "-t SEP", a record's separator, is no place
			// for the comma of a .csv file's fields
			left = slices.DeleteFunc(slices.Clone(left), func(op operand) bool { return op.csv })
		}
		filled, opt, ok := c.valueJoins(s, p, cmd, words, left, amounts)
		if !ok {
			return false
		}
		term := p.term()
		at := afterOption(words, optionForm(strings.TrimSpace(lead.block.Term)), len(strings.Fields(cmd)))
		pl.line = joinAt(words, at, opt...)
		pl.runs(p)
		// the operand it took, not every one it could take: -d's
		// HOME_DIR takes "/home/kai", and leaves "/bin/zsh" to -s
		left = slices.DeleteFunc(left, func(op operand) bool {
			f, _ := fill(optionLine(cmd, term), cmd, []operand{op}, s.valued())
			return f == filled
		})
		return true
	}
	for i := 1; i < pl.shown && len(pl.joined) < values-1; i++ {
		join(pl.chosen[i], true)
	}
	// An option no step shows joins where the question says what it
	// sets: useradd's -u for "the user ID 1500", whatever its words
	// score, and cut's -d for "comma-separated", which none of them
	// say. It is chosen, and no step of its own.
	for _, p := range append(slices.Clip(pl.ps), c.valueItems(s, pl.ps)...) {
		if len(pl.joined) >= values-1 {
			break
		}
		if !p.aside && c.stepWorthy(s, p) && !c.losesData(p) && !slices.ContainsFunc(pl.chosen[:pl.shown], p.same) {
			join(p, false)
		}
	}
}

// valuedOption is an option the synopsis's line runs with a value the
// question gives (synopsisValues): its words as typed ("-L", "backup")
// and what it does.
type valuedOption struct {
	words []string
	does  string
}

// synopsisValues chooses the options shown after the synopsis's line,
// where it leads, that take a value the question gives and the line
// does not take: "format /dev/sdc1 as ext4 with the label backup" is
// `mke2fs -L backup /dev/sdc1`, not `mke2fs /dev/sdc1` with `mke2fs -L
// new-volume-label` below it. They join the line, as withValues joins
// them to a leading option's, and are no steps of their own.
func (c *composition) synopsisValues(s *source, pl *plan) {
	if len(c.ops) == 0 {
		return
	}
	cmd := typedName(s.doc, s.hit.Meta.Title)
	words := strings.Fields(c.runLine(s, pl.syn))
	if len(words) == 0 || words[0] != cmd {
		return
	}
	// the operands the line leaves: none its synopsis takes (timeout's
	// DURATION takes "90 seconds" as 90s)
	left := slices.DeleteFunc(leftBy(pl.syn, cmd, c.ops, s.valued()), func(op operand) bool {
		return !joinable(op.kind) || c.inRange(op) || op.made || slices.Contains(words, op.text)
	})
	for i := 0; i < min(pl.shown, len(pl.chosen)) && len(left) > 0; i++ {
		p := pl.chosen[i]
		if slices.Contains(pl.joined, i) || p.aside || c.losesData(p) {
			continue
		}
		_, opt, ok := c.valueJoins(s, p, cmd, words, left, true)
		if !ok {
			continue
		}
		pl.valued = append(pl.valued, valuedOption{opt, itemDoes(p.block.Text)})
		pl.joined = append(pl.joined, i)
		words = append(words, opt...)
		left = slices.DeleteFunc(left, func(op operand) bool { return slices.Contains(opt[1:], op.text) })
	}
}

// withAction writes into the line of an option that leads because it
// leaves out what the question does (see exclusion) the option chosen
// after it that does the task, where the option model scores it above
// the command alone or the question names it, and it takes no value:
// "archive my
// project but leave out the .git folder" is tar's -c with --exclude
// .git, not --exclude alone. What it does joins the lead's description.
func (c *composition) withAction(s *source, pl *plan) {
	if len(pl.chosen) < 2 || len(c.excluded) == 0 {
		return
	}
	if e, ok := c.exclusion(s); !ok || !e.same(pl.chosen[0]) {
		return
	}
	p := pl.chosen[1]
	if !c.optionItem(s, p) || optionArg(p.block.Term) != "" || c.usage(s.hit.Doc, s.doc)[p.block.Term] <= 0 && !c.termAsked(s, p) {
		return
	}
	// an option that keeps something from happening does no task:
	// tar's --keep-directory-symlink, "Don't replace existing symlinks
	// to directories when extracting"
	if earlyWithhold().MatchString(itemSentence(p.block.Text)) {
		return
	}
	cmd, sub := c.optionCommand(s, pl.chosen[0])
	if _, sub2 := c.optionCommand(s, p); sub || sub2 {
		return
	}
	names := optionNames(p.block.Term)
	words := strings.Fields(pl.line)
	if len(names) == 0 || slices.Contains(words, names[0]) {
		return
	}
	at := min(len(strings.Fields(cmd)), len(words))
	pl.line = joinAt(words, at, names[0])
	pl.desc = strings.TrimSuffix(itemDoes(p.block.Text), ".") + "; " + pl.desc
	pl.joined = append(pl.joined, 1)
}

// opsLeft are the operands of ops that the option of term takes none of:
// what is left for another option once it has taken its value, though
// it writes it in other units (find's -mmin takes "2 days" as 2880).
func (c *composition) opsLeft(cmd, term string, ops []operand, valued map[string]bool) []operand {
	return leftBy(optionLine(cmd, term), cmd, ops, valued)
}

// leftBy are the operands of ops that line, a line of cmd, takes none
// of.
func leftBy(line, cmd string, ops []operand, valued map[string]bool) []operand {
	var out []operand
	for _, op := range ops {
		if _, n := fill(line, cmd, []operand{op}, valued); n == 0 {
			out = append(out, op)
		}
	}
	return out
}

// valueJoins fills option item p of cmd's page with the operands of left
// it takes, to join the line words (cmd's, its command first): the line
// filled and the option's words as typed ("-L", "backup"). ok is false
// for an item that is no option taking such a value, one that runs a
// subcommand, one that takes none of left, one the line runs already or
// whose value it holds (the lead's, or an operand's), and one that does
// not join (joins).
func (c *composition) valueJoins(s *source, p passage, cmd string, words []string, left []operand, amounts bool) (filled string, opt []string, ok bool) {
	term := p.term()
	if !c.optionItem(s, p) || !c.takesJoinable(term) {
		return "", nil, false
	}
	if _, sub := c.optionCommand(s, p); sub {
		return "", nil, false
	}
	filled, n := fill(optionLine(cmd, term), cmd, left, s.valued())
	opt = strings.Fields(strings.TrimPrefix(filled, cmd+" "))
	if n == 0 || len(opt) < 2 || slices.Contains(words, opt[0]) ||
		slices.ContainsFunc(opt[1:], func(v string) bool { return slices.Contains(words, v) }) ||
		!c.joins(cmd, term, words[len(strings.Fields(cmd)):], left, s.valued(), amounts) {
		return "", nil, false
	}
	return filled, opt, true
}

// optionLine is cmd running the option of item term as its page writes
// it, which fill fills: "useradd -u UID".
func optionLine(cmd, term string) string {
	return cmd + " " + optionForm(strings.TrimSpace(term))
}

// withNeeded writes into the lead's command line the option that the
// lead, or an option joined to it, works only with, as its item says
// first: tail's -s, "with -f, sleep for approximately N seconds", is
// `tail -f -s 5`.
func (c *composition) withNeeded(s *source, pl *plan) {
	cmd, _ := c.optionCommand(s, pl.chosen[0])
	for _, i := range append([]int{0}, pl.joined...) {
		does := itemDoes(pl.chosen[i].block.Text)
		m := needsRE().FindStringSubmatch(does)
		words := strings.Fields(pl.line)
		// sort's -u, "with -c, check for strict ordering; without -c,
		// output only the first of an equal run", works either way
		if m == nil || slices.Contains(words, m[1]) || !documents(s.doc, m[1]) || strings.Contains(strings.ToLower(does), "without "+m[1]) {
			continue
		}
		at := min(len(strings.Fields(cmd)), len(words))
		pl.line = joinAt(words, at, m[1])
	}
}

// needsRE is an item that says first which option it works with: "with
// -f, ...", "With --follow, ...".
var needsRE = lazyre.New(`^(?i:with)\s+(-[A-Za-z0-9]|--[a-z][a-z0-9-]*)\s*,`)

// documents says whether page d has an item for option name.
func documents(d *document.Document, name string) bool {
	_, ok := itemNamed(d, name)
	return ok
}

// itemNamed is page d's first item for option name.
func itemNamed(d *document.Document, name string) (document.Block, bool) {
	for _, sec := range d.Sections {
		for _, b := range sec.Blocks {
			if b.Kind == document.Item && slices.Contains(optionNames(b.Term), name) {
				return b, true
			}
		}
	}
	return document.Block{}, false
}

// afterOption is where in a command line's words the option of form
// ("-s delay") and its arguments end, so that another option goes in
// after it, not among the operands before it (find's expression, "find
// . -size +100M"); after the command's own words (cmdWords) where the
// line does not show it.
func afterOption(words []string, form string, cmdWords int) int {
	f := strings.Fields(form)
	for i, w := range words {
		if w == f[0] {
			return min(len(words), i+len(f))
		}
		if strings.HasPrefix(w, f[0]+"=") {
			return i + 1
		}
	}
	return min(cmdWords, len(words))
}

// unitTerm is an option item's term with each placeholder its text gives
// a unit of time written as that unit: tail's "-s, --sleep-interval=N",
// "sleep for approximately N seconds", is "--sleep-interval=SECONDS",
// which takes the question's "every 5 seconds", not the 20 of "the last
// 20 lines".
func unitTerm(term, text string) string {
	if !mayGiveUnit(text) {
		return term
	}
	for _, m := range timeUnitRE().FindAllStringSubmatch(text, -1) {
		name, unit := m[1], strings.ToUpper(strings.TrimSuffix(strings.TrimSpace(m[2]), "s")+"s")
		if strings.HasPrefix(m[2], "*") {
			unit = "DAYS"
		}
		if durationSlot(strings.ToLower(name)) {
			continue
		}
		term = replaceSlot(term, name, unit)
	}
	return term
}

// pidTerm is an option item's term with a placeholder of one letter
// written "pid" where its text says it takes processes' numbers: lsof's
// "-p s", "the processes whose optional process IDentification (PID)
// numbers are in the comma-separated set s", takes the question's "PID
// 1234" as `lsof -p 1234`.
func pidTerm(term, text string) string {
	m := optionArgRE().FindStringSubmatch(term)
	if m == nil || !pidsSaid().MatchString(text) {
		return term
	}
	return replaceSlot(term, m[1], "pid")
}

// optionArgRE is an option item's term that takes one placeholder of one
// letter: "-p s", "-p s [names]".
var optionArgRE = lazyre.New(`^-[A-Za-z0-9](?:,\s*--[A-Za-z0-9-]+)?\s+([a-z])(?:\s|$)`)

// pidsSaid is an option's text saying its value is processes' numbers.
var pidsSaid = lazyre.New(`(?i)\bprocess\s+(?:ID(?:entification)?|identifiers?)\b|\bPIDs?\b`)

// replaceSlot writes the placeholder name of an item's term as with: a
// whole word after "=", a space, "[" or "<".
func replaceSlot(term, name, with string) string {
	var out strings.Builder
	for i := 0; i < len(term); {
		j := strings.Index(term[i:], name)
		if j < 0 {
			out.WriteString(term[i:])
			break
		}
		at, end := i+j, i+j+len(name)
		whole := at > 0 && strings.IndexByte("= [<", term[at-1]) >= 0 && (end == len(term) || !isWordByte(term[end]))
		out.WriteString(term[i:at])
		if whole {
			out.WriteString(with)
		} else {
			out.WriteString(name)
		}
		i = end
	}
	return out.String()
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// mayGiveUnit says whether text holds a word timeUnitRE needs: most
// items name no unit of time, and unitTerm runs for every item a
// composition weighs, several times over, where the regular expression
// would backtrack through all their text for nothing.
func mayGiveUnit(text string) bool {
	for _, u := range [...]string{"second", "minute", "hour", "day"} {
		// the pattern's unit follows a space: not "today" or "everyday"
		for at, rest := 0, text; ; {
			i := strings.Index(rest, u)
			if i < 0 {
				break
			}
			if at+i > 0 && strings.IndexByte("\t\n\f\r ", text[at+i-1]) >= 0 {
				return true
			}
			at, rest = at+i+len(u), rest[i+len(u):]
		}
	}
	return false
}

// unitWords are the placeholders unitTerm writes.
var unitWords = map[string]bool{"SECONDS": true, "MINUTES": true, "HOURS": true, "DAYS": true}

// timeUnitRE is a placeholder followed by a unit of time in an item's
// text: "N seconds", "SECS seconds", find's "n minutes" and "n*24 hours"
// (days), openssl's "the next arg seconds"; a word that is no
// placeholder of the term ("a few seconds") replaces nothing.
var timeUnitRE = lazyre.New(`\b([A-Za-z][A-Za-z_]*)(\*24\s+hours|\s+(?:seconds?|minutes?|hours?|days?))\b`)

// amountKind says whether arguments of kind k are amounts: a count, a
// size, a length of time, or a date (which date's -d takes, where the
// command alone prints today's: "the date 3 weeks ago").
func amountKind(k analyse.ArgKind) bool {
	return k == analyse.ArgNumber || k == analyse.ArgSize || k == analyse.ArgDuration || k == analyse.ArgDate
}

// introWords are the stems of the content words that say what an
// argument is, from the question's text before and after it (see
// operand.intro).
func introWords(before, after string) []string {
	words := strings.Fields(strings.ToLower(before))
	start := len(words)
	for start > 0 && len(words)-start < 4 {
		w := words[start-1]
		if strings.HasSuffix(w, ",") || w == "and" || w == "with" || w == "or" {
			break
		}
		start--
	}
	words = words[start:]
	if m := asAfter().FindStringSubmatch(strings.ToLower(after)); m != nil {
		words = append(words, strings.Fields(m[1])...)
	}
	var out []string
	for _, w := range words {
		w = strings.Trim(w, ".,;:!?\"'()")
		if w != "" && !terms.Stop(w) {
			out = append(out, terms.Stem(w))
		}
	}
	return out
}

// asAfter: the words after an argument that say what it is ("as her
// login shell", "as the default").
var asAfter = lazyre.New(`^\s+as\s+(?:(?:his|her|its|their|the|a|an|my|our|your)\s+)?([a-z]+(?:\s+[a-z]+)?)`)

// introduced says whether the words that say what operand op is (its
// intro) name what the option of term sets, as its names or its
// placeholder's do: "the home directory /home/henry" is useradd's
// "-d, --home-dir HOME_DIR", not "/bin/bash as the shell", nor the
// "--skel SKEL_DIR" copied into the home directory; "the user ID 1500"
// is its "-u, --uid UID".
func introduced(op operand, term string) bool {
	var parts []string
	for _, t := range termArgs(term) {
		for _, w := range []string{strings.TrimLeft(t.name, "-"), slotName(t.arg)} {
			parts = append(parts, strings.FieldsFunc(strings.ToLower(w), func(r rune) bool { return r == '_' || r == '-' })...)
		}
	}
	for i, st := range op.intro {
		for _, part := range parts {
			// "user ID" is a UID, "group ID" a GID
			if st == terms.Stem(part) || i+1 < len(op.intro) && len(part) > 2 && part == op.intro[i][:1]+op.intro[i+1] {
				return true
			}
		}
	}
	return false
}

// underBefore: the words before a folder put things under it ("under
// /home", "below /srv"), see operand.under.
var underBefore = lazyre.New(`(?i)\b(?:under|below|beneath|underneath)\s+$`)

// valueItems are the option items of the first page's own sections
// (not its asides), not among the passages scored, that take a value of
// a joinable kind the question gives.
func (c *composition) valueItems(s *source, scored []passage) []passage {
	var out []passage
	for p := range ownItems(s.doc) {
		if c.takesJoinable(p.block.Term) && !slices.ContainsFunc(scored, p.same) {
			out = append(out, p)
		}
	}
	return out
}

// joins says whether the option of term takes an operand of left that
// joins the lead's line, whose words after the command are words: an
// amount (where amounts is set), or a value the question says is what the option sets
// (introduced), which no placeholder of the line is left for (gpasswd's
// "-A user,..." is the user the question makes an administrator, not
// the one -d removes).
func (c *composition) joins(cmd, term string, words []string, left []operand, valued map[string]bool, amounts bool) bool {
	form := optionLine(cmd, term)
	for _, op := range left {
		if _, n := fill(form, cmd, []operand{op}, valued); n == 0 {
			continue
		}
		if slices.ContainsFunc(words, func(w string) bool { return !strings.HasPrefix(w, "-") && slices.Contains(slotKinds(w), op.kind) }) {
			continue
		}
		// a delimiter is what a delimiter's placeholder takes, however
		// the question says it
		if amounts && amountKind(op.kind) || op.kind == analyse.ArgDelimiter || introduced(op, term) {
			return true
		}
	}
	return false
}

// joinable says whether a value of kind k, taken by an option chosen
// after the lead, joins the lead's line (withValues): an amount, or a
// name, path or mode given for what an option sets. Not a file, glob or
// quoted text, which the command's operands take.
func joinable(k analyse.ArgKind) bool {
	switch k {
	// and not a host, port or URL, which say where the command goes:
	// ssh's -p does not take the local port of "forward local port
	// 5433", nor scp's -J the host it copies to
	case analyse.ArgFile, analyse.ArgGlob, analyse.ArgQuoted, analyse.ArgHost, analyse.ArgPort, analyse.ArgURL:
		return false
	}
	return true
}

// takesJoinable says whether the option of term takes a value of a
// joinable kind the question gives.
func (c *composition) takesJoinable(term string) bool { return len(c.kindsTaken(term, joinable)) > 0 }

// takeEnds takes the ends of a range ("lines 10 to 20") out of the
// operands: they are no count an option takes (sed's -l N), nor any
// operand but a range's end (seq's FIRST and LAST).
func (c *composition) takeEnds() {
	c.ops = slices.DeleteFunc(c.ops, func(op operand) bool {
		if !c.inRange(op) {
			return false
		}
		op.end = true
		c.ends = append(c.ends, op)
		return true
	})
	c.apart = slices.DeleteFunc(c.apart, c.inRange)
	if r, ok := c.endsRange(); ok {
		c.ops = append(c.ops, r)
	}
}

// endsRange is the range the two ends the question gives make, one
// operand from the first end to the second: of places, as a list of
// places writes it, where the ends follow a plural of a place noun
// (listedPlaces: "characters 1 to 10" is cut's -c 1-10); else of
// numbers, as a placeholder of a whole range writes it (span: "between 1
// and 100" is shuf's -i 1-100). ok is false for a range of lines, which
// sed and head address by their own forms (linerange), and where there
// are not two ends.
func (c *composition) endsRange() (operand, bool) {
	if len(c.ends) != 2 {
		return operand{}, false
	}
	r := operand{at: c.ends[0].at, kind: analyse.ArgNumber, text: c.ends[0].text + "-" + c.ends[1].text}
	before := ""
	if first := slices.Index(c.seq, c.ends[0].text); first > 0 {
		before = strings.ToLower(c.seq[first-1])
	}
	switch {
	case strings.HasSuffix(before, "s") && listedPlaces[strings.TrimSuffix(before, "s")]:
		r.place = true
	case lineNouns[before]:
		return operand{}, false
	default:
		r.span = true
	}
	return r, true
}

var lineNouns = map[string]bool{"line": true, "lines": true, "row": true, "rows": true}

// inRange says whether a number the question gives is an end of a
// range ("the numbers 001 to 100"), which no count is.
func (c *composition) inRange(op operand) bool {
	if op.kind != analyse.ArgNumber {
		return false
	}
	for i, w := range c.seq {
		if w == op.text && analyse.RangeEnd(c.seq, i, rangeWords) {
			return true
		}
	}
	return false
}

// suffixAfter: what follows a file name's suffix that makes it the
// suffix of a copy ("an .orig copy", "a .bak backup", "the .old
// version").
var suffixAfter = lazyre.New(`^\s+(?:copy|copies|backup|backups|version|versions|suffix|extension)\b`)

// archiveSlot is the name of a placeholder for an archive: tar's
// "ARCHIVE", zip's "zipfile".
var archiveSlot = lazyre.New(`(?i)archive|zipfile|tarfile|^zip$`)

// outSlot is the name of an option's placeholder that the option writes
// to: "[-o FILE]", "[-f ARCHIVE]", "[--output=OUTFILE]".
var outSlot = lazyre.New(`(?i)file|out|archive|dest|target`)

// unnest writes a nest of optional operands as one after the other:
// zip's "[zipfile [file ...]]" as "[zipfile]" and "[file]...", which a
// question's archive and files fill in turn; nested marks the words that
// were inside another.
func unnest(words []string) (out []string, nested map[int]bool) {
	inside := func(w string) {
		out = append(out, w)
		if nested == nil {
			nested = map[int]bool{}
		}
		nested[len(out)-1] = true
	}
	for _, w := range words {
		if m := deeplyNested().FindStringSubmatch(w); m != nil {
			// cmp's "[FILE2 [SKIP1 [SKIP2]]]": the first, then what
			// nests in it, each optional after the one before
			out = append(out, "["+m[1]+"]")
			inner, _ := unnest([]string{m[2]})
			for _, iw := range inner {
				inside(iw)
			}
			continue
		}
		if m := eitherOperand().FindStringSubmatch(w); m != nil {
			// curl's "[options / URLs]": options or URLs, in any order,
			// each optional
			out = append(out, "["+m[1]+"]", "["+m[2]+"]")
			continue
		}
		if m := nestedOperands().FindStringSubmatch(w); m != nil {
			out = append(out, "["+m[1]+"]")
			inside("[" + m[2] + "]" + strings.TrimSpace(m[3]+m[4]))
			continue
		}
		out = append(out, w)
	}
	return out, nested
}

// nestedOperands is an optional operand with another inside it, which
// may repeat: "[zipfile [file ...]]", "[file [file...]]", nice's
// "[COMMAND [ARG]...]".
var nestedOperands = lazyre.New(`^\[([A-Za-z][\w.-]*) \[([A-Za-z][\w.-]*)(\s?\.\.\.)?\](\.\.\.)?\]$`)

// eitherOperand is two optional words, either or both of which may be
// given: "[options / URLs]" (not bash's "[command_string | file]",
// one or the other, the first a string run as commands).
var eitherOperand = lazyre.New(`^\[([A-Za-z][\w.-]*) / ([A-Za-z][\w.-]*)\]$`)

// deeplyNested is an optional operand with a nest of more inside it
// (never a match of nestedOperands, whose inner operand holds no
// bracket).
var deeplyNested = lazyre.New(`^\[([A-Za-z][\w.-]*) (\[[A-Za-z][\w.-]* \[.*\]\])\]$`)

// rangeWords join the ends of a range.
var rangeWords = map[string]bool{"to": true, "through": true, "and": true, "till": true, "until": true}

// signed is the sign a number's placeholder may take: "[+]NUM", "[-]NUM".
var signed = lazyre.New(`^\[[+-]+\]`)

// takesValue is takesArg, counting a bare number the question gives
// only where numbers is set: "10 comes after 9" gives sort no value for
// --parallel N, though a step for -n NUM may type it.
func (c *composition) takesValue(term string, numbers bool) bool {
	if len(c.ops) == 0 || !optionTerm(term) {
		return false
	}
	for _, t := range termArgs(term) {
		arg := signed().ReplaceAllString(t.arg, "")
		kinds := slotKinds(arg)
		for _, op := range c.ops {
			// a file an option takes (-o FILE, --reference=RFILE) is
			// seldom the question's file, which is an operand
			if !fileKind(op.kind) && (numbers || op.kind != analyse.ArgNumber) && slices.Contains(kinds, op.kind) && valueFor(op, arg) {
				return true
			}
		}
	}
	return false
}

// outputOption says whether an option item names the file its command
// writes its result to: wget's "-O file, --output-document=file", sort's
// "-o, --output=FILE"; the file the question keeps the result under
// is its value.
func outputOption(term string) bool {
	return slices.ContainsFunc(optionNames(term), func(n string) bool { return strings.HasPrefix(n, "--output") })
}

// fillOps are the operands line is filled with: opsFor's, but where a
// command the question names is piped in (from) and the page writes
// files as well as its output (tee's "write to standard output and
// files"), the file the question sends the result to is one of the
// files it writes, not a redirection: "./build.sh | tee build.log".
func (c *composition) fillOps(s *source, line string) []operand {
	ops := c.opsFor(line)
	if c.from == "" || !writesFiles().MatchString(s.hit.Meta.Summary) {
		return ops
	}
	ops = slices.Clone(ops)
	for i := range ops {
		ops[i].to = false
	}
	return ops
}

// writesFiles is a NAME line that says the command writes files.
var writesFiles = lazyre.New(`(?i)\bwrites?\b[^.]*\bfiles\b`)

// opsFor are the operands a command line is filled with: the files in
// their folders, or apart where the line has a place for where to look
// (find's "starting-point").
func (c *composition) opsFor(line string) []operand {
	if strings.Contains(line, "starting-point") {
		return c.apart
	}
	// and the ends of a range where the line has a place for each:
	// "seq -w LAST" is no range from 001 to 100
	ends := 0
	for _, w := range strings.Fields(line) {
		if rangeEnd(w) {
			ends++
		}
	}
	if len(c.ends) > 0 && ends == len(c.ends) {
		return slices.Concat(c.ops, c.ends)
	}
	if c.prog != "" && !strings.HasPrefix(line, strings.Fields(c.prog)[0]+" ") && !slices.ContainsFunc(c.ops, func(op operand) bool { return programPath(op.text) }) && runsProgram(line) {
		return append(slices.Clip(c.ops), operand{at: -1, kind: analyse.ArgFile, text: c.prog, program: true})
	}
	return c.ops
}

// afterFlag says whether the i'th word of a line is right after an
// option's name: fallocate's "-l length", whose item "-l, --length
// length" writes the argument after the long name only (see
// valuedOptions).
func afterFlag(words []string, i int) bool { return i > 0 && strings.HasPrefix(words[i-1], "-") }

// valuedOptions are the options of a page that take an argument, by
// each name that takes one: -o and --output of "-o, --output=FILE", but
// of diff's "-u, -U NUM, --unified[=NUM]" only -U and --unified.
func valuedOptions(d *document.Document) map[string]bool {
	out := map[string]bool{}
	for si := range d.Sections {
		for _, b := range d.Sections[si].Blocks {
			if b.Kind != document.Item || !optionTerm(b.Term) {
				continue
			}
			// "-o, --output=FILE": the argument a name requires, every
			// name of the item takes; one that is optional ("[=NUM]"),
			// only the names written with one
			all := strings.Contains(b.Term, "=") && !strings.Contains(b.Term, "[=")
			for _, t := range termArgs(b.Term) {
				if all || t.written {
					out[t.name] = true
				}
			}
		}
	}
	return out
}

// valued is valuedOptions of s's page, read once.
func (s *source) valued() map[string]bool {
	if s.valuedOpts == nil {
		s.valuedOpts = valuedOptions(s.doc)
	}
	return s.valuedOpts
}

// placeOption is the option of the page that takes the place of a
// column or field the question gives ("by the second column"), where no
// chosen step takes it: sort's "-k KEYDEF", behind -V and --parallel
// that the words "numbers" and "sort" chose.
func (c *composition) placeOption(s *source, ps, chosen []passage) (passage, bool) {
	if !slices.ContainsFunc(c.ops, func(op operand) bool { return op.place || op.span }) || slices.ContainsFunc(chosen, func(p passage) bool { return c.optionItem(s, p) && c.takesAmount(p.term()) }) {
		return passage{}, false
	}
	for _, p := range ps {
		if !p.aside && c.optionItem(s, p) && c.stepWorthy(s, p) && c.takesAmount(p.term()) {
			return p, true
		}
	}
	return passage{}, false
}

// anchored is a quoted pattern as a regular expression anchors it where
// the question says the lines start or end with it: ^ERROR.
func anchored(a analyse.Arg) string {
	switch a.Anchor {
	case "^":
		return "^" + a.Text
	case "$":
		return a.Text + "$"
	}
	return a.Text
}

// copiedObject is the text before the object of a verb of copying or
// moving: "copy the folder ", "move my file ", "Duplicate ".
var copiedObject = lazyre.New(`(?i)\b` + analyse.CopyVerb + `\s+(?:the\s+|my\s+|this\s+|that\s+|our\s+|your\s+)?(?:whole\s+|entire\s+)?(?:(?:folder|directory|dir|file)\s+)?$`)

// valueShare is how close to an example an option that takes the
// question's value must score to lead in its place.
const valueShare = 0.5

// valueFirst puts first, ahead of an example or a paragraph that leads,
// the option that takes a value the question gives: "list the files bigger than 2 GB" is
// `find -size +2G`, which the user can type as it is, not find(1)'s long
// example that lists set-user-ID files and big files at once. The option
// is one of the chosen steps or, where it was not chosen, the best of the
// page's that scores valueShare of the example.
func (c *composition) valueFirst(s *source, ps, chosen []passage) []passage {
	if p, ok := c.fileValueOption(s); ok {
		return putFirst(chosen, p)
	}
	if p, _, ok := c.portOption(s); ok {
		return putFirst(chosen, p)
	}
	chosen = c.nameFirst(s, chosen)
	chosen = c.parentsFirst(s, chosen)
	if p, ok := c.unitOption(s, chosen); ok {
		return putFirst(chosen, p)
	}
	if len(chosen) == 0 {
		if p, ok := c.modeOption(s); ok {
			return []passage{p}
		}
		return chosen
	}
	if p, ok := c.placeOption(s, ps, chosen); ok {
		return putFirst(chosen, p)
	}
	if c.optionItem(s, chosen[0]) {
		return c.amountFirst(s, chosen)
	}
	if i := c.laterOption(s, chosen, c.takesArg); i > 0 {
		return toFront(chosen, i)
	}
	for _, p := range ps {
		if p.score < valueShare*chosen[0].score {
			break
		}
		if c.optionItem(s, p) && c.takesArg(p.term()) && c.stepWorthy(s, p) && !p.aside {
			return append([]passage{p}, chosen[:min(len(chosen), 2)]...)
		}
	}
	if p, ok := c.modeOption(s); ok {
		return append([]passage{p}, chosen[:min(len(chosen), 2)]...)
	}
	return chosen
}

// unitOption is the first chosen option, else the first option item of
// the page, that takes the size or the length of time the question
// gives with its unit, where the synopsis takes none, whatever its
// words say:
// "split big.iso into pieces of 1 GB each" is split's "-b SIZE", "put
// SIZE bytes per output file", and "an empty file of exactly 1 GB" is
// truncate's "-s SIZE". Only for a question that gives one such value,
// not as an example ("sizes like 2K and 1G") nor as a rate ("200 KB
// per second", which wget's --limit-rate takes as its "amount").
func (c *composition) unitOption(s *source, chosen []passage) (passage, bool) {
	given := c.unitGiven()
	if len(given) != 1 || !answer.ProgramPage(s.hit.Meta) || synopsisTakes(document.PlainForm(s.doc), given) {
		return passage{}, false
	}
	takes := func(p passage) bool { return c.optionItem(s, p) && slices.Contains(unitKinds(p.term()), given[0]) }
	if i := slices.IndexFunc(chosen, takes); i >= 0 {
		return chosen[i], true
	}
	for p := range ownItems(s.doc) {
		if takes(p) {
			return p, true
		}
	}
	return passage{}, false
}

// unitGiven is the kind of the size or length of time the question
// gives, nil where it gives none or more than one, or gives them as
// examples or a rate (unitAside).
func (c *composition) unitGiven() []analyse.ArgKind {
	var given []analyse.ArgKind
	for _, op := range c.ops {
		if op.kind == analyse.ArgSize || op.kind == analyse.ArgDuration {
			given = append(given, op.kind)
		}
	}
	if len(given) != 1 || unitAside().MatchString(c.text) {
		return nil
	}
	return given
}

// takesUnit says whether an option's term takes the size or length of
// time the question gives (unitGiven).
func (c *composition) takesUnit(p passage) bool {
	given := c.unitGiven()
	return len(given) == 1 && slices.Contains(unitKinds(p.term()), given[0])
}

// unitKinds are the kinds of value with a unit an option's term takes: a
// size (find's "n[cwbkMG]", a SIZE) or a length of time.
func unitKinds(term string) []analyse.ArgKind {
	var out []analyse.ArgKind
	for _, t := range termArgs(term) {
		arg := signed().ReplaceAllString(t.arg, "")
		switch name := slotName(arg); {
		case name == "size" || unitSlot().MatchString(arg):
			out = append(out, analyse.ArgSize)
		case durationSlot(name):
			out = append(out, analyse.ArgDuration)
		}
	}
	return out
}

// unitAside is a question that gives its sizes or times as examples, or
// as a rate or a setting it does not want.
var unitAside = lazyre.New(`(?i)\b(?:like|such as|e\.g\.|instead of|rather than)\s+[0-9]|[0-9]\s*[a-z]*\s*(?:per\s+(?:second|sec|minute|min|hour)\b|/s\b)`)

// modeOption is the option item of a page that creates things with the
// mode the question gives, where its synopsis takes none: mkfifo's and
// mkdir's "-m, --mode=MODE" for "a named pipe only its owner can read
// and write" (600), which the question says in words no item holds.
func (c *composition) modeOption(s *source) (passage, bool) {
	if !c.givesMode() || !answer.ProgramPage(s.hit.Meta) || synopsisTakes(document.PlainForm(s.doc), []analyse.ArgKind{analyse.ArgMode}) {
		return passage{}, false
	}
	for p := range ownItems(s.doc) {
		if c.optionItem(s, p) && takesMode(p.block) {
			return p, true
		}
	}
	return passage{}, false
}

// outputFile is the option item of a page whose command writes no
// standard output that names the file it writes (outputOption), where
// the question gives the file the result is kept under: wget's "-O
// file" for "download URL and save it as today.csv", which its words
// ("written to file") never say; a command that writes its output has
// it redirected instead (see redirect).
func (c *composition) outputFile(s *source) (passage, bool) {
	if !slices.ContainsFunc(c.ops, func(op operand) bool { return op.to && op.kind == analyse.ArgFile }) || !answer.ProgramPage(s.hit.Meta) || s.writesOut() {
		return passage{}, false
	}
	// nor where the synopsis has the file's place: zip's "zipfile" of
	// "zip the folder website into website.zip"
	for _, w := range synopsisWords(document.PlainForm(s.doc)) {
		if w = strings.Trim(w, "[]{}."); archiveSlot().MatchString(w) || outSlot().MatchString(w) && !strings.EqualFold(w, "file") {
			return passage{}, false
		}
	}
	// of several (wget's -o LOGFILE, --output-file, beside -O), the one
	// the option model has people give for the task
	return c.bestOption(s, func(p passage) bool { return outputOption(p.block.Term) && takesFile(p.block.Term) })
}

// namesScore is the best score the option model gives any name of an
// option item's term ("-r, --recursive"), 0 for none.
func namesScore(scores map[string]float64, term string) float64 {
	v := 0.0
	for _, n := range optionNames(term) {
		v = max(v, scores[n])
	}
	return v
}

// bestOption is the option item of page s that is one, of those that
// are, that the option model scores best, the page's first where it
// scores none.
func (c *composition) bestOption(s *source, is func(p passage) bool) (passage, bool) {
	scores := c.scoresOf(s.hit.Doc, s.doc)
	best, found, most := passage{}, false, -1.0
	for p := range ownItems(s.doc) {
		if !c.optionItem(s, p) || !is(p) {
			continue
		}
		if v := namesScore(scores, p.block.Term); v > most {
			best, found, most = p, true, v
		}
	}
	return best, found
}

// takesFile says whether an option item's option takes a file's name.
func takesFile(term string) bool {
	for _, t := range termArgs(term) {
		if slices.Contains(slotKinds(t.arg), analyse.ArgFile) {
			return true
		}
	}
	return false
}

// givesMode says whether the question gives a file's mode, in digits,
// letters or words (see operands).
func (c *composition) givesMode() bool {
	return slices.ContainsFunc(c.ops, func(op operand) bool { return op.kind == analyse.ArgMode })
}

// takesMode says whether an option item takes a file's mode: mkdir's
// "-m, --mode=MODE", "set file mode (as in chmod)"; not stat's
// "--cached=MODE", "specify how to use cached attributes".
func takesMode(b document.Block) bool {
	if !permissionText().MatchString(itemSentence(b.Text)) {
		return false
	}
	for _, t := range termArgs(b.Term) {
		if slices.Contains(slotKinds(signed().ReplaceAllString(t.arg, "")), analyse.ArgMode) {
			return true
		}
	}
	return false
}

// permissionText is what an option that sets a file's mode says of it.
var permissionText = lazyre.New(`(?i)\b(?:permissions?|chmod|umask|file mode)\b`)

// toFront is chosen with its passage i moved first, the others in their
// order; chosen itself is left as it is.
func toFront(chosen []passage, i int) []passage {
	return append([]passage{chosen[i]}, slices.Delete(slices.Clone(chosen), i, i+1)...)
}

// putFirst puts p first: moved to the front where chosen holds it, or
// else ahead of the first two chosen, as an answer shows three steps.
func putFirst(chosen []passage, p passage) []passage {
	if i := slices.IndexFunc(chosen, p.same); i >= 0 {
		return toFront(chosen, i)
	}
	return append([]passage{p}, chosen[:min(len(chosen), 2)]...)
}

// amountFirst puts first, ahead of an option that takes none of the
// question's values, a chosen option that takes the count, size or time
// the question gives: "pick 5 random lines from names.txt" is shuf -n 5,
// though --random-source says "random" too.
func (c *composition) amountFirst(s *source, chosen []passage) []passage {
	// first of all the option whose value the question names by its
	// placeholder: "store the comment "Nora Lindqvist"" is useradd's
	// "-c COMMENT", though -Z says "user" and "account" too
	if !c.valueNamed(chosen[0].term()) {
		if i := c.laterOption(s, chosen, c.valueNamed); i > 0 {
			return toFront(chosen, i)
		}
	}
	if c.takesArg(chosen[0].term()) {
		return chosen
	}
	if i := c.laterOption(s, chosen, c.takesAmount); i > 0 {
		return toFront(chosen, i)
	}
	return chosen
}

// laterOption is the first of the chosen passages after the first that
// is an option item whose term takes says yes to, 0 for none.
func (c *composition) laterOption(s *source, chosen []passage, takes func(term string) bool) int {
	for i := 1; i < len(chosen); i++ {
		if c.optionItem(s, chosen[i]) && takes(chosen[i].term()) {
			return i
		}
	}
	return 0
}

// sendOut writes into line where its input comes from (pipeIn) and
// where its result goes (redirect), as the question says.
func (c *composition) sendOut(s *source, line string) string {
	return c.pipeIn(s, c.redirect(s, line))
}

// redirect writes where the question sends the result as a redirection
// ("sort names.txt > unique_names.txt") when line, which runs the command
// on the question's other operands, leaves that file out and the page
// says the command writes to standard output.
func (c *composition) redirect(s *source, line string) string {
	words := strings.Fields(line)
	out, filled := "", false
	for _, op := range c.ops {
		switch {
		case slices.Contains(words, op.text) || slices.Contains(words, "./"+op.text):
			// (a script runs by its path, see fillLeft)
			filled = true
		case op.to && op.kind == analyse.ArgFile:
			if out != "" {
				return line // two: which is the output is not clear
			}
			out = op.text
		}
	}
	if out == "" || !filled || !s.writesOut() {
		return line
	}
	return line + " > " + out
}

// namedOut sends the output of line, whose lead option writes to
// standard output, to the file the question names as what is made, where
// line has it among other files: "a compressed copy of huge.log named
// huge.log.gz" is `gzip -c huge.log > huge.log.gz`, not `gzip -c
// huge.log huge.log.gz`.
func (c *composition) namedOut(line string) string {
	words := strings.Fields(line)
	if strings.ContainsAny(line, "|>") {
		return line
	}
	out, others := -1, 0
	for _, op := range c.ops {
		i := slices.Index(words, op.text)
		switch {
		case i < 0 || !fileKind(op.kind):
		case op.named && out < 0:
			out = i
		default:
			others++
		}
	}
	if out < 1 || others == 0 {
		return line
	}
	name := words[out]
	return strings.Join(slices.Delete(words, out, out+1), " ") + " > " + name
}

// writesOut says whether a program's page says, in its NAME line or the
// first paragraphs of its DESCRIPTION, that it writes to standard output:
// sort's "Write sorted concatenation of all FILE(s) to standard output".
func (s *source) writesOut() bool { return s.leadSays(stdoutSaid(), 2) }

// leadSays says whether a program's page says what re finds in its NAME
// line or the first n paragraphs of its DESCRIPTION, where it says what
// it reads and writes.
func (s *source) leadSays(re *regexp.Regexp, n int) bool {
	if !answer.ProgramPage(s.hit.Meta) {
		return false
	}
	return re.MatchString(strings.Join(append([]string{s.hit.Meta.Summary}, leadParagraphs(s.doc, n)...), "\n"))
}

// leadParagraphs are the first n paragraphs of a page's DESCRIPTION,
// where a program's page says what it reads and writes.
func leadParagraphs(d *document.Document, n int) []string {
	var out []string
	if sec := d.Find("DESCRIPTION"); sec != nil {
		for _, b := range sec.Blocks {
			if b.Kind == document.Para && len(out) < n {
				out = append(out, b.Text)
			}
		}
	}
	return out
}

// producer is the command line whose output the question gives the
// answer's command, a script's path or a quoted command after "the
// output of": "save the output of ./build.sh to build.log while still
// seeing it" is "./build.sh | tee build.log", not "tee ./build.sh".
// "" where the question names none.
func producer(q string, args []analyse.Arg) string {
	for _, a := range args {
		if producesFor(q, a) {
			return a.Text
		}
	}
	return ""
}

// producesFor says whether argument a of question q is a command whose
// output the question works on (see producer).
func producesFor(q string, a analyse.Arg) bool {
	switch a.Kind {
	case analyse.ArgPath, analyse.ArgFile, analyse.ArgQuoted:
		return outputOf().MatchString(q[:a.Start]) && !strings.ContainsAny(a.Text, "|;&<>`$")
	}
	return false
}

// outputOf ends the words before a command whose output is worked on.
var outputOf = lazyre.New(`(?i)\boutput\s+(?:of|from)\s+(?:the\s+|my\s+|a\s+)?(?:(?:command|script|program)\s+)?["“'\x60]?$`)

// pipeIn writes the command whose output the question works on (from)
// into line, piped, where the page reads standard input and line runs
// neither it nor a pipe already.
func (c *composition) pipeIn(s *source, line string) string {
	if c.from == "" || strings.Contains(line, "|") || strings.Contains(line, c.from) || !s.readsIn() {
		return line
	}
	// what it reads is the pipe now: no "[FILE]..." to fill
	words := slices.DeleteFunc(strings.Fields(line), func(w string) bool {
		return strings.HasPrefix(w, "[") && strings.Count(w, "[") == strings.Count(w, "]") && !commandSlot(slotName(w)) && slices.Contains(slotKinds(w), analyse.ArgFile)
	})
	return c.from + " | " + strings.Join(words, " ")
}

// readsIn says whether a program's page says, in its NAME line or the
// first paragraphs of its DESCRIPTION, that it reads standard input:
// tee's "read from standard input and write to standard output and
// files", sort's "With no FILE, or when FILE is -, read standard input".
func (s *source) readsIn() bool { return s.leadSays(stdinSaid(), 3) }

var stdoutSaid = lazyre.New(`(?i)\b(?:to|on)\s+(?:the\s+)?(?:standard\s+output|stdout)\b`)

// isLetters says whether s is ASCII letters alone.
func isLetters(s string) bool {
	return strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") == ""
}

// excludedOperands are the arguments the question leaves out of what
// the command works on (see leftOut), as an option that leaves things
// out types them: "hide every file whose name ends in .bak" is *.bak,
// "leave out the .git folder" .git.
func excludedOperands(q string, args []analyse.Arg) []operand {
	var out []operand
	for _, a := range args {
		if !leftOut().MatchString(q[:a.Start]) {
			continue
		}
		op := operand{kind: a.Kind, text: a.Text}
		if a.Kind == analyse.ArgFile {
			op.kind, op.text = suffixGlob(q, a)
		}
		out = append(out, op)
	}
	return out
}

// exclusionOption says whether an option item's option leaves out what
// matches its value: ls's "--hide=PATTERN", tar's "--exclude PATTERN",
// grep's "--exclude=GLOB"; not grep's "--ignore-case", which takes none.
func exclusionOption(term string) bool {
	if !strings.Contains(term, "--") {
		return false
	}
	for _, t := range termArgs(term) {
		if excludeName().MatchString(t.name) && patternSlot().MatchString(t.arg) {
			return true
		}
	}
	return false
}

// excludeName is the name of an option that leaves things out.
var excludeName = lazyre.New(`^--(?:exclude|hide|ignore)(?:-dir)?$`)

// patternSlot is the placeholder of what an option matches names with
// (diff's "--exclude=PAT").
var patternSlot = lazyre.New(`(?i)pattern|^pat$|glob|regex|name|file|dir`)

// exclusion is the option item of a page that leaves out what the
// question does (excludedOperands), the one the option model has people
// give for the task where the page has several (ls's -I and --hide).
func (c *composition) exclusion(s *source) (passage, bool) {
	if len(c.excluded) == 0 || !answer.ProgramPage(s.hit.Meta) {
		return passage{}, false
	}
	// a folder left out is one an option for folders leaves out:
	// grep's --exclude-dir, not --exclude, which skips files by name
	folder := c.excluded[0].kind == analyse.ArgFolder
	if p, ok := c.bestOption(s, func(p passage) bool {
		return exclusionOption(p.block.Term) && folderOption().MatchString(p.block.Term) == folder
	}); ok {
		return p, true
	}
	return c.bestOption(s, func(p passage) bool { return exclusionOption(p.block.Term) })
}

// folderOption is the name of an option that works on folders: grep's
// --exclude-dir.
var folderOption = lazyre.New(`--\w+-dir\b`)

// exclusionJoins is a bundle's line (of opts) with the option that
// leaves out the files the question leaves out (exclusion) right after
// the command, where the bundle has none: `tar --exclude=node_modules
// -czf project.tar.gz project`. Tar leaves out only what comes after the
// option.
func (c *composition) exclusionJoins(s *source, opts []passage, line string) (passage, string, bool) {
	e, ok := c.exclusion(s)
	if !ok || slices.ContainsFunc(opts, e.same) || len(strings.Fields(line)) < 2 {
		return passage{}, "", false
	}
	if _, sub := c.optionCommand(s, e); sub {
		return passage{}, "", false
	}
	opt := c.excludedValue(optionForm(strings.TrimSpace(e.block.Term)))
	if strings.HasPrefix(opt, "--") {
		opt = strings.Replace(opt, " ", "=", 1)
	}
	return e, joinAt(strings.Fields(line), 1, opt), true
}

// excludedValue writes into an exclusion option's form (opt, "--hide
// PATTERN") what the question leaves out, quoted for the shell.
func (c *composition) excludedValue(opt string) string {
	if len(c.excluded) == 0 {
		return opt
	}
	v := shellQuote(c.excluded[0].text)
	if i := strings.LastIndexAny(opt, " ="); i > 0 {
		return opt[:i+1] + v
	}
	return opt
}

// fileValueOption is the option item of page s that takes the file the
// question keeps the result under (outputFile), or else the file it
// keeps its list of what to work on in (listFile), or else the files it
// leaves out (exclusion).
func (c *composition) fileValueOption(s *source) (passage, bool) {
	if p, ok := c.outputFile(s); ok {
		return p, true
	}
	if p, ok := c.listFile(s); ok {
		return p, true
	}
	return c.exclusion(s)
}

// fileValueLeads says whether option item p is the one the question's
// output file or left-out files go in (see fileValueOption).
func (c *composition) fileValueLeads(s *source, p passage) bool {
	o, ok := c.fileValueOption(s)
	return ok && o.same(p)
}
