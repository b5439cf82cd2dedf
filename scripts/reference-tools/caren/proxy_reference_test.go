// Renders CAREN's HTTP proxy mutation for reference Clusters with CAREN's own code.
//
// scripts/references/caren.sh copies this file into a temporary copy of CAREN's package
// pkg/handlers/generic/mutation/generic/httpproxy (at the pinned commit, without that package's own
// tests, which need a test API server) and runs it with `go test`. For every Cluster in
// $REFERENCE_INPUTS it runs the patch handler's Mutate on an empty KubeadmControlPlaneTemplate and an
// empty worker KubeadmConfigTemplate, as the topology controller's GeneratePatches request would,
// and writes the files and preKubeadmCommands the handler leaves in each to $REFERENCE_OUTPUT/<name>.
package httpproxy

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	bootstrapv1 "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta2"
	controlplanev1 "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta2"
	clusterv1 "sigs.k8s.io/cluster-api/api/core/v1beta2"
	runtimehooksv1 "sigs.k8s.io/cluster-api/api/runtime/hooks/v1alpha1"
	ctrlclient "sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	"github.com/nutanix-cloud-native/cluster-api-runtime-extensions-nutanix/common/pkg/testutils/capitest/request"
)

// nodeData is what the mutation leaves in one kubeadm config spec.
type nodeData struct {
	Files              []bootstrapv1.File `json:"files"`
	PreKubeadmCommands []string           `json:"preKubeadmCommands"`
}

type rendered struct {
	ControlPlane nodeData `json:"controlPlane"`
	Workers      nodeData `json:"workers"`
}

func TestRenderProxyReferences(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join(os.Getenv("REFERENCE_INPUTS"), "*.yaml"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs in REFERENCE_INPUTS=%q: %v", os.Getenv("REFERENCE_INPUTS"), err)
	}
	for _, input := range inputs {
		out, err := renderCluster(input)
		if err != nil {
			t.Fatalf("%s: %v", input, err)
		}
		target := filepath.Join(os.Getenv("REFERENCE_OUTPUT"), filepath.Base(input))
		if err := os.WriteFile(target, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func renderCluster(path string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cluster := &clusterv1.Cluster{}
	if err := yaml.UnmarshalStrict(raw, cluster); err != nil {
		return nil, err
	}
	// The topology controller passes the Cluster's variables, and for a worker template the
	// machine deployment class as a builtin variable.
	vars := map[string]apiextensionsv1.JSON{}
	for _, variable := range cluster.Spec.Topology.Variables {
		vars[variable.Name] = variable.Value
	}
	builtins, _ := json.Marshal(map[string]any{"machineDeployment": map[string]any{"class": "default-worker"}})
	vars[runtimehooksv1.BuiltinsName] = apiextensionsv1.JSON{Raw: builtins}
	getter := func(context.Context) (*clusterv1.Cluster, error) { return cluster, nil }
	key := ctrlclient.ObjectKeyFromObject(cluster)
	handler := NewPatch(nil)

	var result rendered
	cp := request.NewKubeadmControlPlaneTemplateRequestItem("")
	cpObj, err := mutate(handler, cp, vars, key, getter)
	if err != nil {
		return nil, err
	}
	kcpt := &controlplanev1.KubeadmControlPlaneTemplate{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(cpObj.Object, kcpt); err != nil {
		return nil, err
	}
	spec := kcpt.Spec.Template.Spec.KubeadmConfigSpec
	result.ControlPlane = nodeData{Files: orEmpty(spec.Files), PreKubeadmCommands: orEmpty(spec.PreKubeadmCommands)}

	md := request.NewKubeadmConfigTemplateRequestItem("")
	mdObj, err := mutate(handler, md, vars, key, getter)
	if err != nil {
		return nil, err
	}
	kct := &bootstrapv1.KubeadmConfigTemplate{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(mdObj.Object, kct); err != nil {
		return nil, err
	}
	workerSpec := kct.Spec.Template.Spec
	result.Workers = nodeData{Files: orEmpty(workerSpec.Files), PreKubeadmCommands: orEmpty(workerSpec.PreKubeadmCommands)}
	return yaml.Marshal(result)
}

func mutate(
	handler *httpProxyPatchHandler,
	item runtimehooksv1.GeneratePatchesRequestItem,
	vars map[string]apiextensionsv1.JSON,
	key ctrlclient.ObjectKey,
	getter func(context.Context) (*clusterv1.Cluster, error),
) (*unstructured.Unstructured, error) {
	obj := &unstructured.Unstructured{}
	if err := obj.UnmarshalJSON(item.Object.Raw); err != nil {
		return nil, err
	}
	err := handler.Mutate(context.Background(), obj, vars, item.HolderReference, key, getter)
	return obj, err
}

func orEmpty[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}
