module cluster-proxy-constructs/reference-tools/ytt

// ytt v0.52.0, the engine of TKG's plan-based cluster templates, for scripts/references/tkg.sh.
// Built by scripts/build-go-tools.sh; neither the library nor its tests run it.

go 1.26.0

tool carvel.dev/ytt/cmd/ytt

require (
	carvel.dev/ytt v0.52.0 // indirect
	github.com/BurntSushi/toml v1.2.1 // indirect
	github.com/cppforlife/cobrautil v0.0.0-20200514214827-bb86e6965d72 // indirect
	github.com/cppforlife/go-cli-ui v0.0.0-20200505234325-512793797f05 // indirect
	github.com/hashicorp/go-version v1.6.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/k14s/starlark-go v0.0.0-20200720175618-3a5c849cc368 // indirect
	github.com/spf13/cobra v1.7.0 // indirect
	github.com/spf13/pflag v1.0.5 // indirect
)
