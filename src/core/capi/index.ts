/** Cluster API: proxied clusters, control planes and worker pools as plain manifests. */
export * from './add-proxy-to-objects';
export * from './capi-version';
export * from './cluster';
export * from './kubeadm-config-spec';
export * from './kubeadm-config-template';
export * from './kubeadm-control-plane';
export * from './kubernetes-version';
export * from './machine-deployment';
export * from './proxied-cluster';
export * from './proxy-source';
