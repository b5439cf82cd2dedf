// Renders EKS Anywhere's proxy node data for reference cluster configurations with EKS Anywhere's
// own code.
//
// scripts/references/eks-anywhere.sh copies this file into a new package directory
// (internal/proxyreference) of a temporary copy of EKS Anywhere at the pinned commit and runs it
// with `go test`. For every cluster configuration in $REFERENCE_INPUTS (a Cluster and its
// datacenter and machine configs, read by EKS Anywhere's own spec builder with its test bundles) it
// writes to $REFERENCE_OUTPUT:
//   - clusterapi/<name>: the files and preKubeadmCommands that pkg/clusterapi/proxy.go
//     (SetProxyConfigInKubeadmControlPlaneForUbuntu, SetProxyConfigInKubeadmConfigTemplateForUbuntu)
//     adds to an empty KubeadmControlPlane and KubeadmConfigTemplate;
//   - <provider>/<name without .yaml>.controlplane.yaml and .workers.yaml: the control-plane and
//     worker CAPI specs the datacenter's provider template builder renders (vSphere, Nutanix and
//     Tinkerbell write their own containerd drop-in from their templates, with their own NO_PROXY
//     list).
package proxyreference

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nutanix-cloud-native/prism-go-client/environment/credentials"
	bootstrapv1beta2 "sigs.k8s.io/cluster-api/api/bootstrap/kubeadm/v1beta2"
	controlplanev1beta2 "sigs.k8s.io/cluster-api/api/controlplane/kubeadm/v1beta2"
	"sigs.k8s.io/yaml"

	"github.com/aws/eks-anywhere/internal/test"
	"github.com/aws/eks-anywhere/pkg/api/v1alpha1"
	"github.com/aws/eks-anywhere/pkg/cluster"
	"github.com/aws/eks-anywhere/pkg/clusterapi"
	"github.com/aws/eks-anywhere/pkg/providers/nutanix"
	"github.com/aws/eks-anywhere/pkg/providers/tinkerbell"
	"github.com/aws/eks-anywhere/pkg/providers/vsphere"
)

// The template builders name the machine templates after the time; a fixed one keeps the
// references stable.
func renderedAt() time.Time {
	return time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)
}

// nodeData is what proxy.go leaves in one kubeadm config spec.
type nodeData struct {
	Files              []bootstrapv1beta2.File `json:"files"`
	PreKubeadmCommands []string                `json:"preKubeadmCommands"`
}

type clusterAPIRendered struct {
	ControlPlane nodeData `json:"controlPlane"`
	Workers      nodeData `json:"workers"`
}

func TestRenderProxyReferences(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join(os.Getenv("REFERENCE_INPUTS"), "*.yaml"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs in REFERENCE_INPUTS=%q: %v", os.Getenv("REFERENCE_INPUTS"), err)
	}
	for _, input := range inputs {
		spec := test.NewFullClusterSpec(t, input)
		name := filepath.Base(input)
		write(t, filepath.Join("clusterapi", name), renderClusterAPI(t, spec.Cluster))
		base := strings.TrimSuffix(name, ".yaml")
		provider, controlPlane, workers := renderProvider(t, spec)
		write(t, filepath.Join(provider, base+".controlplane.yaml"), controlPlane)
		write(t, filepath.Join(provider, base+".workers.yaml"), workers)
	}
}

func renderClusterAPI(t *testing.T, eksaCluster *v1alpha1.Cluster) []byte {
	kcp := &controlplanev1beta2.KubeadmControlPlane{}
	if err := clusterapi.SetProxyConfigInKubeadmControlPlaneForUbuntu(kcp, eksaCluster); err != nil {
		t.Fatal(err)
	}
	kct := &bootstrapv1beta2.KubeadmConfigTemplate{}
	if err := clusterapi.SetProxyConfigInKubeadmConfigTemplateForUbuntu(kct, eksaCluster); err != nil {
		t.Fatal(err)
	}
	out, err := yaml.Marshal(clusterAPIRendered{
		ControlPlane: nodeData{
			Files:              orEmpty(kcp.Spec.KubeadmConfigSpec.Files),
			PreKubeadmCommands: orEmpty(kcp.Spec.KubeadmConfigSpec.PreKubeadmCommands),
		},
		Workers: nodeData{
			Files:              orEmpty(kct.Spec.Template.Spec.Files),
			PreKubeadmCommands: orEmpty(kct.Spec.Template.Spec.PreKubeadmCommands),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Each worker node group's templates are named after the group, as the controller names them.
func templateNames(spec *cluster.Spec) map[string]string {
	names := map[string]string{}
	for _, group := range spec.Cluster.Spec.WorkerNodeGroupConfigurations {
		names[group.Name] = spec.Cluster.Name + "-" + group.Name + "-1"
	}
	return names
}

func renderProvider(t *testing.T, spec *cluster.Spec) (provider string, controlPlane, workers []byte) {
	var err error
	names := templateNames(spec)
	switch spec.Cluster.Spec.DatacenterRef.Kind {
	case v1alpha1.VSphereDatacenterKind:
		builder := vsphere.NewVsphereTemplateBuilder(renderedAt)
		if controlPlane, err = builder.GenerateCAPISpecControlPlane(spec); err != nil {
			t.Fatal(err)
		}
		if workers, err = builder.GenerateCAPISpecWorkers(spec, names, names); err != nil {
			t.Fatal(err)
		}
		return "vsphere", controlPlane, workers
	case v1alpha1.NutanixDatacenterKind:
		machines := map[string]v1alpha1.NutanixMachineConfigSpec{}
		for name, machine := range spec.NutanixMachineConfigs {
			machines[name] = machine.Spec
		}
		controlPlaneMachine := machines[spec.Cluster.Spec.ControlPlaneConfiguration.MachineGroupRef.Name]
		// The credentials reach only the CAPX Secret, which is not rendered here.
		creds := credentials.BasicAuthCredential{PrismCentral: credentials.PrismCentralBasicAuth{
			BasicAuth: credentials.BasicAuth{Username: "unused", Password: "unused"},
		}}
		builder := nutanix.NewNutanixTemplateBuilder(&spec.NutanixDatacenter.Spec, &controlPlaneMachine, &controlPlaneMachine, machines, creds, renderedAt)
		if controlPlane, err = builder.GenerateCAPISpecControlPlane(spec); err != nil {
			t.Fatal(err)
		}
		if workers, err = builder.GenerateCAPISpecWorkers(spec, names, names); err != nil {
			t.Fatal(err)
		}
		return "nutanix", controlPlane, workers
	case v1alpha1.TinkerbellDatacenterKind:
		machines := map[string]v1alpha1.TinkerbellMachineConfigSpec{}
		for name, machine := range spec.TinkerbellMachineConfigs {
			machines[name] = machine.Spec
		}
		controlPlaneMachine := machines[spec.Cluster.Spec.ControlPlaneConfiguration.MachineGroupRef.Name]
		// The builder reads the etcd machine only for external etcd, which the inputs do not use.
		builder := tinkerbell.NewTemplateBuilder(&spec.TinkerbellDatacenter.Spec, &controlPlaneMachine, nil, machines, spec.TinkerbellDatacenter.Spec.TinkerbellIP, renderedAt)
		if controlPlane, err = builder.GenerateCAPISpecControlPlane(spec); err != nil {
			t.Fatal(err)
		}
		if workers, err = builder.GenerateCAPISpecWorkers(spec, names, names); err != nil {
			t.Fatal(err)
		}
		return "tinkerbell", controlPlane, workers
	}
	t.Fatalf("no provider renderer for datacenter kind %q", spec.Cluster.Spec.DatacenterRef.Kind)
	return "", nil, nil
}

func write(t *testing.T, relative string, content []byte) {
	target := filepath.Join(os.Getenv("REFERENCE_OUTPUT"), relative)
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, content, 0o644); err != nil {
		t.Fatal(err)
	}
}

func orEmpty[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}
