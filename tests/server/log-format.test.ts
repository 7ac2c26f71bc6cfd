import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app'
import type { Config } from '#server/config'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/*
 * Request log format: LOG_FORMAT=auto writes one short line per request on a
 * terminal and pino's JSON lines elsewhere; `json` forces JSON, `line` short lines.
 */

let t: TestApp
const apps: FastifyInstance[] = []
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  for (const a of apps) await a.close()
  await t.close()
})

/** An app on the test database whose log goes into the returned array. */
async function logging(logFormat: Config['logFormat'], isTTY: boolean) {
  const lines: string[] = []
  const app = await buildApp(
    { config: { ...t.config, logLevel: 'info', logFormat }, db: t.db },
    { logStream: { write: (l) => lines.push(l), isTTY } },
  )
  await app.ready()
  apps.push(app)
  return { app, lines }
}

const shortLine = (status: number, method: string, url: string) =>
  new RegExp(
    `^\\d\\d:\\d\\d:\\d\\d ${status} ${method} ${url.replace(/[?/]/g, '\\$&')} \\d+ ms\\n$`,
  )

describe('the request log', () => {
  it('is one short line per request on a terminal (LOG_FORMAT=auto)', async () => {
    const { app, lines } = await logging('auto', true)
    await app.inject('/healthz')
    await app.inject({
      method: 'POST',
      url: '/api/User/Login',
      payload: { username: 'admin', password: 'wrong-password-1' },
    })
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(shortLine(200, 'GET', '/healthz'))
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d \d{3} POST \/api\/User\/Login \d+ ms\n$/)
  })

  it('keeps redacting credentials in short lines', async () => {
    const { app, lines } = await logging('line', false)
    await app.inject('/api/User/RefreshToken?refreshToken=leak-secret-123456')
    expect(lines.join('')).not.toContain('leak-secret-123456')
    expect(lines.join('')).toContain('refreshToken=[redacted]')
  })

  it('is JSON when stdout is not a terminal, or with LOG_FORMAT=json on one', async () => {
    for (const [format, tty] of [
      ['auto', false],
      ['json', true],
    ] as const) {
      const { app, lines } = await logging(format, tty)
      await app.inject('/healthz')
      const parsed = lines.map(
        (l) =>
          JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } },
      )
      expect(parsed.map((p) => p.msg)).toEqual(['incoming request', 'request completed'])
      expect(parsed[0]!.req!.url).toBe('/healthz')
      expect(parsed[1]!.res!.statusCode).toBe(200)
    }
  })

  it('shows other lines with their level and message', async () => {
    const { app, lines } = await logging('line', false)
    app.log.warn({ err: new Error('disk nearly full') }, 'pruning slowed down')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d WARN pruning slowed down: Error disk nearly full\n$/)
  })
})
