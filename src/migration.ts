/**
 * Reading the proxy settings of TKG, Giant Swarm, CAREN, EKS Anywhere, OpenShift and hand-written
 * objects, and comparing them with this library's. Builds on the root, `capi` and `clusterclass`.
 *
 * @module
 */

export { Migration } from './core/api/migration';
export { ImportSource } from './core/import/imported-proxy';
export type { ImportProxyOptions, ImportResult } from './core/import/import-proxy';
export type { NodeChangesOptions, NodeObjectChanges } from './core/import/node-changes';
export type { ImportedProxy, ImportNote } from './core/import/imported-proxy';
export type { NoProxyComparison, NoProxyClientChange } from './core/import/compare-no-proxy';
export type { NodeFileChange } from './core/import/node-changes';
