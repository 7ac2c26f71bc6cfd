/**
 * The answers every operation can give besides its own (DESIGN §4, SPEC §8), added to the
 * published contract: refusals and faults answer with the error envelope (`data: null`) and the
 * HTTP status of their code. A route that declares one of these statuses itself (a save's clash
 * answer, 409 with `data.conflicts`) keeps its own.
 */

type JsonSchema = Record<string, unknown>
type Responses = Record<string, unknown>

/** The error envelope, a named component (shared/contract/envelope.ts). */
export const errorEnvelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' }

/** Status -> what it means, for every status an operation may answer with the error envelope. */
export const refusalStatuses: Readonly<Record<string, string>> = {
  400: 'Refused input; `errors` names the fields (field path -> message)',
  401: 'Not signed in, or the session ended',
  403: 'Signed in without the permission this call needs, or the password must be changed first',
  404: 'No such record',
  409: 'A conflicting request: the same request key reused with another body, or a clash',
  413: 'The request body is too large',
  429: 'Too many requests or attempts: try again later',
  500: 'A server fault (no detail is shown)',
  503: 'Unavailable: the server is stopping or cannot reach its database',
  507: 'Storage full: nothing was written',
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null

/** The declared answer with the error envelope as an alternative (as JSON, for a file download). */
function orErrorEnvelope(declared: unknown): unknown {
  if (!isObject(declared)) return declared
  const content = declared.content
  if (isObject(content)) {
    // a file download answers its failures as JSON beside the file's own content type
    const json = content['application/json']
    const schema =
      isObject(json) && isObject(json.schema)
        ? { anyOf: [json.schema, errorEnvelopeRef] }
        : errorEnvelopeRef
    return { ...declared, content: { ...content, 'application/json': { schema } } }
  }
  const { description, ...schema } = declared
  return {
    ...(typeof description === 'string' ? { description } : {}),
    anyOf: [schema, errorEnvelopeRef],
  }
}

/**
 * The responses of one operation with every refusal status it does not declare itself. A
 * signed-in call's 200 also allows the error envelope: an expired access token answers HTTP 200
 * with code 10001 (SPEC §8), before the route runs.
 */
export function withRefusals(responses: Responses | undefined, signedIn: boolean): Responses {
  const out: Responses = { ...responses }
  if (signedIn && out['200'] !== undefined) out['200'] = orErrorEnvelope(out['200'])
  for (const [status, description] of Object.entries(refusalStatuses)) {
    out[status] ??= {
      description,
      content: {
        'application/json': {
          schema: errorEnvelopeRef,
        },
      },
    }
  }
  return out
}

/** `/healthz`: its 200, and the 404 it gives under another base path; nothing else. */
export function livenessAnswers(responses: Responses | undefined): Responses {
  return {
    ...responses,
    404: {
      description: refusalStatuses[404],
      content: { 'application/json': { schema: errorEnvelopeRef } },
    },
  }
}
