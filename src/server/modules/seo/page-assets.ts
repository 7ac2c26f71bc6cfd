import fs from 'node:fs'
import path from 'node:path'

type Chunk = { file: string; css?: string[]; imports?: string[] }

/** The route files of the public pages, as the client build's manifest names their page chunks. */
export const routeChunks = {
  layout: 'src/client/routes/_site.tsx?tsr-split=component',
  home: 'src/client/routes/_site/[index].tsx?tsr-split=component',
  about: 'src/client/routes/_site/aboutus.tsx?tsr-split=component',
  contact: 'src/client/routes/_site/contactus.tsx?tsr-split=component',
  equipment: 'src/client/routes/_site/equipment.tsx?tsr-split=component',
  newsDetail: 'src/client/routes/_site/news/detail.tsx?tsr-split=component',
  news: 'src/client/routes/_site/news/index.tsx?tsr-split=component',
  product: 'src/client/routes/_site/prodetail.tsx?tsr-split=component',
  products: 'src/client/routes/_site/products/index.tsx?tsr-split=component',
  supplier: 'src/client/routes/_site/supplier-apply.tsx?tsr-split=component',
} as const
export type RouteChunk = keyof typeof routeChunks

/**
 * Stylesheets and scripts a public page's route needs (from `dist/.vite/manifest.json`): the
 * server HTML links them, so its content is styled as the app lays it out from the first paint
 * and the app's page code downloads in parallel with its start-up code.
 */
export function pageAssets(clientDir: string, shell: string, base = '/'): (route: RouteChunk, lang: 'zh' | 'en') => string {
  let manifest: Record<string, Chunk> = {}
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>
  } catch {
    // not built: the pages go without
  }
  const memo = new Map<string, string>()
  const collect = (key: string, css: Set<string>, js: Set<string>, seen: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    for (const i of chunk.imports ?? []) collect(i, css, js, seen)
    js.add(chunk.file)
    for (const c of chunk.css ?? []) css.add(c)
  }
  // the entry's own files are in the shell already
  const inShell = (file: string) => shell.includes(`"${base}${file}"`)
  return (route, lang) => {
    let tags = memo.get(`${route}/${lang}`)
    if (tags === undefined) {
      const css = new Set<string>()
      const js = new Set<string>()
      const seen = new Set<string>()
      // the site catalog of the page's language comes first: the app waits for it to start
      collect(`locales/${lang}/site.po`, css, js, seen)
      collect(routeChunks.layout, css, js, seen)
      collect(routeChunks[route], css, js, seen)
      tags =
        [...css].filter((f) => !inShell(f)).map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`).join('') +
        [...js].filter((f) => !inShell(f)).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`).join('')
      memo.set(`${route}/${lang}`, tags)
    }
    return tags
  }
}
