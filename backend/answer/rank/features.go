package rank

import (
	"math"
	"strings"

	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/priors"
)

// Features of a candidate page. Each says one thing about how well the
// page answers the question; the trees (and the weighted sum confidence
// reads) are fitted on them. A feature is its constant here and its entry
// in features, which gives its name and the code that computes it: add
// one in both, refit (tools/rankeval), and a model fitted before is
// refused when it loads (see LoadTrees).
const (
	FLex           = iota // BM25F over all fields, normalised by the question's idf mass
	FLexName              // the same, names alone
	FLexSummary           // NAME description alone
	FLexHeads             // section titles and option terms alone
	FLexBody              // body alone
	FNameLine             // share of the question in the page's names and NAME line
	FNameLineExact        // the same, counting only the question's own words
	FNamePrecision        // share of the NAME line's words the question has: how focused the page is on it
	FBlock                // share of the question in one block, counting the NAME line
	FDense                // FBlock discounted by the length of that block
	FItem                 // share of the question in one option or list item, counting the NAME line
	FCode                 // share of the question in one code block (examples, synopsis)
	FNamed                // the question names the page with a word the corpus keeps for names
	FNamedCommon          // ... with a word the corpus also uses as an ordinary word
	FNamedVerb            // ... with the verb of a how-to question ("how do I find ...")
	FNamedRest            // naming times the share of the rest of the question in one block
	FSubcommand           // the page documents a subcommand of a command the question names: git-stash for "git"
	FPurpose              // share of the question in the NAME line and the first paragraphs of DESCRIPTION
	FSense                // cosine of the word vectors of the question and of the names and NAME line
	FSenseWord            // how close, by word vectors, each question word comes to a word of the names and NAME line
	FInfoSupport          // best FBlock of an info node that documents this man page
	FInfoNameLine         // best FNameLine (title, summary, menu line) of such a node
	FCommand              // a section 1/6/8 page of a command on PATH
	FMissing              // a section 1/6/8 page whose command is not on PATH
	FPriority             // Debian priority levels above optional
	FInlinks              // log(1 + packages whose pages refer to this one)
	FMentions             // log(1 + pages that use a command's name), for section 1/6/8 pages
	FUses                 // log(1 + packages whose examples run the command)
	FFamily               // log of the number of pages its package ships: one of thousands is seldom the answer
	FEchoed               // log(1 + pages among the question's best lexical matches that use the page's name)
	FTask                 // the task model's score of the page's command over its best command's (task.go)
	FTaskRank             // 1/(1+place) of the page's command among the task model's, 0 if not among them
	FTaskNear             // FTask, the model asked with the question's words' near synonyms too
	FTaskLead             // for the pages of the task model's first command, its lead over the second: (first - second) / first
	NumFeatures
)

// stage is when a feature can be computed.
type stage int

const (
	// stagePage: from the page alone, the same for every question.
	stagePage stage = iota
	// stageScan: from the postings scan and the names the question gives,
	// which the first stage has for every page it looks at.
	stageScan
	// stageMatch: from the page's blocks, NAME line and word vectors,
	// for the pool's pages only.
	stageMatch
	// stagePool: from the rest of the pool too.
	stagePool
)

// feature is one feature's name (for model files, tools and logs), when it
// is computed and how. value reads facts, which the passes that compute
// several features at once (the postings scan, cover, the word vectors)
// have filled.
type feature struct {
	name  string
	stage stage
	value func(x *facts) float64
}

var features = [NumFeatures]feature{
	FLex:           {"Lex", stageScan, func(x *facts) float64 { return x.total / x.q.mass }},
	FLexName:       {"LexName", stageScan, func(x *facts) float64 { return x.field[index.FieldName] / x.q.mass }},
	FLexSummary:    {"LexSummary", stageScan, func(x *facts) float64 { return x.field[index.FieldSummary] / x.q.mass }},
	FLexHeads:      {"LexHeads", stageScan, func(x *facts) float64 { return x.field[index.FieldHeads] / x.q.mass }},
	FLexBody:       {"LexBody", stageScan, func(x *facts) float64 { return x.field[index.FieldBody] / x.q.mass }},
	FNameLine:      {"NameLine", stageMatch, func(x *facts) float64 { return x.cov.nameLine }},
	FNameLineExact: {"NameLineExact", stageMatch, func(x *facts) float64 { return x.cov.nameLineExact }},
	FNamePrecision: {"NamePrecision", stageMatch, func(x *facts) float64 { return x.cov.namePrecision }},
	FBlock:         {"Block", stageMatch, func(x *facts) float64 { return x.cov.block }},
	FDense:         {"Dense", stageMatch, func(x *facts) float64 { return x.cov.dense }},
	FItem:          {"Item", stageMatch, func(x *facts) float64 { return x.cov.item }},
	FCode:          {"Code", stageMatch, func(x *facts) float64 { return x.cov.code }},
	FNamed: {"Named", stageScan, func(x *facts) float64 {
		if x.named && !x.nm.verb {
			return x.nm.sure
		}
		return 0
	}},
	FNamedCommon: {"NamedCommon", stageScan, func(x *facts) float64 {
		if x.named && !x.nm.verb {
			return 1 - x.nm.sure
		}
		return 0
	}},
	FNamedVerb: {"NamedVerb", stageScan, func(x *facts) float64 {
		if x.named && x.nm.verb {
			return 1
		}
		return 0
	}},
	FNamedRest: {"NamedRest", stageMatch, func(x *facts) float64 {
		if x.named {
			return rest(x.cov.covered, x.q, x.nm.concept)
		}
		return 0
	}},
	FSubcommand: {"Subcommand", stageMatch, func(x *facts) float64 {
		if len(x.q.commands) > 0 && x.prior.manual {
			return subcommand(strings.ToLower(x.title), x.q)
		}
		return 0
	}},
	FPurpose:   {"Purpose", stageMatch, func(x *facts) float64 { return x.cov.purpose }},
	FSense:     {"Sense", stageMatch, func(x *facts) float64 { return x.sense }},
	FSenseWord: {"SenseWord", stageMatch, func(x *facts) float64 { return x.senseWord }},
	FInfoSupport: {"InfoSupport", stagePool, func(x *facts) float64 {
		return x.pool.bestNode(x.rk.groups[x.id], FBlock)
	}},
	FInfoNameLine: {"InfoNameLine", stagePool, func(x *facts) float64 {
		return x.pool.bestNode(x.rk.groups[x.id], FNameLine)
	}},
	FCommand: {"Command", stagePage, func(x *facts) float64 {
		if x.prior.manual && x.prior.command {
			return 1
		}
		return 0
	}},
	FMissing: {"Missing", stagePage, func(x *facts) float64 {
		if x.prior.manual && !x.prior.command {
			return 1
		}
		return 0
	}},
	FPriority: {"Priority", stagePage, func(x *facts) float64 {
		if p := x.prior.priority; p > priors.PriorityOptional {
			return float64(p - priors.PriorityOptional)
		}
		return 0
	}},
	FInlinks:  {"Inlinks", stagePage, func(x *facts) float64 { return math.Log1p(float64(x.prior.inlinks)) }},
	FMentions: {"Mentions", stagePage, func(x *facts) float64 { return x.prior.mentions }},
	FUses:     {"Uses", stagePage, func(x *facts) float64 { return math.Log1p(float64(x.prior.uses)) }},
	FFamily:   {"Family", stagePage, func(x *facts) float64 { return x.prior.family }},
	FEchoed:   {"Echoed", stagePool, func(x *facts) float64 { return x.rk.echoed(x.id, x.pool.echoTop) }},
	FTask: {"Task", stageMatch, func(x *facts) float64 {
		if t, ok := x.q.task[x.id]; ok {
			return t.share
		}
		return 0
	}},
	FTaskRank: {"TaskRank", stageMatch, func(x *facts) float64 {
		if t, ok := x.q.task[x.id]; ok && t.rank >= 0 {
			return 1 / float64(1+t.rank)
		}
		return 0
	}},
	FTaskNear: {"TaskNear", stageMatch, func(x *facts) float64 { return x.q.task[x.id].near }},
	FTaskLead: {"TaskLead", stageMatch, func(x *facts) float64 { return x.q.task[x.id].lead }},
}

// FeatureNames name the features for tools and logs.
var FeatureNames = func() (n [NumFeatures]string) {
	for i, f := range features {
		n[i] = f.name
	}
	return n
}()

// facts are what one page's features are computed from.
type facts struct {
	rk    *ranker
	id    int
	prior *docPrior

	// stageScan
	q     *query
	total float64 // the page's BM25F over all fields
	field [index.NumFields]float64
	named bool // the question names the page
	nm    naming

	// stageMatch
	cov              coverage
	title            string // the page's
	sense, senseWord float64

	// stagePool
	pool *poolFacts
}

// measure sets the features of stage st in f.
func (x *facts) measure(st stage, f *[NumFeatures]float64) {
	for i := range features {
		if features[i].stage == st {
			f[i] = features[i].value(x)
		}
	}
}

// poolFacts are what the pool-stage features read of the whole pool.
type poolFacts struct {
	pool []Candidate
	byID map[int]int
	// echoTop are the question's best lexical matches among the manuals'
	// pages in the pool, by id.
	echoTop []int
}

// bestNode is the best value of feature f among the nodes in the pool.
func (p *poolFacts) bestNode(nodes []int, f int) float64 {
	best := 0.0
	for _, node := range nodes {
		if j, ok := p.byID[node]; ok {
			best = max(best, p.pool[j].F[f])
		}
	}
	return best
}

// Kinds of page, for the prior each scene gives them: manual sections,
// info nodes, and the rest.
const (
	Kind1 = iota
	Kind8
	Kind6
	Kind2
	Kind3
	Kind4
	Kind5
	Kind7
	KindInfo
	KindOther
	NumKinds
)

// KindNames name the kinds for tools.
var KindNames = [NumKinds]string{"1", "8", "6", "2", "3", "4", "5", "7", "info", "other"}

func kindOf(typ, section string) int {
	if typ == "info" {
		return KindInfo
	}
	// A ZIM article takes the prior of a section 1 page: the fitted prior
	// of KindOther comes from an index without articles, and lifts each
	// one 0.7 (how-to) to 2.7 (concept) above the man page of a command.
	if typ == "zim" {
		return Kind1
	}
	if typ == "man" && section != "" {
		for k, n := range KindNames[:KindInfo] {
			if section[:1] == n {
				return k
			}
		}
	}
	return KindOther
}
