// The jsii `addons` module: the area's core types and its cdk8s constructs, together.
export * from '../addons';
export * from '../cdk8s/addons';
