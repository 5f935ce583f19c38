package main

import (
	"cmp"
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/answer/tasks/taskdata"
)

// The task model (backend/answer/tasks) is fitted on tldr-pages'
// descriptions among others, and tldr-train.tsv's questions are those
// descriptions: read with the shipped model, each would find its own
// description in it, and the trees would learn to trust the task features
// far more than a user's question deserves. So a question of that set is
// read with a model fitted without it (cross-fitting): the descriptions
// fall in taskFolds folds by a hash of their stems, and a question gets
// the model fitted on the folds its stems do not hash to, which left out
// every description worded as it is, from whichever collection. The dev
// and style sets' questions are in the model too (taskdata.LoadQuestions),
// and are read the same way, folded by the question as written; the other
// sets (held-out, shared) are in no task data, and the shipped model reads
// them.
var (
	taskData      = flag.String("taskdata", "../shared/tasks", "the task collections the task model is fitted on, for the models that read -taskset's questions")
	taskSet       = flag.String("taskset", "tldr-train.tsv", "the question set whose questions are descriptions of the task data, by file name: read with models fitted without them (\"\" to read it with the shipped model)")
	taskQuestions = flag.String("taskquestions", taskdata.QuestionSets, "the question sets the task model learns from (as make taskmodel fits it): read with models fitted without each question's fold")
	taskFolds     = 5
)

// taskKey is what a description and a question are folded by: their
// stems, so that one description in two collections, or with other
// punctuation, falls in one fold.
func taskKey(text string) uint32 {
	return crc32.ChecksumIEEE([]byte(strings.Join(tasks.Tokens(text), " "))) % uint32(taskFolds)
}

// taskPairs are -taskdata's pairs, loaded once for the task and option
// models' folds.
var taskPairs = sync.OnceValue(func() []taskdata.Pair {
	pairs, err := taskdata.Load(*taskData)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rankeval: -taskdata:", err)
		os.Exit(1)
	}
	return pairs
})

// fitPerFold fits, for each fold k, a model of what (in errors) on
// docs(k) with p, the folds at once.
func fitPerFold(what string, p tasks.Params, docs func(k uint32) []tasks.Doc) []*tasks.Model {
	out := make([]*tasks.Model, taskFolds)
	var wg sync.WaitGroup
	for k := range taskFolds {
		wg.Go(func() {
			m, err := tasks.Fit(docs(uint32(k)), p)
			if err != nil {
				fmt.Fprintf(os.Stderr, "rankeval: fitting %s: %v\n", what, err)
				os.Exit(1)
			}
			out[k] = m
		})
	}
	wg.Wait()
	return out
}

// foldModels are the task model fitted without the descriptions of each
// fold.
var foldModels = sync.OnceValue(func() []*tasks.Model {
	docs, from := taskdata.DocPairs(append(slices.Clip(taskPairs()), learnedQuestions()...), tasks.DefaultSummaries)
	return fitPerFold("a task model", tasks.DefaultParams, func(k uint32) []tasks.Doc {
		var train []tasks.Doc
		for i, d := range docs {
			if pairFold(from[i]) != k {
				train = append(train, d)
			}
		}
		return train
	})
})

// foldModel is the task model fitted without the descriptions of fold f.
func foldModel(f uint32) *tasks.Model { return foldModels()[f] }

// optModels are the option model fitted without the questions of each
// fold: the option model learns the questions' lines
// (taskdata.LoadQuestions) as the task model learns the questions.
var optModels = sync.OnceValue(func() []*tasks.Model {
	return fitPerFold("an option model", tasks.OptionParams, func(k uint32) []tasks.Doc {
		train := slices.Clip(taskPairs())
		for _, q := range learnedQuestions() {
			if pairFold(q) != k {
				train = append(train, q)
			}
		}
		return taskdata.OptionDocs(train)
	})
})

// composerFor is the composer that reads rw: cp, or for a question of
// -taskquestions, cp with the option model that never saw it.
func composerFor(cp *compose.Composer, rw row) *compose.Composer {
	if !learnedSet(rw.set) {
		return cp
	}
	c := *cp
	c.Options = optModels()[taskKey(rw.q)]
	return &c
}

// pairFold is the fold a description falls in: a question's, by the
// question as written, as its row is read.
func pairFold(p taskdata.Pair) uint32 { return taskKey(cmp.Or(p.Asked, p.Desc)) }

// folded says whether rw is read with the fold models: it is a question
// of -taskset or -taskquestions.
func folded(rw row) bool { return *taskSet != "" && rw.set == *taskSet || learnedSet(rw.set) }

// retFor is the retriever that reads rw: ret, or for a question of
// -taskset, ret with the task model that never saw it (when ret reads
// questions with one at all).
func retFor(ret *rank.Retriever, rw row) *rank.Retriever {
	if ret.Tasks() == nil || !folded(rw) {
		return ret
	}
	return ret.WithTasks(foldModel(taskKey(rw.q)))
}

// learnedSet says whether a question set (by file name) is one of
// -taskquestions.
func learnedSet(set string) bool {
	for _, g := range strings.Split(*taskQuestions, ",") {
		if ok, _ := filepath.Match(filepath.Base(strings.TrimSpace(g)), set); ok && g != "" {
			return true
		}
	}
	return false
}

// far is -far: questions the task model may know in other words are left
// out, to measure tasks no dev question asks.
var far = flag.Float64("far", 0, "read only the answerable questions (of sets the task model did not learn) whose content words overlap every -taskquestions question's by less than this (Jaccard of tasks.Tokens; 0: all)")

// learnedQuestions are -taskquestions' questions, read once for the fold
// models and -far.
var learnedQuestions = sync.OnceValue(func() []taskdata.Pair {
	qs, err := taskdata.LoadQuestions(*taskQuestions)
	if err != nil {
		fmt.Fprintln(os.Stderr, "rankeval: -taskquestions:", err)
		os.Exit(1)
	}
	return qs
})

// learnedWords are the content words of each learned question.
var learnedWords = sync.OnceValue(func() []map[string]bool {
	var out []map[string]bool
	for _, p := range learnedQuestions() {
		out = append(out, wordSet(p.Asked))
	}
	return out
})

// nearLearned is the largest overlap (Jaccard) of q's content words with a
// question the task model learned.
func nearLearned(q string) float64 {
	w := wordSet(q)
	best := 0.0
	for _, l := range learnedWords() {
		both := 0
		for k := range w {
			if l[k] {
				both++
			}
		}
		if u := len(w) + len(l) - both; u > 0 {
			best = max(best, float64(both)/float64(u))
		}
	}
	return best
}

func wordSet(q string) map[string]bool {
	m := map[string]bool{}
	for _, t := range tasks.Tokens(q) {
		m[t] = true
	}
	return m
}
