// The anchors GitHub gives a Markdown page, for the link checks of the API pages
// (scripts/api-docs.js) and of the README and guides (test/package/doc-links.test.ts).
'use strict';

/** Anchors of a page the way GitHub makes them: heading slugs (numbered when repeated) and HTML ids. */
function anchorsOf(text) {
  const ids = new Set();
  const byHeading = new Map();
  const duplicates = [];
  const slugCount = new Map();
  let inFence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) {
      inFence = !inFence;
    }
    const heading = inFence ? null : /^#{1,6} (.*)$/.exec(line);
    if (heading) {
      const slug = heading[1].trim().toLowerCase().replace(/<[^>]+>/g, '').replace(/[^\p{L}\p{N}\- _]/gu, '').replace(/ /g, '-');
      const seen = slugCount.get(slug) ?? 0;
      slugCount.set(slug, seen + 1);
      const id = seen === 0 ? slug : `${slug}-${seen}`;
      ids.add(id);
      const name = heading[1].trim();
      if (!byHeading.has(name)) {
        byHeading.set(name, id);
      }
    }
    for (const [, id] of line.matchAll(/<a id="([^"]+)"><\/a>/g)) {
      if (ids.has(id)) {
        duplicates.push(id);
      }
      ids.add(id);
    }
  }
  return { ids, byHeading, duplicates };
}

module.exports = { anchorsOf };
