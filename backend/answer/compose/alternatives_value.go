package compose

import (
	"slices"
	"strings"
)

// An option whose value is one of a list its item writes out ("-t dsa |
// ecdsa | ed25519 | rsa") takes the one the question names: "generate a
// new ssh key of type ed25519" is `ssh-keygen -t ed25519`, not the list
// for the user to pick from again.

// chosenAlternative writes, in the line of an option item of term, the
// one value of the list of alternatives after the option that the
// question names as a word (a value filled in may be one); the line
// stays where it names none or more than one. A pipe in the line is no
// such list: only a term that writes one has it.
func (c *composition) chosenAlternative(line, term string) string {
	words := strings.Fields(line)
	for i := 1; i+3 < len(words); i++ {
		if !strings.HasPrefix(words[i], "-") || words[i+2] != "|" {
			continue
		}
		alts, j := []string{words[i+1]}, i+1
		for j+2 < len(words) && words[j+1] == "|" {
			alts = append(alts, words[j+2])
			j += 2
		}
		if t := strings.Join(strings.Fields(term), " "); !strings.Contains(t, words[i]+" ") || !strings.Contains(t, " | ") {
			return line
		}
		named := ""
		for _, a := range alts {
			if strings.ContainsAny(a, "<>[]{}|") {
				return line
			}
			if wordOf(c.text, a) {
				if named != "" {
					return line
				}
				named = a
			}
		}
		if named == "" {
			return line
		}
		return strings.Join(slices.Concat(words[:i+1], []string{named}, words[j+1:]), " ")
	}
	return line
}

// wordOf says whether text holds w as a word of its own, in any case:
// "ed25519" in "a key of type ed25519", not in "ed25519-sk".
func wordOf(text, w string) bool {
	lt, lw := strings.ToLower(text), strings.ToLower(w)
	for at := 0; ; {
		k := strings.Index(lt[at:], lw)
		if k < 0 {
			return false
		}
		k += at
		before, after := k == 0 || !wordByte(lt[k-1]), k+len(lw) == len(lt) || !wordByte(lt[k+len(lw)])
		if before && after {
			return true
		}
		at = k + 1
	}
}

// wordByte is a byte a word of a command's value may hold.
func wordByte(b byte) bool { return isWordByte(b) || b == '-' }
