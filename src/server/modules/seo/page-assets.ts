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
  missing: 'src/client/routes/_site/$.tsx?tsr-split=component',
} as const
export type RouteChunk = keyof typeof routeChunks

/** What a public page links beyond the shell: stylesheet tags, and the scripts its app start preloads. */
export type PageAssets = { css: string; js: string[] }

/**
 * Stylesheets and scripts a public page's route needs (from `dist/.vite/manifest.json`): the
 * server HTML links the stylesheets, so its content is styled as the app lays it out from the
 * first paint; the scripts are preloaded when the app starts (public/start.js).
 */
export function pageAssets(
  clientDir: string,
  shell: string,
  base = '/',
): (route: RouteChunk, lang: 'zh' | 'en') => PageAssets {
  let manifest: Record<string, Chunk> = {}
  try {
    manifest = JSON.parse(
      fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, Chunk>
  } catch {
    // not built: the pages go without
  }
  const memo = new Map<string, PageAssets>()
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
    let assets = memo.get(`${route}/${lang}`)
    if (assets === undefined) {
      const css = new Set<string>()
      const js = new Set<string>()
      const seen = new Set<string>()
      // the site catalog of the page's language comes first: the app waits for it to start
      collect(`locales/${lang}/site.po`, css, js, seen)
      collect(routeChunks.layout, css, js, seen)
      collect(routeChunks[route], css, js, seen)
      assets = {
        css: [...css]
          .filter((f) => !inShell(f))
          .map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`)
          .join(''),
        js: [...js].filter((f) => !inShell(f)).map((f) => `${base}${f}`),
      }
      memo.set(`${route}/${lang}`, assets)
    }
    return assets
  }
}

const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g

/**
 * The shell's module scripts become one deferred starter (public/start.js) that loads them, and
 * the page's own scripts, once the page the server rendered has shown its main content: after
 * its pictures marked `fetchpriority="high"` have loaded (or failed) and the next paint, never
 * later than 3 s. On a phone's connection the app's code then does not compete with the page's
 * first picture, and the page reads and navigates as plain HTML until the app takes over
 * (LCP). Pages the service worker answers get the shell and start the app at once.
 * The starter also notes its page's address in Cache Storage (`forgeline-seen`): the worker keeps
 * the pages seen before it controlled them for offline use (src/client/app/sw-pages.ts).
 */
export function deferAppStart(shellPart: string, base: string): (pageJs: string[]) => string {
  const scripts = [...shellPart.matchAll(moduleScript)].map((m) => m[1]!)
  const entry = scripts.at(-1)
  const at = shellPart.search(moduleScript)
  const rest = shellPart.replace(moduleScript, '')
  if (!entry || at < 0) return () => shellPart
  return (pageJs) => {
    const preload = [...scripts.slice(0, -1), ...pageJs].join(' ')
    const starter = `<script defer src="${base}start.js" data-entry="${entry}" data-preload="${preload}"></script>`
    return rest.slice(0, at) + starter + rest.slice(at)
  }
}
