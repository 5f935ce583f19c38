package shelltest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// jsonConfig makes ragman print JSON, whose "question" shows what it
// was asked.
const jsonConfig = "ragman:\n  presenter_default: json\n"

// The question has wildcards that match files in the folder it is asked
// in (files? matches filesX): expanded, it would not reach ragman as typed.
const globQuestion = "how do I delete *.tmp files?"

func globDir(t *testing.T) string {
	dir := t.TempDir()
	for _, f := range []string{"a.tmp", "b.tmp", "filesX"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// askLine types "? QUESTION" and Enter. In fish "? " is an abbreviation:
// the space turns it into __ragman_ask "" with the cursor inside the
// quotes, and the question is typed there.
func askLine(s *term, shell, question string) {
	s.typ("? ")
	if shell == "fish" {
		s.expect(`__ragman_ask ""`)
	}
	s.typ(question + "\r")
}

// TestAsk: `? QUESTION` reaches ragman with its wildcards unexpanded, and
// leaves $? (fish: $status) as the command before it left it, in every
// shell; globbing works as before afterwards.
func TestAsk(t *testing.T) {
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			h := newHome(t, jsonConfig)
			s := h.startShell(t, sh.name, globDir(t))
			s.sourceInit(sh.name)

			s.typ("false\r")
			askLine(s, sh.name, globQuestion)
			out, code := s.status()
			if !strings.Contains(out, `"question": "`+globQuestion+`"`) {
				t.Fatalf("ragman was not asked %q:\n%s", globQuestion, out)
			}
			if code != 1 {
				t.Errorf("$? after `false; ? ...` is %d, want 1 (false's)", code)
			}
			s.typ("true\r")
			askLine(s, sh.name, "how do I list files?")
			if _, code := s.status(); code != 0 {
				t.Errorf("$? after `true; ? ...` is %d, want 0", code)
			}

			// globbing is back on, and was not turned off for good
			if out := s.mustRun("echo *.tmp"); !strings.Contains(out, "a.tmp b.tmp") {
				t.Errorf("echo *.tmp after a question printed:\n%s", out)
			}
			if sh.name == "bash" {
				// in a pipeline the function runs in a subshell: the prompt
				// hook turns globbing back on
				s.typ("? " + globQuestion + " | cat\r")
				s.status()
				if out := s.mustRun("echo *.tmp"); !strings.Contains(out, "a.tmp b.tmp") {
					t.Errorf("echo *.tmp after a question in a pipeline printed:\n%s", out)
				}
				// and a user's own set -f stays
				s.mustRun("set -f")
				s.typ("? " + globQuestion + "\r")
				s.status()
				if out := s.mustRun("echo *.tmp"); !strings.Contains(out, "\n*.tmp") {
					t.Errorf("set -f was undone by a question: echo *.tmp printed:\n%s", out)
				}
			}
		})
	}
}

// TestAskExplain: `? explain COMMAND LINE` explains the line, in every
// shell, its wildcards unexpanded.
func TestAskExplain(t *testing.T) {
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			h := newHome(t, jsonConfig)
			s := h.startShell(t, sh.name, globDir(t))
			s.sourceInit(sh.name)
			askLine(s, sh.name, "explain rm -rf *.tmp")
			out, code := s.status()
			if !strings.Contains(out, `"command_line": "rm -rf *.tmp"`) || !strings.Contains(out, `"text": "-r"`) || code != 0 {
				t.Fatalf("? explain rm -rf *.tmp: exit %d:\n%s", code, out)
			}
		})
	}
}

// TestAskFollowUp: each shell session is one conversation, so a
// follow-up question reads in the context of the one before.
func TestAskFollowUp(t *testing.T) {
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			h := newHome(t, jsonConfig)
			s := h.startShell(t, sh.name, t.TempDir())
			s.sourceInit(sh.name)
			askLine(s, sh.name, "How do I change file permissions?")
			s.status()
			askLine(s, sh.name, "and recursively?")
			out, _ := s.status()
			if !strings.Contains(out, "Read as a follow-up of") {
				t.Fatalf("? and recursively? was not read as a follow-up:\n%s", out)
			}
		})
	}
}
