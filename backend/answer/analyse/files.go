package analyse

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// What a question does to files it names, or asks of them, where the
// words alone choose another command's page: a file emptied, files
// given another extension, a folder added to a search path, a file's
// owner.

// EmptiesFile says whether question q empties a file it keeps: "empty
// the file log.txt", "clear the contents of a file without deleting
// it", "make app.log empty"; not "create an empty file" nor "find the
// empty files", where the word says what a file is.
func EmptiesFile(q string) bool { return emptiedRE().MatchString(q) }

var emptiedRE = lazyre.New(`(?i)(?:^|\b(?:i|to|and|then|please|can|could)\s+)(?:empty|clear)\s+(?:out\s+)?(?:all\s+)?(?:the\s+|a\s+|my\s+|this\s+|that\s+)?(?:contents?\s+of\s+(?:the\s+|a\s+|my\s+|this\s+|that\s+)?)?(?:(?:big|large|huge|log|text|old|whole|entire)\s+)*(?:file|log|logfile|[\w./~-]+\.\w+|(?:~|\.{0,2})/[\w./~-]*\w)\b|\bmake\s+(?:(?:the\s+file\s+|the\s+log\s+)?[\w~-]*[./][\w./~-]*|it|them|the\s+(?:file|log|logfile))\s+empty\b`)

// MakesSizedFile says whether a question makes a file of a size it
// gives: "create a 100 MB file called blob.bin", "make an empty file of
// 2 GB", "I need a 5 GB test file"; truncate's -s or fallocate's -l,
// where the words chose jmod(1)'s "create" and zip's split size. A swap
// file is not one: it must not be sparse, and mkswap's page says how.
func MakesSizedFile(q string, args []Arg) bool {
	for _, a := range args {
		if a.Kind != ArgSize || a.Start > len(q) || a.End > len(q) {
			continue
		}
		before, after := q[:a.Start], q[a.End:]
		if sizeBeforeFileRE().MatchString(before) && fileAfterSizeRE().MatchString(after) || fileBeforeSizeRE().MatchString(before) {
			return true
		}
	}
	return false
}

var (
	sizeBeforeFileRE = lazyre.New(`(?i)\b` + fileMade + `\s+(?:a|an|one|some)\s+(?:(?:new|empty|blank|sparse)\s+)?$`)
	fileAfterSizeRE  = lazyre.New(`(?i)^\s*(?:(?:test|dummy|empty|blank|sparse|random|new|binary|large|big|image|disk|zero|zeroed|placeholder)\s+){0,2}files?\b`)
	fileBeforeSizeRE = lazyre.New(`(?i)\b` + fileMade + `\s+(?:a|an|one)\s+(?:(?:new|empty|blank|sparse|test|dummy|large|big|binary|placeholder)\s+)*files?\s+(?:(?:named|called)\s+\S+\s+)?(?:of|that\s+is|which\s+is|with\s+a\s+size\s+of|sized|whose\s+size\s+is)\s+(?:exactly\s+|about\s+|around\s+|roughly\s+)?$`)
)

// fileMade are the verbs that make a file, or ask for one made.
const fileMade = `(?:create|creates|creating|make|makes|making|generate|generates|generating|need|want|allocate|allocates|allocating|preallocate|reserve|reserves|reserving|produce|produces)`

// RenamesExtensions says whether question q gives files of one extension
// another: it renames them or changes their extension or ending, and
// args hold two extensions alone (".jpeg", "*.jpeg", and ".jpg").
func RenamesExtensions(q string, args []Arg) bool {
	if !renamedEnding().MatchString(q) {
		return false
	}
	exts := map[string]bool{}
	for _, a := range args {
		if a.Kind != ArgFile && a.Kind != ArgGlob {
			continue
		}
		if ext := path.Ext(a.Text); ext != "" && (a.Text == ext || a.Text == "*"+ext) {
			exts[strings.ToLower(ext)] = true
		}
	}
	return len(exts) >= 2
}

var renamedEnding = lazyre.New(`(?i)\b(?:renam\w*|(?:change|changes|changing|replace|replacing|swap|switch)\s+(?:the\s+|their\s+|its\s+)?(?:file\s+)?(?:extensions?|suffix(?:es)?|endings?))\b`)

// PathVariable is the search path a question adds a folder to or takes
// one from, named alone in capitals after "to", "from" or "in": PATH of
// "add /opt/bin to my PATH", LD_LIBRARY_PATH of "append /opt/lib to
// LD_LIBRARY_PATH"; "" where it names none so. The shell's export sets
// it, which the question need not call a variable.
func PathVariable(q string) string {
	if m := pathVariableRE().FindStringSubmatch(q); m != nil {
		return m[1]
	}
	return ""
}

var pathVariableRE = lazyre.New(`\b(?:[Tt]o|[Ff]rom|[Ii]nto|[Oo]nto|[Ii]n|[Oo]f)\s+(?:(?:[Mm]y|[Tt]he|[Yy]our|[Oo]ur|[Tt]his)\s+)?((?:[A-Z][A-Z0-9_]*)?PATH)\b`)

// AsksOwner says whether question q asks who owns a file it names, or
// its group, without changing them: "show the group of the file
// data.db", "who owns /etc/shadow", "which group owns report.pdf". Not
// "change the owner of report.pdf to ana".
func AsksOwner(q string, args []Arg) bool {
	named := slices.ContainsFunc(args, func(a Arg) bool { return a.Kind == ArgFile || a.Kind == ArgPath })
	return named && ownerAskedRE().MatchString(q) && !ownerChangedRE().MatchString(q)
}

var (
	ownerAskedRE   = lazyre.New(`(?i)\b(?:who|which\s+(?:user|group|account))\s+owns\b|\b(?:owner|owners|group|ownership)\s+(?:and\s+(?:the\s+)?(?:owner|group)\s+)?of\b`)
	ownerChangedRE = lazyre.New(`(?i)\b(?:change|changes|changing|set|sets|setting|give|gives|make|makes|transfer|assign|assigns|reassign|chown|chgrp|update)\b`)
)

// FormatsDevice says whether question q gives a drive, partition or
// device a file system ("format a USB stick with ext4", "format
// /dev/sdb1 as vfat"), and the file system's type it names, lowercase
// ("" where it names none). "format" alone is an output's or a date's.
func FormatsDevice(q string) (fsType string, ok bool) {
	if !deviceFormatted().MatchString(q) {
		return "", false
	}
	if m := fsTypeRE().FindStringSubmatch(q); m != nil {
		return strings.ToLower(m[1]), true
	}
	return "", true
}

var deviceFormatted = lazyre.New(`(?i)\b(?:re)?format(?:s|ting|ted)?\s+(?:a\s+|an\s+|the\s+|my\s+|this\s+|that\s+|its\s+)?(?:new\s+|external\s+|whole\s+|second\s+|spare\s+|old\s+|empty\s+)?(?:usb\b|stick\b|drive\b|disk\b|partition\b|sd\s*card\b|card\b|thumb\s*drive\b|pen\s*drive\b|flash\s*drive\b|hard\s*drive\b|volume\b|ssd\b|device\b|/dev/)`)

// fsTypeRE is a file system's type as people name it.
var fsTypeRE = lazyre.New(`(?i)\b(ext[234]|vfat|fat(?:12|16|32)?|exfat|ntfs|xfs|btrfs|minix|bfs|cramfs)\b`)

// ChangesDirectory says whether question q goes into another folder, in
// a newcomer's words: "go to the parent folder", "change into the
// directory src", "go back up one level", "change the current
// directory". The shell's cd does it, which no such words name.
// It must be what the question asks to do, its first words after its
// opening: not "without first changing into that folder", nor
// "never going up to the parent directory".
func ChangesDirectory(q string) bool {
	return asTask(q, goneToFolder) || asTask(q, folderChangedRE)
}

// asTask says whether re matches question q where the task it asks
// starts: after its opening alone (see opening).
func asTask(q string, re func() *regexp.Regexp) bool {
	loc := re().FindStringIndex(q)
	return loc != nil && opening(q[:loc[0]])
}

// opening says whether text is only the opening of a question: its
// framing ("What is the bash command to") or "How do I".
func opening(text string) bool {
	if m := frameREs[0]().FindStringIndex(text); m != nil && m[0] == 0 {
		text = text[m[1]:]
	}
	return openingRE().MatchString(text)
}

var openingRE = lazyre.New(`(?i)^\s*(?:(?:how|where)\s+(?:do|can|could|would|should|shall)\s+(?:i|you|we|one)\s+|(?:i\s+(?:want|need|would\s+like)|i'd\s+like)\s+to\s+|please\s+|(?:let\s+me|help\s+me)\s+)*$`)

var folderChangedRE = lazyre.New(`(?i)\b(?:go|move|step|climb)\s+(?:back\s+|up\s+)+(?:one\s+|a\s+|1\s+)?(?:directory|folder|dir)\b|\bchange\s+(?:the\s+|my\s+)?(?:current\s+|working\s+)*(?:directory|folder|dir)\b|\bcd\s+(?:in)?to\b`)

// AsksPortUser says whether question q asks what uses a port it gives
// (args hold it): "show what is using port 443", "which process is
// listening on port 8080", "find the program that has port 22 open".
// lsof's -i, ss's -p and fuser name the process.
func AsksPortUser(q string, args []Arg) bool {
	return slices.ContainsFunc(args, func(a Arg) bool { return a.Kind == ArgPort }) && portUserRE().MatchString(q)
}

var portUserRE = lazyre.New(`(?i)\b(?:what|which|who|whatever)\s+(?:\w+\s+){0,2}?(?:is\s+|are\s+|was\s+)?(?:using|uses|listening|listens|occupying|occupies|holding|holds|bound|binding|blocking|blocks|has|have|opened|owns|owning)\b|\b(?:process|program|application|app|pid)(?:es|s)?\s+(?:that\s+|which\s+)?(?:is\s+|are\s+)?(?:using|uses|listening|listens|occupying|occupies|holding|holds|bound|binding|blocking|blocks|has|opened|owns|owning)\b`)

// AsksFileTime says whether question q asks when a file was last read,
// changed or made, without changing that time: "How do I see the last
// time a file was accessed?", "when was report.txt last modified",
// "show the modification time of app.log". stat prints them, where the
// words chose touch(1), which sets them.
func AsksFileTime(q string) bool {
	return fileTimeRE().MatchString(q) && !timeSetRE().MatchString(q)
}

var fileTimeRE = lazyre.New(`(?i)\b(?:(?:the\s+)?last\s+time\s+(?:a|the|this|that|my|\S+\.\w+)\s*(?:file\s+)?(?:was|got|has\s+been)\s+(?:accessed|read|opened|modified|changed|edited|written)|when\s+(?:was|did)\s+(?:a|the|this|that|my|\S+)\s*(?:file\s+)?(?:last\s+)?(?:accessed|read|opened|modified|changed|edited|written|created|access|modify|change|edit)|(?:access|modification|change|birth|creation|last[- ]modified|last[- ]access(?:ed)?)\s+(?:time|date|timestamp)s?\s+of\s+(?:a|the|this|that|my|\S+\.\w+))\b`)

var timeSetRE = lazyre.New(`(?i)\b(?:set|sets|setting|change|changes|changing|update|updates|updating|touch|modify|modifies|modifying|preserve|preserving|keep|keeping|reset|fake|alter)\s+(?:the\s+|its\s+|a\s+|their\s+)?(?:access|modification|change|last|file|timestamps?|times?|dates?|mtime|atime)\b`)
