package proto

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestReadFrame(t *testing.T) {
	long := strings.Repeat("y", 10000)
	br := bufio.NewReaderSize(strings.NewReader("a\n"+long+"\n\nlast"), 16)
	for _, want := range []string{"a", long, ""} {
		got, err := ReadFrame(br)
		if err != nil || string(got) != want {
			t.Fatalf("ReadFrame = %.20q (%d bytes), %v; want %.20q", got, len(got), err, want)
		}
	}
	if _, err := ReadFrame(br); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("unterminated frame: %v", err)
	}
	if _, err := ReadFrame(br); !errors.Is(err, io.EOF) {
		t.Errorf("at the end: %v", err)
	}
}

func TestReadFrameLimit(t *testing.T) {
	exact := strings.Repeat("x", MaxFrame)
	br := bufio.NewReader(strings.NewReader(exact + "\n" + exact + "x\n"))
	if got, err := ReadFrame(br); err != nil || len(got) != MaxFrame {
		t.Fatalf("frame of MaxFrame bytes: %d, %v", len(got), err)
	}
	if _, err := ReadFrame(br); !errors.Is(err, ErrFrameTooLarge) {
		t.Fatalf("frame of MaxFrame+1 bytes: %v", err)
	}
}

func TestEncode(t *testing.T) {
	b, err := Encode(&Request{V: Version, Method: MethodQuery, Params: []byte(`{"question":"a\nb"}`)})
	if err != nil || strings.Count(string(b), "\n") != 1 || !strings.HasSuffix(string(b), "}\n") {
		t.Errorf("Encode = %q, %v", b, err)
	}
	if _, err := Encode(strings.Repeat("x", MaxFrame)); !errors.Is(err, ErrFrameTooLarge) {
		t.Errorf("oversize Encode: %v", err)
	}
}
