package generate_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/generate"
	"github.com/ragman-dev/ragman/backend/embed"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/testutil/testengine"
	"github.com/ragman-dev/ragman/testutil/testindex"
	"github.com/ragman-dev/ragman/testutil/testollama"
)

func TestMain(m *testing.M) { os.Exit(testindex.Main(m)) }

const question = "how do I change the permissions of a file recursively"

const model = "gemma3:1b"

// quoted is a passage as the model sees it in the prompt.
type quoted struct {
	label, section string
	lines          []string
}

var header = regexp.MustCompile(`^\[(\d+)\] (.*), ([^,]*)$`)

// quotes reads the numbered passages out of a chat's last message, as a
// model would.
func quotes(msgs []api.Message) map[int]quoted {
	out := map[int]quoted{}
	cur := 0
	for _, l := range strings.Split(msgs[len(msgs)-1].Content, "\n") {
		if m := header.FindStringSubmatch(l); m != nil {
			cur, _ = strconv.Atoi(m[1])
			out[cur] = quoted{label: m[2], section: m[3]}
			continue
		}
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "Question:") {
			cur = 0
			continue
		}
		if q, ok := out[cur]; ok {
			q.lines = append(q.lines, l)
			out[cur] = q
		}
	}
	return out
}

func reply(r generate.Reply) string {
	b, _ := json.Marshal(r)
	return string(b)
}

// engine answers with the fixture index's retriever and c.
func engine(t *testing.T, c answer.Composer) *answer.Engine {
	base := testengine.Must(t)
	return &answer.Engine{Retriever: base.Retriever, Composer: c, Library: base.Library,
		Names: proto.EngineNames{Retrieval: "embedded", Generation: "ollama"}}
}

func ask(t *testing.T, ctx context.Context, c answer.Composer) (*proto.Answer, *answer.Retrieval) {
	t.Helper()
	ans, ret, err := engine(t, c).Answer(ctx, question, 0)
	if err != nil {
		t.Fatal(err)
	}
	if ans.NoAnswer {
		t.Fatalf("no answer: %+v", ans)
	}
	return ans, ret
}

var markerRe = regexp.MustCompile(`\[(\d+)\]`)

// checkMarkers: every marker of the answer is one of its references.
func checkMarkers(t *testing.T, ans *proto.Answer) {
	t.Helper()
	refs := map[int]bool{}
	for _, r := range ans.References {
		refs[r.N] = true
	}
	for _, text := range append([]string{ans.Summary}, ans.Steps...) {
		for _, m := range markerRe.FindAllStringSubmatch(text, -1) {
			n, _ := strconv.Atoi(m[1])
			if !refs[n] {
				t.Errorf("%q cites [%d], which no reference has (%d references)", text, n, len(ans.References))
			}
		}
	}
}

func TestComposeWithModel(t *testing.T) {
	var summary, step string
	s := testollama.Start(t, testollama.Reply(func(msgs []api.Message) string {
		ps := quotes(msgs)
		if len(ps) < 2 {
			return "fewer than two passages"
		}
		// the summary cites the second passage, so it becomes reference 1
		summary = ps[2].lines[0] + "."
		for _, l := range ps[1].lines[1:] {
			if !strings.HasSuffix(l, "...") { // not a line the budget cut
				step = l
			}
		}
		return reply(generate.Reply{Summary: summary, SummaryCitations: []int{2}, Steps: []generate.ReplyStep{
			{Text: step, Citations: []int{1}},
			{Text: "Reformat the disk with mkfs to reset every permission", Citations: []int{9}},
		}})
	}))
	gen := &generate.Composer{Client: s.Client(), Model: model, Timeout: 10 * time.Second}
	ans, ret := ask(t, context.Background(), gen)

	if want := strings.TrimSuffix(summary, ".") + " [1]."; ans.Summary != want {
		t.Errorf("summary %q, want the model's %q", ans.Summary, want)
	}
	if len(ans.Steps) != 1 || ans.Steps[0] != step+" [2]" {
		t.Errorf("steps %q, want the model's %q cited [2] and the step citing passage 9 of %d dropped", ans.Steps, step, len(ans.References))
	}
	checkMarkers(t, ans)

	chats := s.Chats()
	if len(chats) != 1 {
		t.Fatalf("%d chats", len(chats))
	}
	c := chats[0]
	ps := quotes(c.Messages)
	if len(ans.References) != 2 || ans.References[0].Label != ps[2].label || ans.References[1].Label != ps[1].label {
		t.Errorf("references %+v, want passage 2 (%s) first, then passage 1 (%s)", ans.References, ps[2].label, ps[1].label)
	}
	if len(ans.Citations) != 2 || ans.Citations[0].Section != ps[2].section {
		t.Errorf("citations %+v, want passage 2's section %q first", ans.Citations, ps[2].section)
	}
	if c.Model != model || c.Stream == nil || *c.Stream || c.Messages[0].Role != "system" || !strings.Contains(c.Messages[1].Content, "Question: "+question) {
		t.Errorf("request %+v", c)
	}
	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	if err := json.Unmarshal(c.Format, &schema); err != nil || schema.Properties["summary_citations"] == nil || schema.Properties["steps"] == nil || !slices.Contains(schema.Required, "summary") {
		t.Errorf("format %s: %v", c.Format, err)
	}

	// what the composer wrote goes back to the caller, for meta: no
	// Generator, the engine's own (Engine.Names) wrote it
	if ret.Draft == nil || ret.Draft.Generator != "" || ret.Draft.Fallback != "" || ret.Draft.Grounding <= 0 {
		t.Errorf("draft %+v", ret.Draft)
	}
	if want := ret.Confidence * (0.5 + 0.5*ret.Draft.Grounding); math.Abs(ans.Confidence-want) > 1e-9 {
		t.Errorf("confidence %v, want %v from grounding %v", ans.Confidence, want, ret.Draft.Grounding)
	}
}

// A marker the model writes into its text is its citation too, replaced
// by the Citer's number; one of a passage it was not given is removed,
// and the text it stays in is flagged.
func TestInlineMarkers(t *testing.T) {
	var text string
	s := testollama.Start(t, testollama.Reply(func(msgs []api.Message) string {
		ps := quotes(msgs)
		text = ps[2].lines[0]
		return reply(generate.Reply{Summary: text + " [2][7].", Steps: []generate.ReplyStep{}})
	}))
	ans, _ := ask(t, context.Background(), &generate.Composer{Client: s.Client(), Model: model})
	if want := text + " [1]."; ans.Summary != want {
		t.Errorf("summary %q, want %q", ans.Summary, want)
	}
	if !slices.Contains(ans.Warnings, generate.PartlySupported) {
		t.Errorf("warnings %q: the model cited a passage it was not given", ans.Warnings)
	}
	checkMarkers(t, ans)
}

// Words the cited pages do not hold lower the grounding; below the
// threshold the answer says so and its confidence drops with it.
func TestGroundingWarning(t *testing.T) {
	for _, tc := range []struct {
		name     string
		summary  func(quoted) string
		grounded bool
	}{
		{"quoted", func(p quoted) string { return p.lines[0] }, true},
		{"invented", func(p quoted) string {
			name, _, _ := strings.Cut(p.lines[0], " ")
			return name + " reticulates splines across quantum widgets before frobnicating every zorblax daemon"
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testollama.Start(t, testollama.Reply(func(msgs []api.Message) string {
				return reply(generate.Reply{Summary: tc.summary(quotes(msgs)[1]), SummaryCitations: []int{1}})
			}))
			ans, ret := ask(t, context.Background(), &generate.Composer{Client: s.Client(), Model: model})
			g := ret.Draft.Grounding
			warned := slices.Contains(ans.Warnings, generate.PartlySupported)
			if tc.grounded && (g < generate.GroundingThreshold || warned) || !tc.grounded && (g >= generate.GroundingThreshold || !warned || g <= 0) {
				t.Errorf("grounding %v, warnings %q", g, ans.Warnings)
			}
			if want := ret.Confidence * (0.5 + 0.5*g); math.Abs(ans.Confidence-want) > 1e-9 {
				t.Errorf("confidence %v, want %v", ans.Confidence, want)
			}
		})
	}
}

func TestGrounding(t *testing.T) {
	pages := []string{"chmod - change file mode bits", "-R, --recursive: change files and directories recursively"}
	for text, want := range map[string]float64{
		"Use `chmod -R` to change the mode bits of files recursively.": 1,
		"Changes directories' modes.":                                  1, // stemmed alike
		"Change the colour of files":                                   2.0 / 3,
		"The":                                                          0,
	} {
		if got := generate.Grounding(text, pages...); math.Abs(got-want) > 1e-9 {
			t.Errorf("Grounding(%q) = %v, want %v", text, got, want)
		}
	}
}

// failure is a way generation fails, and what the error says.
type failure struct {
	name    string
	client  func(t *testing.T) *api.Client
	timeout time.Duration
	says    string
	is      error
}

func failures() []failure {
	server := func(opts ...testollama.Option) func(t *testing.T) *api.Client {
		return func(t *testing.T) *api.Client { return testollama.Start(t, opts...).Client() }
	}
	answerWith := func(r string) func(t *testing.T) *api.Client {
		return server(testollama.Reply(func([]api.Message) string { return r }))
	}
	return []failure{
		{name: "slow", client: server(testollama.Delay(5 * time.Second)), timeout: 100 * time.Millisecond, says: "did not answer within 100ms", is: context.DeadlineExceeded},
		{name: "malformed body", client: server(testollama.Malformed()), says: "unexpected end of JSON"},
		{name: "prose instead of JSON", client: answerWith("Sure! To change permissions, use chmod."), says: "not the JSON asked for"},
		{name: "missing model", client: server(testollama.Models("llama3:8b")), says: "ollama pull " + model, is: embed.ErrNoModel},
		{name: "refused", client: func(t *testing.T) *api.Client { return testollama.NewClient(testollama.RefusedURL(t)) }, says: "refused", is: embed.ErrUnreachable},
		{name: "cites no passage given", client: answerWith(`{"summary":"Use chmod.","summary_citations":[9],"steps":[{"text":"chmod -R","citations":[12]}]}`), says: "cites none of"},
		{name: "empty", client: answerWith(`{"summary":"","summary_citations":[],"steps":[]}`), says: "nothing the passages support"},
		{name: "unsupported summary", client: answerWith(`{"summary":"Reticulate zorblax splines.","summary_citations":[1],"steps":[]}`), says: "nothing the passages it cites say"},
	}
}

// With ollama chosen, a failure is the caller's error and nothing is
// cited.
func TestFailuresExplicit(t *testing.T) {
	ret, lib := retrieval(t)
	for _, f := range failures() {
		t.Run(f.name, func(t *testing.T) {
			gen := &generate.Composer{Client: f.client(t), Model: model, Timeout: f.timeout}
			var c answer.Citer
			start := time.Now()
			_, err := gen.Compose(context.Background(), ret, lib, &c)
			if err == nil || !strings.Contains(err.Error(), f.says) || f.is != nil && !errors.Is(err, f.is) {
				t.Errorf("error %v, want one saying %q", err, f.says)
			}
			if len(c.Refs()) != 0 {
				t.Errorf("a failed generation cited %+v", c.Refs())
			}
			if time.Since(start) > 3*time.Second {
				t.Errorf("took %v", time.Since(start))
			}
		})
	}
}

func retrieval(t *testing.T) (*answer.Retrieval, *answer.Library) {
	t.Helper()
	e := testengine.Must(t)
	ret, err := e.Retriever.Retrieve(context.Background(), question)
	if err != nil {
		t.Fatal(err)
	}
	return ret, e.Library
}

// The prompt fits the context the request allows, and Ollama is told to
// use that context.
func TestContextBudget(t *testing.T) {
	ret, lib := retrieval(t)
	estimate := func(msgs []api.Message) int {
		n := 0
		for _, m := range msgs {
			n += len(strings.Fields(m.Content))
		}
		return answer.Tokens(n)
	}
	var sizes []int
	for _, budget := range []int{0, 640, 2048} {
		s := testollama.Start(t)
		ctx := context.Background()
		if budget > 0 {
			ctx = answer.WithContextTokens(ctx, budget)
		}
		if _, err := (&generate.Composer{Client: s.Client(), Model: model}).Compose(ctx, ret, lib, &answer.Citer{}); err != nil {
			t.Fatalf("budget %d: %v", budget, err)
		}
		c := s.Chats()[0]
		want := budget
		if budget == 0 {
			want = proto.DefaultContextTokens
		}
		reply, _ := c.Options["num_predict"].(float64)
		if got, _ := c.Options["num_ctx"].(float64); int(got) != want {
			t.Errorf("budget %d: num_ctx %v", budget, c.Options["num_ctx"])
		}
		if p := estimate(c.Messages); p+int(reply) > want || reply <= 0 {
			t.Errorf("budget %d: prompt of about %d tokens and a reply of %v", want, p, reply)
		}
		sizes = append(sizes, estimate(c.Messages))
	}
	if !(sizes[1] < sizes[2] && sizes[2] < sizes[0]) {
		t.Errorf("prompt sizes %v for budgets %d (default), 640, 2048", sizes, proto.DefaultContextTokens)
	}
	s := testollama.Start(t)
	_, err := (&generate.Composer{Client: s.Client(), Model: model}).Compose(answer.WithContextTokens(context.Background(), 200), ret, lib, &answer.Citer{})
	if err == nil || !strings.Contains(err.Error(), "no room") || len(s.Chats()) != 0 {
		t.Errorf("a context too small for any page: %v", err)
	}
}
