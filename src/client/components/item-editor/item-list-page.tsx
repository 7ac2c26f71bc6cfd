import { useLingui } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { useState, type ReactNode } from 'react'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { PageError } from '#client/components/feedback/page-error'
import type { PostCommonBody } from '#shared/contract/post-common'
import { ItemSheet, recordSaves, refusalText } from './item-sheet.tsx'
import { sortUpdates } from './sort-updates.ts'
import { useRefetchOnVersion } from '#client/lib/record-versions'
import type { HistoryRecordType } from '#shared/contract/history'
import { HistoryButton } from '#client/components/history/history-button'
import { formHistoryFields } from '#client/components/history/form-history-fields'

type Save = (postData: PostCommonBody['postData']) => Promise<unknown>

/** How one list row shows an item. */
export type ItemRow = {
  image?: string
  title: string
  subtitle?: string
  meta?: ReactNode
  missingEnglish?: boolean
  off?: boolean
}

/**
 * What one content entity configures: its rows, its fields, how form values become
 * a contract record, and its PostCommon save. The page does the rest: list, add, edit, remove,
 * reorder, paging. A new content entity is a configuration, not a copied page.
 */
export type ItemListConfig<T extends { Id: number; Sort?: number }> = {
  /** `news` -> data-testid `news-admin`, rows `admin-news`, `news-add`, `news-form` */
  name: string
  /** the editor's titles: adding an item, editing one */
  labels: [add: string, edit: string]
  items: readonly T[] | undefined
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
  row: (item: T) => ItemRow
  fields: FieldDef[]
  initial: (item: T | undefined) => FormValues
  record: (values: FormValues) => Record<string, unknown>
  save: Save
  /** with the CONTENT ability (checked by the caller): add, edit, remove, reorder */
  canEdit: boolean
  translate?: (text: string) => Promise<string>
  /** arrows that move a row up or down (saved as `Sort`) */
  reorder?: boolean
  /** search and filters above the list */
  filters?: ReactNode
  /** paging below the list */
  pager?: { pageIndex: number; pages: number; setPageIndex: (p: number) => void }
  /** more controls in the editor of an existing item */
  extra?: (item: T, close: () => void) => ReactNode
  /** the record type whose history the editor of an existing item opens */
  history?: HistoryRecordType
}

const versionOf = (it: object) => {
  const v = (it as { RowVersion?: unknown }).RowVersion
  return typeof v === 'number' ? v : undefined
}

/** The list + item-editor screen every content entity is built on (products, categories, carousel, news, equipment). */
export function ItemListPage<T extends { Id: number; Sort?: number }>(c: ItemListConfig<T>) {
  const { t } = useLingui()
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [moving, setMoving] = useState(false)
  /** the item the editor opened on (kept if the list no longer shows it), and a count that opens it again */
  const [opened, setOpened] = useState<{ item?: T; round: number }>({ round: 0 })
  const listed = typeof editing === 'number' ? c.items?.find((i) => i.Id === editing) : undefined
  const item = listed ?? (opened.item?.Id === editing ? opened.item : undefined)
  const close = () => setEditing(null)
  // someone else saved an item of this list: read the list again; the open editor shows the new
  // values of the fields its user has not edited (live-values.ts)
  useRefetchOnVersion(
    c.history,
    (id) => c.items?.some((i) => i.Id === id) === true,
    c.query.refetch,
  )
  const open = (it: T) => {
    setOpened((o) => ({ item: it, round: o.round + 1 }))
    setEditing(it.Id)
  }
  // Take theirs: read the list again and open the editor on the stored values
  const reload = async (id: number) => {
    setEditing(null)
    await c.query.refetch()
    setOpened((o) => ({ ...o, round: o.round + 1 }))
    setEditing(id)
  }

  const move = async (index: number, by: -1 | 1) => {
    if (!c.items) return
    setMoving(true)
    try {
      await c.save({ updateRecords: sortUpdates(c.items, index, by) })
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: refusalText(e, t`The changes could not be saved`),
        duration: 3000,
      })
    } finally {
      setMoving(false)
    }
  }

  if (c.query.isError && !c.items)
    return <PageError error={c.query.error} reset={() => void c.query.refetch()} />
  const count = c.items?.length ?? 0
  const pageIndex = c.pager?.pageIndex ?? 1
  const pages = c.pager?.pages ?? 1
  return (
    <div className="item-list" data-testid={`${c.name}-admin`}>
      <div className="content-filters">
        {c.filters}
        {c.canEdit ? (
          <button
            type="button"
            className="is-primary"
            onClick={() => setEditing('new')}
            data-testid={`${c.name}-add`}
          >
            {c.labels[0]}
          </button>
        ) : null}
      </div>
      {c.query.isPending ? <p className="content-state">{t`Loading…`}</p> : null}
      {c.items?.length === 0 ? <p className="content-state">{t`Nothing found`}</p> : null}
      <ul className="content-cards">
        {c.items?.map((it, i) => {
          const r = c.row(it)
          return (
            <li key={it.Id} className={`item-row${r.off ? ' is-off' : ''}`}>
              <button
                type="button"
                className="content-card product-row"
                onClick={() => open(it)}
                data-testid={`admin-${c.name}`}
                data-id={it.Id}
              >
                {r.image ? (
                  <img src={r.image} alt="" width={64} height={64} loading="lazy" />
                ) : (
                  <span className="row-noimage" />
                )}
                <span>
                  <strong>{r.title}</strong>
                  <small>{r.subtitle || '—'}</small>
                  {r.meta ? <small className="content-row-meta">{r.meta}</small> : null}
                </span>
                {r.missingEnglish ? (
                  <span className="content-flag">{t`English missing`}</span>
                ) : null}
              </button>
              {c.reorder && c.canEdit ? (
                <span className="item-move">
                  <button
                    type="button"
                    disabled={moving || i === 0}
                    onClick={() => void move(i, -1)}
                    aria-label={t`Move up`}
                    data-testid={`${c.name}-up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    disabled={moving || i === count - 1}
                    onClick={() => void move(i, 1)}
                    aria-label={t`Move down`}
                    data-testid={`${c.name}-down`}
                  >
                    ↓
                  </button>
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
      {c.pager ? (
        <nav className="content-pager" aria-label={t`Pages`}>
          <button
            type="button"
            disabled={c.pager.pageIndex <= 1}
            onClick={() => c.pager!.setPageIndex(c.pager!.pageIndex - 1)}
          >
            {t`Previous`}
          </button>
          <span>{t`Page ${pageIndex} of ${pages}`}</span>
          <button
            type="button"
            disabled={c.pager.pageIndex >= c.pager.pages}
            onClick={() => c.pager!.setPageIndex(c.pager!.pageIndex + 1)}
          >
            {t`Next`}
          </button>
        </nav>
      ) : null}
      <ItemSheet
        key={opened.round}
        open={editing === 'new' || item !== undefined}
        title={item ? c.labels[1] : c.labels[0]}
        testId={`${c.name}-form`}
        fields={c.fields}
        initial={c.initial(item)}
        version={item && versionOf(item)}
        readOnly={!c.canEdit}
        translate={c.translate}
        onClose={close}
        {...recordSaves(item, c.save, c.record, item && versionOf(item))}
        onReload={item ? () => void reload(item.Id) : undefined}
      >
        {item && c.extra && c.canEdit ? c.extra(item, close) : null}
        {item && c.history && c.canEdit ? (
          <HistoryButton
            recordType={c.history}
            recordId={item.Id}
            fields={() => formHistoryFields(c.fields)}
            className="item-history"
            testId={`${c.name}-history`}
          />
        ) : null}
      </ItemSheet>
    </div>
  )
}
