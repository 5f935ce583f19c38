package proto

import (
	"strconv"
	"unicode/utf8"
)

// MaxCorrelationID is the longest correlation id a request may carry, in
// bytes. Ours are UUIDs (36).
const MaxCorrelationID = 256

// CheckCorrelationID refuses a correlation id longer than
// MaxCorrelationID or holding anything but printable characters (no
// space, control, format character or invalid UTF-8): the id is written
// into the backend's log and traces and repeated in replies. It refuses
// rather than replaces one: the id is there to match the client's log
// lines with the backend's, which a replaced id would silently break,
// and our clients always send a UUID, so only a broken or hostile client
// sends anything else and it should hear so. An empty id is no id.
func CheckCorrelationID(cid string) *Error {
	if len(cid) > MaxCorrelationID {
		return Errorf(CodeBadRequest, "correlation_id is %d bytes, at most %d", len(cid), MaxCorrelationID)
	}
	for i := 0; i < len(cid); {
		r, n := utf8.DecodeRuneInString(cid[i:])
		if r == ' ' || !strconv.IsPrint(r) || r == utf8.RuneError && n == 1 {
			return Errorf(CodeBadRequest, "correlation_id holds a space or a character that is not printable at byte %d", i)
		}
		i += n
	}
	return nil
}
