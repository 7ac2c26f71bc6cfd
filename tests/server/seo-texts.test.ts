import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteTexts } from '#server/modules/seo/texts'

/**
 * msgid -> msgstr of the public catalogs (single-line entries, as lingui writes them): the site's
 * and the supplier form's, which loads with /supplier-apply.
 */
function catalog(lang: string): Map<string, string> {
  const text = ['site.po', 'supplier.po']
    .map((f) => fs.readFileSync(path.join(import.meta.dirname, '../../locales', lang, f), 'utf8'))
    .join('\n')
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string
  return new Map(
    [...text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)].map((m) => [
      unquote(m[1]!),
      unquote(m[2]!),
    ]),
  )
}

describe('server-rendered site texts', () => {
  it('read as the client site catalogs have them, in both languages', () => {
    for (const lang of ['zh', 'en'] as const) {
      const po = catalog(lang)
      for (const [id, texts] of Object.entries(siteTexts)) {
        expect(po.has(id), `${lang}: ${id}`).toBe(true)
        expect(texts[lang], `${lang}: ${id}`).toBe(po.get(id) || id)
      }
    }
  })
})
