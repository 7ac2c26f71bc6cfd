/**
 * Malformed requests generated from an OpenAPI operation's schema (the fuzz suite): missing and
 * extra fields, wrong types, null, 100 KB strings, 2,000-level nesting, huge and negative
 * numbers, prototype keys, invalid UTF-8, wrong content types, empty bodies.
 */
export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  minimum?: number
  maximum?: number
  required?: string[]
}

export type FuzzCase = {
  label: string
  query?: string
  contentType?: string
  body?: string | Buffer
}

const big = 'A'.repeat(100 * 1024)
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

/** A plausible value for a schema (ids that point at nothing, so nothing real is changed). */
export function sample(s: JsonSchema | undefined, depth = 0, onlyRequired = false): unknown {
  if (!s || depth > 6) return 'x'
  if (s.const !== undefined) return s.const
  if (s.enum?.length) return s.enum[0]
  const alt = s.anyOf ?? s.oneOf ?? s.allOf
  if (alt?.length) return sample(alt[0], depth + 1)
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (!onlyRequired || s.required?.includes(k)) out[k] = sample(v, depth + 1, onlyRequired)
      }
      return out
    }
    case 'array':
      return [sample(s.items, depth + 1, onlyRequired)]
    case 'integer':
    case 'number':
      // within the bounds, an id that points at nothing when it can
      return s.maximum !== undefined && s.maximum < 987_654
        ? s.maximum
        : Math.max(s.minimum ?? 987_654, 987_654)
    case 'boolean':
      return true
    default:
      return 'x'.repeat(Math.max(1, s.minLength ?? 1))
  }
}

/** The wrong values tried in each field. */
const wrongValues: [string, unknown][] = [
  ['null', null],
  ['number', 12345],
  ['string', 'not-a-number'],
  ['boolean', false],
  ['array', [1, 'a', null]],
  ['object', { a: { b: 1 } }],
  ['100KB string', big],
  ['huge number', 1e308],
  ['unsafe integer', 2 ** 53 + 2],
  ['negative', -987_654],
  ['negative zero / fraction', -0.5],
  [
    'prototype object',
    JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  ],
  ['prototype name', '__proto__'],
  ['constructor name', 'constructor'],
  ['toString name', 'toString'],
]

const json = 'application/json'
const perField = 3
const withField = (base: Record<string, unknown>, k: string, v: unknown) =>
  JSON.stringify({ ...base, [k]: v })

/** Body cases of a JSON operation, from its request schema. */
export function bodyCases(schema: JsonSchema | undefined): FuzzCase[] {
  const base = sample(schema)
  const obj =
    base && typeof base === 'object' && !Array.isArray(base)
      ? (base as Record<string, unknown>)
      : {}
  const fields = Object.keys(obj)
  // each field is varied alone, over the required fields only
  const least = sample(schema, 0, true)
  const req =
    least && typeof least === 'object' && !Array.isArray(least)
      ? (least as Record<string, unknown>)
      : {}
  const cases: FuzzCase[] = [
    { label: 'empty object', contentType: json, body: '{}' },
    { label: 'sample', contentType: json, body: JSON.stringify(base) },
    { label: 'empty body', contentType: json, body: '' },
    { label: 'no body, no type' },
    { label: 'null', contentType: json, body: 'null' },
    { label: 'array', contentType: json, body: '[1,2,3]' },
    { label: 'string', contentType: json, body: '"x"' },
    { label: 'broken json', contentType: json, body: '{"a":' },
    {
      label: 'extra fields',
      contentType: json,
      body: JSON.stringify({ ...obj, unexpected: 1, Id: -1, id: 'x' }),
    },
    {
      label: 'prototype keys',
      contentType: json,
      body: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(obj).slice(1)}`,
    },
    { label: '2000-level array nesting', contentType: json, body: nested(2000) },
    { label: '2000-level object nesting', contentType: json, body: nestedObject(2000) },
    {
      label: 'invalid UTF-8',
      contentType: json,
      body: Buffer.concat([
        Buffer.from('{"x":"'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]),
    },
    { label: 'text/plain', contentType: 'text/plain', body: JSON.stringify(base) },
    { label: 'xml', contentType: 'application/xml', body: '<a><b>1</b></a>' },
    {
      label: 'form',
      contentType: 'application/x-www-form-urlencoded',
      body: `__proto__[x]=1&constructor[prototype][y]=2&a[b][c][d]=${'z'.repeat(1000)}`,
    },
    { label: 'multipart without boundary', contentType: 'multipart/form-data', body: 'garbage' },
    { label: 'json charset nonsense', contentType: 'application/json; charset=utf-42', body: '{}' },
  ]
  // first every field missing and holding an Object.prototype member's name (lookups by client
  // text must use own keys), then `perField` of the wrong values, rotating so that over the
  // fields of an operation every wrong value is tried (all of them on the first field)
  const later: FuzzCase[] = []
  fields.forEach((k, i) => {
    const rest = { ...obj }
    delete rest[k]
    cases.push({ label: `missing ${k}`, contentType: json, body: JSON.stringify(rest) })
    cases.push({
      label: `${k}: constructor name`,
      contentType: json,
      body: withField(req, k, i % 2 ? 'toString' : 'constructor'),
    })
    const count = i === 0 ? wrongValues.length : perField
    for (let j = 0; j < count; j++) {
      const [name, v] = wrongValues[(i * perField + j) % wrongValues.length]!
      later.push({ label: `${k}: ${name}`, contentType: json, body: withField(req, k, v) })
    }
    if (i < 3)
      later.push({
        label: `${k}: 2000-level nesting`,
        contentType: json,
        body: `${JSON.stringify(obj).slice(0, -1)}${fields.length ? ',' : ''}"${k}":${nested(2000)}}`,
      })
  })
  cases.push(...later)
  return cases
}

/** Query cases of a GET operation, from its parameters. */
export function queryCases(params: { name: string; in: string }[]): FuzzCase[] {
  const names = params.filter((p) => p.in === 'query').map((p) => p.name)
  const long = 'B'.repeat(8 * 1024)
  const cases: FuzzCase[] = [
    { label: 'no query', query: '' },
    { label: 'prototype keys', query: '__proto__[x]=1&constructor[prototype][y]=1&__proto__=1' },
    { label: 'bad percent escapes', query: 'a=%ff%fe%&b=%E0%A4%A' },
    { label: 'repeated keys', query: names.map((n) => `${n}=1&${n}=2`).join('&') || 'a=1&a=2' },
  ]
  for (const n of names) {
    for (const v of [
      '',
      long,
      '-1',
      '1e308',
      '99999999999999999999',
      'null',
      '__proto__',
      'constructor',
      '%00',
      '[]',
      '{}',
    ]) {
      cases.push({
        label: `${n}=${v.slice(0, 12)}`,
        query: `${encodeURIComponent(n)}=${v.startsWith('%') ? v : encodeURIComponent(v)}`,
      })
    }
  }
  return cases
}

/** What an answer must never contain: stack frames, file paths, SQL or driver text. */
export const leaks: [string, RegExp][] = [
  ['stack frame', /\n\s+at |\bat [\w.<>]+ \(|\.(ts|js|mjs|cjs):\d+/],
  ['file path', /(\/work\/|\/tmp\/|\/home\/|\/usr\/|node_modules|[A-Z]:\\)/],
  [
    'SQL text',
    /SQLITE_\w+|no such (table|column)|syntax error at or near|violates [\w ]*constraint|\b(select|insert into|update|delete from)\b[^"]{0,60}\b(from|values|set|where)\b\s+["`]?\w/i,
  ],
  ['error class', /\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b/],
]
