import { requireOptionalPeers } from './require-optional-peers';

requireOptionalPeers('cluster-proxy-constructs/cdk8s', ['cdk8s', 'constructs']);
