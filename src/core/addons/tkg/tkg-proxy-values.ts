import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { CompatibilityProfileName } from '../../node-files/compatibility-profile-name';
import { NoProxyForm } from '../../node-files/options';
import { nodeFileEnvironments, userNoProxy } from '../../node-files/system-no-proxy';
import { ProxyConfigError } from '../../primitives/errors';
import { parseFlag, parseOneOf } from '../../primitives/validation/one-of';
import { addonProxyValues, AddonProxyValues } from '../addon-proxy';
import { YamlStyle } from '../yaml-text';

/** How TKG's addon values write NO_PROXY and the proxy URLs: the library's values, or TKG's own. */
export interface TkgValueFormOptions {
  /**
   * How the values write NO_PROXY. `given` writes TKG's own list, as its templates compose it
   * (the entries as given, the service and pod CIDRs, `localhost`, `127.0.0.1`, `.svc`,
   * `.svc.cluster.local`), and the config values' `TKG_NO_PROXY` as the entries as given, the
   * input TKG composes that list from; `sorted` sorts them. They exist to take over a cluster
   * TKG created without its packages seeing new values; new clusters keep `expanded`, every form
   * each client family reads.
   *
   * @default NoProxyForm.EXPANDED
   */
  readonly noProxyForm?: NoProxyForm;
  /**
   * Write each proxy URL's port only where the URL as given writes it (`http://proxy.corp`), as
   * TKG does, instead of always (`http://proxy.corp:80`).
   *
   * @default false
   */
  readonly urlPortAsGiven?: boolean;
  /**
   * Write a list in the values at its key's column (`tolerations:` then `- key: ...`), as ytt, a
   * Go YAML encoder, writes TKG's values, instead of two columns in. The same data either way;
   * only lists among the values given (`vsphereCpiValues`, ...) have any.
   *
   * @default false
   */
  readonly compactSequences?: boolean;
}

/** The proxy values of TKG's addon Secrets and its config values, in the form asked for. */
export interface TkgProxyValues extends AddonProxyValues {
  /** The config values' `TKG_NO_PROXY`: the NO_PROXY of the addons, or in `given` and `sorted` the entries as given. */
  readonly configNoProxy: string;
  /** How the values' YAML is laid out. */
  readonly yamlStyle: YamlStyle;
}

/**
 * {@link addonProxyValues} in the form asked for, plus TKG's own rule: its CLI refuses a
 * TKG_NO_PROXY containing `*` (tanzu-framework `tkg/client/validate.go`), and a `*` NO_PROXY would
 * switch the proxy off for the addons anyway.
 */
export function tkgProxyValues(proxy: ClusterProxyConfig, consumer: string, form: TkgValueFormOptions = {}): TkgProxyValues {
  const values = addonProxyValues(proxy, consumer);
  // the engine renders a list holding `*` as `*` alone, and no other entry as a `*` token
  if (values.noProxy === '*') {
    throw new ProxyConfigError('noProxy', 'must not be "*" for TKG: its CLI refuses a TKG_NO_PROXY with "*", which would bypass the proxy entirely');
  }
  const noProxyForm = parseOneOf('noProxyForm', form.noProxyForm, Object.values(NoProxyForm), NoProxyForm.EXPANDED);
  const urlPortAsGiven = parseFlag('urlPortAsGiven', form.urlPortAsGiven);
  const yamlStyle = { compactSequences: parseFlag('compactSequences', form.compactSequences) };
  // the library's values, or the form TKG writes
  const env = noProxyForm === NoProxyForm.EXPANDED && !urlPortAsGiven
    ? values : nodeFileEnvironments(proxy, { profile: CompatibilityProfileName.TKG, noProxyForm, urlPortAsGiven }).render;
  return {
    yamlStyle,
    httpProxy: env.httpProxy!,
    httpsProxy: env.httpsProxy!,
    noProxy: env.noProxy,
    configNoProxy: noProxyForm === NoProxyForm.EXPANDED ? env.noProxy : userNoProxy(proxy, noProxyForm),
  };
}
