package engines

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/wvsearch"
	"github.com/ragman-dev/ragman/backend/config"
	"github.com/ragman-dev/ragman/backend/embed"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/backend/wvindex"
)

// weaviateTimeout bounds one request to the server: a question's search
// takes milliseconds, a batch of a thousand chunks a second or two.
const weaviateTimeout = 30 * time.Second

// OpenWeaviate connects to the server config.yaml names: the engine
// searches it, and a reindex fills it.
func OpenWeaviate(w config.Weaviate) (*wvindex.Store, error) {
	u, err := url.Parse(w.URL)
	if err != nil || u.Host == "" || u.Scheme != "http" {
		return nil, &proto.Error{Code: proto.CodeConfigInvalid,
			Message: fmt.Sprintf("retrieval.weaviate.url %q is not an http URL of a Weaviate server", w.URL),
			Hint:    "set it like http://127.0.0.1:8080 in config.yaml"}
	}
	return wvindex.Open(u.Host, w.GRPC, weaviateTimeout)
}

// weaviate is retrieval.engine weaviate: the server finds the
// candidates, which the embedded retriever ranks. The search is hybrid
// where the last fill gave the chunks vectors, a question embedded with
// the model they were.
func weaviate(ch Choice, d Deps) (*wvsearch.Source, error) {
	w := ch.Retrieval.Weaviate
	st, err := OpenWeaviate(w)
	if err != nil {
		return nil, err
	}
	ws := wvsearch.New(st, d.Library)
	if rec, ok := wvindex.ReadRecord(d.WeaviateRecord, w.URL); ok && rec.Embed != "" {
		if client, err := embed.NewClient(ch.Generation.Ollama.URL); err == nil {
			ws.Embed, ws.Alpha = embed.New(client, rec.Embed).Embed, w.Alpha
		}
	}
	ws.Embedded = func(err error) { d.Log.Log("", "engines.weaviate", "question not embedded, BM25 alone", "err", err) }
	return ws, nil
}

// fallback retrieves with Weaviate, and from the embedded index when the
// server does not answer: a reindex builds that index whichever engine
// retrieves, so a question is answered while the server is down, and the
// answer says where it came from.
type fallback struct {
	primary, backup answer.Retriever
	url             string // the server's, for the answer to name
}

func (f *fallback) Retrieve(ctx context.Context, question string) (*answer.Retrieval, error) {
	ret, err := f.primary.Retrieve(ctx, question)
	if err == nil || ctx.Err() != nil {
		return ret, err
	}
	ret, berr := f.backup.Retrieve(ctx, question)
	if berr != nil {
		return nil, berr
	}
	ret.Fallback = fmt.Sprintf("Weaviate at %s did not answer (%s), so this answer comes from the embedded index.", f.url, wvindex.Explain(err))
	return ret, nil
}
