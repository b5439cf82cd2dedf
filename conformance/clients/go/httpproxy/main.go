// Command httpproxy asks golang.org/x/net/http/httpproxy (Debian golang-golang-x-net-dev) whether
// each case's URL goes through the proxy.
//
// Usage: httpproxy BATCH.json   (prints a JSON array of verdicts)
//
// For every case it sets the six proxy variables in the process environment and calls
// httpproxy.FromEnvironment().ProxyFunc(), exactly the path net/http takes, so the real parser
// and matcher decide. FromEnvironment reads the environment on each call, hence one process for
// the whole batch. A pure decision function: nothing connects.
package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"

	"golang.org/x/net/http/httpproxy"
)

type testCase struct {
	ID      string `json:"id"`
	NoProxy string `json:"noProxy"`
	URL     string `json:"url"`
}

type batch struct {
	Proxy string     `json:"proxy"`
	Cases []testCase `json:"cases"`
}

type verdict struct {
	ID      string `json:"id"`
	Verdict string `json:"verdict"`
	Detail  string `json:"detail,omitempty"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: httpproxy BATCH.json")
		os.Exit(64)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var input batch
	if err := json.Unmarshal(data, &input); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	verdicts := make([]verdict, 0, len(input.Cases))
	for _, c := range input.Cases {
		for _, name := range []string{"HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"} {
			os.Setenv(name, input.Proxy)
		}
		os.Setenv("NO_PROXY", c.NoProxy)
		os.Setenv("no_proxy", c.NoProxy)
		verdicts = append(verdicts, decide(c))
	}
	if err := json.NewEncoder(os.Stdout).Encode(verdicts); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func decide(c testCase) verdict {
	target, err := url.Parse(c.URL)
	if err != nil {
		return verdict{ID: c.ID, Verdict: "error", Detail: err.Error()}
	}
	proxy, err := httpproxy.FromEnvironment().ProxyFunc()(target)
	if err != nil {
		return verdict{ID: c.ID, Verdict: "error", Detail: err.Error()}
	}
	if proxy == nil {
		return verdict{ID: c.ID, Verdict: "direct"}
	}
	return verdict{ID: c.ID, Verdict: "proxy", Detail: proxy.Host}
}
