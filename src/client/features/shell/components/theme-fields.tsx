import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import {
  columnStyles,
  layouts,
  tabsBarStyles,
  themeNames,
  type ColumnStyle,
  type Layout,
  type TabsBarStyle,
  type ThemeName,
  type ThemeSettings,
} from '../theme-settings.ts'

type BoolKey = {
  [K in keyof ThemeSettings]: ThemeSettings[K] extends boolean ? K : never
}[keyof ThemeSettings]

/** One of several values, as native radio buttons styled as chips. */
function Choice<T extends string>({
  name,
  label,
  options,
  value,
  onChange,
  columns = 3,
}: {
  name: string
  label: ReactNode
  options: readonly { value: T; label: ReactNode }[]
  value: T
  onChange: (v: T) => void
  columns?: number
}) {
  return (
    <fieldset className="theme-field" data-setting={name}>
      <legend className="theme-field-label">{label}</legend>
      <div className="theme-chips" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
        {options.map((o) => (
          <label
            key={o.value}
            className={`theme-chip${o.value === value ? ' is-checked' : ''}`}
            data-value={o.value}
          >
            <input
              type="radio"
              name={`theme-${name}`}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** An on/off setting: a switch button. */
function Toggle({
  name,
  label,
  checked,
  onChange,
}: {
  name: BoolKey
  label: string
  checked: boolean
  onChange: (v: boolean) => void
}) {
  return (
    <div className="theme-toggle" data-setting={name}>
      <span id={`theme-${name}-label`}>{label}</span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`theme-${name}-label`}
        className={`theme-switch${checked ? ' is-on' : ''}`}
        onClick={() => onChange(!checked)}
      >
        <span className="theme-switch-handle" />
      </button>
    </div>
  )
}

/** Every setting of the theme drawer (SPEC §2). */
export function ThemeFields({
  value,
  onChange,
  isMobile,
}: {
  value: ThemeSettings
  onChange: (v: ThemeSettings) => void
  isMobile: boolean
}) {
  const { t } = useLingui()
  const set =
    <K extends keyof ThemeSettings>(key: K) =>
    (v: ThemeSettings[K]) =>
      onChange({ ...value, [key]: v })
  const layoutLabels: Record<Layout, string> = {
    vertical: t`Vertical`,
    horizontal: t`Horizontal`,
    column: t`Column`,
    comprehensive: t`Comprehensive`,
    common: t`Common`,
  }
  const themeLabels: Record<ThemeName, string> = {
    default: t`Default`,
    ocean: t`Ocean`,
    green: t`Green`,
    white: t`White`,
  }
  const tabStyleLabels: Record<TabsBarStyle, string> = {
    card: t`Card`,
    smart: t`Smart`,
    smooth: t`Smooth`,
  }
  const columnLabels: Record<ColumnStyle, string> = {
    vertical: t`Vertical`,
    horizontal: t`Horizontal`,
    card: t`Card`,
  }
  const toggles: [BoolKey, string][] = [
    ['showTabs', t`Tabs`],
    ['showTabsBarIcon', t`Tab icons`],
    ['fixedHeader', t`Fixed header`],
    ['showLanguage', t`Language switch`],
    ['showProgressBar', t`Progress bar`],
    ['showRefresh', t`Refresh`],
    ['showSearch', t`Search`],
    ['showNotice', t`Notices`],
    ['showFullScreen', t`Full screen`],
    ['noticeSound', t`Notice sound`],
  ]
  return (
    <>
      <Choice
        name="layout"
        label={t`Layout`}
        options={layouts.map((l) => ({ value: l, label: layoutLabels[l] }))}
        value={value.layout}
        onChange={set('layout')}
      />
      {isMobile ? (
        <p className="theme-note">{t`Phones always use the vertical layout; your choice applies on wider screens.`}</p>
      ) : null}
      <Choice
        name="themeName"
        label={t`Theme`}
        columns={2}
        options={themeNames.map((n) => ({
          value: n,
          label: (
            <>
              <i className={`theme-swatch swatch-${n}`} aria-hidden="true" />
              {themeLabels[n]}
            </>
          ),
        }))}
        value={value.themeName}
        onChange={set('themeName')}
      />
      <Choice
        name="columnStyle"
        label={t`Column style`}
        options={columnStyles.map((c) => ({ value: c, label: columnLabels[c] }))}
        value={value.columnStyle}
        onChange={set('columnStyle')}
      />
      <Choice
        name="tabsBarStyle"
        label={t`Tab style`}
        options={tabsBarStyles.map((s) => ({ value: s, label: tabStyleLabels[s] }))}
        value={value.tabsBarStyle}
        onChange={set('tabsBarStyle')}
      />
      <div className="theme-toggles">
        {toggles.map(([key, label]) => (
          <Toggle key={key} name={key} label={label} checked={value[key]} onChange={set(key)} />
        ))}
      </div>
    </>
  )
}
