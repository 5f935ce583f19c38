package proto

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxFrame bounds one frame on the wire, without its newline, in both
// directions, so a confused or hostile peer cannot make the other side
// buffer without limit. Answers and progress are far smaller.
const MaxFrame = 16 << 20

// ErrFrameTooLarge is returned for a frame longer than MaxFrame.
var ErrFrameTooLarge = fmt.Errorf("frame larger than %d MiB", MaxFrame>>20)

// Encode marshals v as one frame, newline included.
func Encode(v any) ([]byte, error) {
	b, err := Marshal(v)
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFrame {
		return nil, ErrFrameTooLarge
	}
	// encoding/json escapes newlines inside strings, so the only newline is
	// the delimiter.
	return append(b, '\n'), nil
}

// Marshal is json.Marshal without escaping <, > and &: what crosses the
// wire is never embedded in HTML, and a client may print a result as it
// came (ragman --json).
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
}

// ReadFrame reads one newline-terminated frame and returns it without the
// newline. The slice may point into r's buffer: it is valid until the next
// read. A stream that ends inside a frame gives io.ErrUnexpectedEOF; one that
// ends between frames gives io.EOF.
func ReadFrame(r *bufio.Reader) ([]byte, error) {
	var long []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(long)+len(chunk) > MaxFrame+1 {
			return nil, ErrFrameTooLarge
		}
		switch {
		case err == nil && long == nil:
			return chunk[:len(chunk)-1], nil
		case err == nil:
			long = append(long, chunk...)
			return long[:len(long)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			long = append(long, chunk...)
		case errors.Is(err, io.EOF) && len(long)+len(chunk) > 0:
			return nil, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}
