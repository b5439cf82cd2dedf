/** Cluster API: proxied clusters, control planes and worker pools as plain manifests. */
export * from './add-proxy-to-objects';
export * from './capi-version';
export * from './cluster';
export * from './kubeadm-config-spec';
export * from './kubeadm-config-template';
export * from './kubeadm-control-plane';
export * from './kubeadm-file';
export * from './kubernetes-version';
export * from './labels';
export * from './machine-deployment';
export * from './node-commands';
export * from './node-file-options';
export * from './node-proxy';
export * from './node-proxy-secret';
export * from './os-family';
export * from './proxied-cluster';
export * from './proxy-source';
