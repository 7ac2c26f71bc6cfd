import http from 'node:http'
import { Registry } from 'prom-client'
import { afterEach, describe, expect, it } from 'vitest'
import { startMetricsServer, type MetricsServer } from '#server/metrics/metrics-server'

/** The status of `GET /metrics` at host:port, or the connection error's code. */
const statusAt = (host: string, port: number) =>
  new Promise<number | string>((resolve) => {
    const req = http.get({ host, port, path: '/metrics', timeout: 2000 }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })))
  })

let server: MetricsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('the metrics listener', () => {
  it('listens on the METRICS_HOST address it is given and on no other', async () => {
    server = await startMetricsServer(new Registry(), '127.0.0.2', 0)
    expect(await statusAt('127.0.0.2', server.port)).toBe(200)
    expect(await statusAt('127.0.0.1', server.port)).toBe('ECONNREFUSED')
  })

  it('answers 404 for any other path', async () => {
    server = await startMetricsServer(new Registry(), '127.0.0.1', 0)
    const status = await new Promise<number>((resolve) =>
      http.get({ host: '127.0.0.1', port: server!.port, path: '/' }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      }),
    )
    expect(status).toBe(404)
  })
})
