package daemon

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ragman-dev/ragman/backend/proto"
)

// FuzzFrame feeds the frame decoder and the request parser what a client
// may send: never a panic, a frame never longer than MaxFrame or holding
// its newline, and a request that parses encodes to one that parses the
// same. The client's side decodes the same bytes as frames.
func FuzzFrame(f *testing.F) {
	for _, s := range []string{
		`{"v":1,"method":"query","correlation_id":"c1","params":{"question":"how do I list files"}}` + "\n",
		`{"v":1,"method":"reindex","params":{"force":true,"aliases":["man-pages"]}}` + "\n" + `{"v":1}` + "\n",
		`{"type":"hello","v":1,"hello":{"version":"1.0","pid":1}}` + "\n" + `{"type":"result","result":3}` + "\n",
		`{"v":2,"method":"x"}`, "\n\n\n", `{"v":1,"method":"query","params":"\u0000\u202e"}` + "\n", "not json\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		br := bufio.NewReaderSize(bytes.NewReader(data), 16)
		for {
			line, err := proto.ReadFrame(br)
			if err != nil {
				return
			}
			if len(line) > proto.MaxFrame || bytes.IndexByte(line, '\n') >= 0 {
				t.Fatalf("frame of %d bytes, newline at %d", len(line), bytes.IndexByte(line, '\n'))
			}
			var fr proto.Frame
			json.Unmarshal(line, &fr)
			req, perr := parseRequest(line)
			if perr != nil {
				continue
			}
			enc, err := proto.Encode(&req)
			if err != nil {
				continue // too large once escaped
			}
			again, perr := parseRequest(bytes.TrimSuffix(enc, []byte("\n")))
			if perr != nil || again.Method != req.Method || again.CorrelationID != req.CorrelationID || again.V != req.V {
				t.Fatalf("%q parsed as %+v, encoded as %q, parsed again as %+v (%v)", line, req, enc, again, perr)
			}
		}
	})
}
