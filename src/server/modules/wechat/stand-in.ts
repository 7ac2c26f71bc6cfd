import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { WechatIdentity } from './identity.ts'

/** Identities the stand-in offers; the demo seed binds the first two (see demo-wechat.ts). */
export const standInIdentities: WechatIdentity[] = [
  { openId: 'standin-one', nickName: '张师傅 (one account)' },
  { openId: 'standin-multi', nickName: '李经理 (two accounts)' },
  { openId: 'standin-none', nickName: '王访客 (no account)' },
]

const codes = new Map<string, { identity: WechatIdentity; expires: number }>()

export function standInExchange(code: string): WechatIdentity | null {
  const entry = codes.get(code)
  codes.delete(code)
  return entry && entry.expires > Date.now() ? entry.identity : null
}

const escape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A local stand-in for WeChat's authorize page (WECHAT_STANDIN=true only): pick an
 * identity and it sends the browser back to `redirect_uri` with a one-use code.
 */
export async function standInRoutes(app: FastifyInstance) {
  app.get('/wechat-standin/authorize', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>
    const redirect = q.redirect_uri ?? ''
    let target: URL
    try {
      target = new URL(redirect)
    } catch {
      return reply.status(400).type('text/plain').send('redirect_uri is not a URL')
    }
    // the client's /callback page is under BASE_PATH
    const callback = `${app.deps.config.basePath}callback`
    if (target.host !== req.host || target.pathname !== callback) {
      return reply
        .status(400)
        .type('text/plain')
        .send(`redirect_uri must be this site's ${callback}`)
    }
    const pick = q.pick
    if (pick) {
      const identity =
        pick === 'new'
          ? { openId: `standin-${randomBytes(6).toString('hex')}`, nickName: '新用户' }
          : standInIdentities.find((i) => i.openId === pick)
      if (!identity) return reply.status(400).type('text/plain').send('unknown identity')
      const code = randomBytes(16).toString('hex')
      codes.set(code, { identity, expires: Date.now() + 5 * 60_000 })
      target.searchParams.set('code', code)
      target.searchParams.set('state', q.state ?? '')
      return reply.redirect(target.toString())
    }
    const link = (id: string) => {
      const u = new URLSearchParams({ ...(q as Record<string, string>), pick: id })
      return `/wechat-standin/authorize?${u.toString()}`
    }
    const items = [
      ...standInIdentities.map((i) => [i.openId, i.nickName] as const),
      ['new', '新的微信用户 (new identity)'] as const,
    ]
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>WeChat stand-in</title>` +
          `<body style="font-family:sans-serif;padding:16px"><main><style>a{display:inline-block;padding:12px 0}</style><h1 style="font-size:18px">WeChat stand-in (test only)</h1><ul>` +
          items
            .map(
              ([id, name]) =>
                `<li style="margin:12px 0"><a data-openid="${escape(id)}" href="${escape(link(id))}">${escape(name)}</a></li>`,
            )
            .join('') +
          `</ul></main></body></html>`,
      )
  })
}
