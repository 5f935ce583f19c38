package compose

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Some options are a value typed after a dash: kill(1) documents
// "-<signal>, -s <signal>", pkill(1) "-signal, --signal signal", and one
// types `kill -9 4312` or `pkill -HUP nginx`. People's command lines give
// those options as the values ("-9", "-KILL"), which no item names, so
// the option model's scores reach the item only through its slot; and a
// step that says `kill -<signal>` leaves the user to find the value.

// dashSlot is the placeholder an option item's term takes right after a
// single dash, lowercase: "signal" of "-<signal>, -s <signal>", of
// "-signal, --signal signal" and of killall's "-s, --signal, -SIGNAL";
// "" for an item without one.
func dashSlot(term string) string {
	names := optionNames(term)
	for _, n := range names {
		v, ok := strings.CutPrefix(n, "-")
		if !ok || strings.HasPrefix(v, "-") || len(v) < 2 {
			continue
		}
		if inner, ok := strings.CutPrefix(v, "<"); ok && strings.HasSuffix(inner, ">") {
			return strings.ToLower(strings.TrimSuffix(inner, ">"))
		}
		if len(v) > 2 && strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			// "-NUM", "-SIGNAL"; "-RS" may be two letters
			return strings.ToLower(v)
		}
		// the single-dash form spells the long one's placeholder
		for _, m := range names {
			if m == "--"+v && strings.Contains(term, m+" "+v) {
				return v
			}
		}
	}
	return ""
}

// signalSlot says whether a dash slot takes a signal.
func signalSlot(slot string) bool { return strings.HasPrefix(slot, "sig") }

// dashValue is which value of slot option name, as people's command
// lines give it, types after a dash: the signal's number where the slot
// takes a signal (tasks.SignalOption: "-KILL" and "-9" are one), the
// number where it takes any other; 0 for none.
func dashValue(name, slot string) int {
	if signalSlot(slot) {
		return tasks.SignalOption(name)
	}
	v, ok := strings.CutPrefix(name, "-")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n <= 0 {
		return 0
	}
	return n
}

// givenSignal is the signal a question names, as a dash option: "-KILL"
// of "send it the KILL signal", "-SIGHUP" of "send SIGHUP", "-9" of
// "signal 9", "-HUP" of "the hang-up signal"; "" for none, and for a
// question that names two ("SIGTERM or SIGKILL?").
func givenSignal(question string) string {
	words := strings.FieldsFunc(question, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	given, number := "", 0
	for i, w := range words {
		n := 0
		if tasks.Signal(w) || i > 0 && strings.EqualFold(words[i-1], "signal") {
			n = tasks.SignalOption("-" + w)
		}
		if said := spokenSignal(words, i); n == 0 && said != "" {
			w, n = said, tasks.SignalOption("-"+said)
		}
		switch {
		case n == 0:
		case given == "":
			given, number = "-"+w, n
		case n != number:
			return ""
		}
	}
	// "kill it forcefully": the signal that cannot be caught, as people
	// type it
	if given == "" && forcedKill().MatchString(question) {
		return "-9"
	}
	return given
}

// forcedKill is a question that kills by force: "kill the process
// forcefully", "force-kill firefox", "terminate it by force".
var forcedKill = lazyre.New(`(?i)\b(?:force[- ]?(?:kill|quit|terminate|stop)\w*|(?:kill|terminate|stop|end)\w*\b.*\b(?:forcefully|forcibly|by\s+force|with\s+force)\b|(?:forcefully|forcibly)\s+(?:kill|terminate|stop|end)\w*)`)

// dashUsage is the best score the option model gives a value of an
// item's dash slot, and the option that gives it ("-9"); the page's own
// option names (own) are no values. A value that does not stand out,
// dashMargin times the score of any other, is none: "check whether a
// process still exists" scores "-15" and "-10" alike, for the words
// "process" and "PID" that every kill line's description says.
func dashUsage(scores map[string]float64, slot string, own map[string]bool) (best float64, name string) {
	byValue := map[int]float64{}
	top := 0
	for n, v := range scores {
		k := dashValue(n, slot)
		if k == 0 || own[n] || v <= 0 {
			continue
		}
		byValue[k] = max(byValue[k], v)
		if v > best || v == best && n < name {
			best, name, top = v, n, k
		}
	}
	for k, v := range byValue {
		if k != top && best < dashMargin*v {
			return 0, ""
		}
	}
	return best, name
}

// dashMargin is how many times the score of any other value the value
// a dash slot is typed with scores.
const dashMargin = 1.5

// dashed is the value a step types for an option item's dash slot: the
// signal the question names, or else the value people give most for the
// task (see usage); "" where the item has no slot, or neither knows one.
func (c *composition) dashed(p passage) string {
	slot := dashSlot(p.block.Term)
	if slot == "" {
		return ""
	}
	if c.signal != "" && signalSlot(slot) {
		return c.signal
	}
	return c.dashValues[p.block.Term]
}

// signalTaken says whether an option item takes the signal the question
// names after a dash.
func (c *composition) signalTaken(p passage) bool {
	return c.signal != "" && p.block.Kind == document.Item && signalSlot(dashSlot(p.block.Term))
}

// signalFirst puts first the option item that takes the signal the
// question names ("send it the KILL signal" is `kill -KILL 4312`), where
// the page's examples and its other items say more of the question's
// words than "-<signal>: specify the signal to be sent".
func (c *composition) signalFirst(s *source, ps, chosen []passage) []passage {
	if c.signal == "" || !c.howto || len(chosen) > 0 && c.signalTaken(chosen[0]) {
		return chosen
	}
	for _, p := range ps {
		if !p.aside && c.optionItem(s, p) && c.signalTaken(p) {
			return putFirst(chosen, p)
		}
	}
	return chosen
}

// spokenSignal is the name of the signal words[i] says in English before
// the word "signal" ("the hang-up signal", "an interrupt signal"), ""
// where it says none.
func spokenSignal(words []string, i int) string {
	if i+1 >= len(words) || !strings.EqualFold(words[i+1], "signal") {
		return ""
	}
	w := strings.ToLower(words[i])
	if w == "up" && i > 0 && strings.EqualFold(words[i-1], "hang") {
		w = "hangup"
	}
	return spokenSignals[w]
}

// spokenSignals are the signals' names in English words.
var spokenSignals = map[string]string{"hangup": "HUP", "interrupt": "INT", "quit": "QUIT", "kill": "KILL",
	"termination": "TERM", "terminate": "TERM", "alarm": "ALRM", "stop": "STOP", "continue": "CONT"}
