import MarkdownIt from 'markdown-it'

/**
 * Product and news bodies: CommonMark (markdown-it) with tables, rendered to HTML once by the
 * server (public pages and the public API's `BodyHtml`/`BodyEnHtml`) and by the editors'
 * preview with this same function, so what an editor previews is what visitors see.
 * Safe by construction: raw HTML is off (`<script>` stays text), pictures are not taken (the
 * item's own pictures are shown instead), links go only to http(s), mailto or an address on this
 * site, and every link gets `rel="nofollow noopener"`. The page's title is its only h1: `#` and
 * `##` are both h2 (as the editors' hint says), `###` an h3. A single line break is kept (`breaks`), as people type.
 */
const md = new MarkdownIt('default', {
  html: false,
  linkify: false,
  typographer: false,
  breaks: true,
})
md.disable(['image'])

const scheme = /^([a-z][a-z0-9+.-]*):/i

/** http(s), mailto, or an address without a scheme (`/products`, `#top`, `news/detail?id=1`). */
export function safeLink(url: string): boolean {
  const u = url.trim()
  if (u.startsWith('//')) return true
  const m = scheme.exec(u)
  if (m) return ['http', 'https', 'mailto'].includes(m[1]!.toLowerCase())
  // a colon before the first / ? # would make a browser read a scheme: refuse it
  const head = u.split(/[/?#]/, 1)[0] ?? ''
  return !head.includes(':')
}
md.validateLink = safeLink

md.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
  const t = tokens[idx]!
  t.tag = `h${Math.max(2, Number(t.tag.slice(1)))}`
  return self.renderToken(tokens, idx, options)
}
md.renderer.rules.heading_close = md.renderer.rules.heading_open
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]!.attrSet('rel', 'nofollow noopener')
  return self.renderToken(tokens, idx, options)
}

/** A body as sanitized HTML ('' for an empty body). */
export const renderRichText = (text: string): string => (text.trim() ? md.render(text) : '')

/** What the editors' hint names, in the order it names them. */
export const richTextSyntax = [
  '**bold**',
  '*italic*',
  '[link](https://…)',
  '> quote',
  '1. item',
  '- item',
  '## heading',
  '| a | b |',
] as const
