// Package render prints answers for people and scripts: markdown (styled
// on a terminal), plain text and JSON. Every string that came from a
// document is sanitized here, at the last step before the terminal.
package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// Formats.
const (
	Markdown = "markdown"
	Plain    = "plain"
	JSON     = "json"
)

// Answer writes a in the given format. Styles are used only when w is a
// terminal that takes them.
func Answer(w io.Writer, a *proto.Answer, format string) error {
	switch format {
	case JSON:
		return WriteJSON(w, a)
	case Plain:
		return text(w, a, false)
	}
	return text(w, a, true)
}

// JSONAnswer writes an answer the backend encoded (with proto.Marshal) as
// Answer writes it in JSON: indented the same way, nothing else changed.
func JSONAnswer(w io.Writer, raw []byte) error {
	var buf bytes.Buffer
	if err := json.Indent(&buf, SanitizeJSON(raw), "", "  "); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err := w.Write(buf.Bytes())
	return err
}

// WriteJSON prints v as indented JSON, its strings sanitized as the
// terminal output's are: answers, explanations and ragadmin's objects
// carry text from pages and file names.
func WriteJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(SanitizeJSON(buf.Bytes()))
	return err
}

var (
	codeSpan = lazyre.New("`([^`]+)`")
	marker   = lazyre.New(`\[\d+\]`)
)

type styler struct {
	styled bool // the output is a terminal that takes styles
	md     bool
}

func (s styler) heading(t string) string {
	if !s.md {
		return t
	}
	if !s.styled {
		return "## " + t
	}
	return sgr("1", "## "+t)
}

// inline styles code spans and citation markers. Plain text drops the
// backticks; markdown keeps them (they are the markup) and colours them on
// a terminal.
func (s styler) inline(t string) string {
	t = Sanitize(t)
	if !s.md {
		return codeSpan().ReplaceAllString(t, "$1")
	}
	if !s.styled {
		return t
	}
	t = codeSpan().ReplaceAllStringFunc(t, func(m string) string { return sgr("36", m) })
	return marker().ReplaceAllStringFunc(t, func(m string) string { return sgr("2", m) })
}

func text(w io.Writer, a *proto.Answer, md bool) error {
	s := styler{styled: takesStyles(w), md: md}
	var b strings.Builder
	if a.NoAnswer {
		b.WriteString(s.heading("No answer found") + "\n")
		if a.Message != nil {
			b.WriteString(Sanitize(*a.Message) + "\n")
		}
		if len(a.Recommendations) > 0 {
			b.WriteString("\n" + s.heading("Recommendations") + "\n")
			for _, r := range a.Recommendations {
				b.WriteString("- " + s.inline(r) + "\n")
			}
		}
		fmt.Fprintf(&b, "\nConfidence: %.2f (threshold %.2f)\n", a.Confidence, a.Threshold)
		_, err := io.WriteString(w, b.String())
		return err
	}
	b.WriteString(s.heading("Summary") + "\n")
	b.WriteString(s.inline(a.Summary) + "\n")
	if len(a.Steps) > 0 {
		b.WriteString("\n" + s.heading("Steps") + "\n")
		for i, st := range a.Steps {
			fmt.Fprintf(&b, "%d. %s\n", i+1, s.inline(st))
		}
	}
	if len(a.References) > 0 {
		b.WriteString("\n" + s.heading("References") + "\n")
		for _, r := range a.References {
			label := Sanitize(r.Label)
			if r.URL != nil && md && s.styled {
				// a link is for a terminal that shows styles: piped, the
				// escape sequences would be text in the file
				label = hyperlink(Sanitize(*r.URL), label)
			}
			fmt.Fprintf(&b, "[%d] %s: %s", r.N, label, Sanitize(r.Alias))
			if len(r.DocumentRefs) > 0 {
				b.WriteString(" " + Sanitize(strings.Join(r.DocumentRefs, ", ")))
			}
			if r.Notes != nil {
				b.WriteString(" (" + Sanitize(*r.Notes) + ")")
			}
			b.WriteString("\n")
		}
	}
	for _, wn := range a.Warnings {
		b.WriteString("\nWarning: " + Sanitize(wn) + "\n")
	}
	fmt.Fprintf(&b, "\nConfidence: %.2f", a.Confidence)
	if a.Confidence < a.Threshold {
		// answered (the question is in scope), but the first page is
		// more likely wrong than right: say so where the number is
		b.WriteString(" (low: the answer may be among the other references)")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}
