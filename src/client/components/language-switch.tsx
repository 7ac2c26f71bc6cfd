import { useLingui } from '@lingui/react/macro'
import { useLocale, useSetLocale } from '#client/lib/locale-store'

/** zh/en toggle; the choice persists and updates `<html lang>` and the page title. */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale()
  const setLocale = useSetLocale()
  const { t } = useLingui()
  const next = locale === 'zh' ? 'en' : 'zh'
  return (
    <button
      type="button"
      className={className ?? 'lang-switch'}
      onClick={() => void setLocale(next)}
      title={t`Switch language`}
      data-testid="language-switch"
    >
      {/* the accessible name starts with the visible text (WCAG 2.5.3), in its own language */}
      <span lang={next === 'zh' ? 'zh-CN' : 'en'}>{next === 'zh' ? '中文' : 'EN'}</span>
      <span className="visually-hidden"> {t`Switch language`}</span>
    </button>
  )
}
