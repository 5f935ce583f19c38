package main

import (
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"strings"
	"sync"

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
// every description worded as it is, from whichever collection. The other
// sets are not in the task data, and the shipped model reads them.
var (
	taskData  = flag.String("taskdata", "../shared/tasks", "the task collections the task model is fitted on, for the models that read -taskset's questions")
	taskSet   = flag.String("taskset", "tldr-train.tsv", "the question set whose questions are descriptions of the task data, by file name: read with models fitted without them (\"\" to read it with the shipped model)")
	taskFolds = 5
)

// taskKey is what a description and a question are folded by: their
// stems, so that one description in two collections, or with other
// punctuation, falls in one fold.
func taskKey(text string) uint32 {
	return crc32.ChecksumIEEE([]byte(strings.Join(tasks.Tokens(text), " "))) % uint32(taskFolds)
}

var (
	foldOnce   sync.Once
	foldModels []*tasks.Model
)

// foldModel is the task model fitted without the descriptions of fold f.
func foldModel(f uint32) *tasks.Model {
	foldOnce.Do(func() {
		pairs, err := taskdata.Load(*taskData)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rankeval: -taskdata:", err)
			os.Exit(1)
		}
		docs, from := taskdata.DocPairs(pairs, tasks.DefaultSummaries)
		foldModels = make([]*tasks.Model, taskFolds)
		var wg sync.WaitGroup
		for k := range taskFolds {
			wg.Go(func() {
				var train []tasks.Doc
				for i, d := range docs {
					if taskKey(from[i].Desc) != uint32(k) {
						train = append(train, d)
					}
				}
				m, err := tasks.Fit(train, tasks.DefaultParams)
				if err != nil {
					fmt.Fprintln(os.Stderr, "rankeval: fitting a task model:", err)
					os.Exit(1)
				}
				foldModels[k] = m
			})
		}
		wg.Wait()
	})
	return foldModels[f]
}

// retFor is the retriever that reads rw: ret, or for a question of
// -taskset, ret with the task model that never saw it (when ret reads
// questions with one at all).
func retFor(ret *rank.Retriever, rw row) *rank.Retriever {
	if *taskSet == "" || rw.set != *taskSet || ret.Tasks() == nil {
		return ret
	}
	return ret.WithTasks(foldModel(taskKey(rw.q)))
}
