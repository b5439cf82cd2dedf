// Command esotemplate renders External Secrets Operator target templates (engine v2) the way the
// operator does: Go text/template with Sprig's text functions (less env and expandenv, which the
// operator removes), executed with the secret's data as a map of strings.
//
// Input (stdin, JSON): {"cases": [{"templates": {"key": "template"}, "data": {"username": "..."}}]}
// Output (stdout, JSON): {"cases": [{"rendered": {"key": "text"}} | {"error": "..."}]}
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"text/template"

	"github.com/Masterminds/sprig"
)

type inputCase struct {
	Templates map[string]string `json:"templates"`
	Data      map[string]string `json:"data"`
}

type outputCase struct {
	Rendered map[string]string `json:"rendered,omitempty"`
	Error    string            `json:"error,omitempty"`
}

func funcs() template.FuncMap {
	m := sprig.TxtFuncMap()
	delete(m, "env")
	delete(m, "expandenv")
	return m
}

func render(c inputCase) (map[string]string, error) {
	keys := make([]string, 0, len(c.Templates))
	for key := range c.Templates {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	out := map[string]string{}
	for _, key := range keys {
		tpl, err := template.New(key).Option("missingkey=error").Funcs(funcs()).Parse(c.Templates[key])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", key, err)
		}
		var buf bytes.Buffer
		if err := tpl.Execute(&buf, c.Data); err != nil {
			return nil, fmt.Errorf("%s: %v", key, err)
		}
		out[key] = buf.String()
	}
	return out, nil
}

func main() {
	var input struct {
		Cases []inputCase `json:"cases"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&input); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	results := make([]outputCase, 0, len(input.Cases))
	for _, c := range input.Cases {
		rendered, err := render(c)
		if err != nil {
			results = append(results, outputCase{Error: err.Error()})
			continue
		}
		results = append(results, outputCase{Rendered: rendered})
	}
	if err := json.NewEncoder(os.Stdout).Encode(map[string]interface{}{"cases": results}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
