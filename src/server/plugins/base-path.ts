import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Code } from '#shared/contract/codes'
import type { Config } from '../config.ts'
import { requestLang, t } from '../i18n.ts'

/**
 * BASE_PATH (SPEC §9 public path, docs/configuration.md): the web client (pages, assets,
 * manifest, service worker, sitemap.xml, robots.txt) is served under the base only; the server's
 * own paths (API_PREFIX, /ws, /uploads, /healthz, /readyz, the prefix-less SPEC §7 calls) stay
 * at the root. A GET or HEAD under the base is rewritten to the root path before routing, so the
 * routes and the page renderer see `/index` for `/Nst/index`. Whatever else (`/index` without
 * the base, `/Nst/api/...`) answers 404; `/` and `/Nst` redirect to `/Nst/`.
 * With the default base `/` nothing changes.
 */

const underBase = Symbol('forgeline.underBase')
type Marked = IncomingMessage & { [underBase]?: boolean }

/** The routes of the web client: the pages' shell (`/` and the not-found handler), static files, sitemap and robots. */
const clientRoutes = new Set(['/', '/*', '/robots.txt', '/sitemap.xml'])

/** Fastify's `rewriteUrl`: strips the base from GET/HEAD requests under it (undefined with base `/`). */
export function baseRewrite(
  config: Pick<Config, 'basePath'>,
): ((req: IncomingMessage) => string) | undefined {
  const base = config.basePath
  if (base === '/') return undefined
  return (req: Marked) => {
    const url = req.url ?? '/'
    if ((req.method === 'GET' || req.method === 'HEAD') && url.startsWith(base)) {
      req[underBase] = true
      return `/${url.slice(base.length)}`
    }
    req[underBase] = false
    return url
  }
}

/** True when a base other than `/` is set and the request did not come under it. */
export const outsideBase = (req: FastifyRequest) => (req.raw as Marked)[underBase] === false

/**
 * With a base: the client's routes answer only under it, and nothing else does (the API and the
 * other server paths stay at the root).
 */
export function registerBasePath(app: FastifyInstance, config: Pick<Config, 'basePath'>) {
  if (config.basePath === '/') return
  app.addHook('onRequest', async (req, reply) => {
    const marked = (req.raw as Marked)[underBase]
    const route = req.routeOptions.url
    if (route === undefined) return // the not-found handler decides (static.ts)
    const client = clientRoutes.has(route)
    if (marked === false && client) return answerOutsideBase(req, reply, config.basePath)
    if (marked === true && !client) return answerOutsideBase(req, reply, config.basePath)
  })
}

/**
 * A request the base setting does not serve: `/` and the base without its last slash (`/Nst`)
 * are sent to the base; anything else answers 404.
 */
export function answerOutsideBase(req: FastifyRequest, reply: FastifyReply, base: string) {
  const path = req.url.split('?')[0]!
  if (
    (req.method === 'GET' || req.method === 'HEAD') &&
    (path === '/' || path === base.slice(0, -1))
  ) {
    return reply.redirect(`${base}${req.url.slice(path.length)}`, 302)
  }
  return reply
    .status(404)
    .type('application/json; charset=utf-8')
    .send({ code: Code.notFound, msg: t('notFound', requestLang(req)), data: null })
}
