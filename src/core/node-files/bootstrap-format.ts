/** Bootstrap data format of a KubeadmConfigSpec: cloud-init's cloud-config, or Ignition (Flatcar). */
export enum BootstrapFormat {
  /** cloud-init's cloud-config. */
  CLOUD_CONFIG = 'cloud-config',
  /** Ignition (Flatcar). */
  IGNITION = 'ignition',
}

/** The bootstrap formats Cluster API's kubeadm provider renders (`spec.format`). */
export const BOOTSTRAP_FORMATS: readonly BootstrapFormat[] = Object.values(BootstrapFormat);
