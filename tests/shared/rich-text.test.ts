import { describe, expect, it } from 'vitest'
import { renderRichText, safeLink } from '#shared/rich-text'

/** Product and news bodies: CommonMark through markdown-it, raw HTML off, links checked. */
const one = (s: string) => renderRichText(s).trim()

describe('renderRichText', () => {
  it('bold, italics, links, quotes, lists, headings and tables', () => {
    expect(one('**bold** and *italic*')).toBe('<p><strong>bold</strong> and <em>italic</em></p>')
    expect(one('[site](https://example.com/a?b=1&c=2)')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener">site</a></p>',
    )
    expect(one('> quoted')).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>')
    expect(one('1. one\n2. two')).toBe('<ol>\n<li>one</li>\n<li>two</li>\n</ol>')
    expect(one('- a\n* b')).toContain('<ul>\n<li>a</li>\n</ul>')
    // the page's title is its only h1: # and ## are h2
    expect(one('# One')).toBe('<h2>One</h2>')
    expect(one('## Two')).toBe('<h2>Two</h2>')
    expect(one('### Three')).toBe('<h3>Three</h3>')
    expect(one('| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<td>1</td>')
    expect(one('混合 Chinese\n第二行')).toBe('<p>混合 Chinese<br>\n第二行</p>')
    expect(renderRichText('')).toBe('')
    expect(renderRichText('  \n ')).toBe('')
  })

  it('keeps HTML as text: scripts, tags and attributes', () => {
    for (const s of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '## "quoted" & \'single\' </script><b x="',
    ]) {
      const html = renderRichText(s)
      expect(html, s).not.toMatch(/<(script|img|b|a)\b/)
      expect(html, s).toContain('&lt;')
    }
    // pictures are not taken from a body (the item's own pictures are shown)
    expect(renderRichText('![x](https://example.com/a.png)')).not.toContain('<img')
  })

  it('links only to http(s), mailto and addresses on this site', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'vbscript:x',
      'data:text/html,<b>',
      'file:///etc/passwd',
      'jav&#x09;ascript:alert(1)',
      'a:b',
    ]) {
      const html = renderRichText(`[x](${bad})`)
      expect(html, bad).not.toContain('<a')
    }
    for (const good of [
      'https://a.b/c',
      'http://a.b',
      'mailto:a@b.c',
      '/products?sort=1',
      '#top',
      'news/detail?id=1',
    ])
      expect(safeLink(good), good).toBe(true)
    expect(safeLink(' javascript:x')).toBe(false)
  })
})
