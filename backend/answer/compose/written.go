package compose

import "github.com/ragman-dev/ragman/backend/answer/analyse"

// writtenLead makes the first step, on echo's page, the line that writes
// the text the question gives into the file it names (analyse.
// WrittenText), as the shell redirects echo's output: `echo 'export
// EDITOR=vim' >> ~/.bashrc` to add it at the end, `echo 'hello world' >
// notes.txt` to make the file hold it. In the synopsis's place: echo's
// items are its options, none of which writes.
func (c *composition) writtenLead(s *source, pl *plan) bool {
	text, file, appends, ok := analyse.WrittenText(c.text)
	if !ok || typedName(s.doc, s.hit.Meta.Title) != "echo" {
		return false
	}
	redirect := " > "
	if appends {
		redirect = " >> "
	}
	pl.lead, pl.synopsis, pl.typed = false, synopsisForOption, "echo "+shellQuote(text)+redirect+file
	return true
}
