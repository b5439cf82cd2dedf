import { invalidValue } from '../primitives/errors';

/**
 * Node operating systems and how each installs an extra CA into its trust store, for proxies that
 * intercept TLS. The commands follow the distributions' documented procedure (and VMware TKG's
 * node customisation, see shared/reference/prior-art.md): write the certificate where the tool
 * looks, run the tool, and the merged bundle that Go (containerd, kubelet), curl and OpenSSL read
 * now holds it.
 */

/** Node OS family, selecting the trust store the proxy CA is installed into. */
export enum OsFamily {
  /** Ubuntu (`update-ca-certificates`). */
  UBUNTU = 'ubuntu',
  /** Debian (`update-ca-certificates`). */
  DEBIAN = 'debian',
  /** Red Hat Enterprise Linux and derivatives (`update-ca-trust`). */
  RHEL = 'rhel',
  /** Amazon Linux (`update-ca-trust`). */
  AMAZON_LINUX = 'amazon-linux',
  /** Flatcar Container Linux (`update-ca-certificates`). */
  FLATCAR = 'flatcar',
  /** VMware Photon OS (`rehash_ca_certificates.sh`). */
  PHOTON = 'photon',
}

/** Supported OS families. */
export const OS_FAMILIES: readonly OsFamily[] = Object.values(OsFamily);

/** Where one OS family takes extra CA certificates, and the command that merges them in. */
export interface TrustStore {
  /** Directory the certificates are written to (one file per certificate). */
  readonly directory: string;
  /** File name extension the tool picks up. */
  readonly extension: '.crt' | '.pem';
  /** The command that rebuilds the system bundle. */
  readonly updateCommand: string;
  /** Why this location and command. */
  readonly reason: string;
}

const DEBIAN_STORE: TrustStore = {
  directory: '/usr/local/share/ca-certificates',
  extension: '.crt',
  updateCommand: 'update-ca-certificates',
  reason: 'ca-certificates reads only *.crt files under /usr/local/share/ca-certificates and rebuilds /etc/ssl/certs/ca-certificates.crt',
};

const RED_HAT_STORE: TrustStore = {
  directory: '/etc/pki/ca-trust/source/anchors',
  extension: '.pem',
  updateCommand: 'update-ca-trust extract',
  reason: 'p11-kit trust anchors; `update-ca-trust extract` regenerates /etc/pki/ca-trust/extracted (dynamic configuration is on by default since RHEL 7 and Amazon Linux 2)',
};

const TRUST_STORES: Readonly<Record<OsFamily, TrustStore>> = {
  'ubuntu': DEBIAN_STORE,
  'debian': DEBIAN_STORE,
  'rhel': RED_HAT_STORE,
  'amazon-linux': RED_HAT_STORE,
  'flatcar': {
    directory: '/etc/ssl/certs',
    extension: '.pem',
    updateCommand: 'update-ca-certificates',
    reason: 'Flatcar keeps the writable store in /etc/ssl/certs (*.pem); update-ca-certificates rehashes it and rebuilds the bundle',
  },
  'photon': {
    directory: '/etc/ssl/certs',
    extension: '.pem',
    updateCommand: 'rehash_ca_certificates.sh',
    reason: 'Photon OS rebuilds its bundle from /etc/ssl/certs with rehash_ca_certificates.sh (as VMware TKG does)',
  },
};

/** Validate an OS family. */
export function parseOsFamily(field: string, value: unknown): OsFamily {
  if (!(OS_FAMILIES as readonly unknown[]).includes(value)) {
    throw invalidValue(field, value, `is not a supported OS family; use one of ${OS_FAMILIES.join(', ')}`);
  }
  return value as OsFamily;
}

/** The trust store of an OS family. */
export function trustStoreFor(osFamily: OsFamily): TrustStore {
  return TRUST_STORES[osFamily];
}

/** Path of the `index`-th (1-based) proxy CA certificate in the trust store. */
export function trustedCaPath(store: TrustStore, index: number): string {
  return `${store.directory}/cluster-proxy-ca-${index}${store.extension}`;
}
