import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from 'antd-mobile'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { clearErrors, type ErrorEntry } from '../error-store.ts'

/** SPEC §2: search-engine links for an error message. */
export const errorSearchLinks = (message: string) => {
  const q = encodeURIComponent(message)
  return {
    baidu: `https://www.baidu.com/s?wd=${q}`,
    google: `https://www.google.com/search?q=${q}`,
  }
}

function EntryView({ entry }: { entry: ErrorEntry }) {
  const { t } = useLingui()
  const links = errorSearchLinks(entry.message)
  return (
    <li className="error-entry" data-testid="error-entry">
      <dl>
        <dt>{t`Route`}</dt>
        <dd className="error-route">{entry.url || '/'}</dd>
        <dt>{t({ message: 'Message', context: 'error message' })}</dt>
        <dd className="error-message">{entry.message}</dd>
      </dl>
      {entry.stack ? (
        <details className="error-stack">
          <summary title={entry.stack}>{t`Stack`}</summary>
          <pre>{entry.stack}</pre>
        </details>
      ) : null}
      <p className="error-search">
        <a href={links.baidu} target="_blank" rel="noopener noreferrer">
          <Trans>Search Baidu</Trans>
        </a>
        <a href={links.google} target="_blank" rel="noopener noreferrer">
          <Trans>Search Google</Trans>
        </a>
      </p>
    </li>
  )
}

/** The error log (SPEC §2): route, message, stack on hover or tap, search links; Clear empties it. */
export function ErrorLogDialog({
  open,
  onClose,
  entries,
}: {
  open: boolean
  onClose: () => void
  entries: readonly ErrorEntry[]
}) {
  const { t } = useLingui()
  const clear = () => {
    clearErrors()
    onClose()
  }
  return (
    <ResponsiveSheet
      open={open}
      onClose={onClose}
      title={t`Error log`}
      note={t`These errors must be fixed.`}
      testId="error-log-dialog"
    >
      <ul className="error-list">
        {entries.map((e) => (
          <EntryView key={e.id} entry={e} />
        ))}
      </ul>
      <div className="error-actions">
        <Button
          size="small"
          color="danger"
          fill="outline"
          onClick={clear}
          data-testid="error-log-clear"
        >
          <Trans>Clear</Trans>
        </Button>
      </div>
    </ResponsiveSheet>
  )
}
