// The root entry point: the pure core's public API, and nothing internal. Importing it never loads
// cdk8s, constructs or Pulumi; the adapters live at `cluster-proxy-constructs/cdk8s`,
// `cluster-proxy-constructs/cdk8s-plus` and `cluster-proxy-constructs/pulumi`.
//
// Every name here is deliberate: the definition, the computed configuration, the NO_PROXY engine,
// the renderers, the product model and `Products`, and the props types a user writes. Each area's
// own types live in its namespace (`capi`, `clusterclass`, `migration`, `workloads`, `addons`), so
// the root stays small and, in the jsii languages, each area is a module that depends only on the
// root and the areas before it. Helpers stay behind it.

export * from './foundation';

// Every product of every area, as plain manifests (built on all the areas, so it is not part of the
// foundation)
export { Products } from './core/api/products';

// The areas, one namespace each; every area builds only on the root and the areas before it
export * as capi from './capi';
export * as clusterclass from './clusterclass';
export * as migration from './migration';
export * as workloads from './workloads';
export * as addons from './addons';
