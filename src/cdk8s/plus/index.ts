// cluster-proxy-constructs/cdk8s-plus: ProxyAwareDeployment on cdk8s-plus-28, kept for existing
// apps. Every line from 28 on has its own entry point, `cluster-proxy-constructs/cdk8s-plus-NN`:
// use the one of the cdk8s-plus your app uses.
import '../../peers/cdk8s-plus'; // first: a clear error, naming this entry point, when a peer is not installed
export * from './cdk8s-plus-28';
