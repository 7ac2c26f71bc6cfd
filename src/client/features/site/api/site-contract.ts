import type * as Schemas from './site-schemas.ts'
type SiteSchemas = typeof Schemas

let loading: Promise<SiteSchemas> | undefined

/** The public answer schemas, loaded once on the first read that needs them (see site-schemas.ts). */
export function siteSchemas(): Promise<SiteSchemas> {
  loading ??= import('./site-schemas.ts').catch((e: unknown) => {
    // a failed load (offline, a new release) is tried again by the next read
    loading = undefined
    throw e
  })
  return loading
}
