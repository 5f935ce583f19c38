package testweaviate_test

import (
	"context"
	"testing"
	"time"

	"github.com/weaviate/weaviate-go-client/v4/weaviate"

	"github.com/ragman-dev/ragman/testutil/testweaviate"
)

// Two servers at once, as parallel test packages start them, each ready
// and of the version the tests are written against, through the official
// client the engine uses.
func TestStart(t *testing.T) {
	a, b := testweaviate.Start(t), testweaviate.Start(t)
	if a.Host == b.Host {
		t.Fatalf("both servers on %s", a.Host)
	}
	for _, s := range []*testweaviate.Server{a, b} {
		c, err := weaviate.NewClient(weaviate.Config{Host: s.Host, Scheme: "http", Timeout: 10 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		ready, err := c.Misc().ReadyChecker().Do(ctx)
		if err != nil || !ready {
			t.Fatalf("%s: ready %v, %v", s.Host, ready, err)
		}
		meta, err := c.Misc().MetaGetter().Do(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if meta.Version != testweaviate.Version {
			t.Errorf("%s: version %s, want %s", s.Host, meta.Version, testweaviate.Version)
		}
	}
}
