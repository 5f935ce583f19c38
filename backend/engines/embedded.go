package engines

import (
	"github.com/ragman-dev/ragman/backend/answer/rank"
	"github.com/ragman-dev/ragman/backend/proto"
)

// embedded is retrieval.engine embedded: the index's own retriever. It
// ranks for every engine (Weaviate only finds the candidates), and
// answers alone when Weaviate does not.
func embedded(d Deps) (*rank.Retriever, error) {
	ret, err := rank.New(d.Library, d.Expand, d.Weights)
	if err != nil {
		return nil, &proto.Error{Code: proto.CodeInternal, Message: "the ranking model does not fit this build: " + err.Error(),
			Hint: "this ragman was built with a stale model; rebuild it, or reinstall"}
	}
	return ret, nil
}
