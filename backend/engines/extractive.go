package engines

import (
	"github.com/ragman-dev/ragman/backend/answer"
	"github.com/ragman-dev/ragman/backend/answer/compose"
)

// extractive is generation.engine extractive: Summary and Steps quoted
// from the pages, with no model. Auto answers with it when Ollama does
// not.
func extractive() answer.Composer { return compose.New() }
