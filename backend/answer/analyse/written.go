package analyse

import (
	"strings"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// A question may write a text it gives into a file it names: "append the
// line export EDITOR=vim to the file ~/.bashrc", "create a file named
// notes.txt containing the text hello world". The text is neither a
// topic (vim, EDITOR) nor the name of anything to run; the task is a
// shell's redirection of echo's output: `echo 'export EDITOR=vim' >>
// ~/.bashrc`.

var (
	// a text put into a file: the verb, the text, the file
	textPut = lazyre.New(`(?i)\b(append|appends|add|adds|write|writes|put|puts|insert|inserts)\s+(?:the\s+|a\s+)?(?:new\s+)?(?:line|text|string|words?|sentence)\s+(.+?)\s+(?:to|into|onto|at\s+the\s+end\s+of)\s+(?:the\s+)?(end\s+of\s+)?(?:the\s+)?(?:file\s+)?([\w~./-]+?)[.?!]?\s*$`)
	// a file made with a text in it: the file, the text
	fileWithText = lazyre.New(`(?i)\b(?:create|creates|make|makes)\s+(?:a\s+|the\s+)?(?:new\s+)?(?:text\s+)?file\s+(?:named|called)\s+([\w~./-]+?)\s+(?:containing|that\s+contains|which\s+contains|with)\s+(?:the\s+)?(?:text|line|string|words?|sentence)\s+(.+?)[.?!]?\s*$`)
)

// WrittenText is the text question q writes into a file, the file, and
// whether it adds the text at the file's end (where "write" and "create
// a file containing" make the file hold the text alone); ok is false
// where q writes no text it gives into a file it names.
func WrittenText(q string) (text, file string, appends, ok bool) {
	if m := textPut().FindStringSubmatch(q); m != nil {
		verb := strings.ToLower(m[1])
		appends = m[3] != "" || strings.Contains(strings.ToLower(m[0]), "end of") || !strings.HasPrefix(verb, "write") && !strings.HasPrefix(verb, "put")
		text, file = m[2], m[4]
	} else if m := fileWithText().FindStringSubmatch(q); m != nil {
		text, file = m[2], m[1]
	} else {
		return "", "", false, false
	}
	text = strings.TrimSpace(text)
	if len(text) > 1 && strings.ContainsRune(`"'`+"`“", rune(text[0])) {
		text = strings.Trim(text, `"'`+"`“”")
	}
	if text == "" || !strings.ContainsAny(file, "./~") {
		return "", "", false, false // a file is named as one: notes.txt, ~/.bashrc
	}
	return text, file, appends, true
}
