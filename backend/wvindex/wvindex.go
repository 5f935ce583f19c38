// Package wvindex keeps ragman's index in a Weaviate server, through the
// official client: one Document collection per build (FR-013), objects
// with ids derived from their source, and an alias that a finished build
// switches in one request, so that a question never reads a half-built
// collection and a killed build leaves the old one serving.
package wvindex

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-openapi/strfmt"
	"github.com/google/uuid"
	"github.com/weaviate/weaviate-go-client/v4/weaviate"
	"github.com/weaviate/weaviate-go-client/v4/weaviate/fault"
	"github.com/weaviate/weaviate-go-client/v4/weaviate/filters"
	"github.com/weaviate/weaviate-go-client/v4/weaviate/graphql"
	"github.com/weaviate/weaviate-go-client/v4/weaviate/grpc"
	"github.com/weaviate/weaviate/entities/models"
)

// Alias is the name questions read; a build's collection is Alias_VERSION.
const Alias = "Document"

// ErrNoIndex says no build has been activated yet.
var ErrNoIndex = errors.New("the Weaviate server holds no ragman index: run ragadmin reindex")

// idSpace makes object ids: the same alias, page and chunk give the same
// id in every build, so a rebuild replaces what it indexed before.
var idSpace = uuid.MustParse("6f1d3c2a-7a43-4c54-9a8e-2f4f6b1f0d11")

// Chunk is one object of the Document collection; its JSON is the
// object's properties.
type Chunk struct {
	Alias    string `json:"source_alias"`
	Type     string `json:"source_type"` // man, info, zim
	Language string `json:"language"`
	Ref      string `json:"document_ref"`
	Label    string `json:"label"`
	Section  string `json:"section"`
	Text     string `json:"text"`
	Sum      string `json:"-"`        // the document's sha256, hex: in the id, not a property
	N        int    `json:"chunk_id"` // the chunk's number within its document
}

// properties are the collection's properties, Chunk's JSON fields.
// One property is searched, text, which holds the chunk's label twice
// (as label^2 weighed it when label, section and text were searched
// apart), its section's title and its text (see searchText). Weaviate
// 1.35 ranks several searched properties by the best chunks of each
// property in each of its on-disk segments, so the answers to a question
// changed as the server merged segments minutes after a fill; a single
// property's best chunks are the same however the segments lie.
func properties() []*models.Property {
	no := false
	kw := func(n string) *models.Property { // filtered on, never searched
		return &models.Property{Name: n, DataType: []string{"text"}, Tokenization: "field", IndexSearchable: &no}
	}
	stored := func(n string) *models.Property { // neither searched nor filtered on: no index to build
		return &models.Property{Name: n, DataType: []string{"text"}, Tokenization: "word", IndexFilterable: &no, IndexSearchable: &no}
	}
	// Searched, never filtered on: without a filterable index the
	// server builds half the postings, and a full import of this
	// machine's pages took 30 s instead of 38.
	text := func(n string) *models.Property {
		return &models.Property{Name: n, DataType: []string{"text"}, Tokenization: "word", IndexFilterable: &no}
	}
	return []*models.Property{
		kw("source_alias"), kw("source_type"), kw("language"), kw("document_ref"),
		stored("label"), stored("section"), text("text"), {Name: "chunk_id", DataType: []string{"int"}, IndexFilterable: &no},
	}
}

// props are the chunk's properties as the gRPC batch takes them, a map;
// a search reads them back through Chunk's JSON tags, text aside.
func (c Chunk) props() map[string]any {
	return map[string]any{"source_alias": c.Alias, "source_type": c.Type, "language": c.Language, "document_ref": c.Ref,
		"label": c.Label, "section": c.Section, "text": c.searchText(), "chunk_id": c.N}
}

// searchText is what the text property holds, the words a search
// matches: the label twice, the section's title and the chunk's text.
func (c Chunk) searchText() string {
	return c.Label + "\n" + c.Label + "\n" + c.Section + "\n" + c.Text
}

// ID is the chunk's object id, derived from "<alias>:<sha256>:<n>".
func (c Chunk) ID() string {
	return uuid.NewSHA1(idSpace, fmt.Appendf(nil, "%s:%s:%d", c.Alias, c.Sum, c.N)).String()
}

// Store is a Weaviate server holding ragman's index.
type Store struct {
	c    *weaviate.Client
	host string
	http *http.Client

	mu       sync.Mutex
	active   string // see activeClass
	tenant   string // the active collection's tenant, "" in one without
	activeAt time.Time

	// ReadyWithin bounds how long Activate waits for a build's
	// collection to answer as it will (see Build.ready).
	ReadyWithin time.Duration
}

// readyWithin is Store.ReadyWithin's default: a server with the default
// settings writes its buffers to disk within a minute of a fill.
const readyWithin = 3 * time.Minute

// Open connects to the server at host ("127.0.0.1:8080", scheme http),
// importing through its gRPC port at grpcHost ("127.0.0.1:50051") when
// that is set, which is faster than REST; it sends nothing until asked.
func Open(host, grpcHost string, timeout time.Duration) (*Store, error) {
	cfg := weaviate.Config{Host: host, Scheme: "http", Timeout: timeout}
	if grpcHost != "" {
		cfg.GrpcConfig = &grpc.Config{Host: grpcHost}
	}
	c, err := weaviate.NewClient(cfg)
	if err != nil {
		return nil, err
	}
	return &Store{c: c, host: host, http: &http.Client{Timeout: timeout}, ReadyWithin: readyWithin}, nil
}

// Version is the server's version, once it says it is ready.
func (s *Store) Version(ctx context.Context) (string, error) {
	ready, err := s.c.Misc().ReadyChecker().Do(ctx)
	if err != nil {
		return "", err
	}
	if !ready {
		return "", errors.New("weaviate is not ready")
	}
	m, err := s.c.Misc().MetaGetter().Do(ctx)
	if err != nil {
		return "", err
	}
	return m.Version, nil
}

// Build is a collection being filled; questions do not see it until
// Activate.
type Build struct {
	s     *Store
	class string
	embed Embedder

	// Waiting, when set, is told why Activate still waits, each time
	// the reason changes.
	Waiting func(reason string)

	testOnlyNoFlush bool // Activate leaves the writing to the server's timer (export_test.go)

	sent atomic.Int64 // objects the server accepted
	mu   sync.Mutex
	last []Chunk // the last batch it accepted, which the ready check searches
}

// Embedder gives each text its vector (an Ollama embedding model's).
type Embedder func(ctx context.Context, texts []string) ([][]float32, error)

// Class is the collection of index version with the vectors of model
// ("": none), whose name may hold only letters, digits and underscores.
// Vectors of another model, or none, make another collection, which a
// reindex fills when the embedder changes.
func Class(version, model string) string {
	name := Alias + "_" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, version)
	if model != "" {
		name += fmt.Sprintf("_v%x", sha256.Sum256([]byte(model)))[:10]
	}
	return name
}

// Tenant is the one tenant of a build's collection, which holds all of
// its objects. A collection is multi-tenant only so that Activate can
// have the server write it to disk at once (see Build.flush);
// collections of earlier ragman versions have no tenant, and are
// searched without one.
const Tenant = "ragman"

// Begin creates the collection of index version. With embed, every
// object gets its text's vector, and searches may be hybrid; without,
// the collection has no vector index to build.
func (s *Store) Begin(ctx context.Context, version, model string, embed Embedder) (*Build, error) {
	class := Class(version, model)
	c := &models.Class{Class: class, Vectorizer: "none", Properties: properties(),
		MultiTenancyConfig: &models.MultiTenancyConfig{Enabled: true}}
	if embed == nil {
		c.VectorIndexConfig = map[string]any{"skip": true}
	}
	if err := s.c.Schema().ClassCreator().WithClass(c).Do(ctx); err != nil {
		return nil, fmt.Errorf("creating collection %s: %w", class, err)
	}
	// a collection left without its tenant is removed by the next fill,
	// as one of a killed build is
	if err := s.c.Schema().TenantsCreator().WithClassName(class).WithTenants(models.Tenant{Name: Tenant}).Do(ctx); err != nil {
		return nil, fmt.Errorf("creating tenant %s of %s: %w", Tenant, class, err)
	}
	return &Build{s: s, class: class, embed: embed}, nil
}

// retries and backoff of a batch the server failed as a whole
const (
	tries   = 4
	backoff = 500 * time.Millisecond
)

// batchSize is how many objects one batch request carries.
const batchSize = 1000

// Add imports chunks in batches, retrying a failed batch with backoff; an
// object the server refuses fails the build.
func (b *Build) Add(ctx context.Context, chunks []Chunk) error {
	for len(chunks) > batchSize {
		if err := b.add(ctx, chunks[:batchSize]); err != nil {
			return err
		}
		chunks = chunks[batchSize:]
	}
	return b.add(ctx, chunks)
}

func (b *Build) add(ctx context.Context, chunks []Chunk) error {
	objs := make([]*models.Object, len(chunks))
	for i, c := range chunks {
		objs[i] = &models.Object{Class: b.class, Tenant: Tenant, ID: strfmt.UUID(c.ID()), Properties: c.props()}
	}
	if b.embed != nil {
		texts := make([]string, len(chunks))
		for i, c := range chunks {
			texts[i] = c.Label + "\n" + c.Text
		}
		vs, err := b.embed(ctx, texts)
		if err == nil && len(vs) != len(texts) {
			err = fmt.Errorf("%d vectors for %d texts", len(vs), len(texts))
		}
		if err != nil {
			return fmt.Errorf("embedding %d chunks: %w", len(texts), err)
		}
		for i := range objs {
			objs[i].Vector = vs[i]
		}
	}
	var err error
	wait := backoff
	for try := range tries {
		if try > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
			wait *= 2
		}
		var res []models.ObjectsGetResponse
		res, err = b.s.c.Batch().ObjectsBatcher().WithObjects(objs...).Do(ctx)
		if err != nil {
			continue
		}
		for _, r := range res {
			if r.Result != nil && r.Result.Errors != nil && len(r.Result.Errors.Error) > 0 {
				return fmt.Errorf("weaviate refused object %s: %s", r.ID, r.Result.Errors.Error[0].Message)
			}
		}
		b.sent.Add(int64(len(chunks)))
		b.mu.Lock()
		b.last = chunks
		b.mu.Unlock()
		return nil
	}
	return fmt.Errorf("importing %d objects: %w", len(chunks), err)
}

// Activate has the server write the build's collection to disk (see
// flush), waits until it answers as it will (see ready), then points the
// alias at it in one request and removes the collections of earlier
// builds. A collection that is not ready within the store's ReadyWithin
// is an error wrapping ErrNotReady, and the alias is left as it was.
func (b *Build) Activate(ctx context.Context) error {
	if !b.testOnlyNoFlush {
		if err := b.flush(ctx); err != nil {
			return err
		}
	}
	if err := b.ready(ctx); err != nil {
		return err
	}
	old, err := b.s.Active(ctx)
	if err != nil {
		return err
	}
	if old == "" {
		err = b.s.rest(ctx, http.MethodPost, "/v1/aliases", map[string]string{"alias": Alias, "class": b.class})
	} else {
		err = b.s.rest(ctx, http.MethodPut, "/v1/aliases/"+Alias, map[string]string{"class": b.class})
	}
	if err != nil {
		return fmt.Errorf("switching %s to %s: %w", Alias, b.class, err)
	}
	b.s.remember(b.class, Tenant)
	_, err = b.s.removeOld(ctx, b.class)
	return err
}

// Abort removes the build's collection.
func (b *Build) Abort(ctx context.Context) error {
	return b.s.c.Schema().ClassDeleter().WithClassName(b.class).Do(ctx)
}

// activeFor is how long a search trusts the collection it last found
// active: a question then costs one request, and a build that another
// process activates is seen within it (one this process activates, at
// once).
const activeFor = 5 * time.Second

// activeClass is Active and its tenant (see tenantOf), remembered for
// activeFor; the tenant is asked again only when the class changes.
func (s *Store) activeClass(ctx context.Context) (class, tenant string, err error) {
	s.mu.Lock()
	was, tenant, at := s.active, s.tenant, s.activeAt
	s.mu.Unlock()
	if was != "" && time.Since(at) < activeFor {
		return was, tenant, nil
	}
	class, err = s.Active(ctx)
	if err != nil || class == "" {
		return class, "", err
	}
	if class != was {
		if tenant, err = s.tenantOf(ctx, class); err != nil {
			return "", "", err
		}
	}
	s.remember(class, tenant)
	return class, tenant, nil
}

func (s *Store) remember(class, tenant string) {
	s.mu.Lock()
	s.active, s.tenant, s.activeAt = class, tenant, time.Now()
	s.mu.Unlock()
}

// tenantOf is the tenant that holds class's objects: Tenant, or "" in
// a collection an earlier ragman filled without tenants.
func (s *Store) tenantOf(ctx context.Context, class string) (string, error) {
	c, err := s.c.Schema().ClassGetter().WithClassName(class).Do(ctx)
	if err != nil {
		return "", fmt.Errorf("reading collection %s: %w", class, err)
	}
	if c.MultiTenancyConfig != nil && c.MultiTenancyConfig.Enabled {
		return Tenant, nil
	}
	return "", nil
}

// Active is the collection the alias points at, "" before the first
// build.
func (s *Store) Active(ctx context.Context) (string, error) {
	var out struct {
		Aliases []struct{ Alias, Class string }
	}
	if err := s.restInto(ctx, http.MethodGet, "/v1/aliases", nil, &out); err != nil {
		return "", err
	}
	for _, a := range out.Aliases {
		if a.Alias == Alias {
			return a.Class, nil
		}
	}
	return "", nil
}

// RemoveInactive removes the collections of builds that were never
// activated, and returns their names.
func (s *Store) RemoveInactive(ctx context.Context) ([]string, error) {
	active, err := s.Active(ctx)
	if err != nil {
		return nil, err
	}
	return s.removeOld(ctx, active)
}

// removeOld removes every build's collection but keep's, those of builds
// killed midway included.
func (s *Store) removeOld(ctx context.Context, keep string) ([]string, error) {
	sch, err := s.c.Schema().Getter().Do(ctx)
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, c := range sch.Classes {
		if strings.HasPrefix(c.Class, Alias+"_") && c.Class != keep {
			if err := s.c.Schema().ClassDeleter().WithClassName(c.Class).Do(ctx); err != nil {
				return removed, fmt.Errorf("removing %s: %w", c.Class, err)
			}
			removed = append(removed, c.Class)
		}
	}
	return removed, nil
}

// Count is how many objects the active collection holds, asked afresh:
// the collection a search last found active may have been replaced.
func (s *Store) Count(ctx context.Context) (int, error) {
	class, err := s.Active(ctx)
	if err != nil {
		return 0, err
	}
	if class == "" {
		return 0, ErrNoIndex
	}
	tenant, err := s.tenantOf(ctx, class)
	if err != nil {
		return 0, err
	}
	return s.countOf(ctx, class, tenant)
}

// countOf is how many objects class holds in tenant ("": none), those in
// the server's write buffers too.
func (s *Store) countOf(ctx context.Context, class, tenant string) (int, error) {
	q := s.c.GraphQL().Aggregate().WithClassName(class).
		WithFields(graphql.Field{Name: "meta", Fields: []graphql.Field{{Name: "count"}}})
	if tenant != "" {
		q = q.WithTenant(tenant)
	}
	r, err := q.Do(ctx)
	if err != nil {
		return 0, err
	}
	if len(r.Errors) > 0 {
		return 0, errors.New(r.Errors[0].Message)
	}
	var out struct {
		Aggregate map[string][]struct{ Meta struct{ Count int } }
	}
	if err := remarshal(r.Data, &out); err != nil {
		return 0, err
	}
	rows := out.Aggregate[class]
	if len(rows) == 0 {
		return 0, nil
	}
	return rows[0].Meta.Count, nil
}

// searched are the properties a search matches words in: one, see
// properties.
var searched = []string{"text"}

// Filter narrows a search; empty fields do not filter.
type Filter struct {
	Alias, Type, Language string
}

// Hit is a chunk a search found, with its BM25 score.
type Hit struct {
	Chunk
	Score float64
}

// Search finds the chunks whose words best match query, by BM25 over
// their label, section and text, best first, in the same order on every
// run (see settle): at most limit, fewer when chunks that tie at the
// limit go on past what the server returned. Their Text is left out: a
// chunk's text is up to 2000 tokens, and what a question needs is which
// pages hold the best chunks.
func (s *Store) Search(ctx context.Context, query string, f Filter, limit int) ([]Hit, error) {
	return s.search(ctx, query, nil, 0, f, limit)
}

// Hybrid is Search fused with the nearest chunks to vector, the question's
// embedding, in the share alpha (0: BM25 alone, 1: vectors alone), in a
// collection filled with an Embedder.
func (s *Store) Hybrid(ctx context.Context, query string, vector []float32, alpha float64, f Filter, limit int) ([]Hit, error) {
	return s.search(ctx, query, vector, alpha, f, limit)
}

func (s *Store) search(ctx context.Context, query string, vector []float32, alpha float64, f Filter, limit int) ([]Hit, error) {
	// Filters are checked against a class's schema, which an alias does
	// not have here: the query names the class the alias points at.
	class, tenant, err := s.activeClass(ctx)
	if err != nil {
		return nil, err
	}
	if class == "" {
		return nil, ErrNoIndex
	}
	var ws []*filters.WhereBuilder
	for _, kv := range [][2]string{{"source_alias", f.Alias}, {"source_type", f.Type}, {"language", f.Language}} {
		if kv[1] != "" {
			ws = append(ws, filters.Where().WithPath([]string{kv[0]}).WithOperator(filters.Equal).WithValueText(kv[1]))
		}
	}
	var where *filters.WhereBuilder
	switch len(ws) {
	case 0:
	case 1:
		where = ws[0]
	default:
		where = filters.Where().WithOperator(filters.And).WithOperands(ws)
	}
	asked := limit + spare(limit)
	hits, err := s.query(ctx, class, tenant, query, vector, alpha, where, asked)
	if err != nil {
		return nil, err
	}
	return settle(hits, limit, asked), nil
}

// spare is how many hits beyond limit a search asks for. Weaviate 1.35's
// BM25 (block-max WAND) passes over a few of the best chunks when it
// holds its limit of others, and which ones depends on how its segments
// lie: asking for limit more kept the best 300 chunks of every shared
// question the same while the server merged the segments of a fresh
// collection (a tenth more changed one chunk of them in 18 of 65
// questions), for about 80 ms more a search. The spare also tells
// whether the chunks that tie at the limit are complete (see settle).
func spare(limit int) int { return max(10, limit) }

// scoreDigits is how many significant digits of a score order the hits:
// the server's float32 scores move in the seventh digit when it merges
// its segments (the average length it divides by is rounded), which
// turned near ties around as a collection settled.
const scoreDigits = 5

// rounded is score to scoreDigits significant digits.
func rounded(score float64) float64 {
	if score == 0 || math.IsNaN(score) || math.IsInf(score, 0) {
		return score
	}
	p := math.Pow(10, scoreDigits-1-math.Floor(math.Log10(math.Abs(score))))
	return math.Round(score*p) / p
}

// settle orders hits, the best asked of a search, the same way on every
// run: by score to scoreDigits digits, best first, and equal scores by
// source, page and chunk (the server orders ties as they come out of a
// map). It keeps limit of them; when the chunks that tie at the limit may
// go on past the hits the server returned, it keeps none of those, since
// which of them the server returned is chance.
func settle(hits []Hit, limit, asked int) []Hit {
	for i := range hits {
		hits[i].Score = rounded(hits[i].Score)
	}
	slices.SortStableFunc(hits, func(a, b Hit) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Alias, b.Alias); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Ref, b.Ref); c != 0 {
			return c
		}
		return cmp.Compare(a.N, b.N)
	})
	if len(hits) <= limit {
		return hits
	}
	edge := hits[limit-1].Score
	if hits[limit].Score == edge && len(hits) >= asked && hits[len(hits)-1].Score == edge {
		for limit > 0 && hits[limit-1].Score == edge {
			limit--
		}
	}
	return hits[:limit]
}

// query asks the server for the best limit chunks of class's tenant ("":
// none) that match query (and vector, when set) and where, in the order
// it ranks them.
func (s *Store) query(ctx context.Context, class, tenant, query string, vector []float32, alpha float64, where *filters.WhereBuilder, limit int) ([]Hit, error) {
	var fields []graphql.Field
	for _, p := range properties() {
		if p.Name != "text" {
			fields = append(fields, graphql.Field{Name: p.Name})
		}
	}
	fields = append(fields, graphql.Field{Name: "_additional", Fields: []graphql.Field{{Name: "score"}}})
	q := s.c.GraphQL().Get().WithClassName(class).WithFields(fields...).WithLimit(limit)
	if vector != nil {
		q = q.WithHybrid(s.c.GraphQL().HybridArgumentBuilder().WithQuery(query).WithVector(vector).
			WithAlpha(float32(alpha)).WithProperties(searched))
	} else {
		q = q.WithBM25(s.c.GraphQL().Bm25ArgBuilder().WithQuery(query).WithProperties(searched...))
	}
	if where != nil {
		q = q.WithWhere(where)
	}
	if tenant != "" {
		q = q.WithTenant(tenant)
	}
	r, err := q.Do(ctx)
	if err != nil {
		return nil, err
	}
	if len(r.Errors) > 0 {
		return nil, errors.New(r.Errors[0].Message)
	}
	var out struct {
		Get map[string][]struct {
			Chunk
			Additional struct {
				Score string
			} `json:"_additional"`
		}
	}
	if err := remarshal(r.Data, &out); err != nil {
		return nil, err
	}
	var hits []Hit
	for _, o := range out.Get[class] {
		var sc float64
		fmt.Sscan(o.Additional.Score, &sc)
		hits = append(hits, Hit{Chunk: o.Chunk, Score: sc})
	}
	return hits, nil
}

// remarshal decodes a GraphQL answer's data into out.
func remarshal(data any, out any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

// rest and restInto call the REST endpoints the client has no builder
// for (aliases, new in Weaviate 1.32).
func (s *Store) rest(ctx context.Context, method, path string, body any) error {
	return s.restInto(ctx, method, path, body, nil)
}

func (s *Store) restInto(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, "http://"+s.host+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, strings.TrimSpace(string(b)))
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// Explain is err as a user reads it: the client wraps what went wrong
// in "status code: -1, error: check the DerivedFromError field ...", and
// an HTTP error in the method and URL, which the message names already.
func Explain(err error) string {
	for {
		var ce *fault.WeaviateClientError
		var ue *url.Error
		switch {
		case errors.As(err, &ce) && ce.DerivedFromError != nil:
			err = ce.DerivedFromError
		case errors.As(err, &ce):
			return fmt.Sprintf("the server answered %d: %s", ce.StatusCode, strings.TrimSpace(ce.Msg))
		case errors.As(err, &ue) && ue.Timeout():
			return "no answer in time"
		case errors.As(err, &ue):
			err = ue.Err
		case errors.Is(err, context.DeadlineExceeded):
			return "no answer in time"
		default:
			return err.Error()
		}
	}
}
