import { markup, joinHtml, type Html } from './html-template.ts'

/** JSON inside a `<script>`: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** A page path with its query and the language: `/prodetail?id=1` + en -> `/prodetail?id=1&lang=en`. */
export function withLang(path: string, lang: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`
}

/** Plain text paragraphs (paragraphs.tsx) as HTML. */
export const paragraphs = (text: string): Html =>
  joinHtml(
    text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => markup`<p>${p}</p>`),
  )

export const firstParagraph = (text: string) => text.split(/\n\s*\n/)[0]?.trim() ?? ''

/** A plain-text summary for a description: whitespace folded, at most `max` characters. */
export function summaryOf(text: string, max = 160): string {
  const plain = text
    .replace(/^#{1,3} /gm, '')
    .replace(/^[-*] /gm, '')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`
}
