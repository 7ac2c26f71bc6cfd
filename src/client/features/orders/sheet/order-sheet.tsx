import { useLingui } from '@lingui/react/macro'
import { useEffect, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { basePath } from '#client/lib/base-url'
import type { GridColumn, GridRow } from '../grid/grid-config.ts'
import { orderLink } from './order-link.ts'
import { OrderQr } from './order-qr.tsx'
import { useSheetCatalog } from './sheet-catalog.ts'
import { useSheetFocus } from './use-sheet-focus.ts'
import './order-sheet.css'

/** The order's fields on its sheet, in this order (a column hidden from the user is left out). */
const sheetFields = [
  'Customer',
  'PartName',
  'Quantity',
  'Workshop',
  'WorkshopSupervisor',
  'RoughForging',
  'MaterialQuantity',
  'JobStartTimeString',
  'Remark',
]

export type Paper = 'A4' | 'A5'
const papers: Paper[] = ['A4', 'A5']
const paperKey = 'forgeline-sheet-paper'

const savedPaper = (): Paper => (localStorage.getItem(paperKey) === 'A5' ? 'A5' : 'A4')
/** A date and time as the server sends it, to the minute. */
const minutes = (v: unknown) => (typeof v === 'string' ? v.slice(0, 16).replace('T', ' ') : '')

type Props = {
  row: GridRow
  /** the order screen's columns the user may see (labels and formatting as the screen has them) */
  columns: GridColumn[]
  /** a value as the order screen shows it (the grid's cell view: kept in the grid's chunk) */
  cell: (column: GridColumn, value: unknown) => ReactNode
  onClose: () => void
}

/**
 * The printable sheet of one order: number, customer, part, quantity, workshop
 * fields, dates, audit state and a QR code with the order's link in the app. Shown over the
 * page; printing prints the sheet alone on A4 or A5 (`@page`), see docs/order-sheet.md.
 */
export function OrderSheet(props: Props) {
  // the sheet's own texts come with their catalog
  return useSheetCatalog() ? <SheetView {...props} /> : null
}

function SheetView({ row, columns, cell, onClose }: Props) {
  const { t, i18n } = useLingui()
  const [paper, setPaper] = useState<Paper>(savedPaper)
  const box = useSheetFocus<HTMLDivElement>(onClose)
  const orderNo = String(row.OrderNo ?? '')
  const link = orderLink({ id: row.Id, orderNo }, location.origin, basePath)
  const byKey = new Map(columns.map((c) => [c.key, c]))
  const fields = sheetFields.flatMap((k) => byKey.get(k) ?? [])
  const audit = byKey.get('AuditStatus')
  const title = t`Order sheet ${orderNo}`
  useEffect(() => {
    // the saved PDF is named after the page title
    const before = document.title
    document.title = title
    return () => {
      document.title = before
    }
  }, [title])
  const choose = (p: Paper) => {
    setPaper(p)
    localStorage.setItem(paperKey, p)
  }
  return createPortal(
    <div
      className={`order-sheet-page is-${paper.toLowerCase()}`}
      role="dialog"
      aria-modal="true"
      aria-label={title}
      ref={box}
      tabIndex={-1}
      data-testid="order-sheet-page"
    >
      <style>{`@page { size: ${paper} portrait; margin: ${paper === 'A4' ? 14 : 9}mm }`}</style>
      <div className="order-sheet-tools">
        <fieldset className="order-sheet-paper">
          <legend>{t`Paper`}</legend>
          {papers.map((p) => (
            <label key={p}>
              <input
                type="radio"
                name="sheet-paper"
                value={p}
                checked={paper === p}
                onChange={() => choose(p)}
              />
              {p}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="order-sheet-print"
          data-testid="order-sheet-print"
          onClick={() => window.print()}
        >
          {t`Print`}
        </button>
        <button type="button" data-testid="order-sheet-close" onClick={onClose}>
          {t`Close`}
        </button>
      </div>
      <article className="order-sheet" data-testid="order-sheet" data-paper={paper}>
        <header className="order-sheet-head">
          <div>
            <p className="order-sheet-kind">{t`Order sheet`}</p>
            <h1 data-testid="order-sheet-no">{orderNo}</h1>
            {audit ? (
              <p className="order-sheet-audit">
                <span>{i18n._(audit.label)}: </span>
                {cell(audit, row.AuditStatus)}
                {row.AuditTimeString ? <span> {minutes(row.AuditTimeString)}</span> : null}
              </p>
            ) : null}
          </div>
          <figure className="order-sheet-code">
            <OrderQr text={link} label={t`QR code: opens order ${orderNo} in the app`} />
            <figcaption>{t`Scan to open this order`}</figcaption>
          </figure>
        </header>
        <dl className="order-sheet-fields">
          {fields.map((c) => (
            <div key={c.key} data-field={c.key}>
              <dt>{i18n._(c.label)}</dt>
              <dd>
                {cell(c, row[c.key])}
                {c.key === 'Quantity' ? ` ${t`pcs`}` : c.key === 'MaterialQuantity' ? ' kg' : ''}
              </dd>
            </div>
          ))}
          {audit && row.AuditComment ? (
            <div data-field="AuditComment">
              <dt>{t`Audit comment`}</dt>
              <dd>{String(row.AuditComment)}</dd>
            </div>
          ) : null}
          <div data-field="CreateTimeString">
            <dt>{t`Created`}</dt>
            <dd>{minutes(row.CreateTimeString)}</dd>
          </div>
        </dl>
        <p className="order-sheet-link" data-testid="order-sheet-link">
          {link}
        </p>
      </article>
    </div>,
    document.body,
  )
}
