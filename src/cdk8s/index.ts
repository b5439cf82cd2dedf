// cluster-proxy-constructs/cdk8s: thin cdk8s constructs over the core's plain manifests.
import '../peers/cdk8s'; // first: a clear error when the framework is not installed
export { addApiObjects } from './product-objects';
export { FleetApp } from './fleet-app';
export * from './workloads';
export * from './capi';
export * from './addons';
export * from './clusterclass';
