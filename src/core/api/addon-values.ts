import { HelmPreset, HelmPresetName, HelmProxyKeys } from '../addons/helm/helm-presets';
import { helmEnvValues, helmPresetValues, helmProxyBlockValues, HelmProxyValues, HelmProxyValuesOptions } from '../addons/helm/helm-values';
import { kustomizeProxyComponent, KustomizeProxyComponentOptions } from '../addons/kustomize/kustomize-component';
import { kustomizeJson6902Patches, KustomizeInlinePatch } from '../addons/kustomize/kustomize-json6902';
import { KustomizeTarget } from '../addons/kustomize/kustomize-target';
import { ClusterProxyConfig } from '../cluster-proxy-config';
import { ProxyEnvOptions } from '../workloads/container-env';

/**
 * Values and patches for workloads the library does not emit itself: Helm chart values (from a
 * preset, an env list at a path, or a literal proxy block) and Kustomize components or patches.
 */
export class AddonValues {
  /** Values for a chart from a preset name (`cert-manager`, `flux`, ...) or your own preset. */
  public static helmPreset(proxy: ClusterProxyConfig, preset: HelmPresetName | `${HelmPresetName}` | HelmPreset, options: HelmProxyValuesOptions = {}): HelmProxyValues {
    return helmPresetValues(proxy, preset, options);
  }

  /** Values with the proxy env list at `path` (e.g. `['extraEnv']`). */
  public static helmEnv(proxy: ClusterProxyConfig, path: string[], options: HelmProxyValuesOptions = {}): HelmProxyValues {
    return helmEnvValues(proxy, path, options);
  }

  /** Values with a literal proxy block, by default `proxy: {httpProxy, httpsProxy, noProxy}`. */
  public static helmProxyBlock(proxy: ClusterProxyConfig, keys?: HelmProxyKeys, options: HelmProxyValuesOptions = {}): HelmProxyValues {
    return helmProxyBlockValues(proxy, keys, options);
  }

  /** A Kustomize component (file path to content) adding the proxy env to the targets. */
  public static kustomizeComponent(proxy: ClusterProxyConfig, options: KustomizeProxyComponentOptions): { [path: string]: string } {
    return kustomizeProxyComponent(proxy, options);
  }

  /** JSON 6902 patches adding the proxy env to containers addressed by position. */
  public static kustomizeJson6902Patches(
    proxy: ClusterProxyConfig, targets: KustomizeTarget[], options: ProxyEnvOptions = {},
  ): KustomizeInlinePatch[] {
    return kustomizeJson6902Patches(proxy, targets, options);
  }

  private constructor() {}
}
