import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { translate } from './i18n.ts'

/** SPEC §8 default texts of answers without our envelope (a proxy's error page, a lost server). */
const texts: Record<number, MessageDescriptor> = {
  400: msg`Bad request (400)`,
  404: msg`Not found (404)`,
  500: msg`Server error (500)`,
  502: msg`Gateway error (502)`,
  503: msg`Service unavailable (503)`,
  504: msg`Gateway timeout (504)`,
}

/** The text shown for an HTTP status that came without a readable answer, in the UI language. */
export function statusText(status: number): string {
  const m = texts[status]
  return m ? translate(m) : translate(msg`Request failed (HTTP ${status})`)
}
