// Package trace keeps a record of every question the backend answers:
// what was asked and how it was read, the pages ranked with their scores,
// what the answer kept, how sure it was, which engines wrote it and how
// long it took. ragadmin traces lists them and ragman --why explains the
// last. The file is bounded: past MaxBytes it becomes FILE.1, replacing
// the one before.
package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/ragman-dev/ragman/internal/safefile"
)

// MaxBytes is the size at which the trace file is rotated: some thousand
// questions.
const MaxBytes = 2 << 20

// Trace is one question.
type Trace struct {
	Time          time.Time   `json:"time"`
	CorrelationID string      `json:"correlation_id"`
	Question      string      `json:"question"`
	Asked         string      `json:"asked"` // as answered: cut to the budget, joined to a follow-up
	Scene         string      `json:"scene"`
	Concepts      []Concept   `json:"concepts"`
	Arguments     []Argument  `json:"arguments,omitempty"`
	Framing       []string    `json:"framing,omitempty"`
	Candidates    []Candidate `json:"candidates"`
	References    []string    `json:"references"`
	Confidence    float64     `json:"confidence"`
	Threshold     float64     `json:"threshold"`
	Scope         float64     `json:"scope"`
	NoAnswer      bool        `json:"no_answer"`
	Status        string      `json:"status"`
	Retrieval     string      `json:"retrieval"`
	Generation    string      `json:"generation"`
	LatencyMS     float64     `json:"latency_ms"`
}

// Concept is a content word of the question and what else it was
// searched as.
type Concept struct {
	Word         string   `json:"word"`
	Weight       float64  `json:"weight"`
	Alternatives []string `json:"alternatives,omitempty"`
}

// Argument is a value the question gives (a file, a folder, a size),
// read apart from its task.
type Argument struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// Candidate is a page the ranking kept, with its score.
type Candidate struct {
	Label string  `json:"label"`
	Score float64 `json:"score"`
	// Headings are where in the page the question is, for the first
	// pages: the sections whose best block holds most of it.
	Headings []Heading `json:"headings,omitempty"`
}

// Heading is a section of a page and the share of the question its best
// block holds, 0..1.
type Heading struct {
	Title string  `json:"title"`
	Share float64 `json:"share"`
}

var mu sync.Mutex // one writer at a time in this process

// Append adds t to the file at path, rotating it first when it is full.
func Append(path string, t Trace) error {
	line, err := json.Marshal(t)
	if err != nil {
		return err
	}
	mu.Lock()
	defer mu.Unlock()
	if fi, err := os.Stat(path); err == nil && fi.Size()+int64(len(line)) > MaxBytes {
		if err := os.Rename(path, path+".1"); err != nil {
			return err
		}
	}
	// A link planted at path (to /etc/passwd, for a backend run as root)
	// fails the open rather than taking the line.
	f, err := safefile.OpenPrivate(path, os.O_RDWR|os.O_APPEND)
	if err != nil {
		return err
	}
	// a line cut short (a crash, a full disk) must not swallow this one
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, fi.Size()-1); err == nil && last[0] != '\n' {
			line = append([]byte{'\n'}, line...)
		}
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Last returns the last n traces, oldest first. Lines that cannot be
// read (a file cut short) are passed over.
func Last(path string, n int) ([]Trace, error) {
	var out []Trace
	for _, p := range []string{path + ".1", path} {
		data, err := safefile.ReadFile(p, 2*MaxBytes)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 64<<10), MaxBytes)
		for sc.Scan() {
			var t Trace
			if json.Unmarshal(sc.Bytes(), &t) == nil {
				out = append(out, t)
			}
		}
	}
	if len(out) > n {
		out = out[len(out)-n:]
	}
	return out, nil
}
