package analyse

import "strings"

// InConversation reads question as the turn after prev, the question its
// conversation answered last: a follow-up ("and recursively?") joins
// prev, a correction ("no, how do I change the owner?") replaces it, and
// anything else is a question of its own. asked is the question to
// answer; note says how it was read, for the answer to show, and is ""
// for a question of its own.
func InConversation(prev, question string) (asked, note string) {
	if rest, ok := correction(question); ok {
		return rest, "Taken as a correction of the previous answer (to \u201c" + prev + "\u201d): answered as a new question."
	}
	if rest, ok := followUp(question); ok {
		asked = strings.TrimRight(prev, "?.! ") + " " + rest
		return asked, "Read as a follow-up of \u201c" + prev + "\u201d: " + asked
	}
	return question, ""
}

// followUp says whether question continues the one before: it starts
// with "and", "also", "what about" or "how about", or it is a fragment of
// at most three words ("recursively?"). rest is what it adds.
func followUp(question string) (rest string, ok bool) {
	q := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(question), "?.!"))
	low := strings.ToLower(q)
	for _, lead := range []string{"and what about ", "and how about ", "and ", "also ", "what about ", "how about "} { // longest first
		if strings.HasPrefix(low, lead) {
			return strings.TrimSpace(q[len(lead):]), true
		}
	}
	if words := strings.Fields(low); len(words) > 0 && len(words) <= 3 && !questionWord(words[0]) {
		return q, true
	}
	return "", false
}

// correction says whether question corrects the answer before: it starts
// with "no,", "no ", "actually" or "not ". rest is the question to answer.
func correction(question string) (rest string, ok bool) {
	q := strings.TrimSpace(question)
	low := strings.ToLower(q)
	for _, lead := range []string{"no, ", "no ", "actually, ", "actually ", "not "} {
		if strings.HasPrefix(low, lead) {
			rest = strings.TrimSpace(q[len(lead):])
			if lead == "not " {
				rest = q // "not the owner, the group": the whole of it
			}
			return rest, rest != ""
		}
	}
	return "", false
}

// questionWord says whether w starts a question of its own.
func questionWord(w string) bool {
	switch w {
	case "how", "what", "which", "where", "why", "when", "who", "can", "is", "are", "does", "do", "show", "list", "find":
		return true
	}
	return false
}
