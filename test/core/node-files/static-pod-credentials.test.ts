import { copiedIntoStaticPods, createScratchNode, ScratchNode } from './bootstrap-script-harness';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { nodeProxyFileContents } from '../../../src/core/node-files/contents';
import { credentialForms, demoProxy } from '../../support/fixtures/cluster';

/**
 * No credential in the control-plane static pods. kubeadm copies its proxy variables into the
 * kube-apiserver, kube-controller-manager and kube-scheduler manifests (`copiedIntoStaticPods`).
 * So: run the rendered preKubeadmCommands in a real shell with the env file the node would get,
 * apply that rule to the environment kubeadm started with, and look for the password in every
 * encoding. test/hardening/kubeadm-copy-rule.test.ts does the same for every node-file layout.
 */

describe('static pods get the proxy without credentials', () => {
  let node: ScratchNode;
  beforeAll(() => {
    node = createScratchNode();
  });
  afterAll(() => node.remove());

  function kubeadmSees(kubeadmCredentials?: boolean) {
    const proxy = demoProxy();
    const envFilePath = `${node.path}/proxy-env.sh`;
    const bootstrap = nodeProxyBootstrap(proxy, { clusterName: 'demo', files: { envFilePath, ...(kubeadmCredentials === undefined ? {} : { kubeadmCredentials }) } });
    const secret = bootstrap.secret!;
    const envFile = bootstrap.files.find((file) => file.path === envFilePath)!;
    node.writeFile(envFilePath, secret.stringData[envFile.contentFrom!.secret.key]);
    const run = node.run('cloud-config', bootstrap.preKubeadmCommands);
    expect(run.status).toBe(0);
    return { proxy, secret, copied: copiedIntoStaticPods(run.kubeadmEnvironment!) };
  }

  test('by default: every proxy variable reaches the static pods, none carries a credential; containerd and kubelet keep theirs', () => {
    const { proxy, secret, copied } = kubeadmSees();
    expect(Object.keys(copied).sort()).toEqual(['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']);
    expect(copied.HTTP_PROXY).toBe(proxy.publicEnvironment.httpProxy);
    expect(copied.NO_PROXY).toBe(proxy.environment.noProxy);
    const text = JSON.stringify(copied);
    for (const form of credentialForms(proxy)) {
      expect(text).not.toContain(form);
    }
    expect(secret.stringData.containerdProxy).toContain(proxy.environment.httpProxy!.replace(/%/g, '%%'));
  });

  test('kubeadmCredentials: true restores the copying of the credentials (documented opt-in)', () => {
    const { proxy, copied } = kubeadmSees(true);
    expect(copied.HTTP_PROXY).toBe(proxy.environment.httpProxy);
  });

  test('the opt-in renames the node-proxy Secret (nodes must get the new file)', () => {
    const name = (kubeadmCredentials: boolean) => nodeProxyBootstrap(demoProxy(), { clusterName: 'demo', files: { kubeadmCredentials } }).secret!.metadata.name;
    expect(name(true)).not.toBe(name(false));
    expect(nodeProxyFileContents(demoProxy()).proxyEnv).not.toContain('@');
  });
});
