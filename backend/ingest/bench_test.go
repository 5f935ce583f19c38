package ingest

import (
	"context"
	"os"
	"testing"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/priors"
)

// BenchmarkBuildMachine builds the index of this machine's man and info
// pages in-process, without the backend around it: the part of make
// bench's full build that is ours to make faster. Profile it with
// -cpuprofile.
func BenchmarkBuildMachine(b *testing.B) {
	for _, dir := range []string{"/usr/share/man", "/usr/share/info"} {
		if _, err := os.Stat(dir); err != nil {
			b.Skipf("%s: %v", dir, err)
		}
	}
	cat := &catalog.Catalog{Sources: []catalog.Source{
		{Alias: "man-pages", Type: catalog.TypeMan, Location: "/usr/share/man", Language: "en", Status: catalog.StatusPending},
		{Alias: "info-pages", Type: catalog.TypeInfo, Location: "/usr/share/info", Language: "en", Status: catalog.StatusPending},
	}}
	m := priors.Load(os.Getenv("PATH"), "/var/lib/dpkg", "/usr/share/man/", "/usr/share/info/")
	for b.Loop() {
		dir := b.TempDir()
		if _, err := Build(context.Background(), dir, cat, Options{Machine: m}); err != nil {
			b.Fatal(err)
		}
	}
}
