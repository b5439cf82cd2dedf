/** The bootstrap formats Cluster API's kubeadm provider renders (`spec.format`). */
export const BOOTSTRAP_FORMATS = ['cloud-config', 'ignition'] as const;

/** Bootstrap data format of a KubeadmConfigSpec: cloud-init's cloud-config, or Ignition (Flatcar). */
export type BootstrapFormat = (typeof BOOTSTRAP_FORMATS)[number];
