import { requireOptionalPeers } from './require-optional-peers';

requireOptionalPeers('cluster-proxy-constructs/pulumi', ['@pulumi/pulumi', '@pulumi/kubernetes']);
