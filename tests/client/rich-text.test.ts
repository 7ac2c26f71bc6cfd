import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RichText } from '../../src/client/features/site/components/rich-text.tsx'
import { richText } from '../../src/server/modules/seo/rich-text-html.ts'
import { parseRichText } from '../../src/shared/rich-text.ts'

/**
 * Issue 36: the markdown subset is parsed once (src/shared/rich-text.ts); the client (React) and
 * the server (the escaping template) render the same blocks to the same HTML. (A .ts file: tests
 * may import both sides; the lint rule keeps .tsx, client code, from importing the server.)
 */
const inputs = [
  '',
  'One line',
  'First line\nsecond line\n\nSecond paragraph',
  '## Heading\n\nText under it',
  '# One\n\n### Three\n\n#### four is text',
  '## Not a heading\nbecause of a second line',
  '- one\n- two\n* three',
  '- a list\nnot a list line',
  '  \n\n  - spaced\n  - items  \n\n\n\nend  ',
  '<script>alert(1)</script>\n\n## "quoted" & \'single\'\n\n- </script><b x="',
  '混合 Chinese 文本\n\n- 曲轴\n- 连杆',
]

/** The browser's reading of an HTML string, written back: entity and `<br/>` spellings agree. */
function normalise(html: string): string {
  const div = document.createElement('div')
  div.innerHTML = html
  return div.innerHTML
}

describe('rich text: one parser, two renderers', () => {
  it('the client and the server render every input to the same HTML', () => {
    for (const text of inputs) {
      const client = normalise(renderToStaticMarkup(createElement(RichText, { text })))
      const server = normalise(richText(text).value)
      expect(server, JSON.stringify(text)).toBe(client)
    }
  })

  it('parses blocks: headings of one line, lists where every line is an item, paragraphs keep their lines', () => {
    expect(parseRichText('## Title\n\n- a\n* b\n\nx\ny\n\n## two\nlines')).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', lines: ['x', 'y'] },
      { kind: 'paragraph', lines: ['## two', 'lines'] },
    ])
  })

  it('hostile text stays text on both sides', () => {
    const text = '<script>alert(1)</script>'
    for (const html of [
      renderToStaticMarkup(createElement(RichText, { text })),
      richText(text).value,
    ]) {
      expect(html).not.toContain('<script>')
      expect(normalise(html)).toBe('<p><span>&lt;script&gt;alert(1)&lt;/script&gt;</span></p>')
    }
  })
})
