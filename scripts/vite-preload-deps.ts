import type { Plugin } from 'vite'
import { closure, graphOf, type ChunkGraph } from './vite-chunk-graph.ts'

/**
 * Shorter modulepreload lists. For each on-demand load (`import()`), vite writes into the loading
 * chunk the list of every file the loaded chunk needs, to fetch them at once instead of one
 * import level after another. The start-up chunk holds such a list for every page, and every page
 * of the site pays for those lists on its first load. A list leaves out what is surely loaded
 * already or loaded at the same moment by another list:
 * - what the loading chunk imports itself (it is running, so those files are loaded);
 * - for a page under a layout (`routes/_staff/…` under `routes/_staff.tsx`), what the layout's
 *   chunk needs: the router loads the layout's chunk with the page, through the layout's own list.
 * And pages for which `listed` answers false get no list of scripts at all: their imports are
 * fetched as the browser reads them, one level after another (the route is the route file's
 * path under `routes/` without `.tsx`: `_staff/order/order`).
 * Style sheets stay in every list (vite adds them after this filter): a page's styles load with it.
 */
export function preloadDeps({ listed }: { listed: (route: string) => boolean }) {
  let graph: ChunkGraph | undefined
  const layouts = new Map<string, Set<string>>()

  /** The route module a chunk is loaded for, relative to `routes/` without `.tsx`. */
  const routeOf = (file: string) =>
    /\/src\/client\/routes\/(.+)\.tsx$/.exec(graph?.get(file)?.facade ?? '')?.[1]

  /** Files of the layout chunks a page loads with (`_staff/order/order` -> `_staff`'s). */
  function layoutFiles(page: string): Set<string> {
    const known = layouts.get(page)
    if (known) return known
    const out = new Set<string>()
    const parts = page.split('/')
    for (let i = 1; i < parts.length; i++) {
      const layout = parts.slice(0, i).join('/')
      const chunk = [...graph!.values()].find(
        (n) => !n.isEntry && n.facade?.endsWith(`/src/client/routes/${layout}.tsx`),
      )
      if (chunk) for (const f of closure(graph!, [chunk.file])) out.add(f)
    }
    layouts.set(page, out)
    return out
  }

  const plugin: Plugin = {
    name: 'forgeline-preload-deps',
    apply: 'build',
    // runs before vite writes the lists (vite's import analysis is one of the last plugins)
    generateBundle(_options, bundle) {
      graph = graphOf(bundle)
      layouts.clear()
    },
  }

  function resolveDependencies(
    file: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ): string[] {
    if (context.hostType !== 'js') return deps
    if (!graph) throw new Error('preloadDeps: the chunk graph is not known yet')
    const running = closure(graph, [context.hostId])
    const page = routeOf(file)
    if (page && !listed(page)) return []
    const withLayout = page ? layoutFiles(page) : new Set<string>()
    const rest = deps.filter((d) => d !== file && !running.has(d) && !withLayout.has(d))
    // the loaded file alone needs no list: `import()` fetches it
    return rest.length > 0 ? [file, ...rest] : []
  }

  return { plugin, resolveDependencies }
}
