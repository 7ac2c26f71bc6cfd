import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { Code } from '#shared/contract/codes'
import { ConfigError, type Config } from '../config.ts'
import { seedAssetsDir, seedAssetsPrefix } from '../db/seed/assets-dir.ts'
import { pathKind } from '../modules/seo/app-paths.ts'
import { requestLang, t } from '../i18n.ts'
import { answerOutsideBase, outsideBase } from './base-path.ts'

/** The build records the BASE_PATH it was made for (vite.config.ts); older builds: `/`. */
function checkBuiltBase(clientDir: string, basePath: string) {
  let built = '/'
  try {
    built = fs.readFileSync(path.join(clientDir, '.vite', 'base-path'), 'utf8').trim() || '/'
  } catch {
    // a build without the record was made for `/`
  }
  if (built !== basePath) {
    throw new ConfigError(
      'BASE_PATH',
      `is "${basePath}" but the web client in ${clientDir} was built for "${built}": build it with the same BASE_PATH (\`npm start\` does)`,
    )
  }
}

/** Paths that belong to the server and are never answered with the app shell. */
function serverOwned(url: string, config: Config): boolean {
  const p = url.split('?')[0]!.toLowerCase()
  const prefixes = [
    config.apiPrefix.toLowerCase(),
    '/ws',
    '/uploads',
    '/healthz',
    '/readyz',
    '/sitemap.xml',
    '/robots.txt',
  ]
  return prefixes.some((x) => p === x || p.startsWith(`${x}/`))
}

/** A path whose last segment has an extension asks for a file, not a page. */
function asksForFile(url: string): boolean {
  const last = url.split('?')[0]!.split('/').pop() ?? ''
  return /\.[a-z0-9]+$/i.test(last)
}

/**
 * Serves the built client with SPA fallback for client routes, and uploaded files.
 * API, websocket and upload paths and missing asset files never get index.html.
 */
export async function registerStatic(
  app: FastifyInstance,
  config: Config,
  /** server rendering of the public pages, made from the shell; null answers with the shell */
  pages: (
    shell: string,
  ) => (
    req: FastifyRequest,
  ) => Promise<{ status: number; html: string; vary: boolean } | null> = () => async () => null,
) {
  // Upload names are generated and never reused, so a file never changes. Anything that is not
  // an accepted image type (e.g. an old .svg or .html) is only ever offered as a download.
  await app.register(async (scope) => {
    scope.addHook('onSend', async (req, reply, payload) => {
      void reply.header('X-Content-Type-Options', 'nosniff')
      void reply.header('Content-Security-Policy', "default-src 'none'; sandbox")
      if (reply.statusCode < 300 && !/\.(png|jpe?g|gif|webp)$/i.test(req.url.split('?')[0]!)) {
        void reply.header('Content-Type', 'application/octet-stream')
        void reply.header('Content-Disposition', 'attachment')
      }
      return payload
    })
    // the demo pictures come from the package, on every instance (not from DATA_DIR)
    await scope.register(fastifyStatic, {
      root: seedAssetsDir(),
      prefix: seedAssetsPrefix,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '7d',
    })
    await app.uploads.serve(scope)
  })

  const indexFile = path.join(config.clientDir, 'index.html')
  const built = fs.existsSync(indexFile)
  if (built) checkBuiltBase(config.clientDir, config.basePath)
  if (built) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      prefix: '/',
      index: false,
      wildcard: true,
      dotfiles: 'deny',
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, file) {
        const rel = path.relative(config.clientDir, file)
        if (rel.startsWith(`assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        } else {
          res.setHeader('Cache-Control', 'no-cache')
        }
      },
    })
  }

  const shell = built ? fs.readFileSync(indexFile, 'utf8') : ''
  // pages that are not public (staff, sign-in, status pages) stay out of search engines
  const privateShell = shell.replace('</head>', '<meta name="robots" content="noindex"></head>')
  const renderPage = pages(shell)
  const sendShell = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built yet: run `npm run build`, then restart.')
    }
    const page = await renderPage(req).catch((e: unknown) => {
      req.log.error(e, 'rendering a public page failed')
      return null
    })
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache')
    // an address that is no page of the app answers 404 (the app draws the not-found page in
    // the staff layout under a staff section, in the site layout elsewhere)
    const known = pathKind(req.url.split('?')[0]!) === 'app'
    if (!page)
      return reply
        .status(known ? 200 : 404)
        .header('X-Robots-Tag', 'noindex')
        .send(privateShell)
    // without `?lang=` the language follows the saved choice and the browser's languages
    if (page.vary) void reply.header('Vary', 'Cookie, Accept-Language')
    return reply.status(page.status).send(page.html)
  }

  app.get('/', { schema: { hide: true } }, sendShell)

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    if (outsideBase(req)) return answerOutsideBase(req, reply, config.basePath)
    const lang = requestLang(req)
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !serverOwned(req.url, config)
    if (isPage && !asksForFile(req.url)) return sendShell(req, reply)
    const api = req.url.toLowerCase().startsWith(config.apiPrefix.toLowerCase())
    return reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send({ code: Code.notFound, msg: t(api ? 'apiNotFound' : 'notFound', lang), data: null })
  })
}
