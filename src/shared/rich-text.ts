/**
 * The markdown subset of product and news bodies (issue 14), parsed once for both renderers
 * (the client's rich-text.tsx as React, the server's seo/rich-text-html.ts as HTML): blocks
 * separated by a blank line; a one-line block starting `# `..`### ` is a heading, a block whose
 * lines all start `- ` or `* ` is a list, anything else a paragraph whose lines are kept. Every
 * token is plain text: the renderers escape it, no HTML passes.
 */
export type RichBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'paragraph'; lines: string[] }

export function parseRichText(text: string): RichBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b): RichBlock => {
      if (/^#{1,3} /.test(b) && !b.includes('\n'))
        return { kind: 'heading', text: b.replace(/^#{1,3} /, '') }
      const lines = b.split('\n').map((l) => l.trim())
      if (lines.every((l) => /^[-*] /.test(l)))
        return { kind: 'list', items: lines.map((l) => l.slice(2)) }
      return { kind: 'paragraph', lines }
    })
}
