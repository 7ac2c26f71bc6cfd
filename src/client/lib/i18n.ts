import { i18n, type MessageDescriptor } from '@lingui/core'

export const locales = ['zh', 'en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'zh'
export const localeStorageKey = 'forgeline-lang'

const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  zh: () => import('../../../locales/zh/messages.po'),
  en: () => import('../../../locales/en/messages.po'),
}

export function isLocale(value: unknown): value is Locale {
  return value === 'zh' || value === 'en'
}

/** The language stored by the language switch, else Chinese (SPEC §3 default). */
export function storedLocale(): Locale {
  try {
    const raw = localStorage.getItem(localeStorageKey)
    const value: unknown = raw === null ? null : JSON.parse(raw)
    return isLocale(value) ? value : defaultLocale
  } catch {
    return defaultLocale
  }
}

/** Loads a catalog, activates it and updates `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]()
  i18n.loadAndActivate({ locale, messages: messages as never })
  document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en'
}

export const currentLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : defaultLocale)

/** Picks the language's field of a zh/en pair, falling back to Chinese when English is empty. */
export function pick(zh: string, en: string | undefined, locale: Locale = currentLocale()): string {
  return locale === 'en' && en && en.trim() !== '' ? en : zh
}

export const translate = (d: MessageDescriptor | string): string => (typeof d === 'string' ? d : i18n._(d))
