import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { nodeProxyBootstrap, NodeProxyOptions } from '../../../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { PROXY_COMMAND_MARKER } from '../../../src/core/node-files/commands';
import { nodeProxyFileContents } from '../../../src/core/node-files/contents';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { OS_FAMILIES, OsFamily } from '../../../src/core/node-files/os-family';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { renderShellExports } from '../../../src/core/render/shell';
import { renderSystemdDropIn } from '../../../src/core/render/systemd';
import { CA_1, CA_2, credentialForms, demoProxy } from '../../support/fixtures/cluster';

const base: NodeProxyOptions = { clusterName: 'demo', namespace: 'clusters' };
const anonymous = { username: undefined, password: undefined };

describe('nodeProxyBootstrap: delivery', () => {
  test('credentials default to delivery secret: every file comes from the hashed Secret, no value inline', () => {
    const proxy = demoProxy();
    const bootstrap = nodeProxyBootstrap(proxy, base);
    expect(bootstrap.delivery).toBe('secret');
    const secret = bootstrap.secret!;
    expect(secret.metadata.name).toMatch(/^demo-systemd-proxy-[0-9a-f]{10}$/);
    expect(secret.metadata.namespace).toBe('clusters');
    expect(secret.metadata.labels).toEqual({
      'app.kubernetes.io/managed-by': 'cluster-proxy-constructs',
      'cluster.x-k8s.io/cluster-name': 'demo',
      'clusterctl.cluster.x-k8s.io/move': '',
    });
    // mutable: a new password alone keeps the name, so its data must change in place
    expect(secret.immutable).toBeUndefined();
    expect(bootstrap.files).toEqual([
      { path: '/etc/systemd/system/containerd.service.d/http-proxy.conf', owner: 'root:root', permissions: '0640', contentFrom: { secret: { name: secret.metadata.name, key: 'containerdProxy' } } },
      { path: '/etc/systemd/system/kubelet.service.d/http-proxy.conf', owner: 'root:root', permissions: '0640', contentFrom: { secret: { name: secret.metadata.name, key: 'kubeletProxy' } } },
      { path: '/etc/cluster-proxy/proxy-env.sh', owner: 'root:root', permissions: '0640', contentFrom: { secret: { name: secret.metadata.name, key: 'proxyEnv' } } },
    ]);
    expect(secret.stringData).toEqual({
      containerdProxy: renderSystemdDropIn(proxy.environment),
      kubeletProxy: renderSystemdDropIn(proxy.environment),
      proxyEnv: renderShellExports(proxy.publicEnvironment),
    });
    const rendered = JSON.stringify({ files: bootstrap.files, commands: bootstrap.preKubeadmCommands });
    for (const form of credentialForms(proxy)) {
      expect(rendered).not.toContain(form);
    }
  });

  test('without credentials the default is inline: the same text in files[].content, and no Secret', () => {
    const proxy = demoProxy(anonymous);
    const bootstrap = nodeProxyBootstrap(proxy, base);
    expect(bootstrap.delivery).toBe('inline');
    expect(bootstrap.secret).toBeUndefined();
    expect(bootstrap.files.map((file) => file.content)).toEqual([
      renderSystemdDropIn(proxy.environment),
      renderSystemdDropIn(proxy.environment),
      renderShellExports(proxy.environment),
    ]);
    expect(bootstrap.files.every((file) => file.contentFrom === undefined)).toBe(true);
  });

  test('delivery can be chosen either way', () => {
    expect(nodeProxyBootstrap(demoProxy(anonymous), { ...base, delivery: NodeProxyDelivery.SECRET }).secret).toBeDefined();
    const inline = nodeProxyBootstrap(demoProxy(), { ...base, delivery: NodeProxyDelivery.INLINE });
    expect(inline.secret).toBeUndefined();
    expect(inline.files[0].content).toContain('HTTP_PROXY=http://CORP%%5Csvc-k8s:p%%40ss');
    expect(() => nodeProxyBootstrap(demoProxy(), { ...base, delivery: 'configmap' as never }))
      .toThrow('delivery: must be one of "inline", "secret" (got "configmap")');
  });

  test('inline content over the 10240-character CRD limit is sent gzip+base64 on cloud-config, and decodes to the same bytes', () => {
    const noProxy = Array.from({ length: 700 }, (_, i) => `host-${i}.corp.example`);
    const proxy = demoProxy({ ...anonymous, noProxy });
    const plain = nodeProxyFileContents(proxy).containerdProxy as string;
    expect(plain.length).toBeGreaterThan(10240);
    const [containerd] = nodeProxyBootstrap(proxy, { ...base, delivery: NodeProxyDelivery.INLINE }).files;
    expect(containerd.encoding).toBe('gzip+base64');
    expect(containerd.content!.length).toBeLessThanOrEqual(10240);
    expect(gunzipSync(Buffer.from(containerd.content!, 'base64')).toString('utf8')).toBe(plain);
    // deterministic, whatever the platform: the same content gives the same object
    expect(nodeProxyBootstrap(proxy, { ...base, delivery: NodeProxyDelivery.INLINE }).files[0].content).toBe(containerd.content);
    // content that fits stays plain text
    expect(nodeProxyBootstrap(demoProxy(anonymous), { ...base, delivery: NodeProxyDelivery.INLINE }).files[0].encoding).toBeUndefined();
  });

  test('Ignition gets no compressed form (CAPI would write it undecoded): an error points at delivery secret', () => {
    const noProxy = Array.from({ length: 700 }, (_, i) => `host-${i}.corp.example`);
    const call = (): unknown => nodeProxyBootstrap(demoProxy({ ...anonymous, noProxy }), {
      ...base,
      delivery: NodeProxyDelivery.INLINE,
      bootstrapFormat: BootstrapFormat.IGNITION,
    });
    expect(call).toThrow(ProxyConfigError);
    expect(call).toThrow(/^delivery: the content of \/etc\/systemd\/system\/containerd.service.d\/http-proxy.conf is \d+ characters, over Cluster API's limit of 10240 for files\[\]\.content, and Ignition bootstrap data cannot carry it compressed; use delivery 'secret'/);
  });

  test('content too large even compressed is refused, pointing at delivery secret', () => {
    // hash-like names compress poorly; 1,500 of them still fit a process environment (see LIMITS)
    const noProxy = Array.from({ length: 1500 }, (_, i) => `h${createHash('sha256').update(String(i)).digest('hex').slice(0, 24)}.corp.example`);
    const proxy = demoProxy({ ...anonymous, noProxy });
    const call = (): unknown => nodeProxyBootstrap(proxy, { ...base, delivery: NodeProxyDelivery.INLINE });
    expect(call).toThrow(/^delivery: the content of \/etc\/systemd\/system\/containerd.service.d\/http-proxy.conf is \d+ characters \(\d+ even as gzip\+base64\), over Cluster API's limit of 10240 for files\[\]\.content; use delivery 'secret'/);
    const viaSecret = nodeProxyBootstrap(proxy, { ...base, delivery: NodeProxyDelivery.SECRET });
    expect(viaSecret.secret!.stringData.containerdProxy.length).toBeGreaterThan(10240);
  });

  test('the Secret name follows the credential-free content and the credentials revision, never the credentials', () => {
    const name = (proxy = demoProxy(), clusterName = 'demo'): string => nodeProxyBootstrap(proxy, { clusterName }).secret!.metadata.name;
    expect(name()).toBe(name());
    expect(name(demoProxy({ password: 'other' }))).toBe(name());
    expect(name(demoProxy({ username: 'someone-else' }))).toBe(name());
    expect(name(demoProxy({ credentialsRevision: '2' }))).not.toBe(name());
    expect(name(demoProxy({ httpProxy: 'http://other-proxy.corp.example:3128' }))).not.toBe(name());
    expect(name(demoProxy({}, { pods: ['10.244.0.0/16'] }))).not.toBe(name());
    expect(name(demoProxy(), 'other')).toMatch(/^other-systemd-proxy-/);
  });
});

describe('nodeProxyBootstrap: commands', () => {
  test('reload, restart and wait for containerd, then source the env file; every command marked', () => {
    const commands = nodeProxyBootstrap(demoProxy(), base).preKubeadmCommands;
    expect(commands.map((command) => command.replace(` ${PROXY_COMMAND_MARKER}`, ''))).toEqual([
      'systemctl daemon-reload',
      'systemctl restart containerd',
      'cluster_proxy_tries=0; until timeout 5 ctr version >/dev/null 2>&1; do if [ "$cluster_proxy_tries" -ge 60 ]; then '
        + 'echo \'cluster-proxy-constructs: containerd did not answer within 60s\' >&2; exit 1; fi; '
        + 'cluster_proxy_tries=$((cluster_proxy_tries + 1)); sleep 1; done',
      '. \'/etc/cluster-proxy/proxy-env.sh\'',
    ]);
    expect(commands.every((command) => command.endsWith(' # cluster-proxy-constructs'))).toBe(true);
  });

  test('the wait bound and the env file path are configurable and validated', () => {
    const commands = nodeProxyBootstrap(demoProxy(), { ...base, containerdWaitSeconds: 5, files: { envFilePath: '/run/proxy/env.sh' } }).preKubeadmCommands;
    expect(commands[2]).toContain('-ge 5 ]');
    expect(commands[3]).toBe('. \'/run/proxy/env.sh\' # cluster-proxy-constructs');
    for (const bad of [0, 1.5, 601, '10']) {
      expect(() => nodeProxyBootstrap(demoProxy(), { ...base, containerdWaitSeconds: bad as never }))
        .toThrow(/^containerdWaitSeconds: must be a whole number of seconds from 1 to 600/);
    }
  });
});

describe('nodeProxyBootstrap: proxy CA per OS family', () => {
  test.each([
    [OsFamily.UBUNTU, '/usr/local/share/ca-certificates/cluster-proxy-ca-1.crt', 'update-ca-certificates'],
    [OsFamily.DEBIAN, '/usr/local/share/ca-certificates/cluster-proxy-ca-1.crt', 'update-ca-certificates'],
    [OsFamily.RHEL, '/etc/pki/ca-trust/source/anchors/cluster-proxy-ca-1.pem', 'update-ca-trust extract'],
    [OsFamily.AMAZON_LINUX, '/etc/pki/ca-trust/source/anchors/cluster-proxy-ca-1.pem', 'update-ca-trust extract'],
    [OsFamily.PHOTON, '/etc/ssl/certs/cluster-proxy-ca-1.pem', 'rehash_ca_certificates.sh'],
  ] as const)('%s: the CA goes to %s and %s runs before containerd restarts', (osFamily, path, command) => {
    const bootstrap = nodeProxyBootstrap(demoProxy({ trustedCaPem: CA_1 }), { ...base, osFamily });
    const caFile = bootstrap.files.find((file) => file.path === path)!;
    expect(caFile).toEqual({ path, owner: 'root:root', permissions: '0644', contentFrom: { secret: { name: bootstrap.secret!.metadata.name, key: 'trustedCa1' } } });
    expect(bootstrap.secret!.stringData.trustedCa1).toBe(CA_1.replace(/\r\n/g, '\n'));
    expect(bootstrap.preKubeadmCommands.slice(0, 3)).toEqual([
      'systemctl daemon-reload # cluster-proxy-constructs',
      `${command} # cluster-proxy-constructs`,
      'systemctl restart containerd # cluster-proxy-constructs',
    ]);
  });

  test('Flatcar (Ignition): /etc/ssl/certs and update-ca-certificates, one file per certificate', () => {
    const proxy = demoProxy({ trustedCaPem: CA_1 + CA_2 });
    const bootstrap = nodeProxyBootstrap(proxy, { ...base, bootstrapFormat: BootstrapFormat.IGNITION, delivery: NodeProxyDelivery.INLINE });
    expect(bootstrap.osFamily).toBe('flatcar');
    const caFiles = bootstrap.files.filter((file) => file.path.startsWith('/etc/ssl/certs/'));
    expect(caFiles.map((file) => [file.path, file.content])).toEqual([
      ['/etc/ssl/certs/cluster-proxy-ca-1.pem', proxy.settings.trustedCa!.certificates[0].pem],
      ['/etc/ssl/certs/cluster-proxy-ca-2.pem', proxy.settings.trustedCa!.certificates[1].pem],
    ]);
    expect(bootstrap.preKubeadmCommands[1]).toBe('update-ca-certificates # cluster-proxy-constructs');
  });

  test('no CA, no trust store command and no CA file', () => {
    const bootstrap = nodeProxyBootstrap(demoProxy(), { ...base, osFamily: OsFamily.RHEL });
    expect(bootstrap.files).toHaveLength(3);
    expect(bootstrap.preKubeadmCommands.join('\n')).not.toContain('update-ca');
  });

  test('an unknown OS family, a missing one with a CA, and OS/format mismatches are refused', () => {
    const withCa = demoProxy({ trustedCaPem: CA_1 });
    expect(() => nodeProxyBootstrap(withCa, { ...base, osFamily: 'windows' as never }))
      .toThrow(`osFamily: is not a supported OS family; use one of ${OS_FAMILIES.join(', ')} (got "windows")`);
    expect(() => nodeProxyBootstrap(withCa, base))
      .toThrow('osFamily: is required when trustedCaPem is set, to install the CA into the node\'s trust store; use one of ubuntu, debian, rhel, amazon-linux, flatcar, photon');
    expect(() => nodeProxyBootstrap(withCa, { ...base, bootstrapFormat: BootstrapFormat.IGNITION, osFamily: OsFamily.UBUNTU }))
      .toThrow('osFamily: does not boot with Ignition; bootstrapFormat "ignition" is for Flatcar (osFamily "flatcar") (got "ubuntu")');
    expect(() => nodeProxyBootstrap(withCa, { ...base, osFamily: OsFamily.FLATCAR }))
      .toThrow(/^bootstrapFormat: must be "ignition" for Flatcar nodes: Flatcar does not run cloud-config runcmd/);
    expect(() => nodeProxyBootstrap(withCa, { ...base, bootstrapFormat: 'butane' as never }))
      .toThrow('bootstrapFormat: must be one of "cloud-config", "ignition" (got "butane")');
  });
});

describe('nodeProxyBootstrap: file locations, owner and mode', () => {
  test('paths, owner and mode are configurable; a mode without its leading zero is completed (Ignition reads it as an integer)', () => {
    const bootstrap = nodeProxyBootstrap(demoProxy(), {
      ...base,
      files: {
        containerdDropInPath: '/etc/systemd/system/containerd.service.d/10-proxy.conf',
        kubeletDropInPath: '/usr/lib/systemd/system/kubelet.service.d/10-proxy.conf',
        owner: 'root:wheel',
        permissions: '600',
      },
    });
    expect(bootstrap.files.map(({ path, owner, permissions }) => [path, owner, permissions])).toEqual([
      ['/etc/systemd/system/containerd.service.d/10-proxy.conf', 'root:wheel', '0600'],
      ['/usr/lib/systemd/system/kubelet.service.d/10-proxy.conf', 'root:wheel', '0600'],
      ['/etc/cluster-proxy/proxy-env.sh', 'root:wheel', '0600'],
    ]);
  });

  test('world-readable files are refused when they would hold a password, allowed otherwise', () => {
    expect(() => nodeProxyBootstrap(demoProxy(), { ...base, files: { permissions: '0644' } }))
      .toThrow('files.permissions: must not be world-readable when the proxy URLs carry credentials: every local user could read the password (got "0644"; use e.g. "0640" or "0600")');
    expect(nodeProxyBootstrap(demoProxy(anonymous), { ...base, files: { permissions: '0644' } }).files[0].permissions).toBe('0644');
  });

  test.each([
    ['0666', 'files.permissions: must not be world-writable'],
    ['0642', 'files.permissions: must not be world-writable'],
    ['1640', 'files.permissions: must be an octal mode of three digits'],
    ['0680', 'files.permissions: must be an octal mode of three digits'],
    ['rw-r-----', 'files.permissions: must be an octal mode of three digits'],
  ])('mode %j is refused', (permissions, message) => {
    expect(() => nodeProxyBootstrap(demoProxy(anonymous), { ...base, files: { permissions } })).toThrow(message);
  });

  test.each([
    [{ containerdDropInPath: 'etc/systemd/system/containerd.service.d/p.conf' }, 'files.containerdDropInPath: must be an absolute path'],
    [{ containerdDropInPath: '/etc/systemd/system/containerd.service.d/../p.conf' }, 'files.containerdDropInPath: must not contain "." or ".." segments'],
    [{ kubeletDropInPath: '/etc/systemd/system/kubelet.service/p.conf' }, 'files.kubeletDropInPath: must be a systemd drop-in'],
    [{ kubeletDropInPath: '/etc/systemd/system/kubelet.service.d/proxy' }, 'files.kubeletDropInPath: must be a systemd drop-in'],
    [{ envFilePath: '/etc/proxy env.sh' }, 'files.envFilePath: must be an absolute path'],
    [{ envFilePath: '/etc/systemd/system/kubelet.service.d/http-proxy.conf' }, 'files: the drop-ins and the env file must be different files'],
    [{ owner: 'root:root:root' }, 'files.owner: must be "user" or "user:group"'],
  ])('file option %j is refused', (files, message) => {
    expect(() => nodeProxyBootstrap(demoProxy(), { ...base, files })).toThrow(message);
  });

  test('cluster and namespace names must be DNS labels', () => {
    expect(() => nodeProxyBootstrap(demoProxy(), { clusterName: 'Demo_1' })).toThrow(/^clusterName: must be a DNS-1123 label/);
    expect(() => nodeProxyBootstrap(demoProxy(), { clusterName: 'demo', namespace: 'a.b' })).toThrow(/^namespace: must be a DNS-1123 label/);
  });

  test('the file contents are the renderers\' output, one key per certificate', () => {
    const proxy = demoProxy({ trustedCaPem: CA_1 + CA_2 });
    expect(Object.keys(nodeProxyFileContents(proxy))).toEqual(['containerdProxy', 'kubeletProxy', 'proxyEnv', 'trustedCa1', 'trustedCa2']);
  });
});
