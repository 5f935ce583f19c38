package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Alias completion: Tab after `ragadmin sources remove ` with the backend
// warm, as bash does it: the completion function of completions/bash/
// ragadmin, called as readline calls it, in a bash that keeps running; it
// runs `ragadmin __complete aliases`. Bar: p50 < 100 ms.
const (
	completionBar  = 100 * time.Millisecond
	completionRuns = 50
)

var bashCompletion = flag.String("completion", "completions/bash/ragadmin", "ragadmin's bash completion, for the alias completion figure")

// completionTab sets what readline sets on Tab and calls the function
// complete -F names, then prints the matches and an end marker.
const completionTab = `source %q || exit 1
__tab() {
    COMP_LINE=%q COMP_POINT=%d COMP_WORDS=(%q sources remove '') COMP_CWORD=3 COMPREPLY=()
    _ragadmin ragadmin '' remove
    printf '%%s\n' "${COMPREPLY[@]}" '<<end>>'
}
`

func (b *bench) aliasCompletion() error {
	fmt.Printf("bench: alias completion in bash, %d times ...\n", completionRuns)
	bash, err := exec.LookPath("bash")
	if err != nil {
		b.rows = append(b.rows, row{figure: "alias completion, bash", ours: "SKIP", ref: "-", ratio: "-", bar: "< " + completionBar.String(), result: "SKIP"})
		fmt.Printf("  SKIP: %v\n", err)
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile")
	cmd.Env, cmd.Dir = b.env, b.dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	script, err := filepath.Abs(*bashCompletion)
	if err != nil {
		return err
	}
	line := b.o.ragadmin + " sources remove "
	fmt.Fprintf(stdin, completionTab, script, line, len(line), b.o.ragadmin)

	r := bufio.NewReader(stdout)
	want, err := b.cmd(time.Minute, b.o.ragadmin, "sources", "list", "--names")
	if err != nil {
		return err
	}
	var times []time.Duration
	for i := range completionRuns + 1 { // the first one warms up
		start := time.Now()
		io.WriteString(stdin, "__tab\n")
		var got []string
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				return errors.Join(fmt.Errorf("bash completion: %w", err), errors.New(stderr.String()))
			}
			if l = strings.TrimSuffix(l, "\n"); l == "<<end>>" {
				break
			}
			got = append(got, l)
		}
		d := time.Since(start)
		if w := strings.Fields(string(want.stdout)); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(w))) {
			return fmt.Errorf("bash completion offered %q, want the aliases %q", got, w)
		}
		if i > 0 {
			times = append(times, d)
		}
	}
	p50 := pct(times, 50)
	fmt.Printf("  p50 %v, p90 %v, min %v, max %v\n", fmtDur(p50), fmtDur(pct(times, 90)), fmtDur(pct(times, 0)), fmtDur(pct(times, 100)))
	b.rows = append(b.rows, row{
		figure: fmt.Sprintf("alias completion, bash Tab (p50 of %d)", len(times)),
		ours:   fmtDur(p50), ref: "-", ratio: "-",
		bar: "< " + completionBar.String(), result: passFail(p50 < completionBar),
	})
	return nil
}
