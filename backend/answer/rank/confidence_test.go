package rank

import (
	"math"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/index"
)

// What the confidence model sees of the trees' scores: the first page's
// lead over the best other page (not the second: programsFirst may put a
// man page before the node that outranked it), over the third, and its
// softmax share of the pool, where a page above it counts as its equal
// in all three.
func TestConfInputs(t *testing.T) {
	q := &query{a: analyse.Analysis{Concepts: make([]analyse.Concept, 3)}, idf: []float64{1, 1, 2}, raw: []float64{1, 1, 2}, alts: [][]resolved{{{}}, {{}}, nil}, mass: 4}
	cands := []Candidate{
		{ID: 1, Tree: 2, Linear: 5, Meta: index.Meta{Type: "man", Section: "1", Title: "ls"}},
		{ID: 2, Tree: 2.5, Linear: 6, F: [NumFeatures]float64{FLex: 1}},
		{ID: 3, Tree: 1},
		{ID: 4, Tree: 0},
	}
	x := confInputs(cands, q)
	if x[CTree] != 2 || x[CTreeMargin] != 0 || x[CTreeThird] != 1.5 {
		t.Errorf("tree %v, margin %v, third %v; want 2, 0, 1.5 (page 2's 2.5 counts as the first's)", x[CTree], x[CTreeMargin], x[CTreeThird])
	}
	share := 1 / (1 + 1 + math.Exp(-1) + math.Exp(-2)) // page 2, above it, counts as its equal
	if math.Abs(x[CShare]-share) > 1e-9 {
		t.Errorf("share %v, want %v", x[CShare], share)
	}
	if x[CAgree] != 0 || x[CScore] != 6 || x[CMargin] != 1 {
		t.Errorf("agree %v, score %v, margin %v; want 0, 6, 1 (the weighted sum puts page 2 first)", x[CAgree], x[CScore], x[CMargin])
	}
	if x[CAbsent] != 0.5 || x[CProgram] != 1 || x[CConcepts] != math.Log(4) {
		t.Errorf("absent %v, program %v, concepts %v; want 0.5, 1, log 4", x[CAbsent], x[CProgram], x[CConcepts])
	}
	// page 2's lexical score beats the first's; the first has the best
	// word-vector match; the top ten's trees spread from 2.5 to 0
	if x[CLexBest] != 0 || x[CSenseBest] != 1 || x[CSpread] != 0 {
		t.Errorf("lex best %v, sense best %v, spread %v; want 0, 1, 0 (a lead of 0 over a spread of 2.5)", x[CLexBest], x[CSenseBest], x[CSpread])
	}
	if x[CSceneConcept]+x[CSceneFormat]+x[CSceneProgramming]+x[CSceneTroubleshoot] != 0 {
		t.Errorf("a how-to question sets a scene input")
	}
	fq := *q
	fq.a.Scene = analyse.SceneFormat
	if f := confInputs(cands, &fq); f[CSceneFormat] != 1 || f[CSceneConcept] != 0 {
		t.Errorf("a format question: scene inputs %v", f[CSceneConcept:CBias])
	}
	if x[CAsks] != 0 {
		t.Error("a question with no text is taken to be phrased as one")
	}
	for question, want := range map[string]bool{"How do I list open ports?": true, "list open ports": false, "what uses port 80": true, "Display the first 10 lines of a file": false, "my disk is full?": true} {
		if got := asks(question); got != want {
			t.Errorf("asks(%q) = %v, want %v", question, got, want)
		}
	}
	alone := confInputs(cands[:1], q)
	if alone[CTreeMargin] != treeMarginAlone || alone[CTreeThird] != treeMarginAlone || alone[CShare] != 1 {
		t.Errorf("a pool of one: margin %v, third %v, share %v", alone[CTreeMargin], alone[CTreeThird], alone[CShare])
	}
}
