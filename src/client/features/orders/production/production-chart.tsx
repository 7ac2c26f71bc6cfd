import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useProductionChart } from '../api/get-production-chart.ts'
import './production.css'

const W = 640
const H = 220
const pad = { left: 44, right: 8, top: 12, bottom: 28 }

/**
 * Daily output and scrap of one workshop (or all), drawn as SVG bars: no charting library,
 * and only this page loads it.
 */
export function ProductionChart() {
  const { t } = useLingui()
  const chart = useProductionChart()
  const [workshop, setWorkshop] = useState('')
  if (!chart.data) return <div className="production-chart is-loading" aria-busy="true" />
  const points = chart.data.result.filter((p) => workshop === '' || p.Workshop === workshop)
  const days = [...new Set(points.map((p) => p.DateString))].sort()
  const byDay = days.map((d) => {
    const on = points.filter((p) => p.DateString === d)
    return {
      day: d,
      output: on.reduce((s, p) => s + p.OutputQuantity, 0),
      scrap: on.reduce((s, p) => s + p.ScrapQuantity, 0),
    }
  })
  const max = Math.max(1, ...byDay.map((d) => d.output))
  const plotW = W - pad.left - pad.right
  const plotH = H - pad.top - pad.bottom
  const slot = plotW / Math.max(1, byDay.length)
  const y = (v: number) => pad.top + plotH - (v / max) * plotH
  const ticks = [0, 0.5, 1].map((f) => Math.round(max * f))
  const totalOutput = byDay.reduce((s, d) => s + d.output, 0)
  const totalScrap = byDay.reduce((s, d) => s + d.scrap, 0)
  const dayCount = byDay.length

  return (
    <figure className="production-chart" data-testid="production-chart">
      <figcaption>
        <span>{t`Daily output and scrap`}</span>
        <select
          value={workshop}
          onChange={(e) => setWorkshop(e.target.value)}
          aria-label={t`Workshop`}
        >
          <option value="">{t`All workshops`}</option>
          {chart.data.workshops.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
        <span className="production-legend">
          <i className="is-output" /> {t`Output`} {totalOutput.toLocaleString()}{' '}
          <i className="is-scrap" /> {t`Scrap`} {totalScrap.toLocaleString()}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t`Output ${totalOutput}, scrap ${totalScrap} over ${dayCount} days`}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line
              x1={pad.left}
              x2={W - pad.right}
              y1={y(v)}
              y2={y(v)}
              className="production-grid"
            />
            <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" className="production-axis">
              {v.toLocaleString()}
            </text>
          </g>
        ))}
        {byDay.map((d, i) => {
          const x = pad.left + i * slot
          const bw = Math.max(1, slot * 0.38)
          return (
            <g key={d.day} data-testid="production-day">
              <title>{`${d.day}: ${t`Output`} ${d.output}, ${t`Scrap`} ${d.scrap}`}</title>
              <rect
                x={x + slot * 0.1}
                y={y(d.output)}
                width={bw}
                height={pad.top + plotH - y(d.output)}
                className="is-output"
              />
              <rect
                x={x + slot * 0.1 + bw}
                y={y(d.scrap)}
                width={bw}
                height={pad.top + plotH - y(d.scrap)}
                className="is-scrap"
              />
              {i % Math.ceil(byDay.length / 6) === 0 ? (
                <text x={x + slot / 2} y={H - 8} textAnchor="middle" className="production-axis">
                  {d.day.slice(5)}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
