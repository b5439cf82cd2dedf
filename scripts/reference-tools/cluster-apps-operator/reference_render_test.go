package clustersecret

// Renders the Secrets that cluster-apps-operator's clustersecret resource wants for one Cluster,
// with the operator's own GetDesiredState, for the reference fixtures of cluster-proxy-constructs.
// scripts/references/giantswarm.sh copies this file into a temp copy of the operator's source at
// the pinned commit and runs it with `go test`; it is not part of the operator.
//
// Environment: REFERENCE_PROXY, a YAML file of the operator's proxy settings (noProxy, http,
// https: its `service.proxy` configuration); REFERENCE_OBJECTS, a YAML stream of the Cluster and
// its infrastructure cluster (read by the operator through a fake client); REFERENCE_OUTPUT, the
// file the Secrets are written to, as a YAML stream in the order the operator returns them.

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/scheme"
	capi "sigs.k8s.io/cluster-api/api/core/v1beta1"
	clientfake "sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/yaml"

	"github.com/giantswarm/k8sclient/v8/pkg/k8sclienttest"
	"github.com/giantswarm/micrologger/microloggertest"

	"github.com/giantswarm/cluster-apps-operator/v3/flag/service/proxy"
)

func TestReferenceRender(t *testing.T) {
	output := os.Getenv("REFERENCE_OUTPUT")
	if output == "" {
		t.Skip("REFERENCE_OUTPUT is not set")
	}

	var settings proxy.Proxy
	proxyYAML, err := os.ReadFile(os.Getenv("REFERENCE_PROXY"))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(proxyYAML, &settings); err != nil {
		t.Fatal(err)
	}

	objectsYAML, err := os.ReadFile(os.Getenv("REFERENCE_OBJECTS"))
	if err != nil {
		t.Fatal(err)
	}
	var cluster *capi.Cluster
	var objects []runtime.Object
	for _, document := range strings.Split(string(objectsYAML), "\n---\n") {
		var object unstructured.Unstructured
		if err := yaml.Unmarshal([]byte(document), &object.Object); err != nil {
			t.Fatal(err)
		}
		if object.GetKind() == "Cluster" {
			cluster = &capi.Cluster{}
			if err := yaml.UnmarshalStrict([]byte(document), cluster); err != nil {
				t.Fatal(err)
			}
			objects = append(objects, cluster)
		} else {
			objects = append(objects, &object)
		}
	}
	if cluster == nil {
		t.Fatal("REFERENCE_OBJECTS holds no Cluster")
	}

	if err := capi.AddToScheme(scheme.Scheme); err != nil {
		t.Fatal(err)
	}
	clients := k8sclienttest.NewClients(k8sclienttest.ClientsConfig{
		CtrlClient: clientfake.NewClientBuilder().WithRuntimeObjects(objects...).Build(),
	})
	resource, err := New(Config{K8sClient: clients, Logger: microloggertest.New(), Proxy: settings})
	if err != nil {
		t.Fatal(err)
	}
	secrets, err := resource.GetDesiredState(context.Background(), cluster)
	if err != nil {
		t.Fatal(err)
	}

	var stream bytes.Buffer
	for _, secret := range secrets {
		secret.APIVersion = "v1"
		secret.Kind = "Secret"
		document, err := yaml.Marshal(secret)
		if err != nil {
			t.Fatal(err)
		}
		stream.WriteString("---\n")
		stream.Write(document)
	}
	if err := os.WriteFile(output, stream.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
