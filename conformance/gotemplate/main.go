// Command gotemplate evaluates ClusterClass inline patches the way Cluster API's topology controller
// does, with the same libraries: Go text/template with Sprig's hermetic function map
// (github.com/Masterminds/sprig/v3), template output read with sigs.k8s.io/yaml, and JSON patches
// applied with github.com/evanphx/json-patch/v5. It mirrors
// internal/controllers/topology/cluster/patches/inline/json_patch_generator.go (selector matching,
// enabledIf, value/valueFrom.variable/valueFrom.template) and patches/engine.go (patches applied
// in ClusterClass order, each template keeping only its patched spec).
//
// Input (stdin, JSON):
//
//	{"templates": [{"template": "...", "variables": {...}}],
//	 "clusters": [{"patches": [ClusterClass.spec.patches...], "variables": {global...},
//	               "items": [{"object": {...}, "holder": {"kind": "...", "fieldPath": "..."}, "variables": {...}}]}]}
//
// Output (stdout, JSON): {"templates": [{"value": <json>} | {"error": "..."}],
// "clusters": [{"items": [<patched object>...]} | {"error": "..."}]}.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	jsonpatch "github.com/evanphx/json-patch/v5"
	"sigs.k8s.io/yaml"
)

type templateCase struct {
	Template  string                     `json:"template"`
	Variables map[string]json.RawMessage `json:"variables"`
}

type holder struct {
	Kind      string `json:"kind"`
	FieldPath string `json:"fieldPath"`
}

type item struct {
	Object    json.RawMessage            `json:"object"`
	Holder    holder                     `json:"holder"`
	Variables map[string]json.RawMessage `json:"variables"`
}

type selector struct {
	APIVersion     string `json:"apiVersion"`
	Kind           string `json:"kind"`
	MatchResources struct {
		ControlPlane           bool `json:"controlPlane"`
		InfrastructureCluster  bool `json:"infrastructureCluster"`
		MachineDeploymentClass *struct {
			Names []string `json:"names"`
		} `json:"machineDeploymentClass"`
		MachinePoolClass *struct {
			Names []string `json:"names"`
		} `json:"machinePoolClass"`
	} `json:"matchResources"`
}

type jsonPatch struct {
	Op        string          `json:"op"`
	Path      string          `json:"path"`
	Value     json.RawMessage `json:"value"`
	ValueFrom *struct {
		Variable *string `json:"variable"`
		Template *string `json:"template"`
	} `json:"valueFrom"`
}

type definition struct {
	Selector    selector    `json:"selector"`
	JSONPatches []jsonPatch `json:"jsonPatches"`
}

type patch struct {
	Name        string       `json:"name"`
	EnabledIf   *string      `json:"enabledIf"`
	Definitions []definition `json:"definitions"`
}

type clusterCase struct {
	Patches   []patch                    `json:"patches"`
	Variables map[string]json.RawMessage `json:"variables"`
	Items     []item                     `json:"items"`
}

type input struct {
	Templates []templateCase `json:"templates"`
	Clusters  []clusterCase  `json:"clusters"`
}

type result struct {
	Value json.RawMessage   `json:"value,omitempty"`
	Items []json.RawMessage `json:"items,omitempty"`
	Error string            `json:"error,omitempty"`
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fmt.Fprintln(os.Stderr, "gotemplate: reading input:", err)
		os.Exit(2)
	}
	out := struct {
		Templates []result `json:"templates"`
		Clusters  []result `json:"clusters"`
	}{Templates: []result{}, Clusters: []result{}}
	for _, c := range in.Templates {
		value, err := renderValueTemplate(c.Template, c.Variables)
		out.Templates = append(out.Templates, toResult(value, nil, err))
	}
	for _, c := range in.Clusters {
		items, err := applyPatches(c)
		out.Clusters = append(out.Clusters, toResult(nil, items, err))
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "gotemplate: writing output:", err)
		os.Exit(2)
	}
}

func toResult(value json.RawMessage, items []json.RawMessage, err error) result {
	if err != nil {
		return result{Error: err.Error()}
	}
	return result{Value: value, Items: items}
}

// renderValueTemplate is Cluster API's: parse with Sprig's hermetic functions, execute on the
// variables converted to Go values, read the output as YAML (JSON is YAML too).
func renderValueTemplate(text string, variables map[string]json.RawMessage) (json.RawMessage, error) {
	tpl, err := template.New("tpl").Funcs(sprig.HermeticTxtFuncMap()).Parse(text)
	if err != nil {
		return nil, fmt.Errorf("failed to parse template: %w", err)
	}
	raw, err := json.Marshal(variables)
	if err != nil {
		return nil, err
	}
	data := map[string]interface{}{}
	if err := json.Unmarshal(raw, &data); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := tpl.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("failed to render template: %w", err)
	}
	value, err := yaml.YAMLToJSON(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("failed to unmarshal rendered template %q: %w", buf.String(), err)
	}
	return value, nil
}

// applyPatches runs every ClusterClass patch, in order, over every item, as the topology
// controller's patch engine does.
func applyPatches(c clusterCase) ([]json.RawMessage, error) {
	objects := make([]json.RawMessage, len(c.Items))
	for i, it := range c.Items {
		objects[i] = it.Object
	}
	for _, p := range c.Patches {
		for i, it := range c.Items {
			variables := mergeVariables(c.Variables, it.Variables)
			var ops []map[string]interface{}
			enabled := true
			if p.EnabledIf != nil {
				value, err := renderValueTemplate(*p.EnabledIf, variables)
				if err != nil {
					return nil, fmt.Errorf("patch %s: enabledIf: %w", p.Name, err)
				}
				enabled = bytes.Equal(value, []byte("true"))
			}
			if !enabled {
				continue
			}
			for _, d := range p.Definitions {
				if !matches(objects[i], it, d.Selector) {
					continue
				}
				for _, jp := range d.JSONPatches {
					op := map[string]interface{}{"op": jp.Op, "path": jp.Path}
					if jp.Op == "add" || jp.Op == "replace" {
						value, err := calculateValue(jp, variables)
						if err != nil {
							return nil, fmt.Errorf("patch %s: %s %s: %w", p.Name, jp.Op, jp.Path, err)
						}
						op["value"] = value
					}
					ops = append(ops, op)
				}
			}
			if len(ops) == 0 {
				continue
			}
			encoded, err := json.Marshal(ops)
			if err != nil {
				return nil, err
			}
			decoded, err := jsonpatch.DecodePatch(encoded)
			if err != nil {
				return nil, fmt.Errorf("patch %s: decoding: %w", p.Name, err)
			}
			patched, err := decoded.Apply(objects[i])
			if err != nil {
				return nil, fmt.Errorf("patch %s: applying to item %d: %w", p.Name, i, err)
			}
			objects[i], err = keepSpec(objects[i], patched)
			if err != nil {
				return nil, err
			}
		}
	}
	return objects, nil
}

// keepSpec copies only the spec of the patched template, as patchTemplateSpec does.
func keepSpec(original, patched json.RawMessage) (json.RawMessage, error) {
	var o, p map[string]interface{}
	if err := json.Unmarshal(original, &o); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(patched, &p); err != nil {
		return nil, err
	}
	o["spec"] = p["spec"]
	return json.Marshal(o)
}

// mergeVariables merges global and template-specific variables; "builtin" is merged field by
// field (the Cluster part from the global, the ControlPlane or MachineDeployment part per item).
func mergeVariables(global, local map[string]json.RawMessage) map[string]json.RawMessage {
	merged := map[string]json.RawMessage{}
	for k, v := range global {
		merged[k] = v
	}
	for k, v := range local {
		if k == "builtin" {
			if g, ok := global[k]; ok {
				var a, b map[string]interface{}
				_ = json.Unmarshal(g, &a)
				_ = json.Unmarshal(v, &b)
				for bk, bv := range b {
					a[bk] = bv
				}
				v, _ = json.Marshal(a)
			}
		}
		merged[k] = v
	}
	return merged
}

func matches(object json.RawMessage, it item, s selector) bool {
	var meta struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	_ = json.Unmarshal(object, &meta)
	if meta.APIVersion != s.APIVersion || meta.Kind != s.Kind {
		return false
	}
	if s.MatchResources.ControlPlane && it.Holder.Kind == "Cluster" && it.Holder.FieldPath == "spec.controlPlaneRef" {
		return true
	}
	classOf := func(kind string) (string, bool) {
		var v map[string]map[string]interface{}
		_ = json.Unmarshal(it.Variables["builtin"], &v)
		class, ok := v[kind]["class"].(string)
		return class, ok
	}
	matchNames := func(names []string, class string) bool {
		for _, name := range names {
			if name == "*" || name == class ||
				(strings.HasPrefix(name, "*") && strings.HasSuffix(class, strings.TrimPrefix(name, "*"))) ||
				(strings.HasSuffix(name, "*") && strings.HasPrefix(class, strings.TrimSuffix(name, "*"))) {
				return true
			}
		}
		return false
	}
	bootstrapOrInfra := it.Holder.FieldPath == "spec.template.spec.bootstrap.configRef" || it.Holder.FieldPath == "spec.template.spec.infrastructureRef"
	if s.MatchResources.MachineDeploymentClass != nil && it.Holder.Kind == "MachineDeployment" && bootstrapOrInfra {
		if class, ok := classOf("machineDeployment"); ok && matchNames(s.MatchResources.MachineDeploymentClass.Names, class) {
			return true
		}
	}
	if s.MatchResources.MachinePoolClass != nil && it.Holder.Kind == "MachinePool" && bootstrapOrInfra {
		if class, ok := classOf("machinePool"); ok && matchNames(s.MatchResources.MachinePoolClass.Names, class) {
			return true
		}
	}
	return false
}

func calculateValue(jp jsonPatch, variables map[string]json.RawMessage) (json.RawMessage, error) {
	switch {
	case jp.Value != nil && jp.ValueFrom != nil:
		return nil, fmt.Errorf("both .value and .valueFrom are set")
	case jp.Value != nil:
		return jp.Value, nil
	case jp.ValueFrom == nil:
		return nil, fmt.Errorf("neither .value nor .valueFrom are set")
	case jp.ValueFrom.Variable != nil && jp.ValueFrom.Template != nil:
		return nil, fmt.Errorf("both .valueFrom.variable and .valueFrom.template are set")
	case jp.ValueFrom.Variable != nil:
		return variableValue(variables, *jp.ValueFrom.Variable)
	case jp.ValueFrom.Template != nil:
		return renderValueTemplate(*jp.ValueFrom.Template, variables)
	}
	return nil, fmt.Errorf("neither .valueFrom.variable nor .valueFrom.template are set")
}

// variableValue reads a variable path such as `proxy.secretName` or `list[0]`.
func variableValue(variables map[string]json.RawMessage, path string) (json.RawMessage, error) {
	segments := strings.Split(path, ".")
	raw, ok := variables[segments[0]]
	if !ok {
		return nil, fmt.Errorf("variable %q not found", segments[0])
	}
	var value interface{}
	if err := json.Unmarshal(raw, &value); err != nil {
		return nil, err
	}
	for _, segment := range segments[1:] {
		name, index := segment, -1
		if open := strings.Index(segment, "["); open >= 0 && strings.HasSuffix(segment, "]") {
			name = segment[:open]
			i, err := strconv.Atoi(segment[open+1 : len(segment)-1])
			if err != nil {
				return nil, fmt.Errorf("variable path %q: bad index", path)
			}
			index = i
		}
		object, ok := value.(map[string]interface{})
		if !ok {
			return nil, fmt.Errorf("variable path %q: %q is not an object", path, name)
		}
		if value, ok = object[name]; !ok {
			return nil, fmt.Errorf("variable path %q: %q not found", path, name)
		}
		if index >= 0 {
			list, ok := value.([]interface{})
			if !ok || index >= len(list) {
				return nil, fmt.Errorf("variable path %q: no element %d", path, index)
			}
			value = list[index]
		}
	}
	return json.Marshal(value)
}
