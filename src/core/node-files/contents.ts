import { VariableStyle, KubeadmEnvironment } from './options';
import { hasDefaultContents, ResolvedNodeProxyFiles } from './resolution';
import { NODE_PROXY_SECRET_FORM, NODE_PROXY_SECRET_KEYS, nodeProxyFileContents, nodeProxySecret, trustedCaKey } from './secret';
import { ClusterProxyConfig } from '../cluster-proxy-config';
import { SecretObject } from '../k8s/manifest';
import { contentHash, joinName } from '../k8s/names';
import { ProxyEnvironment, ProxyVariable, proxyVariables } from '../proxy-environment';
import { quoteShellValue } from '../render/shell';
import { escapeSystemdEnvironmentValue } from '../render/systemd';

/**
 * The node files' text for a layout (see `NodeProxyFileOptions`): which drop-ins, how they spell
 * the variables, whether there is an env file. The library's own layout is rendered by
 * `nodeProxyFileContents` itself, so its output and the Secret's name stay exactly what they were.
 */

/** The variables in a style's order (values checked by `proxyVariables`). */
export function styledVariables(env: ProxyEnvironment, style: VariableStyle): ProxyVariable[] {
  const pairs = proxyVariables(env);
  const upper = pairs.filter((variable) => variable.name === variable.name.toUpperCase());
  switch (style) {
    case VariableStyle.UPPER_ONLY:
      return upper;
    case VariableStyle.UPPER_THEN_LOWER:
      return [...upper, ...pairs.filter((variable) => variable.name !== variable.name.toUpperCase())];
    default:
      return pairs;
  }
}

/** A `[Service]` drop-in in a variable style (the escaping of `renderSystemdDropIn`). */
export function renderStyledDropIn(env: ProxyEnvironment, style: VariableStyle): string {
  const lines = styledVariables(env, style).map(({ name, value }) => `Environment="${name}=${escapeSystemdEnvironmentValue(value)}"`);
  return `[Service]\n${lines.join('\n')}\n`;
}

/** `export NAME='value'` lines in a variable style (the quoting of `renderShellExports`), without newlines. */
export function styledExportLines(env: ProxyEnvironment, style: VariableStyle): string[] {
  return styledVariables(env, style).map(({ name, value }) => `export ${name}=${quoteShellValue(value)}`);
}

/** Contents per configuration and layout key (a cluster's machines share both). */
const cache = new WeakMap<ClusterProxyConfig, Map<string, Readonly<{ [key: string]: string }>>>();

/** The node files' text for the layout, by Secret key (frozen, shared). */
export function layoutFileContents(proxy: ClusterProxyConfig, files: ResolvedNodeProxyFiles): Readonly<{ [key: string]: string }> {
  if (hasDefaultContents(files)) {
    return nodeProxyFileContents(proxy);
  }
  let byLayout = cache.get(proxy);
  if (!byLayout) {
    byLayout = new Map();
    cache.set(proxy, byLayout);
  }
  const key = contentsKey(files);
  let contents = byLayout.get(key);
  if (!contents) {
    contents = Object.freeze(renderContents(proxy, proxy.environment, files));
    byLayout.set(key, contents);
  }
  return contents;
}

function contentsKey(files: ResolvedNodeProxyFiles): string {
  return JSON.stringify([files.dropIns.map((dropIn) => dropIn.secretKey), files.dropInVariables, files.kubeadmEnvironment, files.exportVariables,
    files.kubeadmCredentials]);
}

function renderContents(proxy: ClusterProxyConfig, env: ProxyEnvironment, files: ResolvedNodeProxyFiles): { [key: string]: string } {
  const dropIn = renderStyledDropIn(env, files.dropInVariables);
  const contents: { [key: string]: string } = {};
  for (const { secretKey } of files.dropIns) {
    contents[secretKey] = dropIn;
  }
  if (files.kubeadmEnvironment === KubeadmEnvironment.ENV_FILE) {
    // kubeadm copies the variables into the static pods: credentials only on request
    const kubeadmEnv = files.kubeadmCredentials ? env : proxy.publicEnvironment;
    contents[NODE_PROXY_SECRET_KEYS.proxyEnv] = styledExportLines(kubeadmEnv, files.exportVariables).map((line) => `${line}\n`).join('');
  }
  (proxy.settings.trustedCa?.certificates ?? []).forEach((certificate, index) => {
    contents[trustedCaKey(index + 1)] = certificate.pem;
  });
  return contents;
}

/**
 * A hash of the layout's node files rendered without credentials, plus the credentials marker:
 * with a fixed Secret name, this is what changes the KubeadmControlPlane and templates (and so
 * rolls the machines) when the proxy changes.
 */
export function nodeFilesRevision(proxy: ClusterProxyConfig, files: ResolvedNodeProxyFiles): string {
  return contentHash({
    files: renderContents(proxy, proxy.publicEnvironment, files),
    credentials: proxy.credentialsMarker,
    kubeadmCredentials: files.kubeadmCredentials && proxy.hasCredentials ? true : undefined,
    form: NODE_PROXY_SECRET_FORM,
  });
}

/** Name of the node-proxy Secret without a hash (`fixedSecretName`). */
export function fixedNodeProxySecretName(clusterName: string): string {
  return `${clusterName}-systemd-proxy`;
}

/**
 * The node-proxy Secret for the layout: the library's Secret (labels, type) with the layout's
 * contents, named `<cluster>-systemd-proxy-<hash>` after the layout's files rendered without
 * credentials plus the credentials revision (as the library's own name is), or with the fixed
 * name. The library's own layout is its Secret as is.
 */
export function layoutNodeProxySecret(
  clusterName: string,
  namespace: string | undefined,
  files: ResolvedNodeProxyFiles,
  proxy: ClusterProxyConfig,
  contents: { readonly [key: string]: string },
): SecretObject {
  const secret = nodeProxySecret(clusterName, namespace, proxy);
  if (hasDefaultContents(files) && !files.fixedSecretName) {
    return secret;
  }
  const name = files.fixedSecretName
    ? fixedNodeProxySecretName(clusterName)
    : joinName(`${clusterName}-systemd-proxy`, nodeFilesRevision(proxy, files), 253);
  return {
    ...secret,
    metadata: { ...secret.metadata, name },
    stringData: { ...contents },
  };
}
