package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"
	"github.com/cdk8s-team/cdk8s-core-go/cdk8s/v2"
	cpc "github.com/cluster-proxy-constructs/cluster-proxy-constructs-go/clusterproxyconstructs"
	"github.com/cluster-proxy-constructs/cluster-proxy-constructs-go/clusterproxyconstructs/capi"
)

// A bad input reaches Go as a panic whose value is an error carrying the library's message: the
// field path as written, then what is wrong, with the password masked. Each case prints that
// message as a JSON line, so test/jsii/go-app.e2e-test.ts can compare it with TypeScript's.
var badInputs = []struct {
	name      string
	fieldPath string
	build     func()
}{
	{"unsupported proxy scheme, with the password in the URL", "httpProxy: ", func() {
		proxyURL := url.URL{Scheme: "ftp", User: url.UserPassword("svc-k8s", proxyPassword()), Host: "proxy.corp.example:3128"}
		cpc.NewProxySettings(&cpc.ProxySettingsProps{HttpProxy: jsii.String(proxyURL.String())})
	}},
	{"negative worker pool replicas", "workerPools[0].replicas: ", func() {
		template := &capi.ObjectReferenceProps{ApiVersion: jsii.String("x/v1"), Kind: jsii.String("K"), Name: jsii.String("n")}
		capi.NewProxiedCluster(cdk8s.NewChart(cdk8s.NewApp(nil), jsii.String("c"), nil), jsii.String("C"), &capi.ProxiedClusterProps{
			Name:      jsii.String("demo"),
			Namespace: jsii.String("clusters"),
			Version:   jsii.String("v1.31.2"),
			Settings: cpc.NewProxySettings(&cpc.ProxySettingsProps{
				HttpProxy: jsii.String("http://proxy.corp.example:3128"),
				Username:  jsii.String("svc-k8s"),
				Password:  jsii.String(proxyPassword()),
			}),
			Network: cpc.NewClusterNetwork(&cpc.ClusterNetworkProps{
				Pods:     jsii.Strings("10.244.0.0/16"),
				Services: jsii.Strings("10.96.0.0/12"),
				Provider: cpc.Provider_AWS,
				Region:   jsii.String("eu-central-1"),
			}),
			InfrastructureRef: template,
			ControlPlane:      &capi.ControlPlaneProps{MachineTemplate: template},
			WorkerPools:       &[]*capi.WorkerPoolProps{{Name: jsii.String("md-0"), Replicas: jsii.Number(-1), MachineTemplate: template}},
		})
	}},
}

// panicError runs build and returns the error it panicked with.
func panicError(t *testing.T, build func()) (err error) {
	defer func() {
		recovered := recover()
		if recovered == nil {
			t.Fatal("no panic")
		}
		var ok bool
		if err, ok = recovered.(error); !ok {
			t.Fatalf("panicked with a %T, not an error", recovered)
		}
	}()
	build()
	return nil
}

func TestBadInputPanicsWithTheLibraryError(t *testing.T) {
	for _, input := range badInputs {
		t.Run(input.name, func(t *testing.T) {
			message := panicError(t, input.build).Error()
			if !strings.HasPrefix(message, input.fieldPath) {
				t.Errorf("the message does not start with the field path %q", input.fieldPath)
			}
			if strings.Contains(message, proxyPassword()) {
				t.Error("the message holds the password")
			}
			line, _ := json.Marshal(map[string]string{"input": input.name, "message": message})
			fmt.Println(string(line))
		})
	}
}
