import '#client/components/form/form.css'
import { requiredFieldsOf } from '#shared/contract/grid-required'
import { useLingui } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { gridPermissionStrings } from '#shared/grid-permissions'
import { auditPermission, ordersPermission } from '#shared/permissions'
import { useUserInfo } from '#client/features/auth/api/get-user-info'
import { useCan, useGridPermissions } from '#client/features/auth/components/permission'
import { PageError } from '#client/components/feedback/page-error'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { ApiError, errorText } from '#client/lib/http'
import { focusFirstErrorSoon } from '#client/components/form/focus-first-error'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import { useRecordVersions } from '#client/lib/record-versions'
import { useQueryClient } from '@tanstack/react-query'
import { gridKey } from '../api/grid-keys.ts'
import { writeOutcome } from '#client/lib/write-outcome'
import { clashesOf } from '#client/lib/clashes-of'
import { useGridList } from '../api/get-grid-list.ts'
import { useGridRecord } from '../api/get-grid-record.ts'
import { useGridSave } from '../api/post-grid-save.ts'
import { confirmWarmTip } from '#client/features/shell/components/confirm'
import { AuditResetDialog } from './audit-reset-dialog.tsx'
import { auditResets, type AuditReset } from './audit-resets.ts'
import { CellView } from './grid-cell.tsx'
import { orderedColumns, shownColumns } from './grid-column-prefs.ts'
import type { GridConfig } from './grid-config.ts'
import {
  addRow,
  emptyEdits,
  hasEdits,
  placeServerErrors,
  planSave,
  removeRows,
  setCell,
  shownRows,
  unsetCell,
  withBase,
  type CellErrors,
  type GridEdits,
  type SavePlan,
} from './grid-edits.ts'
import { defaultPageSize, pageSizeOptions, tableHeight } from './grid-page-size.ts'
import { useGridPaging } from './use-grid-paging.ts'
import { GridCards } from './grid-cards.tsx'
import { GridTable } from './grid-table.tsx'
import { GridToolbar, type GridTool } from './grid-toolbar.tsx'
import {
  dropRefused,
  restoreRefused,
  usePendingSaves,
  useRefusedSaves,
  withPending,
} from './pending-saves.ts'
import { useColumnPrefs } from './use-column-prefs.ts'
import { allowedEdits } from './grid-guard.ts'
import { keepAboveBanners } from './keep-above-banners.ts'
import { useOutboxRefusals } from './outbox-refusals.tsx'
import { clashesFrom, keepMine, takeTheirs, without, type GridClashes } from './grid-clashes.ts'
import { useGridClashes, withClashErrors } from './use-grid-clashes.tsx'
import { useGridExcel } from './use-grid-excel.tsx'
import { useToolbarRows } from './use-toolbar-rows.ts'
import './grid.css'

/** The printable order sheet and its QR code load when a sheet is first opened. */
const OrderSheet = lazy(() =>
  import('../sheet/sheet-and-scan.ts').then((m) => ({ default: m.OrderSheet })),
)
/** The column picker loads when first opened, not with the grid. */
const ColumnPicker = lazy(() =>
  import('./column-picker.tsx').then((m) => ({ default: m.ColumnPicker })),
)
/** The audit dialog (and its text area) loads when an auditor first opens it. */
const AuditDialog = lazy(() =>
  import('./audit-dialog.tsx').then((m) => ({ default: m.AuditDialog })),
)
/** A record's history loads when first opened, not with the grid. */
const HistoryPanel = lazy(() =>
  import('./history-panel.tsx').then((m) => ({ default: m.HistoryPanel })),
)

type Props = {
  config: GridConfig
  focusId?: number
  orderId?: number
  /** only this record, read with `{kind}/Get` */ recordId?: number
}

const toastMs = 3000

/**
 * The generic grid screen (SPEC §2): a page of rows from `{kind}/GetList`, inline edits saved
 * together through PostCommon `Save{kind}` (one transaction), audit through `Audit{kind}`.
 * A table on wide screens, cards below 992 px. A refused save keeps the edits and marks the cells.
 */
export function DataGrid({ config, focusId, orderId, recordId }: Props) {
  const { t, i18n } = useLingui()
  const can = useCan()
  const queryClient = useQueryClient()
  const narrow = useNarrowScreen()
  const mayAudit = can(auditPermission)
  const paging = useGridPaging()
  const { pageIndex } = paging
  const [pageSize, setPageSize] = useState(() => defaultPageSize())
  const [keyword, setKeyword] = useState('')
  const [edits, setEdits] = useState(emptyEdits)
  const [errors, setErrors] = useState<CellErrors>({})
  /** why the last save was refused (403), kept on the screen with the edits */
  const [refusal, setRefusal] = useState<string | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [auditing, setAuditing] = useState(false)
  const [historyId, setHistoryId] = useState<number | null>(null)
  /** a save that would send audited records back to audit, waiting for the user's answer */
  const [resetting, setResetting] = useState<{ plan: SavePlan; resets: AuditReset[] } | null>(null)
  const [zoomed, setZoomed] = useState(false)
  const [windowHeight, setWindowHeight] = useState(() => window.innerHeight)
  const [picking, setPicking] = useState(false)
  const [sheetId, setSheetId] = useState<number | null>(null)
  const toolbarRef = useRef<HTMLDivElement>(null)
  const toolbarRows = useToolbarRows(toolbarRef)
  const { data: me } = useUserInfo()
  // SPEC §6 strings: the role's `Permissions` of the user info (system settings), else any in Abilities
  const perms = useGridPermissions(
    gridPermissionStrings(
      me.Abilities,
      (me as { Permissions?: readonly string[] }).Permissions ?? [],
    ),
  )
  // a hidden Save (button-save-show-false) leaves the cells read-only: no edit could be sent
  const editable = can(ordersPermission) && perms.buttonShown('save')
  const [prefs, setPrefs] = useColumnPrefs(config.kind)
  const required = requiredFieldsOf(config.kind)
  const allowedColumns = config.columns
    .filter((c) => perms.columnShown(c.key))
    .map((c) => (required.includes(c.key) ? { ...c, required: true } : c))
  const columns = shownColumns(allowedColumns, prefs)
  const filter = { keyword: keyword || undefined, orderId }
  const list = useGridList(config, { pageIndex, pageSize, ...filter, ...paging.cursor })
  // the shown page's cursors (not a previous page's, kept on screen while one loads)
  const pageKeys = list.isPlaceholderData ? undefined : list.data?.pageKeys
  const { save, isPending } = useGridSave(config.kind)
  // the export's columns in the order the user gave the grid's columns
  const columnOrder = orderedColumns(allowedColumns, prefs).map((c) => c.key)
  const excel = useGridExcel(config.kind, { ...filter, columnOrder })
  useUnsavedWork(hasEdits(edits))

  useEffect(() => {
    const onResize = () => setWindowHeight(window.innerHeight)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])

  // saves waiting in the outbox show their values, marked, until the server answers
  const pending = usePendingSaves(config.kind)
  const record = useGridRecord(config, recordId)
  const listed =
    recordId === undefined ? (list.data?.result ?? []) : record.data ? [record.data] : []
  const savedRows = withPending(listed, pending)
  const rows = shownRows(savedRows, edits)
  // someone else saved a row shown here: read the page again through the list (so column
  // permissions apply); the user's unsaved edits and their base versions stay on top of it
  useRecordVersions(config.kind, (m) => {
    const shown = savedRows.find((r) => r.Id === m.Id)
    if (shown && (typeof shown.RowVersion !== 'number' || shown.RowVersion < m.RowVersion))
      void queryClient.invalidateQueries({ queryKey: gridKey(config.kind) })
  })
  const clash = useGridClashes(allowedColumns, rows)
  const showClashes = (found: GridClashes) => clash.setClashes((all) => ({ ...all, ...found }))
  const refusals = useOutboxRefusals(config.kind)
  useRefusedSaves(
    config.kind,
    (v, error) => {
      // a refused audit is told on its rows (outbox-refusals.tsx): its status is no cell edit
      if (!v.postUrl.startsWith('Save')) return
      const back = restoreRefused(edits, v, error)
      setEdits(back.edits)
      setErrors((all) => ({ ...all, ...back.errors }))
      // an edit made offline that clashes when sent shows as the clash, where it was made
      const conflicts = clashesOf(error)
      const removed = (v.postData?.removeRecords ?? []).map((r) => Number((r as { Id: number }).Id))
      if (conflicts) showClashes(clashesFrom(conflicts, removed))
    },
    (v) => {
      // Discard: the refused values leave the grid too, the saved ones show again
      if (!v.postUrl.startsWith('Save')) return
      const back = dropRefused(edits, errors, v)
      setEdits(back.edits)
      setErrors(back.errors)
    },
  )
  const total = recordId === undefined ? (list.data?.total ?? 0) : listed.length
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const edit = (id: number, key: string, value: unknown) => {
    // a new row's order chosen by number replaces the one it was added for (OrderId)
    // a saved row's cell set back to its saved value (Escape, or typed again) is no change
    const saved = id > 0 ? savedRows.find((r) => r.Id === id) : undefined
    if (saved && key in saved && String(saved[key] ?? '') === String(value ?? ''))
      setEdits((e) => unsetCell(e, id, key))
    else
      setEdits((e) =>
        key === 'OrderNo' && id < 0
          ? setCell(setCell(e, id, 'OrderId', ''), id, key, value)
          : // the edit starts from the version the row has now (sent with the save)
            withBase(setCell(e, id, key, value), id, saved?.RowVersion),
      )
    setErrors((all) => (all[id]?.[key] ? { ...all, [id]: { ...all[id], [key]: '' } } : all))
  }
  const select = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  // a hidden Delete (button-delete-show-false) removes every way to delete: toolbar, swipe,
  // selection, and the outbox (grid-guard.ts: a save never carries what the role may not do)
  const mayDelete = editable && perms.buttonShown('delete')
  /** removed rows say which version the user deleted */
  const remove = (ids: number[]) =>
    setEdits((e) =>
      removeRows(
        ids.reduce((x, id) => withBase(x, id, savedRows.find((r) => r.Id === id)?.RowVersion), e),
        ids,
      ),
    )
  const removeSelected = () => {
    if (!mayDelete) return
    remove([...selected])
    setSelected(new Set())
  }

  const send = async (postUrl: string, postData: Parameters<typeof save>[1], done: string) => {
    const sent = await save(postUrl, postData)
    Toast.show({
      icon: 'success',
      content:
        sent === 'sent'
          ? done
          : t`You are offline: the change will be sent when you are back online`,
      duration: toastMs,
    })
    return sent
  }

  // a refused save on a wide screen goes to the first cell in error; a phone's cards say "tap to correct"
  const focusTableError = () => {
    if (!narrow) focusFirstErrorSoon(() => document.querySelector('.grid-scroll'))
  }

  const onSave = async (all: GridEdits = edits, saved = list.data?.result ?? []) => {
    const e = allowedEdits(all, perms.buttonShown)
    // rows deleted or added before the role lost that button come back or go, with the reason
    const heldBack =
      e === all
        ? null
        : t`Your role may not delete or add records here: those changes were not sent`
    if (heldBack) {
      setEdits(e)
      setRefusal(heldBack)
      if (!hasEdits(e)) return
    }
    const plan = planSave(config, e)
    if (Object.keys(plan.errors).length > 0) {
      setErrors(plan.errors)
      focusTableError()
      Toast.show({ icon: 'fail', content: t`Please correct the marked fields`, duration: toastMs })
      return
    }
    const resets = auditResets(config, saved, plan)
    if (resets.length > 0) return setResetting({ plan, resets })
    await saveNow(plan)
    if (heldBack) setRefusal(heldBack)
  }

  const saveNow = async (plan: SavePlan) => {
    try {
      const sent = await send(`Save${config.kind}`, plan.postData, t`Saved`)
      // the waiting pill that comes up does not cover the rows just changed
      if (sent === 'queued') keepAboveBanners(plan.updateIds)
      setEdits(emptyEdits)
      setErrors({})
      setRefusal(null)
      clash.setClashes({})
    } catch (e) {
      const outcome = writeOutcome(e)
      if (outcome === 'clash') {
        const removed = plan.postData.removeRecords ?? []
        const ids = removed.map((r) => Number((r as { Id: number }).Id))
        showClashes(clashesFrom(clashesOf(e) ?? [], ids))
        Toast.show({
          icon: 'fail',
          content: t`Someone else changed the same field: choose Keep mine or Take theirs`,
          duration: toastMs,
        })
        return
      }
      // a refused save (403) stays here with its reason; the other edits are kept
      if (outcome === 'refused') setRefusal(errorText(e, t`The changes could not be saved`))
      if (e instanceof ApiError && e.fieldErrors) {
        setErrors(placeServerErrors(e.fieldErrors, plan))
        focusTableError()
      }
      Toast.show({
        icon: 'fail',
        content: errorText(e, t`The changes could not be saved`),
        duration: toastMs,
      })
    }
  }

  const onAudit = async (status: 1 | -1, comment: string) => {
    const ids = [...selected].filter((id) => id > 0)
    try {
      await send(
        `Audit${config.kind}`,
        { updateRecords: ids.map((Id) => ({ Id, AuditStatus: status, AuditComment: comment })) },
        t`Audit saved`,
      )
      setAuditing(false)
      setSelected(new Set())
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: errorText(e, t`The changes could not be saved`),
        duration: toastMs,
      })
    }
  }

  const onRefresh = async () => {
    if (
      hasEdits(edits) &&
      !(await confirmWarmTip(t`Discard the unsaved changes and reload the list?`))
    )
      return
    setEdits(emptyEdits)
    setErrors({})
    setRefusal(null)
    clash.setClashes({})
    await list.refetch()
  }

  // Keep mine: the same edit again from the version stored now, once no other row clashes (the
  // audit-reset question first, read from the record as it is now)
  const onKeepMine = async (id: number) => {
    const found = clash.clashes[id]
    if (!found) return
    const next = keepMine(edits, id, found)
    const others = without(clash.clashes, id)
    setEdits(next)
    clash.setClashes(others)
    if (Object.keys(others).length > 0) return
    const fresh = await list.refetch()
    await onSave(next, fresh.data?.result ?? [])
  }
  // Take theirs: the clashing fields show the stored values again; the row's other edits stay
  const onTakeTheirs = (id: number) => {
    const found = clash.clashes[id]
    if (!found) return
    setEdits((e) => takeTheirs(e, id, found))
    setErrors((all) => without(all, id))
    clash.setClashes((all) => without(all, id))
    void list.refetch()
  }
  const clashActions = {
    onKeepMine: (id: number) => void onKeepMine(id),
    onTakeTheirs,
    busy: isPending,
  }
  const shownErrors = withClashErrors(errors, clash.cellErrors)

  if (list.isError && !list.data)
    return <PageError error={list.error} reset={() => void list.refetch()} />

  const savedSelected = [...selected].filter((id) => id > 0).length
  // the sheet (saved values) of the one selected order, or of the order this screen was opened for
  const sheetRow =
    config.kind === 'Order'
      ? savedSelected === 1
        ? rows.find((r) => r.Id > 0 && selected.has(r.Id))
        : orderId && rows.length === 1
          ? rows[0]
          : undefined
      : undefined
  const sheetOpen = sheetId === null ? undefined : list.data?.result.find((r) => r.Id === sheetId)
  // SPEC §6: `button-{code}-show-false` hides a button whatever else allows it
  const tools: GridTool[] = [
    {
      key: 'add',
      label: t`Add`,
      shown: editable && config.addable !== false,
      onClick: () =>
        setEdits((e) =>
          addRow(e, { ...config.newRow(), ...(orderId ? { OrderId: orderId } : {}) }),
        ),
    },
    {
      key: 'delete',
      label: t`Delete`,
      shown: editable,
      disabled: selected.size === 0,
      onClick: removeSelected,
    },
    {
      key: 'save',
      label: isPending ? t`Saving…` : t`Save`,
      shown: editable,
      primary: true,
      disabled: !hasEdits(edits) || isPending,
      onClick: () => void onSave(),
    },
    { key: 'refresh', label: t`Refresh`, onClick: () => void onRefresh() },
    {
      key: 'audit',
      label: t`Audit`,
      shown: mayAudit,
      disabled: savedSelected === 0,
      onClick: () => setAuditing(true),
    },
    {
      key: 'history',
      label: t`History`,
      shown: !narrow,
      disabled: savedSelected !== 1,
      onClick: () => setHistoryId([...selected].find((id) => id > 0) ?? null),
    },
    { ...excel.tools.import, shown: editable && config.importable !== false },
    excel.tools.export,
    {
      key: 'sheet',
      label: t`Order sheet`,
      shown: config.kind === 'Order',
      disabled: !sheetRow,
      onClick: () => setSheetId(sheetRow?.Id ?? null),
    },
    { key: 'columns', label: t`Columns`, onClick: () => setPicking(true) },
    {
      key: 'zoom',
      label: zoomed ? t`Exit full screen` : t`Full screen`,
      shown: !narrow,
      onClick: () => setZoomed((z) => !z),
    },
  ].map((x: GridTool) => ({ ...x, shown: x.shown !== false && perms.buttonShown(x.key) }))
  return (
    <section
      className={`data-grid${zoomed ? ' is-zoomed' : ''}`}
      data-testid="data-grid"
      aria-label={i18n._(config.title)}
    >
      <GridToolbar
        toolbarRef={toolbarRef}
        tools={tools}
        search={
          <input
            type="search"
            className="grid-input"
            placeholder={t`Search`}
            aria-label={t`Search`}
            defaultValue={keyword}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                setKeyword(e.currentTarget.value.trim())
                paging.jump(1)
              }
            }}
          />
        }
      />
      {hasEdits(edits) ? (
        <p
          className="grid-unsaved"
          role="status"
        >{t`Unsaved changes: save them or refresh to discard`}</p>
      ) : null}
      {refusal ? (
        <p className="grid-refused" role="alert" data-testid="grid-refused">
          {refusal}
        </p>
      ) : null}
      {!narrow && Object.keys(clash.clashes).length > 0 ? (
        <div className="grid-clashes" data-testid="grid-clashes">
          {Object.keys(clash.clashes).map((id) => clash.notice(Number(id), clashActions))}
        </div>
      ) : null}
      {narrow ? null : refusals.all()}
      {narrow ? (
        <GridCards
          kind={config.kind}
          columns={columns}
          rows={rows}
          errors={shownErrors}
          waiting={pending.waiting}
          editable={editable}
          selected={selected}
          onSelect={select}
          onEdit={edit}
          onRemove={mayDelete ? (id) => remove([id]) : undefined}
          below={(id) => (
            <>
              {clash.notice(id, clashActions)}
              {refusals.notice(id)}
            </>
          )}
          onHistory={setHistoryId}
          focusId={focusId}
        />
      ) : (
        <GridTable
          columns={columns}
          rows={rows}
          errors={shownErrors}
          waiting={pending.waiting}
          selected={selected}
          onSelect={select}
          onSelectAll={(on) => setSelected(on ? new Set(rows.map((r) => r.Id)) : new Set())}
          onEdit={edit}
          editable={editable}
          height={zoomed ? windowHeight - 120 : tableHeight(windowHeight, toolbarRows - 1)}
          dirtyIds={new Set(Object.keys(edits.changed).map(Number))}
          focusId={focusId}
        />
      )}
      {list.isPending ? (
        <p className="grid-state">{t`Loading…`}</p>
      ) : rows.length === 0 ? (
        <p className="grid-state">{t`No records`}</p>
      ) : null}
      <nav className="grid-pager" aria-label={t`Pages`}>
        <button
          type="button"
          disabled={pageIndex <= 1}
          onClick={() => paging.previous(pageKeys)}
        >{t`Previous`}</button>
        <span data-testid="grid-page">
          {list.data?.totalCapped
            ? t`Page ${pageIndex} of ${pages}+ · ${total}+ records`
            : t`Page ${pageIndex} of ${pages} · ${total} records`}
        </span>
        <button
          type="button"
          disabled={pageIndex >= pages}
          onClick={() => paging.next(pageKeys)}
        >{t`Next`}</button>
        <select
          aria-label={t`Rows per page`}
          value={pageSize}
          onChange={(e) => (setPageSize(Number(e.target.value)), paging.jump(1))}
        >
          {pageSizeOptions.map((n) => (
            <option key={n} value={n}>{t`${n} / page`}</option>
          ))}
        </select>
      </nav>
      {excel.element}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <OrderSheet
            row={sheetOpen}
            columns={allowedColumns}
            cell={(c, v) => <CellView column={c} value={v} />}
            onClose={() => setSheetId(null)}
          />
        </Suspense>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <ColumnPicker
            columns={allowedColumns}
            prefs={prefs}
            onChange={setPrefs}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
      {resetting ? (
        <AuditResetDialog
          resets={resetting.resets}
          busy={isPending}
          onCancel={() => setResetting(null)}
          onConfirm={() => void saveNow(resetting.plan).finally(() => setResetting(null))}
        />
      ) : null}
      {historyId !== null ? (
        <Suspense fallback={null}>
          <HistoryPanel
            kind={config.kind}
            id={historyId}
            columns={allowedColumns}
            onClose={() => setHistoryId(null)}
          />
        </Suspense>
      ) : null}
      {auditing ? (
        <Suspense fallback={null}>
          <AuditDialog
            count={savedSelected}
            busy={isPending}
            onClose={() => setAuditing(false)}
            onAudit={(s, c) => void onAudit(s, c)}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
