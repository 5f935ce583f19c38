// Command gen fits the task → command model of package tasks on the task
// collections in ../shared/tasks and writes backend/answer/tasks/model.bin,
// and the option model beside it, options.bin (make taskmodel). The output
// depends on the data and the parameters only: the same data gives the
// same bytes.
//
// The task model also learns from ragman's own dev and style question
// sets (-questions; taskdata.LoadQuestions), the option model from the
// collections only.
//
//	go run ./backend/answer/tasks/gen [-data ../shared/tasks] [-questions GLOBS] [-out backend/answer/tasks/model.bin] [-options backend/answer/tasks/options.bin]
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"

	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/answer/tasks/taskdata"
)

func main() {
	data := flag.String("data", "../shared/tasks", "the task collections (tldr, cheatsheets, navi, cheat.sh)")
	out := flag.String("out", "backend/answer/tasks/model.bin", "the model file to write")
	optOut := flag.String("options", "backend/answer/tasks/options.bin", "the option model file to write (\"\": none)")
	p := tasks.DefaultParams
	flag.Float64Var(&p.K1, "k1", p.K1, "BM25 k1")
	flag.Float64Var(&p.B, "b", p.B, "BM25 b")
	flag.IntVar(&p.TopK, "topk", p.TopK, "stems kept per command")
	flag.IntVar(&p.MinSupport, "minsupport", p.MinSupport, "descriptions of a command that must hold a stem")
	flag.BoolVar(&p.Pairs, "pairs", p.Pairs, "adjacent stem pairs as stems")
	flag.Float64Var(&p.PairWeight, "pairweight", p.PairWeight, "a pair's weight factor")
	flag.IntVar(&p.PairMin, "pairmin", p.PairMin, "descriptions of a command that must hold a pair")
	questions := flag.String("questions", taskdata.QuestionSets, "comma-separated question sets the task model learns from too (\"\": none)")
	summaries := flag.Bool("summaries", tasks.DefaultSummaries, "fit on the pages' one-line summaries too")
	flag.Parse()
	pairs, err := taskdata.Load(*data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	qs, err := taskdata.LoadQuestions(*questions)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	docs := taskdata.Docs(append(slices.Clip(pairs), qs...), *summaries)
	m, size := write(docs, p, *out, "model")
	fmt.Fprintf(os.Stderr, "gen: %d pairs and %d questions, %d descriptions, %d commands, %d stems, %d weights, %d bytes -> %s\n",
		len(pairs), len(qs), len(docs), m.NumCommands(), m.NumStems(), m.NumPostings(), size, *out)
	if *optOut == "" {
		return
	}
	odocs := taskdata.OptionDocs(append(slices.Clip(pairs), qs...))
	om, size := write(odocs, tasks.OptionParams, *optOut, "option model")
	fmt.Fprintf(os.Stderr, "gen: %d option descriptions, %d options, %d stems, %d weights, %d bytes -> %s\n",
		len(odocs), om.NumCommands(), om.NumStems(), om.NumPostings(), size, *optOut)
}

// write fits a model (what names it in errors) on docs with p, checks
// that it reads back, and writes it to path; it exits on failure.
func write(docs []tasks.Doc, p tasks.Params, path, what string) (*tasks.Model, int) {
	b, err := tasks.FitEncode(docs, p)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	m, err := tasks.Decode(b)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gen: the %s does not read back: %v\n", what, err)
		os.Exit(1)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	return m, len(b)
}
