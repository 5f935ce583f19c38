package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

var (
	weaviateURL  = flag.String("weaviate", "", "a Weaviate server (http://HOST:PORT) to measure retrieval.engine weaviate against the embedded engine; empty to skip")
	weaviateGRPC = flag.String("weaviate-grpc", "127.0.0.1:50051", "that server's gRPC address")
)

// weaviateBuildRatio is the bar of issue 37, part 4 (issue 21's was 3):
// a full reindex into Weaviate, which has the server write the new
// collection to disk and checks that it answers as it will, takes at
// most this many times the embedded build of the same run, on a server
// with the default settings.
const weaviateBuildRatio = 5.0

// weaviate times a full rebuild with retrieval.engine weaviate (the
// embedded build, then the server filled) against the embedded full build
// of this run, and warm questions answered through the server.
func (b *bench) weaviate() error {
	if *weaviateURL == "" {
		return nil
	}
	fmt.Printf("bench: retrieval.engine weaviate at %s: full build against the embedded one, warm queries ...\n", *weaviateURL)
	cfg := b.paths.ConfigFile
	old, err := os.ReadFile(cfg)
	if err != nil {
		return err
	}
	// extractive: an Ollama on the machine would add embeddings, another
	// figure
	conf := fmt.Sprintf("retrieval:\n  engine: weaviate\n  weaviate: {url: %q, grpc: %q}\ngeneration:\n  engine: extractive\n", *weaviateURL, *weaviateGRPC)
	if err := os.WriteFile(cfg, []byte(conf), 0o644); err != nil {
		return err
	}
	defer os.WriteFile(cfg, old, 0o644)
	r, err := b.cmd(30*time.Minute, b.o.ragadmin, "reindex", "--force")
	if err != nil {
		return err
	}
	if r.code != 0 {
		return fmt.Errorf("ragadmin reindex --force (weaviate): exit %d: %s", r.code, r.stderr)
	}
	ratio := r.wall.Seconds() / b.full.Seconds()
	fmt.Printf("  ragadmin reindex --force, weaviate: %v: %s\n", r.wall.Round(time.Millisecond), lastLine(r.stderr))
	b.rows = append(b.rows, row{figure: "full build into Weaviate", ours: fmtDur(r.wall), ref: "embedded " + fmtDur(b.full),
		ratio: fmt.Sprintf("%.2f", ratio), bar: fmt.Sprintf("<= %.1f x embedded", weaviateBuildRatio), result: passFail(ratio <= weaviateBuildRatio)})
	if _, err := b.ask(b.qs[0].text); err != nil {
		return err
	}
	var ours []time.Duration
	for range b.o.runs {
		for _, q := range b.qs {
			d, err := b.ask(q.text)
			if err != nil {
				return err
			}
			ours = append(ours, d)
		}
	}
	fmt.Printf("  ragman --json, weaviate: p50 %v, p95 %v (%d calls)\n", fmtDur(pct(ours, 50)), fmtDur(pct(ours, 95)), len(ours))
	b.rows = append(b.rows, row{figure: "warm query, Weaviate, p50 / p95", ours: fmtDur(pct(ours, 50)) + " / " + fmtDur(pct(ours, 95)),
		ref: "-", ratio: "-", bar: "reported", result: "-"})
	return nil
}
