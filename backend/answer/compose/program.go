package compose

import (
	"strings"

	"github.com/ragman-dev/ragman/backend/terms"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// askedProgram is the program this machine has that the question runs
// under another ("the system calls made by ls" is `strace ls`, "run the
// command make with a niceness of 10" `nice -n 10 make`): a program's
// name said as one ("the command make", "the ls command") or right after
// a word that runs or traces it ("made by ls"), never after an article
// ("run the script" runs no script(1)), nor a word of the language ("a
// command as root" runs no as(1)). "" where the question names none;
// only a place for a command to run takes it (see opsFor and
// withProgram).
//
// The question's values among the words after the program's name, from
// start to end, are its own: "sleep 30" leaves 30 to no other place (see
// begin).
func (c *composition) askedProgram() (prog string, start, end int) {
	if c.lib == nil {
		return "", 0, 0
	}
	for _, m := range programSaid().FindAllStringSubmatchIndex(c.text, -1) {
		var name string
		for g := 2; g < len(m); g += 2 {
			if m[g] >= 0 {
				name, start, end = strings.ToLower(c.text[m[g]:m[g+1]]), m[g], m[g+1]
			}
		}
		// the name said before its noun ("the ls command"), which takes
		// no words after it
		framed := m[4] >= 0
		if framed && shellNames[name] {
			// "What is the bash command to ...": how the question is
			// framed, no program it runs
			continue
		}
		if len(name) > 1 && !terms.Stop(name) && c.lib.IsProgram(name) {
			if framed {
				return name, end, end
			}
			start = end
			args := programArgs(c.text[end:])
			if len(args) > 0 {
				last := args[len(args)-1]
				end += strings.Index(c.text[end:], last) + len(last)
			}
			return strings.Join(append([]string{name}, args...), " "), start, end
		}
	}
	return "", 0, 0
}

// programSaid is a program's name said as one ("the command make", "the
// ls command"), or after a word that runs or traces what it names, as
// the question's last word or before what says how.
var programSaid = lazyre.New("(?i)\\b(?:command|program|binary|utility)\\s+[\"'`“]?([a-z][a-z0-9+_.-]*[a-z0-9])\\b" +
	"|\\b(?:the|a)\\s+([a-z][a-z0-9+_-]*[a-z0-9])\\s+(?:command|program|binary|utility)\\b" +
	"|\\b(?:by|run|runs|running|execute|executes|executing|launch|launches|trace|traces|tracing)\\s+([a-z][a-z0-9+_-]*[a-z0-9])(?:\\s+(?:with|under|as|in|at|and|so|takes|for|every)\\b|\\s+-|\\s*[,.?!]|\\s*$)")

// shellNames are the shells a question names as its framing.
var shellNames = map[string]bool{"bash": true, "sh": true, "zsh": true, "fish": true, "dash": true, "ksh": true, "csh": true, "tcsh": true, "shell": true}

// programArgs are the words the question gives a program after its name,
// up to what says how or when it runs: "test" of "run the command make
// test every 5 seconds"; at most three, and none that is a word of the
// language, nor a word of letters after the first.
func programArgs(rest string) []string {
	var out []string
	for _, w := range strings.Fields(rest) {
		if len(out) == 3 || !programArg().MatchString(w) || terms.Stop(strings.ToLower(w)) || argStops[strings.ToLower(w)] ||
			len(out) > 0 && isLetters(w) {
			// a word alone only first ("make test"): the sentence
			// goes on after it ("make test followed by Enter")
			break
		}
		out = append(out, w)
	}
	return out
}

// programArg is a word a command line would type as it is.
var programArg = lazyre.New(`^-{0,2}[A-Za-z0-9][\w./=:+-]*$`)

// argStops are the words that end a program's arguments in a question.
var argStops = map[string]bool{"every": true, "each": true, "command": true, "program": true, "takes": true, "runs": true, "run": true,
	"repeatedly": true, "periodically": true, "forever": true, "seconds": true, "minutes": true, "hours": true}

// outputOfProgram is the program, with the words given after it, whose
// output the question works on ("save the output of ls -l to
// listing.txt" pipes `ls -l` into tee), where the question names a
// program this machine has there; "" where not (see producer for one
// named by its path).
func (c *composition) outputOfProgram() string {
	if c.lib == nil {
		return ""
	}
	m := programOutput().FindStringSubmatchIndex(c.text)
	if m == nil {
		return ""
	}
	name := strings.ToLower(c.text[m[2]:m[3]])
	if terms.Stop(name) || !c.lib.IsProgram(name) {
		return ""
	}
	return strings.Join(append([]string{name}, programArgs(c.text[m[3]:])...), " ")
}

// programOutput is the output of a program, named; not after an article
// or a possessive ("the output of my script" is no script(1)'s).
var programOutput = lazyre.New("(?i)\\boutput\\s+(?:of|from)\\s+(?:(?:the\\s+)?(?:command|program)\\s+)?[\"“'`]?([a-z][a-z0-9+_-]*[a-z0-9])\\b")

// commandPlace says whether a word of a synopsis is a place for a
// command: "COMMAND", "[command", "{COMMAND}".
func commandPlace(w string) bool { return commandSlot(placeholderWord(strings.TrimLeft(w, "[{( "))) }

// runsProgram says whether a line's place for a command is one for a
// program with its arguments after it ("nice [COMMAND [ARG]...]",
// strace's "command [args]", watch's "command" at the end), not for a
// command of the program's own: tmux's "[command [flags]]", systemctl's
// "COMMAND [UNIT...]".
func runsProgram(line string) bool {
	words := strings.Fields(line)
	for i, w := range words {
		if !commandPlace(w) {
			continue
		}
		if i+1 == len(words) || strings.Trim(words[i+1], "[]{}()|.") == "" {
			return true
		}
		next := strings.ToLower(placeholderWord(strings.TrimLeft(words[i+1], "[{( ")))
		if strings.HasPrefix(next, "arg") || strings.Contains(next, "argument") {
			return true
		}
	}
	return false
}
