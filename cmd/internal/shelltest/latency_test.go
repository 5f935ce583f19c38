package shelltest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// aliasBar is the bar of Tab completion of source aliases, with the
// backend warm.
const aliasBar = 100 * time.Millisecond

// The line completed, and what must be offered: the home's aliases.
const (
	aliasLine = "ragadmin sources remove "
)

var wantAliases = []string{"info-pages", "man", "man-pages"}

// zshMatch is a match zshCapture prints.
var zshMatch = regexp.MustCompile(`<<match (.*?)>>`)

// BenchmarkAliasCompletion times the completion of a source alias after
// `ragadmin sources remove ` with the backend warm, with ragadmin built as
// make build builds it, the ways a shell completes on Tab:
//
//	exec  `ragadmin __complete aliases`, the program every completion runs
//	bash  _ragadmin of completions/bash/ragadmin called as readline calls
//	      it on Tab, in a bash that keeps running
//	zsh   Tab in an interactive zsh under a pseudo-terminal (compinit and
//	      completions/zsh/_ragadmin), until zsh has listed the matches
//	fish  `complete -C 'ragadmin sources remove '` typed in an
//	      interactive fish, until it has printed the candidates
//
// Each reports the median and the 90th percentile of one completion
// (p50-ms, p90-ms) and fails when the median is not under 100 ms:
//
//	go test ./cmd/internal/shelltest -run '^$' -bench AliasCompletion -benchtime 200x
func BenchmarkAliasCompletion(b *testing.B) {
	ragadmin := buildRagadmin(b)
	h := newHome(b, "")
	for i, kv := range h.env {
		if p, ok := strings.CutPrefix(kv, "PATH="); ok {
			h.env[i] = "PATH=" + filepath.Dir(ragadmin) + ":" + p
		}
	}
	// The backend warm: the first question builds the index, the second
	// is answered by the backend that keeps it.
	for range 2 {
		cmd := exec.Command("ragman", "--json", "How do I change file permissions?")
		cmd.Env = h.env
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("ragman: %v\n%s", err, out)
		}
	}

	b.Run("exec", func(b *testing.B) {
		var times []time.Duration
		for b.Loop() {
			start := time.Now()
			cmd := exec.Command(ragadmin, "__complete", "aliases")
			cmd.Env = h.env
			out, err := cmd.Output()
			times = append(times, time.Since(start))
			checkAliases(b, strings.Fields(string(out)), err, "")
		}
		reportLatency(b, times)
	})

	b.Run("bash", func(b *testing.B) {
		bash := lookShell(b, "bash")
		cmd := exec.Command(bash, "--norc", "--noprofile")
		cmd.Env = h.env
		var stderr strings.Builder
		cmd.Stderr = &stderr
		stdin, err := cmd.StdinPipe()
		if err != nil {
			b.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		defer func() { stdin.Close(); cmd.Wait() }()
		// __tab sets what readline sets and calls the function complete
		// -F names, then prints the matches.
		fmt.Fprintf(stdin, `source %s
__tab() {
    COMP_LINE=%q COMP_POINT=%d COMP_WORDS=(ragadmin sources remove '') COMP_CWORD=3 COMPREPLY=()
    _ragadmin ragadmin '' remove
    printf '%%s\n' "${COMPREPLY[@]}" '<<end>>'
}
`, filepath.Join(root(b), "completions", "bash", "ragadmin"), aliasLine, len(aliasLine))
		r := bufio.NewReader(stdout)
		var times []time.Duration
		for b.Loop() {
			start := time.Now()
			io.WriteString(stdin, "__tab\n")
			var got []string
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					b.Fatalf("bash: %v\n%s", err, stderr.String())
				}
				if line = strings.TrimSuffix(line, "\n"); line == "<<end>>" {
					break
				}
				got = append(got, line)
			}
			times = append(times, time.Since(start))
			checkAliases(b, got, nil, "")
		}
		reportLatency(b, times)
	})

	b.Run("zsh", func(b *testing.B) {
		s := h.startShell(b, "zsh", "")
		capture := filepath.Join(b.TempDir(), "capture.zsh")
		setup := strings.Replace(zshCapture, "%s", filepath.Join(root(b), "completions", "zsh"), 1)
		if err := os.WriteFile(capture, []byte(setup), 0o644); err != nil {
			b.Fatal(err)
		}
		s.mustRun("source " + capture)
		var times []time.Duration
		for b.Loop() {
			start := time.Now()
			s.typ(aliasLine + "\t\x18\x05")
			m := s.expect(`(?s)^(.*?)<<end>>`)
			times = append(times, time.Since(start))
			var got []string
			for _, mm := range zshMatch.FindAllStringSubmatch(m[1], -1) {
				got = append(got, mm[1])
			}
			checkAliases(b, got, nil, m[1])
			s.typ("\x15") // ^U: clear the line
		}
		reportLatency(b, times)
	})

	b.Run("fish", func(b *testing.B) {
		s := h.startShell(b, "fish", "")
		s.mustRun("set -p fish_complete_path " + filepath.Join(root(b), "completions", "fish"))
		var times []time.Duration
		for b.Loop() {
			start := time.Now()
			s.typ("complete -C '" + aliasLine + "'; printf '<<%s>>\\n' end\r")
			m := s.expect(`(?s)^(.*?)<<end>>`)
			times = append(times, time.Since(start))
			var got []string
			_, out, _ := strings.Cut(m[1][strings.LastIndex(m[1], "complete -C"):], "\n") // after the typed line
			for _, l := range strings.Split(out, "\n") {
				if word, _, _ := strings.Cut(l, "\t"); strings.TrimSpace(word) != "" {
					got = append(got, strings.TrimSpace(word))
				}
			}
			checkAliases(b, got, nil, m[1])
		}
		reportLatency(b, times)
	})
}

// buildRagadmin builds ragadmin as make build does, in a temporary folder.
func buildRagadmin(b *testing.B) string {
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go tool on PATH")
	}
	out := filepath.Join(b.TempDir(), "ragadmin")
	cmd := exec.Command(goTool, "build", "-o", out, "./cmd/ragadmin")
	cmd.Dir = root(b)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, msg)
	}
	return out
}

// checkAliases fails unless got are the aliases; screen is what the
// shell showed, for the message.
func checkAliases(b *testing.B, got []string, err error, screen string) {
	b.Helper()
	got = slices.Sorted(slices.Values(got))
	if err != nil || !slices.Equal(got, wantAliases) {
		b.Fatalf("offered %q (%v), want %q; the screen showed %q", got, err, wantAliases, screen)
	}
}

// reportLatency reports the median and the 90th percentile of times, and
// fails when the median is not under the bar.
func reportLatency(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	p := func(pct int) time.Duration { return times[(pct*len(times)+99)/100-1] }
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(p(50)), "p50-ms")
	b.ReportMetric(ms(p(90)), "p90-ms")
	if p(50) >= aliasBar {
		b.Errorf("alias completion: median %v over %d, want under %v", p(50), len(times), aliasBar)
	}
}
