/** Bootstrap data format of a KubeadmConfigSpec: cloud-init's cloud-config, or Ignition (Flatcar). */
export enum BootstrapFormat {
  /** cloud-init's cloud-config. */
  CLOUD_CONFIG = 'cloud-config',
  /** Ignition (Flatcar). */
  IGNITION = 'ignition',
}

/** A {@link BootstrapFormat} as written in Cluster API's `spec.format`. */
export type BootstrapFormatName = `${BootstrapFormat}`;

/** The bootstrap formats Cluster API's kubeadm provider renders (`spec.format`). */
export const BOOTSTRAP_FORMATS: readonly BootstrapFormatName[] = Object.values(BootstrapFormat);
