import { requireOptionalPeers } from './require-optional-peers';

requireOptionalPeers('cluster-proxy-constructs/cdk8s and /cdk8s-plus*', ['cdk8s', 'constructs']);
