// The jsii `migration` module: the area has no cdk8s constructs, so it is the core's namespace as is.
export * from '../migration';
