package compose

import (
	"sort"
	"strings"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// examples says whether a section's title is that of a page's examples.
func examples(title string) bool {
	t := strings.ToUpper(title)
	return t == "EXAMPLES" || t == "EXAMPLE"
}

// commandLine says whether a line of code runs a program this machine has
// and documents, after any prompt and sudo: "$ git log", "# systemctl stop
// sshd", "find . -name '*.c'".
func (c *composition) commandLine(line string) bool {
	word, _, _ := strings.Cut(unprompted(line), " ")
	return c.lib.IsProgram(strings.ToLower(word))
}

// unprompted is a line of code as the command it runs: without its
// prompt and sudo.
func unprompted(line string) string {
	return strings.TrimPrefix(strings.TrimLeft(strings.TrimSpace(line), "$#%> "), "sudo ")
}

// example finds the command a list entry shows among its prose, as
// find(1)'s examples do ("• Search for files in your home directory
// which have been modified in the last twenty-four hours. $ find $HOME
// -mtime 0 This command works this way because..."): the command line,
// after its prompt, and what the prose before it (or else after it)
// says it does. "" when the entry shows none, or one too long to read
// on a line.
func (c *composition) example(m index.Meta, text string) (line, what string) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		// after "$ " a command, even of a program the page makes up
		// ("$ proggy | find -files0-from - ..."); after "# " or none,
		// one of a program this machine has, not a comment or prose
		known := c.commandLine(t) && (strings.HasPrefix(t, "# ") || (i > 0 && looksLikeCommand(t, m)))
		if !strings.HasPrefix(t, "$ ") && !known {
			continue
		}
		cmd, used := continued(strings.TrimLeft(t, "$#"), lines[i+1:])
		end := i + 1 + used
		if len(cmd) > maxExample || strings.HasSuffix(cmd, "\\") {
			return "", ""
		}
		prose := strings.Join(lines[:i], "\n")
		if strings.TrimSpace(prose) == "" {
			prose = strings.Join(lines[end:], "\n")
		}
		what = document.ClipLine(shownSentence(prose), 240)
		if !strings.ContainsAny(cmd, `'"`) {
			// the page's alignment; inside quotes blanks are data
			cmd = strings.Join(strings.Fields(cmd), " ")
		}
		return cmd, what
	}
	return "", ""
}

// continued is a command line with the lines after it (rest) that it
// continues with a trailing backslash, as one line ("mount -t overlay
// overlay \" alone runs nothing), and how many of rest it took.
func continued(first string, rest []string) (cmd string, used int) {
	cmd = strings.TrimSpace(first)
	for strings.HasSuffix(cmd, "\\") && used < len(rest) {
		cmd = strings.TrimSpace(strings.TrimSuffix(cmd, "\\")) + " " + strings.TrimSpace(rest[used])
		used++
	}
	return cmd, used
}

// typedLines shows lines of code as what one types: each in backticks,
// without the "$ " prompt and the callout numbers the page explains them
// by.
func typedLines(lines []string) string {
	for i, l := range lines {
		lines[i] = callout().ReplaceAllString(strings.TrimPrefix(l, "$ "), "")
	}
	return "`" + strings.Join(lines, "`; `") + "`"
}

// callout is the number a session's line ends with, which the text
// under it explains: "$ git reset --soft HEAD^      (1)".
var callout = lazyre.New(`\s+\(\d+\)$`)

// maxExample is the longest command line an example step shows: a longer
// one, cut, would not run.
const maxExample = 160

// looksLikeCommand says whether a term starts with the page's command
// ("find . -size +100M").
func looksLikeCommand(term string, m index.Meta) bool {
	t := strings.TrimLeft(term, "$# ")
	for _, n := range append([]string{m.Title}, m.Names...) {
		if n != "" && (t == n || strings.HasPrefix(t, n+" ")) {
			return true
		}
	}
	return false
}

// codeLines picks at most two lines of a code block: those that hold most
// of the question, in their order. When keep is set and passes some lines,
// only those compete.
func codeLines(text string, q *answer.Question, keep func(string) bool) []string {
	var lines, kept []string
	raw := strings.Split(text, "\n")
	for i := 0; i < len(raw); i++ {
		l, used := continued(raw[i], raw[i+1:])
		i += used
		if l == "" {
			continue
		}
		c := document.ClipLine(l, 160)
		lines = append(lines, c)
		if keep != nil && keep(l) {
			kept = append(kept, c)
		}
	}
	if len(kept) > 0 {
		lines = kept
	}
	if len(lines) <= 2 {
		return lines
	}
	type scoredLine struct {
		i int
		s float64
	}
	sc := make([]scoredLine, len(lines))
	for i, l := range lines {
		sc[i] = scoredLine{i, q.Coverage(l)}
	}
	sort.SliceStable(sc, func(i, j int) bool { return sc[i].s > sc[j].s })
	two := []int{sc[0].i, sc[1].i}
	sort.Ints(two)
	return []string{lines[two[0]], lines[two[1]]}
}
