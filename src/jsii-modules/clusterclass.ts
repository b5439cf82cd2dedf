// The jsii `clusterclass` module: the area's core types and its cdk8s constructs, together.
export * from '../clusterclass';
export * from '../cdk8s/clusterclass';
