package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/ingest/tldr"
)

var (
	tldrEval  = flag.Bool("tldr", false, "instead of the performance bars, the tldr source of issue 23: this machine's pages with a tldr cache added, asked its own examples' descriptions, and a question set's scores with and without it")
	tldrCache = flag.String("cache", "testdata/fixtures/tldr", "tldr: the page cache to add")
	evalRun   = flag.String("eval", "../shared/eval/run", "tldr: the scorer of a question set (its last line is the summary)")
)

// runTLDR is make tldreval. Every example description of the cache's
// pages is asked as "How do I ...?": is the page ranked first (the
// trace's first candidate), and is the example's command the first step
// (the step cites the tldr page)? And the question set (-questions) is
// scored without the cache and with it, in the same run.
func (b *bench) runTLDR() error {
	cache, err := filepath.Abs(*tldrCache)
	if err != nil {
		return err
	}
	pages, _, err := tldr.Scan(cache)
	if err != nil {
		return err
	}
	var descs []string
	for _, p := range pages {
		d, err := tldr.Read(cache, p)
		if err != nil {
			return err
		}
		for _, s := range d.Sections {
			for _, bl := range s.Blocks {
				if bl.Term != "" && bl.Text != "" {
					descs = append(descs, bl.Text)
				}
			}
		}
	}
	if err := b.initialBuild(); err != nil {
		return err
	}
	without, err := b.score()
	if err != nil {
		return err
	}
	if r, err := b.cmd(time.Minute, b.o.ragadmin, "sources", "add", cache); err != nil || r.code != 0 {
		return fmt.Errorf("sources add %s: %v %s", cache, err, r.stderr)
	}
	if r, err := b.cmd(30*time.Minute, b.o.ragadmin, "reindex"); err != nil || r.code != 0 {
		return fmt.Errorf("reindex: %v %s", err, r.stderr)
	}
	with, err := b.score()
	if err != nil {
		return err
	}
	fmt.Printf("bench: %d example descriptions of %d pages asked as questions ...\n", len(descs), len(pages))
	first, step := 0, 0
	for _, d := range descs {
		r0, _ := utf8.DecodeRuneInString(d)
		q := "How do I " + string(unicode.ToLower(r0)) + d[utf8.RuneLen(r0):] + "?"
		r, err := b.cmd(time.Minute, b.o.ragman, "--json", q)
		if err != nil {
			return err
		}
		var ans struct {
			Steps      []string `json:"steps"`
			References []struct {
				N     int    `json:"n"`
				Label string `json:"label"`
			} `json:"references"`
		}
		json.Unmarshal(r.stdout, &ans)
		cited := ""
		for _, ref := range ans.References {
			if strings.HasSuffix(ref.Label, "(tldr)") {
				cited = fmt.Sprintf("[%d]", ref.N)
				break
			}
		}
		stepOK := cited != "" && len(ans.Steps) > 0 && strings.HasSuffix(strings.TrimSpace(ans.Steps[0]), cited)
		tr, err := b.cmd(time.Minute, b.o.ragadmin, "traces", "--last", "1", "--json")
		if err != nil {
			return err
		}
		var traces struct {
			Traces []struct {
				Candidates []struct{ Label string } `json:"candidates"`
			} `json:"traces"`
		}
		json.Unmarshal(tr.stdout, &traces)
		firstOK := len(traces.Traces) == 1 && len(traces.Traces[0].Candidates) > 0 && strings.HasSuffix(traces.Traces[0].Candidates[0].Label, "(tldr)")
		if firstOK {
			first++
		}
		if stepOK {
			step++
		}
		if b.o.verbose || !firstOK || !stepOK {
			fmt.Printf("  %-5v %-5v %s\n", firstOK, stepOK, q)
		}
	}
	fmt.Printf("  ranked first %d of %d; the example the first step %d of %d\n", first, len(descs), step, len(descs))
	b.rows = append(b.rows,
		row{figure: "tldr: description asked, the page ranked first", ours: fmt.Sprintf("%d of %d", first, len(descs)), ref: "-", ratio: "-", bar: "reported", result: "-"},
		row{figure: "tldr: ... its example the first step", ours: fmt.Sprintf("%d of %d", step, len(descs)), ref: "-", ratio: "-", bar: "reported", result: "-"},
		row{figure: "question set with the cache", ours: with, ref: without, ratio: "-", bar: "no drop", result: "-"})
	return nil
}

// score runs the question set through the scorer and returns its
// summary line.
func (b *bench) score() (string, error) {
	run, err := filepath.Abs(*evalRun)
	if err != nil {
		return "", err
	}
	qs, err := filepath.Abs(b.o.questions)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(run); err != nil {
		return "", err
	}
	r, err := b.cmd(30*time.Minute, "python3", run, "--ragman", b.o.ragman, qs)
	if err != nil {
		return "", err
	}
	lines := strings.Split(strings.TrimSpace(string(r.stdout)), "\n")
	last := lines[len(lines)-1]
	fmt.Printf("  %s: %s\n", filepath.Base(qs), last)
	var keep []string
	for _, f := range strings.Fields(last) {
		if strings.HasPrefix(f, "hit@") || strings.HasPrefix(f, "mention=") {
			keep = append(keep, f)
		}
	}
	return strings.Join(keep, " "), nil
}
