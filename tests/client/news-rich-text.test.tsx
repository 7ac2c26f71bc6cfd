import { screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { NewsDetail } from '#shared/contract/content'
import { renderRichText } from '#shared/rich-text'
import { NewsDetailPage } from '#client/features/site/components/news-detail-page'
import { setLocale } from '#client/lib/locale-store'
import { renderRoutes, testQueryClient } from './render-in-router.tsx'

/**
 * In the app, a news body shows the HTML the server rendered from its markdown (`BodyHtml`,
 * `BodyEnHtml`): bold, link, quote and numbered list, in both languages; a script stays text.
 */
afterEach(() => setLocale('zh'))

const zh =
  '**重要**：见[官网](https://example.com/a)。\n\n> 质量第一\n\n1. 锻造\n2. 机加工\n\n<script>alert(1)</script>'
const en =
  '**Important**: see [the site](https://example.com/a).\n\n> Quality first\n\n1. Forging\n2. Machining\n\n<script>alert(1)</script>'
const news: NewsDetail = {
  Id: 5,
  Title: '富文本新闻',
  TitleEn: 'Rich news',
  Summary: '',
  SummaryEn: '',
  Image: '',
  PublishedAt: '2026-12-01',
  Body: zh,
  BodyEn: en,
  BodyHtml: renderRichText(zh),
  BodyEnHtml: renderRichText(en),
  Gallery: [],
}

function show() {
  const queryClient = testQueryClient()
  queryClient.setQueryData(['site', 'news-item', 5], news)
  renderRoutes(
    '/news/detail',
    {
      '/news/detail': () => (
        <Suspense>
          <NewsDetailPage id={5} />
        </Suspense>
      ),
      '/news': () => <p>news list</p>,
    },
    { queryClient },
  )
}

describe('a news body in the app', () => {
  for (const [lang, words] of [
    ['zh', { title: '富文本新闻', bold: '重要', link: '官网', quote: '质量第一', item: '锻造' }],
    [
      'en',
      {
        title: 'Rich news',
        bold: 'Important',
        link: 'the site',
        quote: 'Quality first',
        item: 'Forging',
      },
    ],
  ] as const) {
    it(`renders bold, a link, a quote and a numbered list (${lang})`, async () => {
      await setLocale(lang)
      show()
      await screen.findByRole('heading', { name: words.title })
      const body = document.querySelector('.news-detail .rich-text')!
      expect(body.querySelector('strong')?.textContent).toBe(words.bold)
      expect(screen.getByRole('link', { name: words.link }).getAttribute('href')).toBe(
        'https://example.com/a',
      )
      expect(body.querySelector('blockquote')?.textContent?.trim()).toBe(words.quote)
      expect([...body.querySelectorAll('ol > li')].map((li) => li.textContent)).toContain(
        words.item,
      )
      expect(body.querySelector('script')).toBeNull()
      expect(body.textContent).toContain('<script>alert(1)</script>')
    })
  }
})
