// Command go-get makes one real GET with Go's default HTTP client, which takes its proxy from the
// environment (net/http.ProxyFromEnvironment: HTTP_PROXY, HTTPS_PROXY, NO_PROXY, credentials in
// the proxy URL) and its extra CA from SSL_CERT_FILE.
//
// Usage: go-get URL   (prints {"status":N,"body":"..."} or {"error":"..."}; exit 0 either way)
//
// Used by the end-to-end suite inside the loopback-only namespace only.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

type result struct {
	Status int    `json:"status,omitempty"`
	Body   string `json:"body,omitempty"`
	Error  string `json:"error,omitempty"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go-get URL")
		os.Exit(64)
	}
	client := &http.Client{Timeout: 10 * time.Second}
	var out result
	response, err := client.Get(os.Args[1])
	if err != nil {
		out.Error = err.Error()
	} else {
		body, readErr := io.ReadAll(io.LimitReader(response.Body, 1<<16))
		response.Body.Close()
		out.Status = response.StatusCode
		out.Body = string(body)
		if readErr != nil {
			out.Error = readErr.Error()
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		os.Exit(1)
	}
}
