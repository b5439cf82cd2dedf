// The jsii entry point: the API a Python, Java, Go or .NET cdk8s user sees, in one namespace (the
// core definition, NO_PROXY engine and renderers, plus the cdk8s constructs), as cdk8s-plus does.
// TypeScript users keep the separate entry points, so the root still never loads cdk8s.
export * from './index';
export * from './cdk8s';
