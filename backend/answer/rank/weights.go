package rank

import (
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/tasks"
	"github.com/ragman-dev/ragman/backend/boost"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/wordvec"
)

// Weights are the knobs of the ranking, what tools/rankeval tunes. They
// are set once, when a Retriever is made.
type Weights struct {
	K1    float64
	Field [index.NumFields]float64
	B     [index.NumFields]float64
	// W weighs the features in the final score.
	W [NumFeatures]float64
	// Kind is each scene's prior for each kind of page.
	Kind [analyse.NumScenes][NumKinds]float64
	// DenseLen is the block length, in distinct terms, at which FDense
	// halves a block's coverage, roughly.
	DenseLen float64
	// Topicality maps the share of a word's pages that have it in their
	// NAME line to its weight in the question: Floor at Low and below, 1
	// at High and above, log-linear between.
	Topicality struct{ Low, High, Floor float64 }
	Pool       int // candidates scored with every feature
	NameAdmit  int // more candidates for how much of the question their NAME line holds
	SenseAdmit int // more candidates for how close their NAME line is by word vectors
	// Trees, when set, give the model that scores the pool instead of W
	// and Kind; a model that does not fit the features is an error.
	Trees func() (*boost.Model, error)
	// Vectors, when set, give the word vectors of FSense and FSenseWord.
	Vectors func() *wordvec.Table
	// Tasks, when set, gives the task model (what command people use for
	// what): the pages of its best commands for a question join the pool
	// (see task.go), and FTask and FTaskRank say what it makes of each.
	Tasks func() (*tasks.Model, error)
	// Conf is the confidence model: logistic regression weights of the
	// confidence inputs.
	Conf [NumConf]float64
	// Scope is the model of whether the index answers the question at
	// all, on the same inputs: answerable against out-of-scope
	// questions, its bias set so that the threshold keeps nearly every
	// answerable one.
	Scope [NumConf]float64
}

// DefaultWeights are the weights ragman ships with.
func DefaultWeights() Weights { return defaultWeights }

var defaultWeights = Weights{
	K1:         1.2,
	Field:      [index.NumFields]float64{index.FieldName: 5, index.FieldSummary: 4, index.FieldHeads: 1.5, index.FieldSynopsis: 1, index.FieldBody: 1},
	B:          [index.NumFields]float64{index.FieldName: 0.2, index.FieldSummary: 0.4, index.FieldHeads: 0.6, index.FieldSynopsis: 0.5, index.FieldBody: 0.75},
	W:          fittedW,
	Kind:       fittedKind,
	DenseLen:   20,
	Topicality: struct{ Low, High, Floor float64 }{Low: 0.003, High: 0.05, Floor: 0.25},
	Pool:       100,
	NameAdmit:  20,
	SenseAdmit: 10,
	Trees:      Trees,
	Vectors:    wordvec.Default,
	Tasks:      tasks.Default,
	Conf:       fittedConf,
	Scope:      fittedScope,
}

// firstStage weighs what the first stage knows. It is set by hand and
// stays put when the final weights are refitted: the fit is made on the
// pools it selects, so a pool that moved with the fit would make the
// fitted weights wrong for it.
var firstStage = Weights{
	W: [NumFeatures]float64{FLex: 1, FNamed: 0.35, FNamedCommon: 0.2, FNamedVerb: 0.1, FCommand: 0.1, FMissing: -0.25, FPriority: 0.03, FInlinks: 0.03},
	Kind: [analyse.NumScenes][NumKinds]float64{
		analyse.SceneHowTo:        {Kind1: 0.1, Kind8: 0.08, Kind6: -0.2, Kind2: -0.15, Kind3: -0.2, Kind4: -0.1, Kind5: -0.05, Kind7: -0.05, KindInfo: -0.05},
		analyse.SceneConcept:      {Kind1: 0.05, Kind8: 0.03, Kind6: -0.2, Kind2: -0.05, Kind3: -0.1, Kind7: 0.12, Kind5: 0.05, KindInfo: -0.05},
		analyse.SceneFormat:       {Kind5: 0.25, Kind7: 0.05, Kind2: -0.1, Kind3: -0.15, KindInfo: -0.05},
		analyse.SceneProgramming:  {Kind2: 0.15, Kind3: 0.15, Kind7: 0.05, Kind1: -0.05, KindInfo: -0.05},
		analyse.SceneTroubleshoot: {Kind1: 0.08, Kind8: 0.08, Kind6: -0.2, Kind2: -0.1, Kind3: -0.15, Kind5: 0.03, Kind7: 0.03, KindInfo: -0.05},
	},
}

// FirstStageKinds are the hand-set kind priors of the first stage, for
// tools that fit the final ones from a neutral start.
func FirstStageKinds() [analyse.NumScenes][NumKinds]float64 { return firstStage.Kind }

// Score is the weighted sum of a candidate's features and the prior of
// its kind of page in the scene.
func (w *Weights) Score(f *[NumFeatures]float64, scene analyse.Scene, kind int) float64 {
	s := w.Kind[scene][kind]
	for i, x := range f {
		s += w.W[i] * x
	}
	return s
}

// Fitted says what the shipped weights were fitted on.
func Fitted() (ranking, confidence, scope string) {
	return fittedRanking, fittedConfidence, fittedScopeNote
}
