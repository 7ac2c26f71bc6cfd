import { useEffect, useState } from 'react'

/** The dark modules of a QR code as one SVG path (1 unit per module), and its size in modules. */
export type QrShape = { size: number; path: string }

/** The QR code of a text (error correction M, the smallest version that holds it). */
export async function qrShape(text: string): Promise<QrShape> {
  // the generator loads with the first sheet, not with the grid or the staff shell
  const { default: qrcode } = await import('qrcode-generator')
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const size = qr.getModuleCount()
  let path = ''
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) if (qr.isDark(r, c)) path += `M${c} ${r}h1v1h-1z`
  return { size, path }
}

/** The QR code of `text`, drawn in the browser (no outside service), with a quiet zone of 4 modules. */
export function OrderQr({ text, label }: { text: string; label: string }) {
  const [shape, setShape] = useState<{ text: string; qr: QrShape } | null>(null)
  useEffect(() => {
    let live = true
    void qrShape(text).then((qr) => live && setShape({ text, qr }))
    return () => {
      live = false
    }
  }, [text])
  if (shape?.text !== text) return <div className="order-sheet-qr is-loading" aria-busy="true" />
  const { size, path } = shape.qr
  const box = size + 8
  return (
    <svg
      className="order-sheet-qr"
      data-testid="order-sheet-qr"
      viewBox={`-4 -4 ${box} ${box}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
