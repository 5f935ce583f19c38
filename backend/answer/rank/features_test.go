package rank

import (
	"strings"
	"testing"
)

// Every feature is declared with a name and the code that computes it;
// names are unique, as model files and tools find features by name.
func TestFeaturesDeclared(t *testing.T) {
	seen := map[string]int{}
	for i, f := range features {
		if f.name == "" || strings.ContainsAny(f.name, " \t:") || f.value == nil {
			t.Errorf("feature %d: name %q, code %v: declared in the constants but not in features", i, f.name, f.value != nil)
		}
		if j, dup := seen[strings.ToLower(f.name)]; dup {
			t.Errorf("features %d and %d are both named %q", j, i, f.name)
		}
		seen[strings.ToLower(f.name)] = i
		if FeatureNames[i] != f.name {
			t.Errorf("FeatureNames[%d] = %q, features says %q", i, FeatureNames[i], f.name)
		}
	}
}
