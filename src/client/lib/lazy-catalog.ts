import { i18n } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { isLocale, type Locale } from './i18n.ts'

/** One screen's own catalog per language (lingui.config.ts), e.g. the supplier form's. */
export type LazyCatalog = Record<Locale, () => Promise<{ messages: Record<string, unknown> }>>

/**
 * The catalogs loaded into each language's message table. A language switch replaces that table
 * (i18n.ts activateLocale), so a catalog is loaded again for the new one.
 */
const loadedInto = new WeakMap<object, Set<LazyCatalog>>()

const isLoaded = (catalog: LazyCatalog) => loadedInto.get(i18n.messages)?.has(catalog) ?? false

/**
 * Loads a screen's own catalog in the active language when the screen first shows, so the texts of
 * a rarely used screen stay out of the catalog every page loads. True once its texts are there.
 */
export function useLazyCatalog(catalog: LazyCatalog): boolean {
  const { i18n: active } = useLingui()
  const locale = active.locale
  const [, rerender] = useState(0)
  const ready = isLoaded(catalog)
  useEffect(() => {
    if (ready || !isLocale(locale)) return
    let live = true
    void catalog[locale]().then(({ messages }) => {
      if (i18n.locale !== locale) return
      i18n.load(locale, messages as never)
      const into = loadedInto.get(i18n.messages) ?? new Set<LazyCatalog>()
      loadedInto.set(i18n.messages, into.add(catalog))
      if (live) rerender((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [catalog, locale, ready])
  return ready
}
