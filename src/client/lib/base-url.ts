import { underBase } from '#shared/base-path'

/** BASE_PATH the client was built for (vite `base`): `/`, or `/Nst/` when served under a sub-path. */
export const basePath = import.meta.env.BASE_URL

/**
 * The address of a path of this site for the browser itself (img src, window.open, the service
 * worker, WeChat's callback): `/index` -> `/Nst/index`. Router links and navigate() take paths
 * without the base (the router adds it).
 */
export const atBase = (path: string) => underBase(basePath, path)

/** A browser path back to the router's (`/Nst/index` -> `/index`); a path outside the base is unchanged. */
export const fromBase = (path: string) =>
  basePath !== '/' && path.startsWith(basePath)
    ? `/${path.slice(basePath.length)}`
    : basePath !== '/' && path === basePath.slice(0, -1)
      ? '/'
      : path
