// `npx tsx scripts/bench-import.mts`: an Excel import of 10,000 new orders (BENCH_ROWS) into a
// throwaway DATA_DIR (SQLite), the server in its own process, /healthz asked every 20 ms (one at a
// time) during the upload. Prints JSON: import time and answer, RSS before / peak sampled, and
// /healthz p50, p99 and max during the import (within 100 ms throughout).
// BENCH_ROOT runs the server of another checkout.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { pollLatency } from './bench/poll-latency.mts'
import { benchSignIn, startBenchServer } from './bench/start-server.mts'

const rows = Math.min(Number(process.env.BENCH_ROWS ?? 10_000), 10_000)
const serverRoot = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'))
const passwords = {
  ADMIN_PASSWORD: 'bench-admin-pass',
  EDITOR_PASSWORD: 'bench-editor-pass',
  STAFF_PASSWORD: 'bench-staff-pass',
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-bench-import-'))

const wb = new ExcelJS.Workbook()
const ws = wb.addWorksheet('Sheet1')
ws.addRow([
  '订单号',
  '客户',
  '零件',
  '数量',
  '单价',
  '币种',
  '开工日期',
  '毛坯锻件',
  '材料来源',
  '备注',
])
for (let i = 0; i < rows; i++)
  ws.addRow([
    `IMP${String(i).padStart(6, '0')}`,
    ['常州精锻', 'ACME Automotive'][i % 2],
    `法兰 F-${i % 300}`,
    100 + (i % 900),
    5.125,
    '¥',
    new Date(Date.UTC(2025, 0, 1 + (i % 28))),
    i % 2 ? '是' : '否',
    i % 2 ? '客供料' : '自购料',
    i % 7 ? '' : '加急',
  ])
const file = Buffer.from(await wb.xlsx.writeBuffer())

const { child, base } = await startBenchServer(serverRoot, { DATA_DIR: dataDir, ...passwords })
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0)
const mb = (k: number) => Math.round(k / 102.4) / 10

try {
  const token = await benchSignIn(base, 'staff', passwords.STAFF_PASSWORD)
  const upload = (data: Buffer, query: string) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(data)]), 'orders.xlsx')
    return fetch(`${base}/api/Order/Upload${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
      body: form,
    })
  }
  // warm: the spreadsheet code loads at the first import
  const warm = new ExcelJS.Workbook()
  warm.addWorksheet('S').addRow(['OrderNo'])
  await (await upload(Buffer.from(await warm.xlsx.writeBuffer()), '?mode=preview')).arrayBuffer()
  const rssBefore = rss()
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 20)
  const healthz = pollLatency(`${base}/healthz`)
  const eventLoop = pollLatency(`${base}/api/publicKey`)
  const t0 = performance.now()
  const res = await upload(file, '')
  const answer = (await res.json()) as { msg: string }
  const seconds = (performance.now() - t0) / 1000
  const [health, loopFigures] = [await healthz.stop(), await eventLoop.stop()]
  clearInterval(sampler)
  console.log(
    JSON.stringify(
      {
        server: serverRoot,
        rows,
        status: res.status,
        msg: answer.msg,
        importSeconds: Math.round(seconds * 1000) / 1000,
        rssBeforeMB: mb(rssBefore),
        rssPeakSampledMB: mb(rssPeak),
        rssGrowthMB: mb(rssPeak - rssBefore),
        healthz: health,
        publicKey: loopFigures,
        loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
        date: new Date().toISOString(),
      },
      null,
      2,
    ),
  )
} finally {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
}
