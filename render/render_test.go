package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/proto"
)

func sample() *proto.Answer {
	return &proto.Answer{
		Question: "how do I make a script executable?", Confidence: 0.72, Threshold: 0.35,
		Summary: "chmod: change file mode bits (man chmod) [1].",
		Steps:   []string{"`chmod u+x FILE`: give the owner execute permission [1]", "evil \x1b]0;pwned\x07title \x1b[31mred\x1b[0m\x9b2J [1]"},
		References: []proto.Reference{{N: 1, Alias: "man-pages", Label: "chmod(1)", DocumentRefs: []string{"man1/chmod.1.gz"}},
			// a tldr page's link, which only a terminal shows as one
			{N: 2, Alias: "tldr", Label: "chmod (tldr)", URL: ptr("https://example.org/chmod"), DocumentRefs: []string{"pages/common/chmod.md"}}},
		Citations: []proto.Citation{{N: 1, Alias: "man-pages", DocumentRef: "man1/chmod.1.gz", Section: "NAME"}},
	}
}

func ptr(s string) *string { return &s }

func TestMarkdownAndPlainHaveTheSameSections(t *testing.T) {
	for _, format := range []string{Markdown, Plain} {
		var buf bytes.Buffer
		if err := Answer(&buf, sample(), format); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for _, want := range []string{"Summary\n", "Steps\n", "References\n", "(man chmod) [1]", "1. ", "[1] chmod(1): man-pages man1/chmod.1.gz", "[2] chmod (tldr): tldr", "Confidence: 0.72"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s output lacks %q:\n%s", format, want, out)
			}
		}
		if strings.ContainsAny(out, "\x1b\x07\u009b") {
			t.Errorf("%s output has control characters: %q", format, out)
		}
		if format == Plain && strings.Contains(out, "`") {
			t.Errorf("plain output has markdown: %s", out)
		}
		if format == Markdown && !strings.Contains(out, "## Summary") {
			t.Errorf("markdown output lacks headings: %s", out)
		}
	}
}

func TestJSONIsTheEnvelope(t *testing.T) {
	var buf bytes.Buffer
	if err := Answer(&buf, sample(), JSON); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"meta", "correlation_id", "question", "no_answer", "confidence", "threshold", "summary", "steps", "references", "citations", "message", "recommendations", "warnings"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
}

func TestNoAnswer(t *testing.T) {
	msg := proto.LowConfidence
	a := &proto.Answer{NoAnswer: true, Message: &msg, Confidence: 0.1, Threshold: 0.35, Recommendations: []string{"Try `ragadmin sources list`."}}
	var buf bytes.Buffer
	Answer(&buf, a, Plain)
	out := buf.String()
	for _, want := range []string{"No answer found", msg, "- Try ragadmin sources list.", "Confidence: 0.10 (threshold 0.35)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no-answer output lacks %q:\n%s", want, out)
		}
	}
}

func TestSanitize(t *testing.T) {
	for in, want := range map[string]string{
		"plain text\n\tindented":      "plain text\n\tindented",
		"a\x1b[31mred\x1b[0m b":       "ared b",
		"x\x1b]8;;http://evil\x1b\\y": "xy",
		"bell\x07 and nul\x00":        "bell and nul",
		"c1\u009b31m":                 "c131m",
		"rtl \u202eevil\u202c":        "rtl evil",
		"bad utf8 \xff\xfe ok":        "bad utf8  ok",
		"unicode — “quotes” stay":     "unicode — “quotes” stay",
	} {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzSanitize(f *testing.F) {
	f.Add("a\x1b[31mb")
	f.Add("\x1b]0;t\x07")
	f.Fuzz(func(t *testing.T, s string) {
		out := Sanitize(s)
		for _, r := range out {
			if r == 0x1b || r < 0x20 && r != '\n' && r != '\t' || r >= 0x80 && r < 0xa0 {
				t.Fatalf("Sanitize(%q) left %U", s, r)
			}
		}
	})
}

// TestJSONAnswerAsEncoded: ragman --json prints the backend's encoding
// indented; it must be byte for byte what encoding the decoded answer
// gives, HTML characters, escapes and line separators included.
func TestJSONAnswerAsEncoded(t *testing.T) {
	a := sample()
	a.Summary = "Use `find . -size +100M` <dir> && \"quote\" \\ back \x1b[31m esc \u2028 sep é"
	a.Warnings = []string{"<b>&amp;</b>"}
	// Invalid UTF-8 is encoded as \ufffd but decodes to the rune itself:
	// the same JSON value, not the same bytes. Answers hold valid text.
	for i, s := range a.Steps {
		a.Steps[i] = strings.ToValidUTF8(s, "\ufffd")
	}
	raw, err := proto.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := JSONAnswer(&got, raw); err != nil {
		t.Fatal(err)
	}
	var decoded proto.Answer
	if err := json.Unmarshal(raw, &decoded); err != nil {
		t.Fatal(err)
	}
	if err := Answer(&want, &decoded, JSON); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("printed as encoded:\n%s\nencoded again:\n%s", got.String(), want.String())
	}
	if strings.Contains(got.String(), "\x1b") {
		t.Error("an escape character reached the output unescaped")
	}
}

// An answer below the threshold is in scope (else there would be no
// answer) but its first page is more likely wrong: the confidence line
// says so; one above it does not.
func TestLowConfidenceMarked(t *testing.T) {
	for conf, low := range map[float64]bool{0.72: false, 0.2: true} {
		a := sample()
		a.Confidence = conf
		for _, format := range []string{Markdown, Plain} {
			var buf bytes.Buffer
			if err := Answer(&buf, a, format); err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(buf.String(), "(low: "); got != low {
				t.Errorf("%s, confidence %.2f: marked low %v, want %v:\n%s", format, conf, got, low, buf.String())
			}
		}
	}
}

// TestStyles pins the bytes of a styled answer: those termenv wrote
// before render wrote its few styles itself (bold headings, the ANSI
// colour 6 for code, faint citation markers, OSC 8 links), whether the
// styles are forced or the output is a terminal that takes them.
func TestStyles(t *testing.T) {
	const styled = "\x1b[1m## Summary\x1b[0m\nchmod: change file mode bits (man chmod) \x1b[2m[1]\x1b[0m.\n\n" +
		"\x1b[1m## Steps\x1b[0m\n1. \x1b[36m`chmod u+x FILE`\x1b[0m: give the owner execute permission \x1b[2m[1]\x1b[0m\n" +
		"2. evil title red2J \x1b[2m[1]\x1b[0m\n\n" +
		"\x1b[1m## References\x1b[0m\n[1] chmod(1): man-pages man1/chmod.1.gz\n" +
		"[2] \x1b]8;;https://example.org/chmod\x1b\\chmod (tldr)\x1b]8;;\x1b\\: tldr pages/common/chmod.md\n\nConfidence: 0.72\n"
	for _, c := range []struct {
		env    map[string]string
		styled bool
	}{
		{map[string]string{"CLICOLOR_FORCE": "1"}, true},
		{map[string]string{"CLICOLOR_FORCE": "1", "CLICOLOR": "0"}, true},
		{map[string]string{"CLICOLOR_FORCE": "1", "NO_COLOR": "1"}, false},
		{map[string]string{"CLICOLOR_FORCE": "0", "COLORTERM": "truecolor", "TERM": "xterm"}, false}, // not a terminal
		{map[string]string{}, false},
	} {
		for _, k := range []string{"CLICOLOR_FORCE", "CLICOLOR", "NO_COLOR", "COLORTERM", "TERM", "CI"} {
			t.Setenv(k, c.env[k])
		}
		var buf bytes.Buffer
		if err := Answer(&buf, sample(), Markdown); err != nil {
			t.Fatal(err)
		}
		got := buf.String()
		if c.styled && got != styled || !c.styled && strings.Contains(got, "\x1b") {
			t.Errorf("%v: want styled %v, got\n%q", c.env, c.styled, got)
		}
	}
}
