package service

import (
	"fmt"
	"testing"
	"time"
)

func TestConversationTurns(t *testing.T) {
	var cs conversations
	now := time.Now()
	if q, note := cs.turn("a", "How do I change file permissions?", now); q != "How do I change file permissions?" || note != "" {
		t.Errorf("first question: %q, %q", q, note)
	}
	for _, tc := range []struct{ in, want string }{
		{"and recursively?", "How do I change file permissions recursively"},
		{"what about symbolic links?", "How do I change file permissions recursively symbolic links"},
	} {
		if q, note := cs.turn("a", tc.in, now); q != tc.want || note == "" {
			t.Errorf("%q: asked %q (%q), want %q", tc.in, q, note, tc.want)
		}
	}
	if q, note := cs.turn("a", "no, how do I change the owner?", now); q != "how do I change the owner?" || note == "" {
		t.Errorf("correction: %q, %q", q, note)
	}
	if q, _ := cs.turn("a", "How do I list files?", now); q != "How do I list files?" {
		t.Errorf("a question of its own was joined: %q", q)
	}
	if q, note := cs.turn("b", "and recursively?", now); q != "and recursively?" || note != "" {
		t.Errorf("another conversation: %q, %q", q, note)
	}
	// forgotten after conversationFor
	if q, _ := cs.turn("a", "and recursively?", now.Add(conversationFor+time.Second)); q != "and recursively?" {
		t.Errorf("an expired conversation was continued: %q", q)
	}
	// bounded
	for i := range maxConversations + 10 {
		cs.turn(fmt.Sprint("c", i), "How do I list files?", now.Add(conversationFor))
	}
	if n := len(cs.by); n > maxConversations {
		t.Errorf("%d conversations kept, at most %d", n, maxConversations)
	}
}
