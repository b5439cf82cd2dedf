/**
 * ClusterClass patches and variables, and topology clusters that set them. Builds on the root and
 * `capi`.
 *
 * @module
 */

export { ClusterClassProxy } from './core/clusterclass/cluster-class-proxy';
export type { ClusterClassProxyProps } from './core/clusterclass/cluster-class-proxy';
export type { TopologyClusterProxyOptions, TopologyClusterProxyResult } from './core/clusterclass/topology-cluster';
export { ClassVariableShape } from './core/clusterclass/variable-shapes';
export type { WorkerClassSelection } from './core/clusterclass/class-targets';
export type { ResolvedTrustedCaVariable, TrustedCaVariable } from './core/clusterclass/trusted-ca-variable';
export type { AddProxyToClusterClassResult } from './core/clusterclass/add-proxy-to-cluster-class';
export type { TopologyNetworkProps, ProxyVariableAssignment } from './core/clusterclass/topology-cluster';
export type { ProxyVariableValue } from './core/clusterclass/proxy-variable';
