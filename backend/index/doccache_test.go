package index

import (
	"testing"

	"github.com/ragman-dev/ragman/backend/document"
)

func TestDocCacheKeepsTheRecent(t *testing.T) {
	var c docCache
	docs := make([]*document.Document, docCacheSize+1)
	for i := range docs {
		docs[i] = &document.Document{Title: string(rune('a' + i))}
	}
	for i := range docCacheSize {
		c.put(i, docs[i])
	}
	if c.get(0) != docs[0] { // 0 is now the most recent
		t.Fatal("document 0 not kept")
	}
	c.put(docCacheSize, docs[docCacheSize])
	if c.get(1) != nil {
		t.Fatal("the least recent document was kept beyond the cache size")
	}
	for _, i := range []int{0, 2, docCacheSize} {
		if c.get(i) != docs[i] {
			t.Fatalf("document %d lost", i)
		}
	}
	if c.order.Len() != docCacheSize || len(c.byID) != docCacheSize {
		t.Fatalf("%d in the list, %d in the map, want %d", c.order.Len(), len(c.byID), docCacheSize)
	}
}
