package man

import (
	"os"
	"testing"
)

// BenchmarkReadTree reads every 10th page of the machine's man tree and
// reports pages per second.
func BenchmarkReadTree(b *testing.B) {
	root := fidelityRoot
	if _, err := os.Stat(root); err != nil {
		b.Skip("no man tree")
	}
	pages, _, err := Scan(root)
	if err != nil {
		b.Fatal(err)
	}
	var sample []Page
	for i := 0; i < len(pages); i += 10 {
		sample = append(sample, pages[i])
	}
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, p := range sample {
			if _, err := ReadPage(root, p); err != nil {
				b.Logf("%s: %v", p.Ref, err)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkScan lists the machine's man tree.
func BenchmarkScan(b *testing.B) {
	if _, err := os.Stat(fidelityRoot); err != nil {
		b.Skip("no man tree")
	}
	for b.Loop() {
		if _, _, err := Scan(fidelityRoot); err != nil {
			b.Fatal(err)
		}
	}
}
