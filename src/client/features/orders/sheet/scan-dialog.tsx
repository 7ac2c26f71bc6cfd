import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { basePath } from '#client/lib/base-url'
import { cameraProblem } from './camera-problem.ts'
import { checkScanned, findOrderByNumber, type Found } from './find-order.ts'
import type { OrderRef } from './order-link.ts'
import { closeCamera, frameReader, openCamera } from './qr-reader.ts'
import { readScan } from './read-scan.ts'
import { useSheetCatalog } from './sheet-catalog.ts'
import { useSheetFocus } from './use-sheet-focus.ts'
import './scan-dialog.css'

/** Time between two looks at the camera's picture. */
const frameGapMs = 150

/** The Scan dialog: the camera reads an order sheet's QR code, or the order number is typed. */
export function ScanDialog({ onClose }: { onClose: () => void }) {
  return useSheetCatalog() ? <ScanView onClose={onClose} /> : null
}

function ScanView({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const video = useRef<HTMLVideoElement>(null)
  const box = useSheetFocus<HTMLDivElement>(onClose)
  const [attempt, setAttempt] = useState(0)
  const [camera, setCamera] = useState<'starting' | 'on' | MessageDescriptor>('starting')
  const [note, setNote] = useState<string>('')
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)

  const open = (order: OrderRef) => {
    onClose()
    void navigate({
      to: '/order/order',
      search: { id: order.id, ...(order.orderNo ? { orderId: order.orderNo } : {}) },
    })
  }
  const follow = (found: Found, orderNo: string) => {
    if ('order' in found) return open(found.order)
    setNote(
      found.missing === 'unknown'
        ? t`No order has the number ${orderNo}.`
        : t`Order ${orderNo} is not in this device's saved copy. Connect to the network to open it, or open the order list once while online.`,
    )
  }
  // the latest handlers for the camera loop, which starts once per attempt
  const onText = useRef((_: string) => {})
  useEffect(() => {
    onText.current = (text: string) => {
      const outcome = readScan(text, location.origin, basePath)
      if ('refused' in outcome) return setNote(i18n._(outcome.refused))
      follow(
        checkScanned(queryClient, outcome.order),
        outcome.order.orderNo || String(outcome.order.id),
      )
    }
  })

  useEffect(() => {
    let stream: MediaStream | null = null
    let timer = 0
    let live = true
    let last = ''
    const run = async () => {
      try {
        stream = await openCamera()
        if (!live) return closeCamera(stream)
        const el = video.current!
        el.srcObject = stream
        await el.play()
        const read = await frameReader()
        if (!live) return
        setCamera('on')
        const look = async () => {
          const text = await read(el).catch(() => undefined)
          if (!live) return
          // the same code held in front of the camera is handled once
          if (text && text !== last) {
            last = text
            onText.current(text)
          }
          timer = window.setTimeout(() => void look(), frameGapMs)
        }
        void look()
      } catch (e) {
        if (live) setCamera(cameraProblem(e))
      }
    }
    void run()
    return () => {
      live = false
      window.clearTimeout(timer)
      closeCamera(stream)
    }
  }, [attempt])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const orderNo = typed.trim()
    if (!orderNo) return setNote(t`Type an order number.`)
    setBusy(true)
    try {
      follow(await findOrderByNumber(queryClient, orderNo), orderNo)
    } catch (err) {
      setNote(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="scan-backdrop">
      <div
        className="scan-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="scan-title"
        ref={box}
        tabIndex={-1}
        data-testid="scan-dialog"
      >
        <header className="scan-head">
          <h2 id="scan-title">{t`Scan an order sheet`}</h2>
          <button type="button" className="scan-close" onClick={onClose} data-testid="scan-close">
            {t`Close`}
          </button>
        </header>
        <div className="scan-view">
          <video ref={video} muted playsInline aria-hidden="true" data-testid="scan-video" />
          {camera === 'on' ? <span className="scan-frame" aria-hidden="true" /> : null}
        </div>
        <p
          className="scan-state"
          role="status"
          data-testid="scan-state"
          data-camera={typeof camera === 'string' ? camera : 'problem'}
        >
          {camera === 'starting'
            ? t`Starting the camera…`
            : camera === 'on'
              ? t`Point the camera at the QR code of an order sheet.`
              : i18n._(camera)}
        </p>
        {typeof camera === 'object' ? (
          <button
            type="button"
            className="scan-retry"
            onClick={() => (setCamera('starting'), setAttempt((a) => a + 1))}
            data-testid="scan-retry"
          >
            {t`Try again`}
          </button>
        ) : null}
        {note ? (
          <p className="scan-note" role="alert" data-testid="scan-note">
            {note}
          </p>
        ) : null}
        <form className="scan-typed" onSubmit={(e) => void submit(e)}>
          <label htmlFor="scan-order-no">{t`Or type the order number`}</label>
          <div>
            <input
              id="scan-order-no"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              enterKeyHint="go"
              maxLength={50}
              data-testid="scan-order-no"
            />
            <button type="submit" disabled={busy} data-testid="scan-open">
              {t`Open`}
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}
