// Package proto is the wire format between the CLIs and the backend:
// newline-delimited JSON frames over a Unix socket, one request per
// connection. The server first writes a hello frame, the client then writes
// one Request, and the server answers with zero or more progress frames and
// one result or error frame.
package proto

import (
	"encoding/json"
	"fmt"
)

// Version is the protocol version. A client refuses a backend that speaks
// another one.
const Version = 1

// Methods.
const (
	MethodQuery    = "query"
	MethodReindex  = "reindex"
	MethodShow     = "show"
	MethodStatus   = "status"
	MethodHealth   = "health"
	MethodShutdown = "shutdown"
)

// Frame types.
const (
	TypeHello    = "hello"
	TypeProgress = "progress"
	TypeResult   = "result"
	TypeError    = "error"
)

// Error codes: stable, for scripts and for the CLIs' exit codes.
const (
	CodeIndexStale    = "index_stale"
	CodeNoIndex       = "no_index"
	CodeBadRequest    = "bad_request"
	CodeSourceInvalid = "source_invalid"
	CodeDiskFull      = "disk_full"
	CodeBusy          = "busy"
	CodeStalled       = "stalled" // a build has run far longer than the last: waiting on it is pointless
	CodeNotFound      = "not_found"
	CodeInternal      = "internal"
	CodeForbidden     = "forbidden" // the backend refused the peer (another user)
	CodeConfigInvalid = "config_invalid"
	// CodeEngineUnavailable: config.yaml selects an engine this backend
	// cannot use.
	CodeEngineUnavailable = "engine_unavailable"
)

// Request is the one frame a client sends.
type Request struct {
	V             int             `json:"v"`
	Method        string          `json:"method"`
	CorrelationID string          `json:"correlation_id"`
	Params        json.RawMessage `json:"params,omitempty"`
}

// Frame is what the backend writes: hello, progress, result or error.
type Frame struct {
	Type          string          `json:"type"`
	V             int             `json:"v,omitempty"`
	CorrelationID string          `json:"correlation_id,omitempty"`
	Hello         *Hello          `json:"hello,omitempty"`
	Progress      *Progress       `json:"progress,omitempty"`
	Result        json.RawMessage `json:"result,omitempty"`
	Error         *Error          `json:"error,omitempty"`
}

// Hello is the server's handshake.
type Hello struct {
	Version string `json:"version"` // the backend's program version
	PID     int    `json:"pid"`
}

// Progress is a snapshot of a long job.
type Progress struct {
	Stage   string   `json:"stage"`
	Percent *float64 `json:"percent_complete,omitempty"`
	Done    int      `json:"documents_processed"`
	Total   int      `json:"documents_total,omitempty"`
	Source  string   `json:"source,omitempty"`
	Message string   `json:"message,omitempty"`
}

// Error is a failure the backend reports.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Hint    string `json:"hint,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// Errorf makes an Error with a code.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// QueryParams are the parameters of MethodQuery.
type QueryParams struct {
	Question       string  `json:"question"`
	ContextTokens  int     `json:"context_tokens,omitempty"`
	ConversationID string  `json:"conversation_id,omitempty"`
	Threshold      float64 `json:"threshold"`
}

// DefaultContextTokens is the context budget of a query that names none
// and the default of ragman's --context-tokens: the backend reads no
// longer a question (its work grows with the length, and a request of
// megabytes must not hold a core), and a composer that writes with a
// model plans its prompt for that context. One number, so that the
// flag, the backend and the composer agree.
const DefaultContextTokens = 4096

// MaxConversationID bounds QueryParams.ConversationID, in bytes: the
// backend keeps each id, and a shell's is a few dozen.
const MaxConversationID = 256

// ReindexParams are the parameters of MethodReindex.
type ReindexParams struct {
	Force   bool     `json:"force,omitempty"`
	Aliases []string `json:"aliases,omitempty"`
}

// ShowParams are the parameters of MethodShow.
type ShowParams struct {
	Alias string `json:"alias"`
	Ref   string `json:"ref"`
}

// IndexStatus describes the active index version.
type IndexStatus struct {
	Version   string `json:"version"`
	BuiltAt   string `json:"built_at"`
	Documents int    `json:"documents"`
	Chunks    int    `json:"chunks"`
}

// Meta is the envelope's status block.
type Meta struct {
	Status         string       `json:"status"`          // OK, FALLBACK, ERROR
	Source         string       `json:"source"`          // INDEX, LOCAL_FALLBACK, NONE
	FreshnessState string       `json:"freshness_state"` // FRESH, STALE, UNKNOWN
	Engine         *EngineNames `json:"engine"`          // nil when no engine answered
	IndexStatus    *IndexStatus `json:"index_status"`
	ErrorCode      *string      `json:"error_code"`
	Message        *string      `json:"message"`
}

// EngineNames say which engines answered: retrieval "embedded" or
// "weaviate", generation "extractive" or "ollama".
type EngineNames struct {
	Retrieval  string `json:"retrieval"`
	Generation string `json:"generation"`
}

// Reference is one numbered source of an answer.
type Reference struct {
	N            int      `json:"n"`
	Alias        string   `json:"alias"`
	Label        string   `json:"label"`
	DocumentRefs []string `json:"document_refs"`
	URL          *string  `json:"url"`
	Notes        *string  `json:"notes"`
}

// Citation ties a marker [n] to the passage it came from.
type Citation struct {
	N           int    `json:"n"`
	Alias       string `json:"alias"`
	DocumentRef string `json:"document_ref"`
	Section     string `json:"section"`
}

// Answer is what `ragman --json` prints: exactly this object.
type Answer struct {
	Meta            Meta        `json:"meta"`
	CorrelationID   string      `json:"correlation_id"`
	Question        string      `json:"question"`
	NoAnswer        bool        `json:"no_answer"`
	Confidence      float64     `json:"confidence"`
	Threshold       float64     `json:"threshold"`
	Summary         string      `json:"summary"`
	Steps           []string    `json:"steps"`
	References      []Reference `json:"references"`
	Citations       []Citation  `json:"citations"`
	Message         *string     `json:"message"`
	Recommendations []string    `json:"recommendations"`
	Warnings        []string    `json:"warnings"`
}

// LowConfidence is the fixed guidance of FR-002.
const LowConfidence = "Answer is below the confidence threshold. Please rephrase your query or refresh sources via ragadmin."
