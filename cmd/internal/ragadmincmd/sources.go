package ragadmincmd

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/ragman-dev/ragman/backend/catalog"
	"github.com/ragman-dev/ragman/backend/detect"
	"github.com/ragman-dev/ragman/backend/health"
	"github.com/ragman-dev/ragman/backend/index"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/internal/lazyre"
)

// SourcesCmd groups the catalog commands. They edit
// $XDG_DATA_HOME/ragcli/catalog.json under its lock, in this process: no
// backend is needed. A change makes the index stale until `ragadmin
// reindex`.
type SourcesCmd struct {
	List   SourcesListCmd   `cmd:"" help:"List the sources: alias, type, location, language, status, size, last update, checksum, notes."`
	Add    SourcesAddCmd    `cmd:"" help:"Add a man tree, an info folder or a ZIM archive."`
	Update SourcesUpdateCmd `cmd:"" help:"Change a source's metadata; its alias never changes."`
	Remove SourcesRemoveCmd `cmd:"" help:"Remove a source from the catalog."`
}

// loadCatalog reads the catalog, or says to run init.
func loadCatalog(env *cli.Env) (*catalog.Catalog, error) {
	cat, err := catalog.Load(env.Paths.Catalog)
	if errors.Is(err, catalog.ErrNoCatalog) {
		return nil, cli.Fail(cli.ExitError, "not_set_up", fmt.Errorf("ragman is not set up: there is no catalog at %s", env.Paths.Catalog), "run `ragadmin init`")
	}
	if err != nil {
		return nil, cli.Fail(cli.ExitError, proto.CodeSourceInvalid, err, catalog.CorruptHint)
	}
	return cat, nil
}

// editCatalog runs fn on the catalog under its lock and saves it.
func editCatalog(env *cli.Env, fn func(*catalog.Catalog) error) error {
	if _, err := loadCatalog(env); err != nil {
		return err
	}
	return catalog.Edit(env.Paths.Catalog, fn)
}

func unknownAlias(alias string) error {
	return cli.Fail(cli.ExitError, proto.CodeNotFound, fmt.Errorf("no source %q in the catalog", alias), "`ragadmin sources list` shows the aliases")
}

// SourceView is a source as list prints it with --json: every field, none
// left out when empty.
type SourceView struct {
	Alias     string `json:"alias"`
	Type      string `json:"type"`
	Location  string `json:"location"`
	Language  string `json:"language"`
	Status    string `json:"status"`
	Reason    string `json:"reason"`
	Size      int64  `json:"size"`
	UpdatedAt string `json:"updated_at"`
	Checksum  string `json:"checksum"`
	Notes     string `json:"notes"`
	// Skipped is how many of its files the active index could not read
	// as pages (reindex names the first, the log all).
	Skipped int `json:"skipped"`
}

// activeSkips is, per alias, how many files the active index version
// skipped; empty when there is none to read.
func activeSkips(env *cli.Env) map[string]int {
	out := map[string]int{}
	dir, err := index.ActiveDir(env.Paths.IndexDir)
	if err != nil {
		return out
	}
	m, err := index.ReadManifest(dir)
	if err != nil {
		return out
	}
	for _, st := range m.Sources {
		out[st.Alias] = st.Skipped
	}
	return out
}

func view(s catalog.Source) SourceView {
	v := SourceView{Alias: s.Alias, Type: s.Type, Location: s.Location, Language: s.Language, Status: s.Status,
		Reason: s.Reason, Size: s.Size, Checksum: s.Checksum, Notes: s.Notes}
	if !s.UpdatedAt.IsZero() {
		v.UpdatedAt = s.UpdatedAt.UTC().Format(time.RFC3339)
	}
	return v
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// sourceResult is what add, update and remove print with --json.
type sourceResult struct {
	Status   string     `json:"status"` // added, updated, removed
	Source   SourceView `json:"source"`
	Changes  []string   `json:"changes,omitempty"`
	Warnings []string   `json:"warnings"`
}

// SourcesListCmd lists the catalog.
type SourcesListCmd struct {
	cli.OutputFlags `embed:""`
	Names           bool `help:"Print only the aliases, one per line (for shell completion: quick, no backend, quiet when not set up)."`
}

func (c *SourcesListCmd) Run(env *cli.Env) error {
	if c.Names {
		cat, err := catalog.Load(env.Paths.Catalog)
		if err != nil {
			return nil
		}
		for _, a := range cat.Aliases() {
			fmt.Fprintln(env.Stdout, a)
		}
		return nil
	}
	jsonMode, err := c.UseJSON(env)
	if err != nil {
		return cli.JSONFailure(env, c.JSON, err)
	}
	cat, err := loadCatalog(env)
	if err != nil {
		return cli.JSONFailure(env, jsonMode, err)
	}
	skipped := activeSkips(env)
	if jsonMode {
		views := []SourceView{}
		for _, s := range cat.Sources {
			v := view(s)
			v.Skipped = skipped[s.Alias]
			views = append(views, v)
		}
		return cli.WriteJSON(env.Stdout, struct {
			Sources []SourceView `json:"sources"`
		}{views})
	}
	if len(cat.Sources) == 0 {
		env.Say("the catalog has no sources; add one with `ragadmin sources add PATH`")
		return nil
	}
	var rows [][]string
	for _, s := range cat.Sources {
		size, updated, sum := "-", "-", "-"
		if s.Size > 0 {
			size = health.MB(uint64(s.Size))
		}
		if !s.UpdatedAt.IsZero() {
			updated = s.UpdatedAt.Local().Format("2006-01-02 15:04")
		}
		if len(s.Checksum) >= 12 {
			sum = s.Checksum[:12]
		} else if s.Checksum != "" {
			sum = s.Checksum
		}
		var notes []string
		switch {
		case s.Status == catalog.StatusError:
			notes = append(notes, "quarantined: "+s.Reason)
		case s.Reason != "":
			notes = append(notes, s.Reason)
		}
		if n := skipped[s.Alias]; n > 0 && s.Status != catalog.StatusError {
			notes = append(notes, fmt.Sprintf("%d skipped (see reindex)", n))
		}
		if s.Notes != "" {
			notes = append(notes, s.Notes)
		}
		if len(notes) == 0 {
			notes = []string{"-"}
		}
		rows = append(rows, []string{s.Alias, s.Type, s.Location, s.Language, s.Status, size, updated, sum, strings.Join(notes, "; ")})
	}
	return cli.Table(env.Stdout, []string{"ALIAS", "TYPE", "LOCATION", "LANGUAGE", "STATUS", "SIZE", "UPDATED", "CHECKSUM", "NOTES"}, rows)
}

// SourcesAddCmd adds a source.
type SourcesAddCmd struct {
	cli.OutputFlags `embed:""`
	Path            string `arg:"" type:"path" help:"A man tree (the folder holding man1, man8, ...), an info folder (holding .info files), a ZIM archive (.zim) or a tldr client's page cache (holding pages/common, ...)."`
	Type            string `placeholder:"man|info|zim|tldr" predictor:"type" help:"The source's type, when detection gets it wrong or the folder is still empty."`
	Language        string `placeholder:"LANG" help:"The language of its documents (en, fr, pt-BR, ...); default: detected (a locale folder like man/fr, a ZIM's metadata), else en."`
	Notes           string `help:"Free text, shown by list."`
}

func (c *SourcesAddCmd) Help() string {
	return `The type is detected from the path: a folder with man1, man8, ... folders is
a man tree, a folder with .info files an info folder, a file that starts
with the ZIM magic number a ZIM archive. The alias is made from the file or
folder name ("wikipedia_en_all_2024-01.zim" -> wikipedia_en_all_2024-01),
with -2, -3, ... when the name is taken. It never changes: to rename a
source, remove it and add it again.

Sources that are not in English are accepted with a warning: ragman
answers in English. The new source is pending until ` + "`ragadmin reindex`" + `
indexes it; until then ragman reports the index as stale. Nothing is
copied: a ZIM archive is read where it is, so keep it there (or point the
source at its new place with ` + "`ragadmin sources update ALIAS --location PATH`" + `).`
}

func (c *SourcesAddCmd) Run(env *cli.Env) error {
	jsonMode, err := c.UseJSON(env)
	if err != nil {
		audit(env, "add", c.Path, err, "")
		return cli.JSONFailure(env, c.JSON, err)
	}
	src, warnings, err := c.add(env)
	target := c.Path
	if src != nil {
		target = src.Alias
	}
	audit(env, "add", target, err, addMessage(src))
	if err != nil {
		return cli.JSONFailure(env, jsonMode, err)
	}
	if jsonMode {
		return cli.WriteJSON(env.Stdout, sourceResult{Status: "added", Source: view(*src), Warnings: orEmpty(warnings)})
	}
	for _, w := range warnings {
		env.Warn("%s", w)
	}
	fmt.Fprintf(env.Stdout, "added %s: %s source at %s, language %s, status %s\n", src.Alias, src.Type, oneLine(src.Location), src.Language, src.Status)
	env.Say("next: `ragadmin reindex` indexes it")
	return nil
}

func addMessage(src *catalog.Source) string {
	if src == nil {
		return ""
	}
	return fmt.Sprintf("%s source at %s, language %s", src.Type, src.Location, src.Language)
}

func (c *SourcesAddCmd) add(env *cli.Env) (*catalog.Source, []string, error) {
	var warnings []string
	det, err := detect.Detect(c.Path, c.Type)
	if err != nil {
		return nil, nil, sourceError(err)
	}
	if det.Warning != "" {
		warnings = append(warnings, det.Warning)
	}
	lang := det.Language
	if c.Language != "" {
		if !catalog.ValidLanguage(c.Language) {
			return nil, nil, badLanguage(c.Language)
		}
		if det.Detected && !sameLanguage(det.Language, c.Language) {
			warnings = append(warnings, fmt.Sprintf("%s looks like %s, but --language says %s; recorded %s", c.Path, det.Language, c.Language, c.Language))
		}
		lang = c.Language
	}
	content, _ := catalog.Measure(catalog.Source{Type: det.Type, Location: c.Path})
	var added catalog.Source
	err = editCatalog(env, func(cat *catalog.Catalog) error {
		if other := duplicate(cat, c.Path, ""); other != nil {
			return cli.Fail(cli.ExitError, "duplicate", fmt.Errorf("%s is already in the catalog as %s", c.Path, other.Alias),
				"`ragadmin sources update "+other.Alias+"` changes its metadata")
		}
		alias := catalog.DeriveAlias(c.Path, det.Type, func(a string) bool { return cat.Find(a) != nil })
		added = catalog.Source{Alias: alias, Type: det.Type, Location: c.Path, Language: lang, Status: catalog.StatusPending,
			Notes: c.Notes, Size: content.Size}
		cat.Sources = append(cat.Sources, added)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	warnings = append(warnings, languageWarnings(added.Alias, lang)...)
	return &added, warnings, nil
}

// sourceError turns a detection error into the CLI's voice.
func sourceError(err error) error {
	switch {
	case errors.Is(err, catalog.ErrNotExist):
		return cli.Fail(cli.ExitError, proto.CodeNotFound, err, "give the path of a man tree, an info folder or a .zim file")
	case errors.Is(err, catalog.ErrNotSource):
		return cli.Fail(cli.ExitError, proto.CodeSourceInvalid, err, "give a man tree, an info folder, a .zim file or a tldr page cache; --type man|info|zim|tldr overrides the detection")
	}
	return cli.Fail(cli.ExitError, proto.CodeSourceInvalid, err, "")
}

func badLanguage(l string) error {
	return cli.Fail(cli.ExitUsage, proto.CodeBadRequest, fmt.Errorf("--language %q is not a language tag", l), "use a tag like en, fr, pt-BR, or und for unknown")
}

func languageWarnings(alias, lang string) []string {
	switch {
	case lang == "und":
		return []string{fmt.Sprintf("the language of %s is unknown (und); if it is English, say so: `ragadmin sources update %s --language en`", alias, alias)}
	case !catalog.IsEnglish(lang):
		return []string{fmt.Sprintf("%s is in language %s, not English: it is accepted and recorded, but ragman answers in English and may cite it poorly", alias, lang)}
	}
	return nil
}

func sameLanguage(a, b string) bool {
	base := func(s string) string {
		s = strings.ToLower(s)
		if i := strings.IndexAny(s, "-_"); i >= 0 {
			s = s[:i]
		}
		if s == "eng" {
			s = "en"
		}
		return s
	}
	return base(a) == base(b)
}

// duplicate returns the source other than except that has the location
// (compared as given and with symlinks resolved), or nil.
func duplicate(cat *catalog.Catalog, location, except string) *catalog.Source {
	real := resolve(location)
	for i := range cat.Sources {
		s := &cat.Sources[i]
		if s.Alias == except {
			continue
		}
		if filepath.Clean(s.Location) == filepath.Clean(location) || resolve(s.Location) == real {
			return s
		}
	}
	return nil
}

func resolve(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// SourcesUpdateCmd changes a source's metadata.
type SourcesUpdateCmd struct {
	cli.OutputFlags `embed:""`
	Alias           string  `arg:"" predictor:"alias" help:"The source's alias (see sources list)."`
	Type            *string `placeholder:"man|info|zim|tldr" predictor:"type" help:"New type; the location must fit it."`
	Location        *string `placeholder:"PATH" predictor:"file" help:"New location: a man tree, info folder or .zim file."`
	Language        *string `placeholder:"LANG" help:"New language tag (en, fr, pt-BR, und)."`
	Status          *string `placeholder:"active|pending|error" predictor:"status" help:"New status; error quarantines the source (reindex skips it until it is readable)."`
	Checksum        *string `placeholder:"HEX" help:"New stored checksum; an empty one makes the next reindex treat the source as changed."`
	Notes           *string `placeholder:"TEXT" help:"New notes (replaces the old)."`
}

func (c *SourcesUpdateCmd) Help() string {
	return `Each flag given replaces that field; fields not given stay as they are.
The alias cannot change: to rename a source, remove it and add it again.
A new type or location is checked like sources add does, resets the stored
checksum and makes the source pending until the next reindex.`
}

var hexSum = lazyre.New(`^[0-9a-f]*$`)

func (c *SourcesUpdateCmd) Run(env *cli.Env) error {
	jsonMode, err := c.UseJSON(env)
	if err != nil {
		audit(env, "update", c.Alias, err, "")
		return cli.JSONFailure(env, c.JSON, err)
	}
	src, changes, warnings, err := c.update(env)
	audit(env, "update", c.Alias, err, strings.Join(changes, "; "))
	if err != nil {
		return cli.JSONFailure(env, jsonMode, err)
	}
	if jsonMode {
		return cli.WriteJSON(env.Stdout, sourceResult{Status: "updated", Source: view(*src), Changes: changes, Warnings: orEmpty(warnings)})
	}
	for _, w := range warnings {
		env.Warn("%s", w)
	}
	if len(changes) == 0 {
		fmt.Fprintf(env.Stdout, "%s unchanged: the values given are the ones it has\n", src.Alias)
		return nil
	}
	fmt.Fprintf(env.Stdout, "updated %s: %s\n", src.Alias, oneLine(strings.Join(changes, "; ")))
	env.Say("next: `ragadmin reindex` brings the index up to date")
	return nil
}

func (c *SourcesUpdateCmd) update(env *cli.Env) (*catalog.Source, []string, []string, error) {
	if c.Type == nil && c.Location == nil && c.Language == nil && c.Status == nil && c.Checksum == nil && c.Notes == nil {
		return nil, nil, nil, cli.Fail(cli.ExitUsage, proto.CodeBadRequest, errors.New("nothing to update"),
			"give at least one of --type, --location, --language, --status, --checksum, --notes")
	}
	if c.Type != nil && !catalog.ValidType(*c.Type) {
		return nil, nil, nil, cli.Fail(cli.ExitUsage, proto.CodeBadRequest, fmt.Errorf("--type %q is not one of man, info, zim, tldr", *c.Type), "")
	}
	if c.Status != nil && !catalog.ValidStatus(*c.Status) {
		return nil, nil, nil, cli.Fail(cli.ExitUsage, proto.CodeBadRequest, fmt.Errorf("--status %q is not one of active, pending, error", *c.Status), "")
	}
	if c.Language != nil && !catalog.ValidLanguage(*c.Language) {
		return nil, nil, nil, badLanguage(*c.Language)
	}
	if c.Checksum != nil && !hexSum().MatchString(*c.Checksum) {
		return nil, nil, nil, cli.Fail(cli.ExitUsage, proto.CodeBadRequest, fmt.Errorf("--checksum %q is not a lower-case hex string", *c.Checksum), "")
	}
	var (
		out      catalog.Source
		changes  []string
		warnings []string
	)
	err := editCatalog(env, func(cat *catalog.Catalog) error {
		s := cat.Find(c.Alias)
		if s == nil {
			return unknownAlias(c.Alias)
		}
		old := *s
		set := func(field string, dst *string, v *string) {
			if v != nil && *dst != *v {
				changes = append(changes, fmt.Sprintf("%s %q -> %q", field, *dst, *v))
				*dst = *v
			}
		}
		if c.Location != nil {
			abs, err := filepath.Abs(*c.Location)
			if err != nil {
				return cli.Fail(cli.ExitUsage, proto.CodeBadRequest, err, "")
			}
			*c.Location = abs
		}
		set("type", &s.Type, c.Type)
		set("location", &s.Location, c.Location)
		if s.Type != old.Type || s.Location != old.Location {
			want := ""
			if c.Type != nil {
				want = *c.Type
			}
			det, err := detect.Detect(s.Location, want)
			if err != nil {
				return sourceError(err)
			}
			if want == "" && det.Type != s.Type {
				return cli.Fail(cli.ExitError, proto.CodeSourceInvalid,
					fmt.Errorf("%s is %s, but %s is a %s source", s.Location, kindName(det.Type), s.Alias, s.Type),
					fmt.Sprintf("give --type %s as well to change its type", det.Type))
			}
			if det.Warning != "" {
				warnings = append(warnings, det.Warning)
			}
			if other := duplicate(cat, s.Location, s.Alias); other != nil {
				return cli.Fail(cli.ExitError, "duplicate", fmt.Errorf("%s is already in the catalog as %s", s.Location, other.Alias), "")
			}
			// what was indexed is not what is there now
			s.Checksum, s.Reason, s.Status = "", "", catalog.StatusPending
			content, _ := catalog.Measure(*s)
			s.Size = content.Size
		}
		set("language", &s.Language, c.Language)
		set("status", &s.Status, c.Status)
		if c.Status != nil {
			switch {
			case *c.Status == catalog.StatusError && s.Reason == "":
				s.Reason = "set to error by `ragadmin sources update`"
			case *c.Status != catalog.StatusError && old.Status == catalog.StatusError:
				s.Reason = ""
			}
		}
		if s.Status != old.Status && c.Status == nil {
			changes = append(changes, fmt.Sprintf("status %q -> %q", old.Status, s.Status))
		}
		set("checksum", &s.Checksum, c.Checksum)
		set("notes", &s.Notes, c.Notes)
		if c.Language != nil && *c.Language != old.Language {
			warnings = append(warnings, languageWarnings(s.Alias, s.Language)...)
		}
		out = *s
		if len(changes) == 0 {
			return errUnchanged
		}
		return nil
	})
	if errors.Is(err, errUnchanged) {
		return &out, nil, warnings, nil
	}
	if err != nil {
		return nil, nil, nil, err
	}
	return &out, changes, warnings, nil
}

// kindName says what a source of a type is: "an info folder".
func kindName(t string) string {
	switch t {
	case catalog.TypeMan:
		return "a man tree"
	case catalog.TypeInfo:
		return "an info folder"
	case catalog.TypeZIM:
		return "a ZIM archive"
	case catalog.TypeTLDR:
		return "a tldr page cache"
	}
	return "a " + t + " source"
}

// errUnchanged skips saving a catalog an update did not change.
var errUnchanged = errors.New("unchanged")

// SourcesRemoveCmd removes a source.
type SourcesRemoveCmd struct {
	cli.OutputFlags `embed:""`
	Alias           string `arg:"" predictor:"alias" help:"The source's alias (see sources list)."`
}

func (c *SourcesRemoveCmd) Help() string {
	return `Removes the source from the catalog; its files are not touched. Its
documents leave the index at the next ` + "`ragadmin reindex`" + `; until then ragman
reports the index as stale.`
}

func (c *SourcesRemoveCmd) Run(env *cli.Env) error {
	jsonMode, err := c.UseJSON(env)
	if err != nil {
		audit(env, "remove", c.Alias, err, "")
		return cli.JSONFailure(env, c.JSON, err)
	}
	var removed catalog.Source
	err = editCatalog(env, func(cat *catalog.Catalog) error {
		s := cat.Find(c.Alias)
		if s == nil {
			return unknownAlias(c.Alias)
		}
		removed = *s
		cat.Remove(c.Alias)
		return nil
	})
	msg := ""
	if err == nil {
		msg = fmt.Sprintf("%s source at %s", removed.Type, removed.Location)
	}
	audit(env, "remove", c.Alias, err, msg)
	if err != nil {
		return cli.JSONFailure(env, jsonMode, err)
	}
	if jsonMode {
		return cli.WriteJSON(env.Stdout, sourceResult{Status: "removed", Source: view(removed), Warnings: []string{}})
	}
	fmt.Fprintf(env.Stdout, "removed %s (%s source at %s)\n", removed.Alias, removed.Type, oneLine(removed.Location))
	env.Say("next: `ragadmin reindex` drops its documents from the index")
	return nil
}
