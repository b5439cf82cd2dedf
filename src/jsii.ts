// The jsii entry point: the API a Python, Java, Go or .NET cdk8s user sees. The root holds the
// definition, NO_PROXY engine, renderers and product model; each area is a module with its core types
// and its cdk8s constructs together, as cdk8s-plus groups by kind. Every module depends only on the
// root and the modules listed before it: Go rejects import cycles between packages, and Python fails
// on a class that extends across a cycle. TypeScript users keep the separate entry points, so the
// root still never loads cdk8s.
export * from './foundation';
export { FleetApp } from './cdk8s/fleet-app';
export * as capi from './jsii-modules/capi';
export * as clusterclass from './jsii-modules/clusterclass';
export * as migration from './jsii-modules/migration';
export * as workloads from './jsii-modules/workloads';
export * as addons from './jsii-modules/addons';
export * as products from './jsii-modules/products';
