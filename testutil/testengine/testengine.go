// Package testengine answers questions, for tests, from the fixture index
// (testutil/testindex) with the engines ragman ships: the embedded
// retriever and the extractive composer.
package testengine

import (
	"context"
	"sync"
	"testing"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/testutil/testindex"
)

// Fixture is the engine over testindex.Fixture, made once.
var Fixture = sync.OnceValues(func() (*answer.Engine, error) {
	r, err := testindex.Fixture()
	if err != nil {
		return nil, err
	}
	lib := answer.NewLibrary(r)
	rt, err := rank.New(lib, analyse.Thesaurus, rank.DefaultWeights())
	if err != nil {
		return nil, err
	}
	return &answer.Engine{Retriever: rt, Composer: compose.New(), Library: lib,
		Names: proto.EngineNames{Retrieval: "embedded", Generation: "extractive"}}, nil
})

// Must is the Fixture engine, or the test fails.
func Must(t testing.TB) *answer.Engine {
	t.Helper()
	e, err := Fixture()
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Ask answers q from the Fixture engine.
func Ask(t testing.TB, q string, threshold float64) (*proto.Answer, *answer.Retrieval) {
	t.Helper()
	ans, ret, err := Must(t).Answer(context.Background(), q, threshold)
	if err != nil {
		t.Fatal(err)
	}
	return ans, ret
}
