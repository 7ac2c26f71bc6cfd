import { Trans, useLingui } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { lazy, Suspense, useState } from 'react'
import { logResults, logTypes, type LogFilter } from '#shared/contract/system-log'
import { PageError } from '#client/components/feedback/page-error'
import { useLogs } from '../api/get-logs.ts'
import { useLogExport } from '../api/post-log-export.ts'
import { errorLine } from '../field-errors.ts'
import { logResultText } from '../log-result.ts'
import { Pager } from './pager.tsx'
import './system.css'

const pageSize = 20
// a deleted record's history loads when a deletion's line is opened
const LogDeletions = lazy(() =>
  import('./log-deletions.tsx').then((m) => ({ default: m.LogDeletions })),
)
/** a save's log line that removed records: its deletions have a history */
const removedRecords = (operation: string, result: string) =>
  /^PostCommon Save\w+$/.test(operation) && /removed [1-9]/.test(result)
const clean = (f: LogFilter): LogFilter =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '' && v !== undefined)) as LogFilter

/**
 * /system/log (admin): the operation and security log (account, operation, system or database
 * log, result, ip, time), filtered and paged; Export downloads the filter's entries as .xlsx.
 * A table on wide screens, one card per entry on phones.
 */
export function LogsPage() {
  const { t, i18n } = useLingui()
  const [draft, setDraft] = useState<LogFilter>({})
  const [filter, setFilter] = useState<LogFilter>({})
  const [pageIndex, setPageIndex] = useState(1)
  const [deletionsOf, setDeletionsOf] = useState<number | null>(null)
  const logs = useLogs({ ...filter, pageIndex, pageSize })
  const exporter = useLogExport()
  const set = (patch: Partial<LogFilter>) => setDraft((d) => ({ ...d, ...patch }))
  const typeLabel = (v: string) =>
    v === 'system' ? t`System log` : v === 'database' ? t`Database log` : v
  // the operations the server names in words; saves (SaveOrder, …) and request lines stay as they are
  const operationLabel: Record<string, string> = {
    login: t`Sign-in`,
    'wechat login': t`WeChat sign-in`,
    register: t`Registration`,
    'change password': t`Change password`,
  }
  const resultOf = (r: string) => logResultText(i18n, r)
  const time = (s: string) =>
    new Date(s).toLocaleString(i18n.locale === 'zh' ? 'zh-CN' : 'en-GB', { hour12: false })

  if (logs.isError && !logs.data)
    return <PageError error={logs.error} reset={() => void logs.refetch()} />
  const search = () => (setFilter(clean(draft)), setPageIndex(1))
  const exportNow = async () => {
    try {
      await exporter.mutateAsync(filter)
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorLine(e, t`The export failed`), duration: 3000 })
    }
  }

  return (
    <section className="sys-page" data-testid="logs-page">
      <h1>
        <Trans>Operation log</Trans>
      </h1>
      <form className="sys-toolbar sys-filters" onSubmit={(e) => (e.preventDefault(), search())}>
        <input
          name="account"
          placeholder={t`Account`}
          value={draft.account ?? ''}
          onChange={(e) => set({ account: e.target.value })}
        />
        <input
          name="keyword"
          placeholder={t`Operation`}
          value={draft.keyword ?? ''}
          onChange={(e) => set({ keyword: e.target.value })}
        />
        <select
          name="logType"
          aria-label={t`Log type`}
          value={draft.logType ?? ''}
          onChange={(e) => set({ logType: (e.target.value || undefined) as LogFilter['logType'] })}
        >
          <option value="">{t`All logs`}</option>
          {logTypes.map((v) => (
            <option key={v} value={v}>
              {typeLabel(v)}
            </option>
          ))}
        </select>
        <select
          name="result"
          aria-label={t`Result`}
          value={draft.result ?? ''}
          onChange={(e) => set({ result: e.target.value || undefined })}
        >
          <option value="">{t`All results`}</option>
          {logResults.map((v) => (
            <option key={v} value={v}>
              {resultOf(v)}
            </option>
          ))}
        </select>
        <label className="sys-date">
          {t`From`}
          <input
            type="date"
            name="from"
            value={draft.from ?? ''}
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <label className="sys-date">
          {t`To`}
          <input
            type="date"
            name="to"
            value={draft.to ?? ''}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
        <button type="submit" className="is-primary" data-testid="log-search">
          {t`Search`}
        </button>
        <button
          type="button"
          disabled={exporter.isPending}
          onClick={() => void exportNow()}
          data-testid="log-export"
        >
          {t`Export .xlsx`}
        </button>
      </form>
      {logs.isPending ? <p className="sys-state">{t`Loading…`}</p> : null}
      <table className="sys-table" data-testid="log-table">
        <thead>
          <tr>
            <th>{t`Time`}</th>
            <th>{t`Account`}</th>
            <th>{t`Operation`}</th>
            <th>{t`Log type`}</th>
            <th>{t`Result`}</th>
            <th>IP</th>
          </tr>
        </thead>
        <tbody>
          {(logs.data?.result ?? []).map((l) => (
            <tr
              key={l.Id}
              data-testid="log-row"
              className={
                l.Result === 'attack' || l.Result === 'interface exception' ? 'is-alert' : undefined
              }
            >
              <td data-label={t`Time`}>{time(l.CreateTimeString)}</td>
              <td data-label={t`Account`}>{l.Account || '—'}</td>
              <td data-label={t`Operation`} className="sys-wrap">
                {operationLabel[l.Operation] ?? l.Operation}
                {removedRecords(l.Operation, l.Result) ? (
                  <button
                    type="button"
                    className="sys-history sys-log-history"
                    onClick={() => setDeletionsOf(l.Id)}
                    data-testid="log-deleted-history"
                  >
                    {t`History`}
                  </button>
                ) : null}
              </td>
              <td data-label={t`Log type`}>{typeLabel(l.LogType)}</td>
              <td data-label={t`Result`} className="sys-wrap">
                {resultOf(l.Result)}
              </td>
              <td data-label="IP">{l.Ip}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {logs.data?.total === 0 ? <p className="sys-state">{t`Nothing matches.`}</p> : null}
      {logs.data ? (
        <Pager
          pageIndex={pageIndex}
          pageSize={pageSize}
          total={logs.data.total}
          capped={logs.data.totalCapped}
          onPage={setPageIndex}
        />
      ) : null}
      {deletionsOf !== null ? (
        <Suspense fallback={null}>
          <LogDeletions logId={deletionsOf} onClose={() => setDeletionsOf(null)} />
        </Suspense>
      ) : null}
    </section>
  )
}
