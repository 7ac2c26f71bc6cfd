import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** The results the server writes in words (src/server/modules/*: writeLog), by their text. */
const results = {
  'login success': msg`Login success`,
  'login failure': msg`Login failure`,
  'login blocked': msg`Login blocked`,
  'permission denied': msg`Permission denied`,
  'interface exception': msg`Interface exception`,
  attack: msg`Attack`,
  'client error': msg`Client error`,
  success: msg`Success`,
} as const

/**
 * A log entry's result in the reader's language. The server writes it in English once (the log
 * is a record; the server's export translates it the same way, log-result.ts there): a save's
 * counts, an import's counts, a client error's text all read in one language.
 */
export function logResultText(i18n: I18n, r: string): string {
  const known = results[r as keyof typeof results]
  if (known) return i18n._(known)
  const save = /^success: inserted (\d+), updated (\d+), removed (\d+)$/.exec(r)
  if (save) {
    const [, added = '', changed = '', removed = ''] = save
    return i18n._(msg`Success: ${added} added, ${changed} changed, ${removed} removed`)
  }
  const load = /^success: inserted (\d+), updated (\d+), unchanged (\d+)$/.exec(r)
  if (load) {
    const [, added = '', changed = '', unchanged = ''] = load
    return i18n._(msg`Success: ${added} added, ${changed} changed, ${unchanged} unchanged`)
  }
  if (r.startsWith('client error:')) return `${i18n._(results['client error'])}${r.slice(12)}`
  if (r.startsWith('success:')) return `${i18n._(results.success)}${r.slice(7)}`
  return r
}
