import { CompatibilityProfileName } from './compatibility-profile-name';
import { TextVariable } from '../definition/proxy-environment';
import { plainString } from '../primitives/secret-text';
import { quoteShellValue } from '../render/shell';

/**
 * The commands each system writes to activate its proxy files (files `commands: 'system'`), as
 * data: what runs before and after its `export` lines, how it quotes them, and which of the spec's
 * own commands its proxy commands follow. Read from the systems' own renders
 * (test/fixtures/references); where a control plane's differ from the workers' (TKG's stops and
 * starts containerd, its workers restart it), both.
 */

/** How a system quotes the value of an `export` line. */
type Quoting = 'single' | 'double' | 'bare';

interface SystemCommands {
  /** Commands before the exports. */
  readonly before: readonly string[];
  /** A control plane's commands before the exports, where they differ. */
  readonly controlPlaneBefore?: readonly string[];
  /** Commands after the exports. */
  readonly after: readonly string[];
  /** Quoting of the proxy URLs' exports, and of NO_PROXY's. */
  readonly urlQuoting: Quoting;
  readonly noProxyQuoting: Quoting;
  /** A command of the spec's own that the proxy's commands follow (the system writes them there). */
  readonly afterCommand?: string;
}

const SYSTEM_COMMANDS: Readonly<Record<CompatibilityProfileName, SystemCommands>> = {
  // providers/ytt/03_customizations/http_proxy.yaml: the control plane stops and starts containerd, the workers restart it
  'tkg': {
    before: ['systemctl daemon-reload', 'systemctl restart containerd'],
    controlPlaneBefore: ['systemctl daemon-reload', 'systemctl stop containerd', 'systemctl start containerd'],
    after: [],
    urlQuoting: 'single',
    noProxyQuoting: 'single',
  },
  // the class's httpProxy and restartContainerdService patches
  'tkg-clusterclass': { before: ['systemctl daemon-reload'], after: ['systemctl restart containerd'], urlQuoting: 'bare', noProxyQuoting: 'bare' },
  // the cluster chart's proxy block, after its own containerd restart
  'giantswarm': { before: [], after: [], urlQuoting: 'bare', noProxyQuoting: 'double', afterCommand: 'systemctl restart containerd' },
  // the httpproxy mutation writes files only
  'caren': { before: [], after: [], urlQuoting: 'single', noProxyQuoting: 'single' },
  // the provider templates
  'eks-anywhere': { before: ['sudo systemctl daemon-reload', 'sudo systemctl restart containerd'], after: [], urlQuoting: 'single', noProxyQuoting: 'single' },
};

/** Characters a POSIX shell reads literally outside quotes (no glob, expansion or word splitting). */
const BARE_SAFE = /^[A-Za-z0-9%+,./:=@_~-]+$/;
/** Characters a shell expands inside double quotes. */
const DOUBLE_UNSAFE = /["$`\\!]/;

/**
 * A value quoted as the system quotes it, where that reads back as the value; otherwise in single
 * quotes, so a value the system itself would break on never breaks the node.
 */
function quoted(value: string, quoting: Quoting): string {
  if (quoting === 'bare' && BARE_SAFE.test(value)) {
    return value;
  }
  if (quoting === 'double' && !DOUBLE_UNSAFE.test(value)) {
    return `"${value}"`;
  }
  return quoteShellValue(value);
}

/** The system's commands and where they go, with its `export` lines quoted as it quotes them. */
export interface SystemProxyCommands extends Omit<SystemCommands, 'urlQuoting' | 'noProxyQuoting'> {
  readonly exportLines: (variables: readonly TextVariable[]) => string[];
}

/** The commands of a profile's system. */
export function systemProxyCommands(profile: CompatibilityProfileName): SystemProxyCommands {
  const { urlQuoting, noProxyQuoting, ...commands } = SYSTEM_COMMANDS[profile];
  return {
    ...commands,
    exportLines: (variables) => variables.map(({ name, value }) =>
      `export ${name}=${quoted(plainString(value), name.toUpperCase() === 'NO_PROXY' ? noProxyQuoting : urlQuoting)}`),
  };
}
