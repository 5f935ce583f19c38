package shelltest

import (
	"strings"
	"testing"
)

// plainConfig makes ragman print plain text: the answer's sections
// without markdown or colour.
const plainConfig = "ragman:\n  presenter_default: plain\n"

// The prompt the fallback shows on a terminal when a page is missing.
const (
	noEntry   = `No manual entry for frobnicate( in section 1)?\n`
	manOffer  = `ragman: no manual page for frobnicate here; ask ragman instead\? \[y/N\] `
	infoOffer = `ragman: no info manual for frobnicate here; ask ragman instead\? \[y/N\] `
)

// loadFallback loads the shell integration with the man fallback on.
func loadFallback(s *term, shell string) {
	s.t.Helper()
	if shell == "fish" {
		s.mustRun("set -g RAGMAN_MAN_FALLBACK 1")
	} else {
		s.mustRun("RAGMAN_MAN_FALLBACK=1")
	}
	s.sourceInit(shell)
}

// TestManFallback: with the fallback on, man behaves as before when the
// page exists (same screen, status 0) and when it is not on a terminal
// (man's message only, status 16); on a terminal a missing page brings
// the offer, and yes prints ragman's answer from its index; man's status
// stays 16. Loading the integration again does not wrap man twice.
func TestManFallback(t *testing.T) {
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			h := newHome(t, plainConfig)
			s := h.startShell(t, sh.name, "")
			before := s.mustRun("command man greet")
			loadFallback(s, sh.name)

			// A page that exists: as before.
			after, code := s.run("man greet")
			if code != 0 {
				t.Fatalf("man greet exited %d:\n%s", code, after)
			}
			if page(before, "command man greet") != page(after, "man greet") || !strings.Contains(after, "greet - print a greeting") {
				t.Errorf("man greet changed:\nwithout the fallback:\n%s\nwith it:\n%s", before, after)
			}
			if strings.Contains(after, "ragman:") {
				t.Errorf("the fallback spoke after man greet:\n%s", after)
			}

			// Missing, not on a terminal: man's message only, status 16.
			out, code := s.run("man frobnicate </dev/null >out.txt 2>err.txt")
			if code != 16 {
				t.Errorf("man of a missing page, not on a terminal, exited %d, want 16:\n%s", code, out)
			}
			if got := s.mustRun("cat out.txt err.txt"); !strings.Contains(got, "No manual entry for frobnicate\n") || strings.Contains(got, "ragman:") {
				t.Errorf("man of a missing page, not on a terminal, printed more than man does:\n%s", got)
			}

			// Missing, on a terminal: the offer; no leaves it at man's message.
			s.typ("man frobnicate\r")
			s.expect(noEntry + manOffer)
			s.typ("n\r")
			out, code = s.status()
			if code != 16 || strings.Contains(out, "Summary") {
				t.Errorf("declined: status %d (want 16), screen:\n%s", code, out)
			}

			// Loaded again, even past its guard: still one offer.
			s.sourceInit(sh.name)
			if sh.name == "fish" {
				s.mustRun("set -e __ragman_shell_init_done")
			} else {
				s.mustRun("unset __ragman_shell_init_done")
			}
			loadFallback(s, sh.name)

			// yes: ragman answers from the page only it has.
			s.typ("man 1 frobnicate\r")
			s.expect(noEntry + manOffer)
			s.typ("y\r")
			out, code = s.status()
			if code != 16 {
				t.Errorf("man of a missing page exited %d after the answer, want 16", code)
			}
			if !strings.Contains(out, "Summary") || !strings.Contains(out, "frobnicate(1)") {
				t.Errorf("no answer citing frobnicate(1) after yes:\n%s", out)
			}
			if n := strings.Count(out, "ask ragman instead?"); n != 0 {
				t.Errorf("the offer came %d more times: man is wrapped more than once:\n%s", n, out)
			}
		})
	}
}

// page is the part of a man screen after the typed command.
func page(screen, command string) string {
	_, after, _ := strings.Cut(screen, command+"\n")
	if i := strings.Index(after, "GREET(1)"); i >= 0 {
		after = after[i:]
	}
	return strings.TrimSpace(after)
}

// TestInfoFallback: info shows an existing manual as before; for a
// missing one, on a terminal, the offer comes before info's directory, and
// yes prints ragman's answer.
func TestInfoFallback(t *testing.T) {
	lookShell(t, "info")
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			h := newHome(t, plainConfig)
			s := h.startShell(t, sh.name, "")
			loadFallback(s, sh.name)

			s.typ("info greet\r")
			s.expect(`'greet' prints a greeting`)
			s.typ("q")
			// info reads ahead: wait for it to quit before typing more
			s.expect(`\$ $`)
			out, code := s.status()
			if code != 0 || strings.Contains(out, "ragman:") {
				t.Errorf("info greet: status %d, screen:\n%s", code, out)
			}

			out, code = s.run("info frobnicate </dev/null >out.txt 2>err.txt")
			if code != 0 || strings.Contains(s.mustRun("cat out.txt err.txt"), "ragman:") {
				t.Errorf("info of a missing manual, not on a terminal: status %d (info's is 0):\n%s", code, out)
			}

			s.typ("info frobnicate\r")
			s.expect(infoOffer)
			s.typ("y\r")
			out, code = s.status()
			if code != 0 || !strings.Contains(out, "frobnicate(1)") {
				t.Errorf("info of a missing manual, yes: status %d, screen:\n%s", code, out)
			}
		})
	}
}

// TestFallbackOptIn: without RAGMAN_MAN_FALLBACK, man is not wrapped.
func TestFallbackOptIn(t *testing.T) {
	for _, sh := range shells {
		t.Run(sh.name, func(t *testing.T) {
			h := newHome(t, "")
			s := h.startShell(t, sh.name, "")
			s.sourceInit(sh.name)
			out, code := s.run("man frobnicate")
			if code != 16 || strings.Contains(out, "ragman") {
				t.Errorf("man frobnicate without the fallback: status %d, screen:\n%s", code, out)
			}
		})
	}
}
