import { Trans, useLingui } from '@lingui/react/macro'
import { Button, DotLoading, Selector } from 'antd-mobile'
import { useEffect, useState } from 'react'
import { noticeTypes, type NoticeType } from '#shared/contract/notices'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { useNotices, type NoticeFilters } from '../api/get-notices.ts'
import { noticeTypeLabel } from '../notice-link.ts'
import { useViewNotice } from '../use-view-notice.ts'
import { workbenchPageSize, type ReadState, type WorkbenchSearch } from '../workbench-search.ts'
import { NoticeTable } from './notice-table.tsx'
import './notices.css'
import './workbench.css'

type Props = { search: WorkbenchSearch; onSearch: (next: WorkbenchSearch) => void }

const all = 'all'

/** /workbench (SPEC §2): every notice of the user, paged, filtered by type and read state. */
export function WorkbenchPage({ search, onSearch }: Props) {
  const { t, i18n } = useLingui()
  const narrow = useNarrowScreen()
  const [pageSize] = useState(workbenchPageSize)
  const page = search.page ?? 1
  const filters: NoticeFilters = {
    pageIndex: page,
    pageSize,
    isAll: true,
    ...(search.state ? { isRead: search.state === 'read' } : {}),
    ...(search.type === undefined ? {} : { createType: search.type }),
  }
  const query = useNotices(filters)
  const { view } = useViewNotice()
  const total = query.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / pageSize))

  // marking read under the "unread" filter can empty the last page
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pages)
      onSearch({ ...search, page: pages > 1 ? pages : undefined })
  }, [query.data, query.isPlaceholderData, page, pages, search, onSearch])

  const typeOptions = [
    { label: t`All`, value: all },
    ...noticeTypes.map((n) => ({ label: i18n._(noticeTypeLabel[n]), value: String(n) })),
  ]
  const stateOptions = [
    { label: t`All`, value: all },
    { label: t`Unread`, value: 'unread' },
    { label: t`Read`, value: 'read' },
  ]
  const setType = (v: string[]) => {
    if (v[0] === undefined) return
    onSearch({
      ...search,
      type: v[0] === all ? undefined : (Number(v[0]) as NoticeType),
      page: undefined,
    })
  }
  const setState = (v: string[]) => {
    if (v[0] === undefined) return
    onSearch({ ...search, state: v[0] === all ? undefined : (v[0] as ReadState), page: undefined })
  }
  const goTo = (p: number) => onSearch({ ...search, page: p > 1 ? p : undefined })

  return (
    <section className="workbench" data-testid="workbench">
      <h1 className="workbench-title">
        <Trans>All messages</Trans>
      </h1>
      <div className="workbench-filters">
        <div className="workbench-filter" role="group" aria-label={t`Type`}>
          <span className="workbench-filter-label">{t`Type`}</span>
          <Selector
            options={typeOptions}
            value={[search.type === undefined ? all : String(search.type)]}
            onChange={setType}
            showCheckMark={false}
          />
        </div>
        <div className="workbench-filter" role="group" aria-label={t`State`}>
          <span className="workbench-filter-label">{t`State`}</span>
          <Selector
            options={stateOptions}
            value={[search.state ?? all]}
            onChange={setState}
            showCheckMark={false}
          />
        </div>
      </div>
      {query.isPending ? (
        <div className="notice-state" role="status">
          <DotLoading /> <Trans>Loading…</Trans>
        </div>
      ) : query.isError && !query.data ? (
        <p className="notice-state" role="alert">
          <Trans>The notices could not be loaded</Trans>{' '}
          <button type="button" className="notice-link-button" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : query.data && query.data.result.length > 0 ? (
        <NoticeTable notices={query.data.result} narrow={narrow} onView={view} />
      ) : (
        <p className="notice-state" data-testid="notice-empty">
          <Trans>No messages</Trans>
        </p>
      )}
      {total > 0 ? (
        <nav className="workbench-pager" aria-label={t`Pages`}>
          <Button size="small" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            <Trans>Previous</Trans>
          </Button>
          <span className="workbench-page" aria-live="polite">
            <Trans>
              Page {page} of {pages} · {total} messages
            </Trans>
          </span>
          <Button size="small" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            <Trans>Next</Trans>
          </Button>
        </nav>
      ) : null}
    </section>
  )
}
