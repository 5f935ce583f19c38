package index

// Fields a document's terms are counted in. Name and summary say what a
// page is about; heads and synopsis what it can do; body everything else.
const (
	FieldName     = iota // page name and the names it documents ("git-add", "git", "add")
	FieldSummary         // NAME description, info node's first sentence
	FieldHeads           // section titles and item terms (options, list tags)
	FieldSynopsis        // SYNOPSIS lines
	FieldBody            // all body text
	NumFields
)

// Document types, as stored.
const (
	typeMan uint8 = iota
	typeInfo
	typeZIM
	typeTLDR
)

// Guest says whether documents of type typ are the manuals' guests: an
// archive's articles and a tldr cache's pages. Where an index has
// manuals, the statistics of ranking are theirs (see Builder.framing),
// and a guest is ranked as one more page among them.
func Guest(typ string) bool { return guestType(typeCode(typ)) }

func guestType(c uint8) bool { return c == typeZIM || c == typeTLDR }

func typeCode(t string) uint8 {
	switch t {
	case "info":
		return typeInfo
	case "zim":
		return typeZIM
	case "tldr":
		return typeTLDR
	}
	return typeMan
}

func typeName(c uint8) string {
	switch c {
	case typeInfo:
		return "info"
	case typeZIM:
		return "zim"
	case typeTLDR:
		return "tldr"
	}
	return "man"
}

// Document flags.
const (
	flagCommand  uint8 = 1 << iota // documents a command found on PATH
	flagExamples                   // has an EXAMPLES section or code examples
)

// strRef locates a string in the strings section.
type strRef struct{ Off, Len uint32 }

// Strings kept per document.
const (
	strAlias = iota
	strRef_
	strLabel
	strTitle
	strSummary
	strNames // names joined by "\x00"
	strSection
	strURL
	strPackage
	numStr
)

// docRec is a document's fixed-size record.
type docRec struct {
	StoreOff uint64
	StoreLen uint32
	BlockOff uint32 // index of its first block
	BlockN   uint32
	Inlinks  uint32 // distinct packages whose pages refer to this one
	Uses     uint32 // distinct packages whose examples run this command
	Group    int32  // the man page an info node documents, or -1
	Lens     [NumFields]uint32
	Str      [numStr]strRef
	Sum      [32]byte // sha256 of the stored document, for chunk ids
	Type     uint8
	Priority uint8
	Flags    uint8
	_        [1]byte
}

// blockRec is one block of a document: where it is and which terms it has.
type blockRec struct {
	TermsOff uint32 // into "block.terms", varint deltas of sorted term ids
	NTerms   uint16
	Sec      uint16
	Blk      uint16
	Chunk    uint16
	Kind     uint8
	_        [3]byte
}
