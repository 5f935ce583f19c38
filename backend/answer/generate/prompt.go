package generate

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/compose"
	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/index"
)

// Schema is the JSON schema the model's reply is held to (ChatRequest's
// format): a summary and steps, each with the numbers of the passages
// that support it.
var Schema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "summary": {"type": "string"},
    "summary_citations": {"type": "array", "items": {"type": "integer"}},
    "steps": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "text": {"type": "string"},
          "citations": {"type": "array", "items": {"type": "integer"}}
        },
        "required": ["text", "citations"]
      }
    }
  },
  "required": ["summary", "summary_citations", "steps"]
}`)

// system is the system message: the rules the answer keeps.
const system = `You answer questions about Linux from the documentation passages the user gives, numbered [1], [2] and so on.
Rules:
- Use only what the passages say. If they do not answer the question, say so in the summary and give no steps.
- In summary_citations give the numbers of the passages that support the summary; in each step's citations, those that support the step. Cite only numbers of passages given.
- Write commands, options and file names exactly as the passages write them, in backticks.
- Do not write citation markers such as [1] in the text.
- Keep the summary to one or two sentences. Give at most five steps, one action each.
Reply with JSON only.`

// maxPassages is how many pages the prompt quotes: the first few hits
// hold the answer when any do, and each more page takes context from the
// others.
const maxPassages = 5

// Passage sizes, in words: a page gets at most maxPassageWords (an
// option's description and its neighbours, a synopsis, the NAME line),
// and one that cannot get minPassageWords is left out, as a NAME line
// alone rarely tells how.
const (
	maxPassageWords = 300
	minPassageWords = 40
)

// headerTokens is what a passage's "[n] label, section" line and the
// blank line before it cost, and framing the question around what the
// prompt's words count.
const (
	headerTokens  = 12
	framingTokens = 24
)

func tokens(text string) int { return answer.Tokens(len(strings.Fields(text))) }

// plan is how a context's tokens are spent: words of passages, and tokens
// left for the reply.
type plan struct {
	words, reply int
}

// planFor spends a context of budget tokens: a quarter for the reply
// (between 128 tokens, a summary and a step, and 512, five steps and to
// spare), then the rules, the question and the passages' headers, and
// the rest on the passages' text.
func planFor(budget int, question string) plan {
	reply := min(max(budget/4, 128), 512)
	fixed := tokens(system) + tokens(question) + framingTokens + maxPassages*headerTokens
	return plan{words: answer.Words(max(0, budget-reply-fixed)), reply: reply}
}

// passage is the part of a page the prompt quotes.
type passage struct {
	meta    index.Meta
	section string // what a citation of it names: where its body comes from
	text    string
}

// gather quotes the best pages among r's hits, the first first, in about
// words words in all.
func gather(r *answer.Retrieval, lib *answer.Library, words int) ([]passage, error) {
	var hits []answer.Hit
	seen := map[string]bool{}
	for _, h := range r.Hits {
		// the Citer numbers a page once: two passages of it would be
		// one reference cited as two
		key := h.Meta.Alias + "\x00" + h.Meta.Ref
		if !seen[key] && len(hits) < maxPassages {
			seen[key] = true
			hits = append(hits, h)
		}
	}
	share := min(maxPassageWords, max(minPassageWords, words/len(hits)))
	var out []passage
	left := words
	for i, h := range hits {
		if left < minPassageWords {
			break
		}
		doc, err := lib.Load(h.Doc)
		if err != nil {
			if i == 0 {
				return nil, err
			}
			continue // a lesser page: the others still answer
		}
		p := quote(r.Question, h.Meta, doc, min(share, left))
		left -= len(strings.Fields(p.text))
		out = append(out, p)
	}
	return out, nil
}

// quote is a page's passage in at most words words: its NAME line, the
// synopsis of a command, and the blocks that hold most of the question,
// in the page's order under their sections' titles. It cites the
// section of the block that holds most.
func quote(q *answer.Question, m index.Meta, d *document.Document, words int) passage {
	lines := []string{nameLine(m)}
	if answer.ProgramPage(m) {
		if syn := document.Synopsis(d); syn != "" {
			lines = append(lines, "Synopsis: "+syn)
		}
	}
	used := 0
	for _, l := range lines {
		used += len(strings.Fields(l))
	}
	section, body := bestBlocks(q, d, words-used)
	return passage{meta: m, section: section, text: clipWords(strings.Join(append(lines, body...), "\n"), words)}
}

// maxBlockWords is the most of one block a passage quotes: a long
// paragraph says its point early, and the next block may say the rest.
const maxBlockWords = 100

// nameLine is what a page's NAME line says: "chmod - change file mode
// bits".
func nameLine(m index.Meta) string {
	if s := strings.TrimSpace(m.Summary); s != "" {
		return m.Title + " - " + s
	}
	return m.Title
}

// bestBlocks picks the blocks of a page that hold most of the question
// (in the page's order when none holds any, as for a question of no
// concept the index knows) in about words words, and gives them as the
// prompt shows them, in the page's order, each section's under its title
// when they come from more than one. The section is that of the block
// that holds most; "NAME" when the page has no body.
func bestBlocks(q *answer.Question, d *document.Document, words int) (string, []string) {
	type scored struct {
		sec, blk int
		cov      float64
	}
	var all []scored
	for si := range d.Sections {
		s := &d.Sections[si]
		// the sections the extractive composer leaves aside too
		if compose.Aside(s) || strings.EqualFold(s.Title, "SYNOPSIS") {
			continue // the synopsis is quoted on its own line
		}
		for bi, b := range s.Blocks {
			c := 0.0
			if q != nil {
				c = q.Coverage(b.Term + " " + b.Text)
			}
			all = append(all, scored{si, bi, c})
		}
	}
	if len(all) == 0 {
		return "NAME", nil
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].cov > all[j].cov })
	section := d.Sections[all[0].sec].Title
	var chosen []scored
	texts := map[[2]int]string{}
	sections := map[int]bool{}
	for _, b := range all {
		if words <= 0 {
			break
		}
		text := clipWords(render(d.Sections[b.sec].Blocks[b.blk]), maxBlockWords)
		n := len(strings.Fields(text))
		if !sections[b.sec] {
			n += len(strings.Fields(d.Sections[b.sec].Title))
		}
		if n > words {
			if len(chosen) > 0 {
				// a lesser block, whole, says more than a better one
				// cut where the budget ends ("-R, --recursive: change
				// files and ...")
				continue
			}
			text = clipWords(text, words)
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		sections[b.sec] = true
		words -= n
		chosen = append(chosen, b)
		texts[[2]int{b.sec, b.blk}] = text
	}
	sort.Slice(chosen, func(i, j int) bool {
		return chosen[i].sec < chosen[j].sec || chosen[i].sec == chosen[j].sec && chosen[i].blk < chosen[j].blk
	})
	var out []string
	for i, b := range chosen {
		if len(sections) > 1 && (i == 0 || chosen[i-1].sec != b.sec) {
			out = append(out, d.Sections[b.sec].Title+":")
		}
		out = append(out, texts[[2]int{b.sec, b.blk}])
	}
	return section, out
}

// render is a block as the prompt quotes it: an option with its
// description on one line, so a small model keeps the two together.
func render(b document.Block) string {
	text := strings.TrimSpace(b.Text)
	if b.Kind == document.Item && b.Term != "" {
		return strings.TrimSpace(b.Term) + ": " + text
	}
	return text
}

// clipWords keeps the first n words of text, its line breaks with them,
// and marks a cut with "...".
func clipWords(text string, n int) string {
	var out []string
	left := n
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) <= left {
			out = append(out, line)
			left -= len(f)
			continue
		}
		if left > 0 {
			out = append(out, strings.Join(f[:left], " ")+" ...")
		} else if len(out) > 0 {
			out[len(out)-1] += " ..."
		}
		break
	}
	return strings.Join(out, "\n")
}

// label is how the prompt heads a passage: "[2] chmod(1), OPTIONS".
func label(i int, p passage) string {
	l := p.meta.Label
	if l == "" {
		l = p.meta.Title
	}
	return fmt.Sprintf("[%d] %s, %s", i+1, l, p.section)
}

// messages are the chat: the rules, then the numbered passages and the
// question.
func messages(ps []passage, question string) []api.Message {
	var b strings.Builder
	b.WriteString("Passages:\n")
	for i, p := range ps {
		b.WriteString("\n" + label(i, p) + "\n" + p.text + "\n")
	}
	fmt.Fprintf(&b, "\nQuestion: %s\n\nAnswer from passages [1] to [%d] only, citing them by number.", strings.TrimSpace(question), len(ps))
	return []api.Message{{Role: "system", Content: system}, {Role: "user", Content: b.String()}}
}
