import { ImportResult } from '../../../src/core/import/import-proxy';
import { NoProxyFormat } from '../../../src/core/noproxy/render';

/**
 * An import of a reference input against the NO_PROXY the system rendered for it: every entry is
 * in the library's NO_PROXY for the imported definition, or a note names it and says why it is not.
 * Returns the entries of the rendered NO_PROXY that are in neither (none when the import is loss-free).
 */
export function entriesLostOnImport(result: ImportResult, renderedNoProxy: string): string[] {
  const written = new Set(result.config!.noProxy.render(NoProxyFormat.ENV).split(',').map((entry) => entry.toLowerCase()));
  return renderedNoProxy.split(',').filter((entry) => !written.has(entry.toLowerCase())
    && !result.imported.notes.some((note) => note.message.startsWith(`${entry}: `)));
}
