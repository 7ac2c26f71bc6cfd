import type { AnyRouter } from '@tanstack/react-router'

type Source<T> = {
  get: () => T
  subscribe: (listener: (value: T) => void) => { unsubscribe: () => void }
}

/**
 * A store that passes values through while its page is live and otherwise holds the last one,
 * without notifying: a page kept in a hidden `<Activity>` keeps seeing the route state it was
 * left with, so its route hooks neither throw nor re-render when another page is open.
 */
function gate<T>(store: Source<T>, live: () => boolean): Source<T> {
  let last: { value: T } | undefined
  return {
    get() {
      if (live() || !last) last = { value: store.get() }
      return last.value
    },
    subscribe(listener) {
      return store.subscribe((value) => {
        if (live()) listener(value)
      })
    },
  }
}

const gatedStores = new Set(['location', 'resolvedLocation', 'status', 'ids', 'matches', '__store'])

/**
 * The router as one kept page sees it: the real router, except that its state stores are
 * gated by `live` (the page's route is the one on screen). Navigation and everything else
 * go to the real router.
 */
export function pageRouter(router: AnyRouter, live: () => boolean): AnyRouter {
  const real = router.stores as unknown as Record<string | symbol, unknown> & {
    getMatchStore: (id: string) => Source<unknown>
  }
  const cache = new Map<string, Source<unknown>>()
  const wrap = (key: string, make: () => Source<unknown>) => {
    let g = cache.get(key)
    if (!g) {
      g = gate(make(), live)
      cache.set(key, g)
    }
    return g
  }
  // links of the page keep their own scopes, built on the gated location
  let linkScopes: unknown
  const getMatchStore = (id: string) => wrap(`match:${id}`, () => real.getMatchStore(id))
  const stores = new Proxy(real, {
    get(target, prop) {
      if (prop === '_linkScopes') return linkScopes
      if (prop === 'getMatchStore') return getMatchStore
      if (typeof prop === 'string' && gatedStores.has(prop))
        return wrap(prop, () => target[prop] as Source<unknown>)
      return Reflect.get(target, prop)
    },
    set(target, prop, value) {
      if (prop === '_linkScopes') linkScopes = value
      else Reflect.set(target, prop, value)
      return true
    },
  })
  // methods run on the real router; a bound copy is kept while the method stays the same
  const bound = new Map<string | symbol, { of: unknown; fn: unknown }>()
  return new Proxy(router, {
    get(target, prop) {
      if (prop === 'stores') return stores
      const value: unknown = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      let b = bound.get(prop)
      if (b?.of !== value) {
        b = { of: value, fn: (value as (...a: unknown[]) => unknown).bind(target) }
        bound.set(prop, b)
      }
      return b.fn
    },
  })
}

/** True while the page at `pathname`, rendered by `routeId`, is the one the router shows. */
export function isLive(router: AnyRouter, routeId: string, pathname: string): boolean {
  return (
    router.stores.location.get().pathname === pathname &&
    (router.stores.getMatchStore(routeId) as Source<unknown>).get() !== undefined
  )
}
