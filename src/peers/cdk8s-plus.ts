import { requireOptionalPeers } from './require-optional-peers';

// `/cdk8s-plus` is the cdk8s-plus-28 line under its first name
requireOptionalPeers('cluster-proxy-constructs/cdk8s-plus', ['cdk8s', 'constructs', 'cdk8s-plus-28']);
