import Ajv from 'ajv'

/**
 * Checks answers against the published contract (`/api/openapi.json`): the operation of a route
 * and method, the documented response of the answer's status, its content type, and the body
 * against that response's schema (ajv). Used by the response hook of every server test
 * (response-conformance.ts) and by the fuzz test.
 */

type Schema = Record<string, unknown>
type Media = { schema?: Schema }
type Response = { content?: Record<string, Media> }
type Operation = { responses?: Record<string, Response> }
export type OpenApiDoc = {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}

const docId = 'openapi-components'

/**
 * An OpenAPI 3.0 schema as JSON Schema draft-07 (what ajv validates): `nullable` becomes a null
 * alternative, boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers, component
 * references point into the components schema added to ajv.
 */
export function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema)
  if (typeof value !== 'object' || value === null) return value
  const s = { ...(value as Schema) }
  if (typeof s.$ref === 'string')
    return { $ref: s.$ref.replace('#/components/schemas/', `${docId}#/definitions/`) }
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof s[bound] !== 'boolean') continue
    if (s[bound]) s[bound] = s[limit]
    else delete s[bound]
    if (s[bound] !== undefined) delete s[limit]
  }
  const nullable = s.nullable === true
  delete s.nullable
  for (const key of ['items', 'additionalProperties', 'not'])
    if (typeof s[key] === 'object') s[key] = toJsonSchema(s[key])
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(s[key])) s[key] = toJsonSchema(s[key])
  if (typeof s.properties === 'object' && s.properties !== null)
    s.properties = Object.fromEntries(
      Object.entries(s.properties).map(([k, v]) => [k, toJsonSchema(v)]),
    )
  return nullable ? { anyOf: [{ type: 'null' }, s] } : s
}

/** Fastify's route URL (`/api/x/:id`) as the document's path (`/api/x/{id}`). */
export const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

export type Answer = {
  method: string
  /** the route's URL pattern (fastify's `routeOptions.url`) */
  route: string
  status: number
  contentType: string
  /** the body as sent: text or bytes; undefined for a stream or no body */
  body: string | Buffer | undefined
}

/**
 * A checker over one document: answers the problem with an answer (null when it matches), or
 * undefined when the route is not in the document (hidden routes, pages, HEAD).
 */
export function contractChecker(doc: OpenApiDoc) {
  const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore' })
  const definitions = Object.fromEntries(
    Object.entries(doc.components?.schemas ?? {}).map(([k, v]) => [k, toJsonSchema(v)]),
  )
  ajv.addSchema({ $id: docId, definitions })
  const compiled = new Map<Schema, Ajv.ValidateFunction>()
  const validatorOf = (schema: Schema) => {
    let v = compiled.get(schema)
    if (!v) compiled.set(schema, (v = ajv.compile(toJsonSchema(schema) as object)))
    return v
  }

  return (a: Answer): string | null | undefined => {
    const op = doc.paths[documentPath(a.route)]?.[a.method.toLowerCase()]
    if (!op) return undefined
    const response = op.responses?.[String(a.status)] ?? op.responses?.default
    if (!response) return `status ${a.status} is not documented`
    const type = a.contentType.split(';')[0]!.trim().toLowerCase()
    const empty = a.body === undefined || a.body.length === 0
    if (!type) return empty ? null : 'a body without a content type'
    const media = response.content?.[type]
    if (!media) return `content type ${type} is not documented for status ${a.status}`
    if (type !== 'application/json' || !media.schema || a.body === undefined) return null
    let data: unknown
    try {
      data = JSON.parse(a.body.toString())
    } catch {
      return 'the body is not JSON'
    }
    const validate = validatorOf(media.schema)
    if (validate(data)) return null
    return `${ajv.errorsText(validate.errors, { dataVar: 'body' })}; body ${a.body.toString().slice(0, 300)}`
  }
}
