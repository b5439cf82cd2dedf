import * as fs from 'node:fs';
import * as path from 'node:path';
import { isAbsoluteLink, markdownLinks } from '../support/markdown-links';
import { REPO_ROOT } from '../support/module-loading';

/**
 * The README and the guides link to each other and to the API pages by relative links, which work on
 * GitHub and in the npm package alike only when they point at files the package ships (README,
 * API.md, LICENSE, docs/). Anything else in the repository (examples, tests) is linked absolutely.
 * The API pages check their own links when they are generated.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { anchorsOf } = require(path.join(REPO_ROOT, 'scripts', 'markdown-anchors.js')) as { anchorsOf: (text: string) => { ids: Set<string> } };

const SHIPPED = ['README.md', 'API.md', 'LICENSE', 'docs/'];

/** The hand-written pages: the README and the guides (docs/api is generated). */
function pages(): string[] {
  const guides = (directory: string): string[] => fs.readdirSync(path.join(REPO_ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) {
      return relative === 'docs/api' ? [] : guides(relative);
    }
    return entry.name.endsWith('.md') ? [relative] : [];
  });
  return ['README.md', ...guides('docs')];
}

describe('the links of the README and the guides', () => {
  test.each(pages())('%s: every relative link reaches a shipped file, and an anchor on it', (page) => {
    const problems: string[] = [];
    for (const { target, anchor } of markdownLinks(fs.readFileSync(path.join(REPO_ROOT, page), 'utf8')).filter((link) => !isAbsoluteLink(link))) {
      const file = target === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), target));
      if (!SHIPPED.some((shipped) => file === shipped || (shipped.endsWith('/') && file.startsWith(shipped)))) {
        problems.push(`${target}: not in the package (link it absolutely)`);
      } else if (!fs.existsSync(path.join(REPO_ROOT, file))) {
        problems.push(`${target}: no such file`);
      } else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')).ids.has(anchor)) {
        problems.push(`${target}#${anchor}: no such anchor`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('the README stays a front page: under 300 lines', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThan(300);
  });
});
