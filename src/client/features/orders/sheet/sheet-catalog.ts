import { i18n } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import { isLocale, type Locale } from '#client/lib/i18n'

/**
 * The texts of the order sheet and the scanner live in their own catalog (lingui.config.ts
 * `sheet`), loaded when one of them first opens: the staff catalog, which every staff page loads,
 * stays within the staff shell's budget (issue 34).
 */
const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  zh: () => import('../../../../../locales/zh/sheet.po'),
  en: () => import('../../../../../locales/en/sheet.po'),
}
const loaded = new Set<string>()

/** Whether the sheet catalog of the active language is there; loads it (again after a language switch). */
export function useSheetCatalog(): boolean {
  const { i18n: active } = useLingui()
  const locale = active.locale
  const [, setDone] = useState('')
  useEffect(() => {
    if (!isLocale(locale) || loaded.has(locale)) return
    let live = true
    void catalogs[locale]().then(({ messages }) => {
      i18n.load(locale, messages as never)
      loaded.add(locale)
      if (live) setDone(locale)
    })
    return () => {
      live = false
    }
  }, [locale])
  return loaded.has(locale)
}
