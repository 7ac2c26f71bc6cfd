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
      aria-label={t`Switch language`}
      title={t`Switch language`}
      data-testid="language-switch"
      lang={next === 'zh' ? 'zh-CN' : 'en'}
    >
      {next === 'zh' ? '中文' : 'EN'}
    </button>
  )
}
