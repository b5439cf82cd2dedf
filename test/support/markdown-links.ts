/** A link of a Markdown page: its target (without the anchor) and the anchor, if any. */
export interface MarkdownLink {
  readonly target: string;
  readonly anchor?: string;
}

/** The links of a Markdown page outside code blocks and inline code: `[text](target#anchor)`. */
export function markdownLinks(text: string): MarkdownLink[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '``');
  return [...prose.matchAll(/\]\(([^)\s]*)\)/g)].map((match) => {
    const [target, anchor] = match[1].split('#');
    return { target, ...(anchor === undefined ? {} : { anchor }) };
  });
}

/** True for a link with a scheme (`https:`, `mailto:`), which points outside the page's files. */
export function isAbsoluteLink(link: MarkdownLink): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(link.target);
}
