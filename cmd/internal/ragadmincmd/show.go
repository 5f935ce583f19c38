package ragadmincmd

import (
	"fmt"
	"strings"

	"github.com/ragman-dev/ragman/backend/document"
	"github.com/ragman-dev/ragman/backend/proto"
	"github.com/ragman-dev/ragman/cmd/internal/cli"
	"github.com/ragman-dev/ragman/render"
)

// ShowCmd prints a parsed document, so a person can see what the index saw.
type ShowCmd struct {
	Alias string `arg:"" predictor:"alias" help:"Source alias, e.g. man-pages."`
	Ref   string `arg:"" help:"Document: its document_ref (man1/chmod.1.gz), label (chmod(1)) or name (chmod)."`
	JSON  bool   `name:"json" help:"Print the document as JSON (the default when ragadmin.output_default is json)."`
}

func (c *ShowCmd) Run(env *cli.Env) error {
	jsonMode := c.JSON
	if !jsonMode {
		cfg, err := env.Config()
		if err != nil {
			return err
		}
		jsonMode = cfg.Ragadmin.OutputDefault == "json"
	}
	var d document.Document
	if err := env.Call(proto.MethodShow, proto.ShowParams{Alias: c.Alias, Ref: c.Ref}, &d, nil); err != nil {
		if be, ok := err.(*cli.BackendError); ok {
			return cli.JSONFailure(env, jsonMode, be.AsExit())
		}
		return cli.JSONFailure(env, jsonMode, err)
	}
	if jsonMode {
		return cli.WriteJSON(env.Stdout, &d)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s  (%s %s)\n", d.Label, d.Alias, d.Ref)
	if len(d.Names) > 0 {
		fmt.Fprintf(&b, "names:    %s\n", strings.Join(d.Names, ", "))
	}
	if d.Summary != "" {
		fmt.Fprintf(&b, "summary:  %s\n", d.Summary)
	}
	if d.Context != "" {
		fmt.Fprintf(&b, "context:  %s\n", d.Context)
	}
	for _, s := range d.Sections {
		b.WriteString("\n")
		if s.Level > 1 {
			b.WriteString("  ")
		}
		b.WriteString(s.Title + "\n")
		for _, bl := range s.Blocks {
			switch bl.Kind {
			case document.Item:
				fmt.Fprintf(&b, "  [item] %s\n         %s\n", bl.Term, bl.Text)
			case document.Code, document.Table:
				fmt.Fprintf(&b, "  [%s]\n", bl.Kind)
				for _, l := range strings.Split(bl.Text, "\n") {
					b.WriteString("    | " + l + "\n")
				}
			default:
				fmt.Fprintf(&b, "  %s\n", bl.Text)
			}
			if len(bl.Keys) > 0 {
				// searched, never quoted: say so apart from the text
				fmt.Fprintf(&b, "    (indexed as: %s)\n", strings.Join(bl.Keys, "; "))
			}
		}
	}
	_, err := fmt.Fprint(env.Stdout, render.Sanitize(b.String()))
	return err
}
