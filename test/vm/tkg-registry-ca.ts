/**
 * What TKG's ClusterClass adds to a machine's kubeadm config for a private registry's CA
 * (tanzu-framework `providers/infrastructure-vsphere/v1.5.3/cconly/base.yaml`, patch
 * `registryCACert`, and `overlay.yaml`, patch `restartContainerdService`, tag v0.29.0): the CA as
 * a file, two lines appended to containerd's `config.toml`, and a containerd restart. Cluster API
 * applies those patches after the library's, so these commands follow the library's own
 * containerd restart (test/core/clusterclass/tkg-containerd-restart.test.ts evaluates that order
 * with Cluster API's patch engine); the VM shows containerd then loads the CA.
 */
export function withTkgRegistryCa(kubeadmConfigSpec: any, host: string, caPem: string): any {
  const configToml = '/etc/containerd/config.toml';
  const caFile = `/etc/containerd/${host}.crt`;
  return {
    ...kubeadmConfigSpec,
    files: [...kubeadmConfigSpec.files ?? [], { path: caFile, content: Buffer.from(caPem, 'utf8').toString('base64'), encoding: 'base64', permissions: '0444' }],
    preKubeadmCommands: [
      ...kubeadmConfigSpec.preKubeadmCommands ?? [],
      `echo '[plugins."io.containerd.grpc.v1.cri".registry.configs."${host}".tls]' >> ${configToml}`,
      `echo '  ca_file = "${caFile}"' >> ${configToml}`,
      'systemctl restart containerd',
    ],
  };
}
