import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RichText } from '../../src/client/features/site/components/rich-text.tsx'
import { richText } from '../../src/server/modules/seo/rich-text-html.ts'
import { renderRichText } from '../../src/shared/rich-text.ts'

/**
 * Bodies are rendered once (src/shared/rich-text.ts, markdown-it); the server puts the HTML in
 * its pages and sends it as `BodyHtml`, which the client shows: both sides give the same markup.
 * (A .ts file: tests may import both sides; the lint rule keeps .tsx, client code, from
 * importing the server.)
 */
const inputs = [
  '',
  'One line',
  'First line\nsecond line\n\nSecond paragraph',
  '## Heading\n\nText under it',
  '# One\n\n### Three\n\n#### four',
  '- one\n- two\n* three',
  '**bold**, *italic*, [a link](https://example.com) and [a page](/products)',
  '> a quote\n\n1. first\n2. second',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '<script>alert(1)</script>\n\n## "quoted" & \'single\'\n\n- </script><b x="',
  '混合 Chinese 文本\n\n- 曲轴\n- 连杆',
]

/** The browser's reading of an HTML string, written back: entity and `<br/>` spellings agree. */
function normalise(html: string): string {
  const div = document.createElement('div')
  div.innerHTML = html
  return div.innerHTML
}

const client = (text: string) =>
  renderToStaticMarkup(createElement(RichText, { html: renderRichText(text) }))

describe('rich text: one renderer, the same HTML on both sides', () => {
  it('the client and the server render every input to the same HTML', () => {
    for (const text of inputs)
      expect(normalise(richText(text).value), JSON.stringify(text)).toBe(normalise(client(text)))
  })

  it('hostile text stays text on both sides', () => {
    const text = '<script>alert(1)</script>'
    for (const html of [client(text), richText(text).value]) {
      expect(html).not.toContain('<script>')
      expect(normalise(html)).toBe(
        '<div class="rich-text"><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n</div>',
      )
    }
  })
})
