package proto

// MethodExplain asks what each word of a command line does.
const MethodExplain = "explain"

// ExplainParams are MethodExplain's parameters.
type ExplainParams struct {
	CommandLine string `json:"command_line"`
	// Shell is the user's $SHELL, whose builtins the line's command
	// words may be: the backend's own is whoever started it
	Shell string `json:"shell,omitempty"`
}

// Explanation is MethodExplain's result: a command line's words, each
// with what documents it, cited like an answer's sentences.
type Explanation struct {
	CommandLine string        `json:"command_line"`
	Parts       []ExplainPart `json:"parts"`
	References  []Reference   `json:"references"`
	Warnings    []string      `json:"warnings"`
}

// Part kinds.
const (
	PartCommand     = "command"
	PartSubcommand  = "subcommand"
	PartOption      = "option"
	PartArgument    = "argument"
	PartOperator    = "operator"
	PartRedirection = "redirection"
	PartAssignment  = "assignment"
	PartUnknown     = "unknown"
)

// ExplainPart is one word of a command line, or one option of a word
// that combines several (-xzvf).
type ExplainPart struct {
	Text        string `json:"text"`
	Kind        string `json:"kind"`
	Page        string `json:"page,omitempty"`        // the label of the page that documents it: "tar(1)"
	Description string `json:"description,omitempty"` // ends with the marker of its reference
	Span        [2]int `json:"span"`                  // byte offsets in the command line
	// Mention: the page has no entry for the option, and the description
	// is the first sentence of its text that names it
	Mention bool `json:"mention,omitempty"`
}
