/**
 * The client build's chunk graph, and which chunks belong to the public site and which to the
 * staff area. Pure functions over a plain graph, so tests can feed a small one.
 * Used by vite-precache-split.ts (precache list, staff chunk manifest) and vite-budget.ts.
 */

export type ChunkNode = {
  /** output file, relative to dist: `assets/app-xxxx.js` */
  file: string
  isEntry: boolean
  /** the module a dynamic import of this chunk asks for (a route's split component, a catalog) */
  facade?: string | undefined
  /** source modules inside, paths with `/` and no query */
  modules: string[]
  imports: string[]
  dynamicImports: string[]
  /** CSS files this chunk needs */
  css: string[]
}
export type ChunkGraph = Map<string, ChunkNode>

/** What the staff area needs besides the public files, keyed by page path (see routePath). */
export type StaffManifest = { shell: string[]; routes: Record<string, string[]> }

/**
 * Public pages few visitors open, whose code is left out of the precache: the worker caches it
 * when the page is first opened (src/client/app/sw-staff.ts). `/supplier-apply` brings
 * antd-mobile's form and the China region data (about 120 KB gzip).
 */
export const onDemandPublicPages = ['/supplier-apply']

const norm = (id: string) => id.replaceAll('\\', '/').replace(/\?.*$/, '')

/**
 * Source modules of the public website: its layout and pages, its catalogs, its features, and the
 * app's banners (offline, update, outbox) that every page loads once it is idle.
 */
const publicModule =
  /\/src\/client\/(routes\/_site(\.tsx$|\/)|features\/site\/|components\/feedback\/app-banners\.tsx$|lib\/outbox-merge\.ts$)|\/locales\/[^/]+\/site\.po$/
const routeModule = /\/src\/client\/routes\/(.+)\.tsx$/
/** pages every signed-in user reaches outside the menu */
const shellPages = ['/403', '/404']

/**
 * Builds the graph from a rollup/rolldown output bundle (chunks only; CSS via vite's metadata).
 * The HTML shell's scripts count as entries (a code-splitting group can take over the entry
 * module, and the chunk holding it is then not flagged as an entry).
 */
export function graphOf(bundle: Record<string, unknown>): ChunkGraph {
  type Chunk = {
    type: 'chunk'
    fileName: string
    isEntry: boolean
    facadeModuleId: string | null
    moduleIds: string[]
    imports: string[]
    dynamicImports: string[]
    viteMetadata?: { importedCss: Set<string> }
  }
  const graph: ChunkGraph = new Map()
  const html = bundle['index.html'] as { source?: string | Uint8Array } | undefined
  const htmlSource =
    typeof html?.source === 'string'
      ? html.source
      : new TextDecoder().decode(html?.source ?? new Uint8Array())
  const inHtml = new Set(
    [...htmlSource.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]!),
  )
  for (const out of Object.values(bundle) as Chunk[]) {
    if (out.type !== 'chunk') continue
    graph.set(out.fileName, {
      file: out.fileName,
      isEntry: out.isEntry || inHtml.has(out.fileName),
      facade: out.facadeModuleId ? norm(out.facadeModuleId) : undefined,
      modules: out.moduleIds.map(norm),
      imports: out.imports,
      dynamicImports: out.dynamicImports,
      css: [...(out.viteMetadata?.importedCss ?? [])],
    })
  }
  return graph
}

/** A chunk loaded on demand belongs to the public site when the module it is loaded for does. */
export const isPublicTarget = (n: ChunkNode) =>
  n.facade ? publicModule.test(norm(n.facade)) : n.modules.some((m) => publicModule.test(norm(m)))

/**
 * Files (JS and CSS) needed to run the given chunks: their static imports, and with `dynamic`
 * what they load on demand (`dynamic(from, to)` decides which on-demand loads count).
 */
export function closure(
  graph: ChunkGraph,
  roots: Iterable<string>,
  dynamic?: (from: ChunkNode, to: ChunkNode) => boolean,
) {
  const out = new Set<string>()
  const todo = [...roots]
  while (todo.length > 0) {
    const file = todo.pop()!
    if (out.has(file)) continue
    const node = graph.get(file)
    out.add(file)
    if (!node) continue
    for (const css of node.css) out.add(css)
    todo.push(...node.imports)
    if (dynamic)
      for (const d of node.dynamicImports)
        if (graph.has(d) && dynamic(node, graph.get(d)!)) todo.push(d)
  }
  return out
}

/**
 * The public site: the entry chunks, every public page and catalog they load on demand, and
 * whatever those load in turn. The entries' other on-demand loads (staff pages, the staff
 * catalogs, the sign-in code) are left out.
 */
export function publicFiles(graph: ChunkGraph): Set<string> {
  const entries = [...graph.values()].filter((n) => n.isEntry).map((n) => n.file)
  const start = closure(graph, entries)
  return closure(
    graph,
    start,
    (from, to) =>
      !isOnDemandPage(to) && (!from.isEntry && !start.has(from.file) ? true : isPublicTarget(to)),
  )
}

/** The route chunk of a public page in onDemandPublicPages. */
const isOnDemandPage = (n: ChunkNode) =>
  !!n.facade && isPublicTarget(n) && onDemandPublicPages.includes(routePath(n.facade) ?? '')

/**
 * The files of the on-demand public pages (and what they load) that the precache does not hold;
 * some may be staff files too (antd-mobile parts).
 */
export function onDemandPublicFiles(graph: ChunkGraph, pub: Set<string>): string[] {
  const roots = [...graph.values()].filter(isOnDemandPage).map((n) => n.file)
  // what the public files load on demand is theirs (staff pages, sign-in code): not followed
  return [...closure(graph, roots, (from) => !pub.has(from.file))].filter((f) => !pub.has(f)).sort()
}

/**
 * The page path a route module serves (TanStack file routes): `_layout` folders add nothing,
 * `index` is the folder itself, `[index]` is a literal `index`. Undefined for layouts.
 */
export function routePath(moduleId: string): string | undefined {
  const m = routeModule.exec(norm(moduleId))
  if (!m || m[1] === '__root') return undefined
  const parts = m[1]!.split('/')
  if (parts.at(-1)!.startsWith('_')) return undefined
  const path = parts
    .filter((p) => !p.startsWith('_'))
    .filter((p, i, all) => !(p === 'index' && i === all.length - 1))
    .map((p) => p.replace(/^\[(.+)\]$/, '$1'))
  return `/${path.join('/')}`
}

/**
 * What the staff area needs beyond the public files: `shell` (the staff layout, the staff
 * catalogs, the sign-in guard and the other code the start-up chunk loads on demand, the
 * status pages) and, per page path, that page's own chunks.
 */
export function staffManifest(graph: ChunkGraph, pub: Set<string>): StaffManifest {
  // what staff code loads on demand counts; the start-up chunk's on-demand loads (every page) do not
  const all = (roots: string[]) =>
    [...closure(graph, roots, (from) => !pub.has(from.file))].filter((f) => !pub.has(f)).sort()
  const routes: Record<string, string[]> = {}
  const shellRoots: string[] = []
  for (const entry of [...graph.values()].filter((n) => n.isEntry)) {
    for (const d of entry.dynamicImports) {
      const node = graph.get(d)
      if (!node || pub.has(d) || isOnDemandPage(node)) continue
      const path = node.facade && routePath(node.facade)
      if (path && !shellPages.includes(path)) routes[path] = all([d])
      else shellRoots.push(d)
    }
  }
  const shell = all(shellRoots)
  for (const [path, files] of Object.entries(routes))
    routes[path] = files.filter((f) => !shell.includes(f))
  return { shell, routes }
}

/**
 * The staff manifest as the worker script carries it (every visitor downloads the worker): each
 * file once, in groups of the files the same pages load; a page names its groups by index. The
 * order grid's forty-odd files, shared by ten grid pages, are then written once, not ten times.
 */
export type PackedStaffManifest = {
  shell: string[]
  groups: string[][]
  routes: Record<string, number[]>
}

export function packStaffManifest(staff: StaffManifest): PackedStaffManifest {
  const pagesOf = new Map<string, string[]>()
  for (const [page, files] of Object.entries(staff.routes))
    for (const f of files) pagesOf.set(f, [...(pagesOf.get(f) ?? []), page])
  const bySignature = new Map<string, { files: string[]; pages: string[] }>()
  for (const [f, pages] of pagesOf) {
    const key = pages.join('\n')
    const group = bySignature.get(key) ?? { files: [], pages }
    group.files.push(f)
    bySignature.set(key, group)
  }
  const groups = [...bySignature.values()]
  const routes: Record<string, number[]> = {}
  for (const page of Object.keys(staff.routes))
    routes[page] = groups.flatMap((g, i) => (g.pages.includes(page) ? [i] : []))
  return { shell: staff.shell, groups: groups.map((g) => g.files), routes }
}
