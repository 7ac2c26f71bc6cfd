import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorEnvelope } from '#shared/contract/envelope'
import { Code, httpStatusFor } from '#shared/contract/codes'
import { faultEnvelope, type FaultEnvelope } from '#shared/contract/faults'
import { isDbUnreachable, isStorageFull } from '../db/faults.ts'
import { AppError, DeniedAction } from '../errors.ts'
import { requestLang, ruleMessage, t, type Lang, type MessageKey } from '../i18n.ts'
import { logRefusal } from '../modules/system/attack.ts'
import { logDenied } from '../modules/system/denied-log.ts'

function send(reply: FastifyReply, code: number, msg: string, errors?: Record<string, string>) {
  return reply
    .status(httpStatusFor(code))
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(errors ? { code, msg, data: null, errors } : { code, msg, data: null })
}

function fieldErrors(error: FastifyError, lang: Lang): Record<string, string> {
  const out: Record<string, string> = {}
  if (!hasZodFastifySchemaValidationErrors(error)) return out
  for (const v of error.validation) {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body'
    const code = v.message ?? ''
    out[field] ??=
      ruleMessage(code, lang) ??
      (lang === 'en' ? `${field} ${t('invalidField', 'en')}` : `${field}${t('invalidField', 'zh')}`)
  }
  return out
}

/**
 * PostgreSQL refuses text it cannot store: a NUL character (`%00`, `\u0000`) in a string gives
 * 22021 (22P05 inside jsonb). SQLite takes it, so on PostgreSQL it is bad input, not a fault.
 */
const refusedTextCodes = new Set(['22021', '22P05'])
const isRefusedText = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  refusedTextCodes.has(String((error as { code?: unknown }).code))

/**
 * A call refused by a fault of the server, not of the request: the database cannot be reached
 * (503) or the storage is full (507). The cause is logged once per episode (not once per
 * request: a full disk was 184 lines of the same error), the answer names it in the caller's
 * language and carries `cause` (faults.ts) so the staff client shows one banner.
 */
function sendFault(error: unknown, req: FastifyRequest, reply: FastifyReply, lang: Lang) {
  const { state } = req.server.deps.db
  if (isStorageFull(error)) {
    if (state.noteStorageFull())
      req.log.error({ err: error }, 'storage full: writes are refused until space is freed')
    req.server.metrics.faults.storageFullRefusals.inc()
    return sendBody(reply, 507, {
      code: Code.storageFull,
      msg: t('storageFull', lang),
      data: null,
      cause: 'storage',
    })
  }
  if (state.noteUnreachable())
    req.log.error(
      { err: error },
      'the database cannot be reached: calls answer 503 until it returns',
    )
  return sendBody(reply, 503, {
    code: Code.unavailable,
    msg: t('databaseUnavailable', lang),
    data: null,
    cause: 'database',
  })
}

function sendBody(reply: FastifyReply, status: number, body: FaultEnvelope) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(body)
}

const statusKeys: Record<number, [number, MessageKey]> = {
  400: [Code.badRequest, 'badRequest'],
  404: [Code.notFound, 'notFound'],
  413: [Code.payloadTooLarge, 'payloadTooLarge'],
  415: [Code.badRequest, 'unsupportedMediaType'],
  429: [Code.tooManyRequests, 'tooManyRequests'],
}

/**
 * Turns every error into the envelope with a message safe to show:
 * no stack, SQL or driver text ever leaves the server.
 */
export function registerErrorHandler(app: FastifyInstance) {
  // every call with a documented answer may also answer 503 (database) or 507 (storage full):
  // the API document shows both with their body (the handler sends them itself)
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined
    if (!response || route.url === '/readyz' || route.url === '/healthz') return
    // as JSON whatever the route's own answer is (a file download too)
    const fault = (description: string) => ({
      description,
      // a fault carries its cause; a call's own 503 (an SMS provider away) is a plain refusal
      content: { 'application/json': { schema: z.union([faultEnvelope, errorEnvelope]) } },
    })
    route.schema!.response = {
      ...response,
      503: fault('The database cannot be reached (cause: database)'),
      507: fault('The storage is full: nothing was written (cause: storage)'),
    }
  })
  app.setErrorHandler((error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    try {
      return handle(error, req, reply)
    } catch (failure) {
      req.log.error({ err: failure }, 'error handler failed')
      return send(reply.status(500), Code.failed, t('serverError', requestLang(req)))
    }
  })
}

function handle(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = requestLang(req)
  if (error instanceof AppError) {
    // refused input is logged when it looks like an attack (system log)
    if (error.code === Code.badRequest) logRefusal(req, 'rejected')
    // a hidden button's call (save, delete, import, export...) is in the operation log
    if (error instanceof DeniedAction) logDenied(req, error.action)
    return send(reply, error.code, t(error.messageKey, lang, error.params), error.fieldErrors)
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    logRefusal(req, 'rejected')
    return send(reply, Code.badRequest, t('badRequest', lang), fieldErrors(error, lang))
  }
  if (isRefusedText(error)) {
    logRefusal(req, 'rejected')
    return send(reply, Code.badRequest, t('badRequest', lang))
  }
  if (isStorageFull(error) || isDbUnreachable(error)) return sendFault(error, req, reply, lang)
  const status = error.statusCode ?? 500
  const known = statusKeys[status]
  if (known) return send(reply, known[0], t(known[1], lang))
  if (status >= 400 && status < 500) return send(reply, Code.badRequest, t('badRequest', lang))
  req.log.error({ err: error }, 'unhandled error')
  logRefusal(req, 'exception')
  return reply
    .status(500)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send({ code: Code.failed, msg: t('serverError', lang), data: null })
}
