import { i18n, type MessageDescriptor } from '@lingui/core'

export const locales = ['zh', 'en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'zh'
export const localeStorageKey = 'forgeline-lang'

type Catalog = () => Promise<{ messages: Record<string, unknown> }>

/** `site`: the public website and the app frame; `staff`: everything else (lingui.config.ts). */
const catalogs: Record<'site' | 'staff', Record<Locale, Catalog>> = {
  site: {
    zh: () => import('../../../locales/zh/site.po'),
    en: () => import('../../../locales/en/site.po'),
  },
  staff: {
    zh: () => import('../../../locales/zh/messages.po'),
    en: () => import('../../../locales/en/messages.po'),
  },
}

/** Whether the staff catalog is wanted: always, unless the app started on a public page. */
let withStaff = true

/** At start on a public page: load the site catalog only (a visitor's first load stays small). */
export function startWithSiteCatalog() {
  withStaff = false
}

/** Adds the staff catalog of the active language (before a staff, sign-in or status page renders). */
export async function loadStaffCatalog(): Promise<void> {
  if (withStaff) return
  withStaff = true
  const locale = currentLocale()
  const { messages } = await catalogs.staff[locale]()
  i18n.load(locale, messages as never)
}

export function isLocale(value: unknown): value is Locale {
  return value === 'zh' || value === 'en'
}

/** The language saved by the language switch, if any. */
export function savedLocale(): Locale | undefined {
  try {
    const raw = localStorage.getItem(localeStorageKey)
    const value: unknown = raw === null ? null : JSON.parse(raw)
    return isLocale(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * The language the app starts in: the address's `?lang=`, else the saved choice, else the one
 * the server rendered the page in (it decided from the same address and choice, then the
 * browser's Accept-Language: src/server/modules/seo/lang.ts), else the browser's languages
 * (`navigator.languages`), else Chinese (SPEC §3 default). The server and the app agree but for
 * a choice saved before the cookie existed (the saved choice wins; main.tsx hands it on).
 */
export function startLocale(
  rendered?: Locale,
  languages: readonly string[] = navigator.languages,
): Locale {
  const inUrl = new URLSearchParams(location.search).get('lang')
  return (
    [inUrl, savedLocale(), rendered, ...languages.map((l) => l.slice(0, 2).toLowerCase())].find(
      isLocale,
    ) ?? defaultLocale
  )
}

/** The saved choice as the server reads it (src/server/modules/seo/lang.ts): a year, sent on links from other sites too. */
export function saveLocaleCookie(locale: Locale) {
  document.cookie = `${localeStorageKey}=${locale};path=/;max-age=31536000;samesite=lax`
}

/** Loads the language's catalogs, activates it and updates `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  const [site, staff] = await Promise.all([
    catalogs.site[locale](),
    withStaff ? catalogs.staff[locale]() : undefined,
  ])
  i18n.loadAndActivate({ locale, messages: { ...staff?.messages, ...site.messages } as never })
  document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en'
}

export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : defaultLocale)

/** Picks the language's field of a zh/en pair, falling back to Chinese when English is empty. */
export function pick(zh: string, en: string | undefined, locale: Locale = currentLocale()): string {
  return locale === 'en' && en && en.trim() !== '' ? en : zh
}

/** `lang` for a picked text shown in the other language (the Chinese fallback on an English page), else undefined. */
export const pickedLang = (
  en: string | undefined,
  locale: Locale = currentLocale(),
): 'zh-CN' | undefined => (locale === 'en' && !(en && en.trim() !== '') ? 'zh-CN' : undefined)

export const translate = (d: MessageDescriptor | string): string =>
  typeof d === 'string' ? d : i18n._(d)
