/* eslint-disable @typescript-eslint/no-require-imports -- modules whose code loads on first use */
import type { HelmPreset, HelmPresetName, HelmProxyKeys } from '../addons/helm/helm-presets';
import type { HelmProxyValues, HelmProxyValuesOptions } from '../addons/helm/helm-values';
import type { KustomizeProxyComponentOptions } from '../addons/kustomize/kustomize-component';
import type { KustomizeInlinePatch } from '../addons/kustomize/kustomize-json6902';
import type { KustomizeTarget } from '../addons/kustomize/kustomize-target';
import type { ClusterProxyConfig } from '../definition/cluster-proxy-config';
import { onFirstUse } from '../primitives/lazy-modules';
import type { ProxyEnvOptions } from '../workloads/container-env';

const helm = onFirstUse(() => require('../addons/helm/helm-values') as typeof import('../addons/helm/helm-values'));
const kustomizeComponents = onFirstUse(() => require('../addons/kustomize/kustomize-component') as typeof import('../addons/kustomize/kustomize-component'));
const kustomizePatches = onFirstUse(() => require('../addons/kustomize/kustomize-json6902') as typeof import('../addons/kustomize/kustomize-json6902'));

/**
 * Values and patches for workloads the library does not emit itself: Helm chart values (from a
 * preset, an env list at a path, or a literal proxy block) and Kustomize components or patches.
 */
export class AddonValues {
  /** Values for a chart the library knows, by its preset name (`cert-manager`, `flux2`, ...). */
  public static helmPreset(proxy: ClusterProxyConfig, preset: HelmPresetName, options: HelmProxyValuesOptions = {}): HelmProxyValues {
    return helm().helmPresetValues(proxy, preset, options);
  }

  /** Values for a chart described by your own preset: where it takes the proxy and the CA. */
  public static helmCustomPreset(proxy: ClusterProxyConfig, preset: HelmPreset, options: HelmProxyValuesOptions = {}): HelmProxyValues {
    return helm().helmPresetValues(proxy, preset, options);
  }

  /** Values with the proxy env list at `path` (e.g. `['extraEnv']`). */
  public static helmEnv(proxy: ClusterProxyConfig, path: string[], options: HelmProxyValuesOptions = {}): HelmProxyValues {
    return helm().helmEnvValues(proxy, path, options);
  }

  /** Values with a literal proxy block, by default `proxy: {httpProxy, httpsProxy, noProxy}`. */
  public static helmProxyBlock(proxy: ClusterProxyConfig, keys?: HelmProxyKeys, options: HelmProxyValuesOptions = {}): HelmProxyValues {
    return helm().helmProxyBlockValues(proxy, keys, options);
  }

  /** A Kustomize component (file path to content) adding the proxy env to the targets. */
  public static kustomizeComponent(proxy: ClusterProxyConfig, options: KustomizeProxyComponentOptions): { [path: string]: string } {
    return kustomizeComponents().kustomizeProxyComponent(proxy, options);
  }

  /** JSON 6902 patches adding the proxy env to containers addressed by position. */
  public static kustomizeJson6902Patches(
    proxy: ClusterProxyConfig, targets: KustomizeTarget[], options: ProxyEnvOptions = {},
  ): KustomizeInlinePatch[] {
    return kustomizePatches().kustomizeJson6902Patches(proxy, targets, options);
  }

  private constructor() {}
}
