// The jsii `capi` module: the area's core types and its cdk8s constructs, together.
export * from '../capi';
export * from '../cdk8s/capi';
