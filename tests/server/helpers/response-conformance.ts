import diagnostics from 'node:diagnostics_channel'
import type { FastifyInstance } from 'fastify'
import { contractChecker, type OpenApiDoc } from './openapi-check.ts'

/**
 * The response-conformance hook of the server tests: every Fastify app a test builds (through
 * `buildApp`, `start` or any helper) gets an `onSend` hook, added as the app is created, that
 * checks each answer of a documented operation against the app's own `/api/openapi.json`
 * (status, content type, body schema). Mismatches are kept and fail the running test
 * (tests/server/setup.ts), so a route that answers something its contract does not say fails
 * wherever a test meets it.
 */

const mismatches: string[] = []

/** The mismatches found since the last call. */
export const takeMismatches = () => mismatches.splice(0)

function checkAnswersOf(app: FastifyInstance) {
  let check: ReturnType<typeof contractChecker> | undefined
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url
    // apps without a contract (stand-in providers of a test) and unmatched paths
    if (!route || typeof app.swagger !== 'function') return payload
    check ??= contractChecker(app.swagger() as unknown as OpenApiDoc)
    const problem = check({
      method: req.method,
      route,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      body: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined,
    })
    if (problem)
      mismatches.push(`${req.method} ${req.url} answered ${reply.statusCode}: ${problem}`)
    return payload
  })
}

type Subscriber = (message: unknown) => void
const slot = globalThis as { forgelineResponseCheck?: Subscriber }

/** Subscribes to Fastify's creation channel once per test file (a re-run replaces the old one). */
export function checkEveryApp() {
  if (slot.forgelineResponseCheck)
    diagnostics.unsubscribe('fastify.initialization', slot.forgelineResponseCheck)
  slot.forgelineResponseCheck = (message) =>
    checkAnswersOf((message as { fastify: FastifyInstance }).fastify)
  diagnostics.subscribe('fastify.initialization', slot.forgelineResponseCheck)
}
