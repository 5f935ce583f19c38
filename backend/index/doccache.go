package index

import (
	"container/list"
	"sync"

	"github.com/ragman-dev/ragman/backend/document"
)

// docCacheSize is how many decoded documents a Reader keeps. Questions
// keep citing the same big pages (bash(1), find(1), the coreutils nodes),
// and decoding one of those costs more than ranking the whole pool.
const docCacheSize = 32

// docCache keeps the most recently loaded documents. They are shared:
// callers of Load must not change what it returns.
type docCache struct {
	mu    sync.Mutex
	order list.List // of *cached, most recent first
	byID  map[int]*list.Element
}

type cached struct {
	id  int
	doc *document.Document
}

func (c *docCache) get(id int) *document.Document {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byID[id]
	if !ok {
		return nil
	}
	c.order.MoveToFront(e)
	return e.Value.(*cached).doc
}

func (c *docCache) put(id int, doc *document.Document) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byID == nil {
		c.byID = map[int]*list.Element{}
	}
	if _, ok := c.byID[id]; ok {
		return
	}
	c.byID[id] = c.order.PushFront(&cached{id, doc})
	if c.order.Len() > docCacheSize {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byID, last.Value.(*cached).id)
	}
}
