package service

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ragman-dev/ragman/backend/proto"
)

// A request names no budget for its question: the question is still cut
// to the default context, with the warning, and what is echoed is what
// was answered. A tiny budget says it is the cause of no answer. A
// threshold outside 0..1 is refused.
func TestQueryBounds(t *testing.T) {
	s, _ := setup(t)
	reindex(t, s, nil, proto.ReindexParams{})
	var b strings.Builder
	b.WriteString("How do I change file permissions")
	for i := range 100_000 {
		fmt.Fprintf(&b, " w%d", i)
	}
	r := &answerRecorder{}
	if err := queryHeld(s, context.Background(), "cid", proto.QueryParams{Question: b.String(), Threshold: 0.35}, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(r.ans.Warnings, " "), fmt.Sprintf("context allows (%d tokens) and was truncated", proto.DefaultContextTokens)) ||
		len(strings.Fields(r.ans.Question)) > proto.DefaultContextTokens {
		t.Errorf("a 100,000-word question with no budget: warnings %q, %d words echoed", r.ans.Warnings, len(strings.Fields(r.ans.Question)))
	}

	r = &answerRecorder{}
	if err := queryHeld(s, context.Background(), "cid", proto.QueryParams{Question: "How do I change file permissions?", Threshold: 0.35, ContextTokens: 1}, r); err != nil {
		t.Fatal(err)
	}
	if !r.ans.NoAnswer || r.ans.Message == nil || !strings.Contains(*r.ans.Message, "context of 1 tokens") ||
		len(r.ans.Recommendations) == 0 || !strings.Contains(r.ans.Recommendations[0], "--context-tokens") {
		t.Errorf("--context-tokens 1: message %v, recommendations %q", r.ans.Message, r.ans.Recommendations)
	}

	for _, th := range []float64{math.NaN(), -0.1, 1.5} {
		err := queryHeld(s, context.Background(), "cid", proto.QueryParams{Question: "chmod", Threshold: th}, &answerRecorder{})
		if pe, ok := err.(*proto.Error); !ok || pe.Code != proto.CodeBadRequest {
			t.Errorf("threshold %v: %v", th, err)
		}
	}
}
