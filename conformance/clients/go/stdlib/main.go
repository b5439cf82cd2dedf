// Command stdlib asks Go's net/http.ProxyFromEnvironment whether each URL goes through the proxy.
//
// Usage: stdlib BATCH.json   (prints a JSON array of verdicts)
//
// ProxyFromEnvironment reads the environment once per process and caches it, so the caller starts
// one process per NO_PROXY value with the variables already set; every case of the batch must
// carry that same value (checked). A pure decision function: nothing connects.
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
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
		fmt.Fprintln(os.Stderr, "usage: stdlib BATCH.json")
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
		if c.NoProxy != os.Getenv("NO_PROXY") || c.NoProxy != os.Getenv("no_proxy") {
			fmt.Fprintf(os.Stderr, "case %s: NO_PROXY of the case differs from the process environment\n", c.ID)
			os.Exit(65)
		}
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
	proxy, err := http.ProxyFromEnvironment(&http.Request{URL: target})
	if err != nil {
		return verdict{ID: c.ID, Verdict: "error", Detail: err.Error()}
	}
	if proxy == nil {
		return verdict{ID: c.ID, Verdict: "direct"}
	}
	return verdict{ID: c.ID, Verdict: "proxy", Detail: proxy.Host}
}
