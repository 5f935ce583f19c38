package render

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/proto"
)

// Explanation writes what each word of a command line does: the line,
// then each part under it, aligned, as explainshell lays it out; JSON as
// one object.
func Explanation(w io.Writer, x *proto.Explanation, format string) error {
	if format == JSON {
		return WriteJSON(w, x)
	}
	md := format != Plain
	s := styler{styled: takesStyles(w), md: md}
	var b strings.Builder
	b.WriteString(s.heading("Command line") + "\n")
	if md {
		b.WriteString("`" + Sanitize(x.CommandLine) + "`\n")
	} else {
		b.WriteString(Sanitize(x.CommandLine) + "\n")
	}
	width := 0
	for _, p := range x.Parts {
		width = max(width, utf8.RuneCountInString(Sanitize(p.Text)))
	}
	width = min(width, 24)
	b.WriteString("\n" + s.heading("Parts") + "\n")
	for _, p := range x.Parts {
		text := Sanitize(p.Text)
		desc := Sanitize(p.Description)
		switch {
		case p.Kind == proto.PartArgument && desc == "":
			desc = "an argument"
		case desc == "":
			desc = p.Kind
		}
		pad := strings.Repeat(" ", max(1, width-utf8.RuneCountInString(text)+2))
		if md {
			text = "`" + text + "`"
		}
		fmt.Fprintf(&b, "%s%s%s\n", text, pad, s.inline(desc))
	}
	if len(x.References) > 0 {
		b.WriteString("\n" + s.heading("References") + "\n")
		for _, r := range x.References {
			fmt.Fprintf(&b, "[%d] %s: %s %s\n", r.N, Sanitize(r.Label), Sanitize(r.Alias), Sanitize(strings.Join(r.DocumentRefs, ", ")))
		}
	}
	for _, wn := range x.Warnings {
		b.WriteString("\nWarning: " + Sanitize(wn) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
