import { parse } from 'yaml';
import { goQuote, renderCloudConfig, resolveFiles, SecretLike } from './capi-cloud-config';

/**
 * The VM test's stand-in for Cluster API's kubeadm bootstrap provider: what it renders must read
 * back (as YAML, the way cloud-init parses it after Jinja) as exactly the files and commands asked for.
 */

const SECRET: SecretLike = {
  metadata: { name: 'node-proxy', namespace: 'clusters' },
  stringData: { dropIn: '[Service]\nEnvironment="A=b%%c"\n', noNewline: 'last line', blankLines: 'one\n\n  two indented\n' },
  data: { fromData: Buffer.from('from data\n').toString('base64'), dropIn: Buffer.from('overridden').toString('base64') },
};

const SPEC = {
  files: [
    { path: '/etc/a.conf', owner: 'root:root', permissions: '0640', contentFrom: { secret: { name: 'node-proxy', key: 'dropIn' } } },
    { path: '/etc/b', contentFrom: { secret: { name: 'node-proxy', key: 'noNewline' } } },
    { path: '/etc/c', permissions: '0600', contentFrom: { secret: { name: 'node-proxy', key: 'blankLines' } } },
    { path: '/etc/d', owner: 'nobody:nogroup', contentFrom: { secret: { name: 'node-proxy', key: 'fromData' } } },
    { path: '/etc/e.b64', encoding: 'base64', content: Buffer.from('x').toString('base64') },
  ],
  preKubeadmCommands: ['echo "quoted" \'single\' \\ $HOME # comment', 'until true; do sleep 1; done'],
  postKubeadmCommands: ['echo done'],
};

function render(role: 'init' | 'join'): string {
  return renderCloudConfig({ spec: SPEC, secrets: [SECRET], namespace: 'clusters', role, kubeadmDocuments: [{ kind: 'ClusterConfiguration' }, { kind: 'InitConfiguration' }] });
}

describe('Cluster API cloud-config rendering', () => {
  test('starts with the Jinja and cloud-config headers', () => {
    expect(render('init').startsWith('## template: jinja\n#cloud-config\n')).toBe(true);
  });

  test('writes every file with its fields and the resolved content, then the kubeadm configuration and placeholder', () => {
    const config = parse(render('init'));
    expect(config.write_files).toEqual([
      { path: '/etc/a.conf', owner: 'root:root', permissions: '0640', content: '[Service]\nEnvironment="A=b%%c"\n' },
      // a literal block keeps one final newline: the provider adds it to content without one
      { path: '/etc/b', content: 'last line\n' },
      { path: '/etc/c', permissions: '0600', content: 'one\n\n  two indented\n' },
      { path: '/etc/d', owner: 'nobody:nogroup', content: 'from data\n' },
      { path: '/etc/e.b64', encoding: 'base64', content: 'eA==\n' },
      { path: '/run/kubeadm/kubeadm.yaml', owner: 'root:root', permissions: '0640', content: '---\nkind: ClusterConfiguration\n---\nkind: InitConfiguration\n' },
      { path: '/run/cluster-api/placeholder', owner: 'root:root', permissions: '0640', content: expect.stringContaining('placeholder file') },
    ]);
  });

  test('runs the preKubeadmCommands, kubeadm with the sentinel, then the postKubeadmCommands', () => {
    expect(parse(render('init')).runcmd).toEqual([
      ...SPEC.preKubeadmCommands,
      'kubeadm init --config /run/kubeadm/kubeadm.yaml  && echo success > /run/cluster-api/bootstrap-success.complete',
      'echo done',
    ]);
    const join = parse(render('join'));
    expect(join.runcmd[2]).toBe('kubeadm join --config /run/kubeadm/kubeadm-join-config.yaml  && echo success > /run/cluster-api/bootstrap-success.complete');
    expect(join.write_files[5].path).toBe('/run/kubeadm/kubeadm-join-config.yaml');
  });

  test('quotes commands like Go\'s %q', () => {
    expect(goQuote('a "b" \\ \t\n\x01')).toBe('"a \\"b\\" \\\\ \\t\\n\\x01"');
  });

  test('fails on a missing Secret, key or namespace instead of writing an empty file', () => {
    const ref = (name: string, key: string) => [{ path: '/x', contentFrom: { secret: { name, key } } }];
    expect(() => resolveFiles(ref('other', 'dropIn'), [SECRET], 'clusters')).toThrow('files[0] (/x): secret clusters/other not found');
    expect(() => resolveFiles(ref('node-proxy', 'nope'), [SECRET], 'clusters')).toThrow('has no key nope');
    expect(() => resolveFiles(ref('node-proxy', 'dropIn'), [SECRET], 'default')).toThrow('secret default/node-proxy not found');
  });

  test('refuses an Ignition spec', () => {
    expect(() => renderCloudConfig({ spec: { format: 'ignition' }, secrets: [], namespace: undefined, role: 'join', kubeadmDocuments: [] })).toThrow('not cloud-config');
  });
});
