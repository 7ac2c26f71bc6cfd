import { useLazyCatalog, type LazyCatalog } from '#client/lib/lazy-catalog'

/**
 * The texts of the order sheet and the scanner live in their own catalog (lingui.config.ts
 * `sheet`), loaded when one of them first opens: the staff catalog, which every staff page loads,
 * stays within the staff shell's budget.
 */
const sheetCatalog: LazyCatalog = {
  zh: () => import('../../../../../locales/zh/sheet.po'),
  en: () => import('../../../../../locales/en/sheet.po'),
}

/**
 * Whether the sheet catalog of the active language is there; loads it, again after every
 * language switch (a switch replaces the message table: lazy-catalog.ts).
 */
export const useSheetCatalog = (): boolean => useLazyCatalog(sheetCatalog)
