/** Text for HTML element content and attribute values. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** JSON inside a `<script>`: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/** A page path with its query and the language: `/prodetail?id=1` + en -> `/prodetail?id=1&lang=en`. */
export function withLang(path: string, lang: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`
}

/** A product or news body in the client's markdown subset (rich-text.tsx) as HTML. */
export function richText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map((b) => {
      if (/^#{1,3} /.test(b) && !b.includes('\n')) return `<h2>${esc(b.replace(/^#{1,3} /, ''))}</h2>`
      const lines = b.split('\n').map((l) => l.trim())
      if (lines.every((l) => /^[-*] /.test(l))) return `<ul>${lines.map((l) => `<li>${esc(l.slice(2))}</li>`).join('')}</ul>`
      return `<p>${lines.map((l, j) => `<span>${j > 0 ? '<br>' : ''}${esc(l)}</span>`).join('')}</p>`
    })
    .join('')
}

/** Plain text paragraphs (paragraphs.tsx) as HTML. */
export const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p)}</p>`)
    .join('')

export const firstParagraph = (text: string) => text.split(/\n\s*\n/)[0]?.trim() ?? ''

/** A plain-text summary for a description: whitespace folded, at most `max` characters. */
export function summaryOf(text: string, max = 160): string {
  const plain = text.replace(/^#{1,3} /gm, '').replace(/^[-*] /gm, '').replace(/\s+/g, ' ').trim()
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`
}
