import { classFixture } from './class-fixtures';
import { NodeProxyFileOptions } from '../../../src/core/capi/node-file-options';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { MAX_TEMPLATE_LENGTH } from '../../../src/core/clusterclass/go-template';
import { CLASS_VARIABLE_SHAPES } from '../../../src/core/clusterclass/variable-shapes';
import { settingsProps } from '../capi/fixtures';

/**
 * Cluster API caps every `valueFrom.template` at 10240 characters, and the installation-wide
 * NO_PROXY is embedded in the templates: the engine itself must leave room for it in every
 * variable shape and node-file layout.
 */

/** Characters every template must leave free with the smallest installation-wide NO_PROXY. */
const HEADROOM = 350;

const LAYOUTS: Record<string, NodeProxyFileOptions | undefined> = {
  'default': undefined,
  'base64': { encoding: 'base64' },
  'upperOnly': { dropInVariables: 'upperOnly', exportVariables: 'upperOnly' },
  'upperThenLower, base64': { dropInVariables: 'upperThenLower', exportVariables: 'upperThenLower', encoding: 'base64' },
  'mixed styles, base64': { dropInVariables: 'upperOnly', exportVariables: 'upperThenLower', encoding: 'base64' },
};

/** Every `valueFrom.template` of the class's patches. */
function templateLengths(patches: unknown): number[] {
  const lengths: number[] = [];
  JSON.stringify(patches, (key, value) => {
    if (key === 'template' && typeof value === 'string') {
      lengths.push(value.length);
    }
    return value;
  });
  return lengths;
}

describe.each(CLASS_VARIABLE_SHAPES)('variable shape %s', (shape) => {
  test.each(Object.keys(LAYOUTS))(`layout %s: every template leaves ${HEADROOM} characters under the limit`, (layout) => {
    const fixture = classFixture('v1beta2');
    const settings = settingsProps({ username: undefined, password: undefined, noProxy: ['.corp.example'] });
    const files = LAYOUTS[layout];
    const props = { settings, variableShape: shape, ...(files ? { files } : {}) };
    const { patches } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    const lengths = templateLengths(patches);
    expect(lengths.length).toBeGreaterThan(0);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(MAX_TEMPLATE_LENGTH - HEADROOM);
  });
});
