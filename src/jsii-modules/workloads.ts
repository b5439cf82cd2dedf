// The jsii `workloads` module: the area's core types and its cdk8s constructs, together.
export * from '../workloads';
export * from '../cdk8s/workloads';
