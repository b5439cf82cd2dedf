// Two Cluster API clusters behind the corporate proxy, and two workloads of the first one with the
// proxy env and CA injected at synth time, in Go: the same program as examples/capi-cluster/main.ts,
// through the generated Go module of cluster-proxy-constructs. Run it here (`go run .`, after
// `scripts/jsii/go.sh prepare`); the manifests land in dist/ (or $CDK8S_OUTDIR).
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/aws/jsii-runtime-go"
	"github.com/cdk8s-team/cdk8s-core-go/cdk8s/v2"
	"github.com/cdk8s-team/cdk8s-plus-go/cdk8splus33/v2"
	cpc "github.com/cluster-proxy-constructs/cluster-proxy-constructs-go/clusterproxyconstructs"
	"github.com/cluster-proxy-constructs/cluster-proxy-constructs-go/clusterproxyconstructs/capi"
	"github.com/cluster-proxy-constructs/cluster-proxy-constructs-go/clusterproxyconstructs/workloads"
)

// The password comes from the environment (CI secret, vault...), never from the repository.
// Without it the example still runs, with a demo value, and says so.
func proxyPassword() string {
	if password := os.Getenv("PROXY_PASSWORD"); password != "" {
		return password
	}
	fmt.Fprintln(os.Stderr, "notice: PROXY_PASSWORD is not set; the example uses a demo password. Its Secrets are not deployable.")
	return "demo-only-not-a-secret"
}

// The TLS-intercepting proxy's CA, shared with the TypeScript example.
func corpCaPem() string {
	pem, err := os.ReadFile(filepath.Join("..", "capi-cluster", "corp-ca.pem"))
	if err != nil {
		panic(err)
	}
	return string(pem)
}

// Your provider's objects, e.g. CAPV or CAPA.
const infrastructure = "infrastructure.cluster.x-k8s.io/v1beta1"

func reference(kind, name string) *capi.ObjectReferenceProps {
	return &capi.ObjectReferenceProps{ApiVersion: jsii.String(infrastructure), Kind: jsii.String(kind), Name: jsii.String(name)}
}

func main() {
	// Installation-wide: the same for every cluster.
	settings := cpc.NewProxySettings(&cpc.ProxySettingsProps{
		HttpProxy:    jsii.String("http://proxy.corp.example:3128"),
		HttpsProxy:   jsii.String("http://proxy.corp.example:3128"),
		Username:     jsii.String("svc-k8s"),
		Password:     jsii.String(proxyPassword()),
		NoProxy:      jsii.Strings(".corp.example", "10.0.0.0/8"),
		TrustedCaPem: jsii.String(corpCaPem()),
	})

	app := cdk8s.NewApp(nil)

	demo := capi.NewProxiedCluster(cdk8s.NewChart(app, jsii.String("demo"), nil), jsii.String("Demo"), &capi.ProxiedClusterProps{
		Name:      jsii.String("demo"),
		Namespace: jsii.String("clusters"),
		Version:   jsii.String("v1.31.2"),
		Settings:  settings,
		Network: cpc.NewClusterNetwork(&cpc.ClusterNetworkProps{
			Pods:                 jsii.Strings("192.168.0.0/16"),
			Services:             jsii.Strings("172.20.0.0/16"),
			ControlPlaneEndpoint: jsii.String("api.demo.corp.example"),
			Provider:             cpc.Provider_VSPHERE,
			ProviderEndpoints:    jsii.Strings("vcenter.corp.example"),
		}),
		OsFamily:          capi.OsFamily_UBUNTU, // where the proxy CA goes
		InfrastructureRef: reference("VSphereCluster", "demo"),
		ControlPlane:      &capi.ControlPlaneProps{Replicas: jsii.Number(3), MachineTemplate: reference("VSphereMachineTemplate", "demo-control-plane")},
		WorkerPools: &[]*capi.WorkerPoolProps{
			{Name: jsii.String("md-0"), Replicas: jsii.Number(3), MachineTemplate: reference("VSphereMachineTemplate", "demo-md-0")},
		},
	})

	capi.NewProxiedCluster(cdk8s.NewChart(app, jsii.String("legacy"), nil), jsii.String("Legacy"), &capi.ProxiedClusterProps{
		Name:            jsii.String("legacy"),
		Namespace:       jsii.String("clusters"),
		Version:         jsii.String("v1.30.6"),
		CapiVersion:     capi.CapiVersion_V1BETA1,
		BootstrapFormat: capi.BootstrapFormat_IGNITION, // Flatcar
		Settings:        settings,
		Network: cpc.NewClusterNetwork(&cpc.ClusterNetworkProps{
			Pods:     jsii.Strings("10.244.0.0/16"),
			Services: jsii.Strings("10.96.0.0/12"),
			Provider: cpc.Provider_AWS,
			Region:   jsii.String("eu-central-1"),
		}),
		InfrastructureRef: reference("AWSCluster", "legacy"),
		ControlPlane:      &capi.ControlPlaneProps{MachineTemplate: reference("AWSMachineTemplate", "legacy-control-plane")},
		WorkerPools: &[]*capi.WorkerPoolProps{
			{Name: jsii.String("md-0"), Replicas: jsii.Number(2), MachineTemplate: reference("AWSMachineTemplate", "legacy-md-0")},
		},
	})

	// Workloads of `demo`. A ProxyAwareDeployment carries the proxy env itself; ProxyEnv_Inject gives
	// it to every workload of a chart, here a plain cdk8s-plus CronJob. Each chart also gets the
	// proxy Secret and the CA ConfigMap its pods read, in its namespace.
	workloads.NewProxyAwareDeployment(cdk8s.NewChart(app, jsii.String("apps"), &cdk8s.ChartProps{Namespace: jsii.String("team-a")}), jsii.String("Api"), &workloads.ProxyAwareDeploymentProps{
		Proxy:      demo.Proxy(),
		Containers: &[]*cdk8splus33.ContainerProps{{Image: jsii.String("registry.corp.example/team-a/api:1.4.2"), PortNumber: jsii.Number(8080)}},
	})
	jobs := cdk8s.NewChart(app, jsii.String("jobs"), &cdk8s.ChartProps{Namespace: jsii.String("team-b")})
	cdk8splus33.NewCronJob(jobs, jsii.String("Report"), &cdk8splus33.CronJobProps{
		Schedule:   cdk8s.Cron_Daily(),
		Containers: &[]*cdk8splus33.ContainerProps{{Image: jsii.String("registry.corp.example/team-b/report:2.0.0")}},
	})
	workloads.ProxyEnv_Inject(jobs, demo.Proxy(), nil)

	app.Synth()
}
