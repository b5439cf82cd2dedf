// Cluster API constructs: proxied clusters, control planes and worker templates.
export * from './add-proxy-to-kubeadm-objects';
export * from './proxied-cluster';
export * from './proxied-kubeadm-config-template';
export * from './proxied-kubeadm-control-plane';
