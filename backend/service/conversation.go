package service

import (
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ragman-dev/ragman/backend/answer/analyse"
	"github.com/ragman-dev/ragman/backend/proto"
)

// Conversations keep, per conversation id (ragman --conversation, one per
// shell session for ?), the last question it asked, so that a follow-up
// ("and recursively?") is read in its context. They are few, small and
// short-lived: bounded in number, forgotten after conversationFor.
type conversations struct {
	mu sync.Mutex
	by map[string]*conversation
}

type conversation struct {
	question string // as answered: a follow-up's is the question it completed
	at       time.Time
}

const (
	conversationFor  = 30 * time.Minute
	maxConversations = 1000
	// maxRemembered bounds the question a conversation keeps, in bytes:
	// a follow-up reads the end of a question, and a megabyte question
	// kept by each of maxConversations would be a gigabyte
	maxRemembered = 4096
)

// checkConversationID refuses an id longer than proto.MaxConversationID:
// the backend keeps up to maxConversations ids, and a client that skips
// ragman's own check could send megabytes each.
func checkConversationID(id string) error {
	if len(id) > proto.MaxConversationID {
		return proto.Errorf(proto.CodeBadRequest, "the conversation id is %d bytes, more than the %d allowed", len(id), proto.MaxConversationID)
	}
	return nil
}

// turn reads question in conversation id, after its last question
// (analyse.InConversation), and records what is answered as the
// conversation's last question.
func (cs *conversations) turn(id, question string, now time.Time) (asked, note string) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.by == nil {
		cs.by = map[string]*conversation{}
	}
	for k, c := range cs.by {
		if now.Sub(c.at) > conversationFor {
			delete(cs.by, k)
		}
	}
	asked = question
	prev := cs.by[id]
	if prev != nil {
		asked, note = analyse.InConversation(prev.question, question)
	}
	if prev == nil && len(cs.by) >= maxConversations {
		// the oldest goes
		var oldest string
		for k, c := range cs.by {
			if oldest == "" || c.at.Before(cs.by[oldest].at) {
				oldest = k
			}
		}
		delete(cs.by, oldest)
	}
	cs.by[id] = &conversation{question: remembered(asked), at: now}
	return asked, note
}

// remembered is what a conversation keeps of question: all of it, or its
// first maxRemembered bytes cut at a space, copied so that the request's
// question is not kept with it.
func remembered(question string) string {
	if len(question) <= maxRemembered {
		return question
	}
	cut := strings.LastIndexByte(question[:maxRemembered+1], ' ')
	if cut <= 0 {
		cut = maxRemembered
		for cut > 0 && !utf8.RuneStart(question[cut]) {
			cut--
		}
	}
	return strings.Clone(question[:cut])
}
