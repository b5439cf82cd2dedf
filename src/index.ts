// The root entry point exports the pure core only: importing it never loads cdk8s, constructs or
// Pulumi. The adapters live at `cluster-proxy-constructs/cdk8s` and `cluster-proxy-constructs/pulumi`.
export * from './core';
