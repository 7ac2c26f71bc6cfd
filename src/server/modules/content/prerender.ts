import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export type Prerender = { head: string; body: string }

const attr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * What the shell HTML carries before any script runs: for the home page, the first
 * carousel image (the LCP element) is preloaded and painted at once; the app replaces it.
 */
export async function prerenderFor(
  db: Kysely<Database>,
  pathname: string,
): Promise<Prerender | null> {
  if (pathname !== '/' && pathname !== '/index') return null
  const slide = await db
    .selectFrom('carousel')
    .select(['image', 'image_sm'])
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst()
  if (!slide) return null
  const small = attr(slide.image_sm || slide.image)
  const large = attr(slide.image)
  return {
    head:
      `<link rel="preload" as="image" href="${small}" media="(max-width: 700px)" fetchpriority="high">` +
      `<link rel="preload" as="image" href="${large}" media="(min-width: 701px)" fetchpriority="high">`,
    body:
      `<div style="height:57px"></div><picture><source media="(max-width: 700px)" srcset="${small}">` +
      `<img src="${large}" alt="" width="1200" height="560" fetchpriority="high" style="display:block;width:100%;height:auto;aspect-ratio:1200/560;object-fit:cover"></picture>`,
  }
}
