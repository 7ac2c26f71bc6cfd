import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** A message's id in compiled catalogs, as lingui makes it (@lingui/message-utils generateMessageId, no context). */
export const messageId = (msg: string) =>
  createHash('sha256').update(`${msg}\u001F`).digest('base64').slice(0, 6)

/** msgid -> msgstr of a .po file's entries without a context (those the site catalog has). */
function poEntries(file: string): Map<string, string> {
  const out = new Map<string, string>()
  const text = fs.readFileSync(file, 'utf8')
  for (const block of text.split(/\n\s*\n/)) {
    if (/^msgctxt /m.test(block)) continue
    const id = /^msgid "((?:[^"\\]|\\.)*)"$/m.exec(block)?.[1]
    const str = /^msgstr "((?:[^"\\]|\\.)*)"$/m.exec(block)?.[1]
    if (id && str !== undefined) out.set(id, str)
  }
  return out
}

const unescape = (s: string) => JSON.parse(`"${s}"`) as string

/**
 * The staff catalog (`locales/{locale}/messages.po`) is always loaded beside the site catalog
 * (src/client/lib/i18n.ts: the site catalog loads at every start, the staff one is merged into
 * it). A text used on both sides is extracted into both files; its copy in the staff catalog is
 * dropped from the build when the site catalog has it with the same translation, so staff pages
 * do not download it twice (staff shell budget). Runs after @lingui/vite-plugin.
 */
export function catalogDedupe(localesDir: string): Plugin {
  return {
    name: 'forgeline-catalog-dedupe',
    enforce: 'post',
    transform(code, id) {
      const m = /^([a-z]+)[\\/]messages\.po$/.exec(
        path.relative(localesDir, id.replace(/\?.*$/, '')),
      )
      if (!m) return null
      const parsed = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)
      if (!parsed) return null
      const messages = JSON.parse(JSON.parse(parsed[1]!) as string) as Record<string, unknown>
      const staff = poEntries(path.join(localesDir, m[1]!, 'messages.po'))
      const site = poEntries(path.join(localesDir, m[1]!, 'site.po'))
      for (const [msgid, msgstr] of site) {
        if (msgstr !== '' && staff.get(msgid) === msgstr)
          delete messages[messageId(unescape(msgid))]
      }
      return {
        code: code.replace(parsed[0], `JSON.parse(${JSON.stringify(JSON.stringify(messages))})`),
        map: null,
      }
    },
  }
}
