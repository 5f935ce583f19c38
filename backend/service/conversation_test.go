package service

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ragman-dev/ragman/backend/proto"
)

// TestConversationTurns: a conversation reads each question after the
// one it answered last (what analyse.InConversation makes of them is
// tested there), per id, until it is forgotten, and keeps few.
func TestConversationTurns(t *testing.T) {
	var cs conversations
	now := time.Now()
	if q, note := cs.turn("a", "How do I change file permissions?", now); q != "How do I change file permissions?" || note != "" {
		t.Errorf("first question: %q, %q", q, note)
	}
	// a follow-up's is the question it completed
	for _, tc := range []struct{ in, want string }{
		{"and recursively?", "How do I change file permissions recursively"},
		{"what about symbolic links?", "How do I change file permissions recursively symbolic links"},
	} {
		if q, note := cs.turn("a", tc.in, now); q != tc.want || note == "" {
			t.Errorf("%q: asked %q (%q), want %q", tc.in, q, note, tc.want)
		}
	}
	// a correction's is the question it asks
	cs.turn("a", "no, how do I change the owner?", now)
	if q, _ := cs.turn("a", "and recursively?", now); q != "how do I change the owner recursively" {
		t.Errorf("follow-up of a correction: %q", q)
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

// TestConversationIDBound: an id longer than proto.MaxConversationID is
// a bad request, before anything is kept: a client that skips ragman's
// own check sent 100 ids of 8 MB and took the backend from 249 MB to
// 1.57 GB.
func TestConversationIDBound(t *testing.T) {
	s, _ := setup(t)
	reindex(t, s, nil, proto.ReindexParams{})
	for _, tc := range []struct {
		id   string
		code string
	}{
		{strings.Repeat("c", proto.MaxConversationID), ""},
		{strings.Repeat("c", proto.MaxConversationID+1), proto.CodeBadRequest},
		{strings.Repeat("c", 8<<20), proto.CodeBadRequest},
	} {
		params, _ := json.Marshal(proto.QueryParams{Question: "How do I change file permissions?", ConversationID: tc.id, Threshold: 0.35})
		r := &answerRecorder{}
		s.Handle(context.Background(), &proto.Request{Method: proto.MethodQuery, CorrelationID: "cid", Params: params}, r)
		switch {
		case tc.code == "" && r.err != nil:
			t.Errorf("an id of %d bytes: %v", len(tc.id), r.err)
		case tc.code != "" && (r.err == nil || r.err.Code != tc.code || !strings.Contains(r.err.Message, "conversation id")):
			t.Errorf("an id of %d bytes: %+v, want %s", len(tc.id), r.err, tc.code)
		}
	}
	if n := len(s.convs.by); n != 1 {
		t.Errorf("%d conversations kept, want the one of the id allowed", n)
	}
}

// TestConversationRemembersBounded: a conversation keeps at most
// maxRemembered bytes of its question, cut at a space, as its own copy;
// a follow-up still joins it.
func TestConversationRemembersBounded(t *testing.T) {
	var cs conversations
	now := time.Now()
	long := "How do I change file permissions " + strings.Repeat("again ", 200_000)
	cs.turn("a", long, now)
	kept := cs.by["a"].question
	if len(kept) > maxRemembered || !strings.HasPrefix(long, kept) || strings.HasSuffix(kept, " ") || strings.HasSuffix(kept, "agai") {
		t.Errorf("kept %d bytes, ending %q", len(kept), kept[max(0, len(kept)-12):])
	}
	if q, note := cs.turn("a", "and recursively?", now); !strings.HasSuffix(q, "again recursively") || len(q) > maxRemembered+20 || note == "" {
		t.Errorf("follow-up of a long question: %d bytes, ending %q", len(q), q[max(0, len(q)-20):])
	}
	if got := remembered(strings.Repeat("é", 3000)); len(got) > maxRemembered || !strings.HasPrefix(strings.Repeat("é", 3000), got) || len(got)%2 != 0 {
		t.Errorf("a question without spaces kept as %d bytes", len(got))
	}
}
