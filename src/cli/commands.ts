import type * as AuditCommand from './audit';
import type * as CheckCommand from './check';
import type * as ImportCommand from './import';
import type * as RenderSecretCommand from './render-secret';

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The commands that run on their own (each parses its arguments and reports its own errors),
 * loaded when the command runs or its help is shown: `noproxy` and `explain` start without the
 * audit, import and check code (or the network stack check loads). The package's CLI bundle leaves
 * what this module requires to bundles of their own (scripts/bundle-entries.js), so starting the
 * CLI does not read their code either.
 */
export const commandModules = {
  audit: () => require('./audit') as typeof AuditCommand,
  check: () => require('./check') as typeof CheckCommand,
  import: () => require('./import') as typeof ImportCommand,
  renderSecret: () => require('./render-secret') as typeof RenderSecretCommand,
};
/* eslint-enable @typescript-eslint/no-require-imports */
