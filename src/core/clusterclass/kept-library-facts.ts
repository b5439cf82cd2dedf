import { parseCidr } from '../primitives/cidr';
import { invalidValue } from '../primitives/errors';
import { parseIpLiteral } from '../primitives/ip';
import { isRecord } from '../primitives/validation/json-data';
import { optionalList } from '../primitives/validation/strict-props';

/**
 * The cluster's own facts a Cluster's library-shape proxy variable already holds. Setting the
 * variable again keeps them, as it keeps a foreign variable's NO_PROXY entries: they are facts of
 * that Cluster only (its extra NO_PROXY entries, machine networks, DNS address, the Secret its CA
 * comes from), and dropping them would silently move destinations to the proxy. What the library
 * owns (the URLs, the Secret name) is written anew.
 */
export interface KeptLibraryFacts {
  /** The variable's `noProxy` entries. */
  readonly noProxy: string[];
  readonly machineCidrs?: string[];
  readonly dnsServiceIp?: string;
  readonly controlPlaneEndpoint?: string;
  readonly trustedCaSecretName?: string;
}

/** The facts of `previous`, the variable's value on the Cluster at `path` (undefined: not set). */
export function keptLibraryFacts(previous: unknown, path: string): KeptLibraryFacts {
  if (previous === undefined || previous === null) {
    return { noProxy: [] };
  }
  if (!isRecord(previous)) {
    throw invalidValue(path, previous, 'must be an object: the proxy variable\'s value');
  }
  const text = (key: string): string | undefined => {
    const value = previous[key];
    if (value !== undefined && typeof value !== 'string') {
      throw invalidValue(`${path}.${key}`, value, 'must be a string');
    }
    return value;
  };
  const dnsServiceIp = text('dnsServiceIp');
  if (dnsServiceIp !== undefined && !parseIpLiteral(dnsServiceIp)) {
    throw invalidValue(`${path}.dnsServiceIp`, dnsServiceIp, 'must be an IP address');
  }
  const machineCidrs = previous.machineCidrs === undefined ? undefined
    : optionalList(`${path}.machineCidrs`, previous.machineCidrs).map((raw, index) => parseCidr(`${path}.machineCidrs[${index}]`, raw).text);
  const controlPlaneEndpoint = text('controlPlaneEndpoint');
  const trustedCaSecretName = text('trustedCaSecretName');
  return {
    noProxy: optionalList(`${path}.noProxy`, previous.noProxy) as string[],
    ...(machineCidrs !== undefined ? { machineCidrs } : {}),
    ...(dnsServiceIp !== undefined ? { dnsServiceIp } : {}),
    ...(controlPlaneEndpoint ? { controlPlaneEndpoint } : {}),
    ...(trustedCaSecretName ? { trustedCaSecretName } : {}),
  };
}
