// Package index is ragman's embedded index on disk: a Builder writes a
// version (the documents as parsed, their metadata, an inverted index of
// stemmed terms per field, and each block's terms for passage scoring),
// versions sit side by side under an ACTIVE pointer that a finished build
// swaps atomically, and a Reader maps the active one for questions. Its
// Manifest (version.go) records what each build did with each source.
package index
