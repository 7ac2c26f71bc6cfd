/**
 * `BASE_PATH` (SPEC §9 public path, e.g. `/Nst/`): the sub-path the web client is built for and
 * served under. Read by the client build (vite.config.ts `base`) and by the server
 * (src/server/config.ts), which must agree (the build records it, src/server/plugins/static.ts
 * checks it). Missing slashes are added (`Nst` -> `/Nst/`); anything that is not plain path
 * segments is refused with the reason.
 */
export type BasePath = { ok: true; value: string } | { ok: false; reason: string }

const segment = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/

export function parseBasePath(raw: string | undefined): BasePath {
  const text = (raw ?? '').trim()
  if (text === '' || text === '/') return { ok: true, value: '/' }
  if (/[?#]/.test(text)) return { ok: false, reason: 'must be a path without ? or # (e.g. /Nst/)' }
  if (text.includes('\\'))
    return { ok: false, reason: 'must use / between its parts, not \\ (e.g. /Nst/)' }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) {
    return { ok: false, reason: 'must be a path on this site such as /Nst/, not a URL' }
  }
  const parts = text.replace(/^\/|\/$/g, '').split('/')
  if (parts.some((p) => p === ''))
    return { ok: false, reason: 'must not contain empty parts (//) (e.g. /Nst/)' }
  if (parts.some((p) => p === '.' || p === '..'))
    return { ok: false, reason: 'must not contain . or .. parts (e.g. /Nst/)' }
  if (!parts.every((p) => segment.test(p))) {
    return {
      ok: false,
      reason: 'may only hold letters, digits, -, _, ~ and . between slashes (e.g. /Nst/)',
    }
  }
  return { ok: true, value: `/${parts.join('/')}/` }
}

/** `/Nst/` + `/index` -> `/Nst/index`; with the base `/` the path is unchanged. */
export const underBase = (base: string, path: string) =>
  path.startsWith('/') ? `${base}${path.slice(1)}` : path
