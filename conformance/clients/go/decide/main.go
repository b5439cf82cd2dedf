// Command decide asks one of Go's real proxy decision functions whether each case's URL goes
// through the proxy. A pure decision function: nothing connects.
//
// Usage: decide httpproxy|stdlib BATCH.json   (prints a JSON array of verdicts)
//
//   - httpproxy: golang.org/x/net/http/httpproxy (Debian golang-golang-x-net-dev). For every case
//     the six proxy variables (a case's "environment" replaces the four proxy URLs: each name
//     set, or unset for null) are set in the process environment and
//     httpproxy.FromEnvironment().ProxyFunc() is called, exactly the path net/http takes.
//     FromEnvironment reads the environment on each call, so one process serves the whole batch.
//   - stdlib: net/http.ProxyFromEnvironment. It reads the environment once per process and caches
//     it, so the caller starts one process per NO_PROXY value with the variables already set;
//     every case of the batch must carry that same value (checked).
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"

	"golang.org/x/net/http/httpproxy"
)

type testCase struct {
	ID          string             `json:"id"`
	NoProxy     string             `json:"noProxy"`
	URL         string             `json:"url"`
	Environment map[string]*string `json:"environment"`
}

var proxyVariables = []string{"HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"}

type batch struct {
	Proxy string     `json:"proxy"`
	Cases []testCase `json:"cases"`
}

type verdict struct {
	ID      string `json:"id"`
	Verdict string `json:"verdict"`
	Detail  string `json:"detail,omitempty"`
}

// A decision function: the environment preparation a case needs, then the proxy for a URL.
type mode struct {
	prepare func(input batch, c testCase)
	proxy   func(target *url.URL) (*url.URL, error)
}

var modes = map[string]mode{
	"httpproxy": {
		prepare: func(input batch, c testCase) {
			for _, name := range proxyVariables {
				os.Unsetenv(name)
			}
			environment := c.Environment
			if environment == nil {
				environment = map[string]*string{}
				for _, name := range proxyVariables {
					environment[name] = &input.Proxy
				}
			}
			for name, value := range environment {
				if value == nil {
					os.Unsetenv(name)
				} else {
					os.Setenv(name, *value)
				}
			}
			os.Setenv("NO_PROXY", c.NoProxy)
			os.Setenv("no_proxy", c.NoProxy)
		},
		proxy: func(target *url.URL) (*url.URL, error) {
			return httpproxy.FromEnvironment().ProxyFunc()(target)
		},
	},
	"stdlib": {
		prepare: func(_ batch, c testCase) {
			if c.NoProxy != os.Getenv("NO_PROXY") || c.NoProxy != os.Getenv("no_proxy") {
				fmt.Fprintf(os.Stderr, "case %s: NO_PROXY of the case differs from the process environment\n", c.ID)
				os.Exit(65)
			}
		},
		proxy: func(target *url.URL) (*url.URL, error) {
			return http.ProxyFromEnvironment(&http.Request{URL: target})
		},
	},
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: decide httpproxy|stdlib BATCH.json")
		os.Exit(64)
	}
	m, ok := modes[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown mode %q: use httpproxy or stdlib\n", os.Args[1])
		os.Exit(64)
	}
	data, err := os.ReadFile(os.Args[2])
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
		m.prepare(input, c)
		verdicts = append(verdicts, decide(m, c))
	}
	if err := json.NewEncoder(os.Stdout).Encode(verdicts); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func decide(m mode, c testCase) verdict {
	target, err := url.Parse(c.URL)
	if err != nil {
		return verdict{ID: c.ID, Verdict: "error", Detail: err.Error()}
	}
	proxy, err := m.proxy(target)
	if err != nil {
		return verdict{ID: c.ID, Verdict: "error", Detail: err.Error()}
	}
	if proxy == nil {
		return verdict{ID: c.ID, Verdict: "direct"}
	}
	return verdict{ID: c.ID, Verdict: "proxy", Detail: proxy.Host}
}
