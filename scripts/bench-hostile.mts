// `npm run bench:hostile`: starts the server as its own process on 127.0.0.1 (temp DATA_DIR,
// SQLite, TRUST_PROXY=127.0.0.1 so each hostile request can claim its own address and no limiter
// cuts the attack short), measures /healthz latency alone, then during each attack, and prints
// JSON figures:
//   - signIn: 10 concurrent encrypted sign-ins (3-block and 48-block `param`) for 3 s
//   - refusedText: refused bodies of 200 KB / 1 MB of `<` and other pathological text for 3 s
//   - xlsxBomb: the server's resident memory around five 300 MB zip-bomb imports
//   - mergeBomb: /healthz p99 (against its idle p99 measured just before) and resident memory
//     during five imports of a 2 KB .xlsx whose one merge covers 26 x 1,048,576 cells;
//     passes when p99 <= 3x idle, RSS grows <= 100 MB and the server still answers
//   - limiterFlood: admin locked out, then 8 s of SendSmsCode with fresh numbers (half from one
//     address, half from fresh ones; the server keeps 100 counters per limiter pool here so
//     the flood overflows it): /healthz against its idle figure, RSS growth, whether the server
//     survives and whether admin is still locked (a sign-in with the right password)
//   - rsaBlock: cost of one RSA block, native (now) against node-forge (before)
// Exits by itself (hard stop after 240 s).
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import forge from 'node-forge'
import { storedZip } from '../src/server/modules/grid-excel/zip-entries.ts'

const hardStop = setTimeout(() => {
  console.error('bench:hostile did not finish within 240 s; stopping')
  process.exit(2)
}, 240_000)

const root = path.resolve(import.meta.dirname, '..')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const round = (v: number) => Math.round(v * 10) / 10
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  const at = (p: number) =>
    s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN
  return {
    samples: s.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(s.at(-1) ?? NaN),
  }
}
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-bench-hostile-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const adminPassword = 'bench-admin-pass-1'
/** limiter counters the server keeps per pool: small, so the limiter flood overflows it */
const memoryKeysPerPool = 100
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    SMS_SENDER: 'log',
    TRUST_PROXY: '127.0.0.1',
    ADMIN_PASSWORD: adminPassword,
    RATE_LIMIT_MEMORY_KEYS: String(memoryKeysPerPool),
    CLIENT_DIR: path.join(dataDir, 'client'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stop = () => {
  server.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
for (let i = 0; ; i++) {
  if (i > 300) throw new Error('server did not start')
  try {
    if ((await fetch(`${base}/healthz`)).ok) break
  } catch {
    await sleep(100)
  }
}

const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

/** /healthz latencies, one request every 10 ms, while `run` works. */
async function healthDuring(run: () => Promise<unknown>) {
  let done = false
  const latencies: number[] = []
  const watch = (async () => {
    while (!done) {
      const t0 = performance.now()
      await (await fetch(`${base}/healthz`)).arrayBuffer()
      latencies.push(performance.now() - t0)
      await sleep(10)
    }
  })()
  await run()
  done = true
  await watch
  return stats(latencies)
}

/** `workers` loops calling `one` until `ms` pass; returns how many calls finished. */
async function flood(workers: number, ms: number, one: (i: number) => Promise<unknown>) {
  const until = performance.now() + ms
  let n = 0
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < until) await one(w * 1_000_000 + n++)
    }),
  )
  return n
}

const ip = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
const publicKey = (
  (await (await fetch(`${base}/publicKey`)).json()) as { data: { publicKey: string } }
).data.publicKey
const encryptBlocks = (blocks: number) =>
  Buffer.concat(
    Array.from({ length: blocks }, () =>
      crypto.publicEncrypt(
        { key: publicKey, padding: crypto.constants.RSA_PKCS1_PADDING },
        Buffer.from(`{"username":"admin","password":"wrong-${crypto.randomUUID()}"`.slice(0, 100)),
      ),
    ),
  ).toString('base64')
const param3 = encryptBlocks(3)
const param48 = encryptBlocks(48)
const login = (param: string, i: number) =>
  fetch(`${base}/api/User/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(i) },
    body: JSON.stringify({ param }),
  }).then((r) => r.arrayBuffer())

const result: Record<string, unknown> = {}
result.healthAlone = await healthDuring(() => sleep(2000))

let calls = 0
result.signIn3Blocks = {
  health: await healthDuring(async () => (calls = await flood(10, 3000, (i) => login(param3, i)))),
  signIns: calls,
}
result.signIn48Blocks = {
  health: await healthDuring(async () => (calls = await flood(10, 3000, (i) => login(param48, i)))),
  signIns: calls,
}

const texts = [
  '<'.repeat(200 * 1024),
  '<'.repeat(1_000_000),
  `<a${' onx'.repeat(200_000)}`,
  "'".repeat(900_000),
]
result.refusedText = {
  health: await healthDuring(
    async () =>
      (calls = await flood(4, 3000, (i) =>
        fetch(`${base}/api/User/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(i) },
          body: JSON.stringify({ username: texts[i % texts.length], password: 'x' }),
        }).then((r) => r.arrayBuffer()),
      )),
  ),
  requests: calls,
}

// zip bombs: an honest 300 MB archive and one whose index says 1 KB
const zeros = await new Promise<Buffer>((resolve) => {
  const d = zlib.createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  d.on('data', (c: Buffer) => out.push(c))
  d.on('end', () => resolve(Buffer.concat(out)))
  const mb = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < 300; i++) d.write(mb)
  d.end()
})
function bombZip(declared: number) {
  const name = Buffer.from('xl/workbook.xml')
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(zeros.length, 18)
  local.writeUInt32LE(declared, 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(zeros.length, 20)
  central.writeUInt32LE(declared, 24)
  central.writeUInt16LE(name.length, 28)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(46 + name.length, 12)
  end.writeUInt32LE(30 + name.length + zeros.length, 16)
  return Buffer.concat([local, name, zeros, central, name, end])
}
const token = (
  (await (
    await fetch(`${base}/api/User/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    })
  ).json()) as { data: { Token: string } }
).data.Token
const upload = (file: Buffer) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)]), 'rows.xlsx')
  return fetch(`${base}/api/Order/Upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (r) => ({ status: r.status, msg: ((await r.json()) as { msg: string }).msg }))
}
const rssBefore = rssMb()
let rssPeak = rssBefore
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 20)
const answers = []
for (let i = 0; i < 5; i++) answers.push(await upload(bombZip(i % 2 ? 1024 : 300 * 1024 * 1024)))
clearInterval(sampler)
result.xlsxBomb = {
  fileKb: Math.round(bombZip(1024).length / 1024),
  imports: answers.length,
  statuses: [...new Set(answers.map((a) => a.status))],
  rssBeforeMb: rssBefore,
  rssPeakMb: rssPeak,
  rssAfterMb: rssMb(),
}

// merge bomb: self-contained, see mergeBombCase
result.mergeBomb = await mergeBombCase()
/** The limiter flood: no flood of fresh counters may unlock a locked-out account. */
async function limiterFlood(healthAlone: { p99: number }) {
  const locked = '10.254.0.1'
  const signInAdmin = async (password: string) => {
    const r = await fetch(`${base}/api/User/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': locked },
      body: JSON.stringify({ username: 'admin', password }),
    })
    return { status: r.status, msg: ((await r.json()) as { msg: string }).msg }
  }
  for (let i = 0; i < 10; i++) await signInAdmin(`wrong-${i}`)
  const before = await signInAdmin(adminPassword)
  const statuses = new Map<number, number>()
  let fromFreshAddresses = 0
  const sendCode = (i: number) =>
    fetch(`${base}/api/User/SendSmsCode`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': i % 2 ? '10.253.0.1' : ip(0x400000 + i),
      },
      body: JSON.stringify({
        mobile: `1${String(3_000_000_000 + i).padStart(10, '0')}`,
        purpose: 'login',
      }),
    }).then(async (r) => {
      await r.arrayBuffer()
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
      if (i % 2 === 0 && r.status === 200) fromFreshAddresses++
    })
  const rssBefore = rssMb()
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 20)
  let sent = 0
  const health = await healthDuring(async () => (sent = await flood(2, 8000, sendCode)))
  clearInterval(sampler)
  const after = await signInAdmin(adminPassword)
  const alive = (await fetch(`${base}/healthz`)).ok
  return {
    requests: sent,
    statuses: Object.fromEntries(statuses),
    // each adds 3 counters (address, number, resend wait): far past the pool's size
    countersFromFreshAddresses: fromFreshAddresses * 3,
    memoryKeysPerPool,
    health,
    p99VsIdle: round(health.p99 / healthAlone.p99),
    rssBeforeMb: rssBefore,
    rssPeakMb: rssPeak,
    rssGrowthMb: rssPeak - rssBefore,
    serverAlive: alive,
    adminBeforeFlood: before,
    adminAfterFlood: after,
    adminStillLocked: after.status === 429,
  }
}
result.limiterFlood = await limiterFlood(result.healthAlone as { p99: number })

// one RSA block: the native primitive now, node-forge before
const { privateKey, publicKey: pub } = crypto.generateKeyPairSync('rsa', {
  modulusLength: 1024,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
})
const block = crypto.publicEncrypt(
  { key: pub, padding: crypto.constants.RSA_PKCS1_PADDING },
  Buffer.from('x'.repeat(100)),
)
const keyObject = crypto.createPrivateKey(privateKey)
let t0 = performance.now()
for (let i = 0; i < 500; i++)
  crypto.privateDecrypt({ key: keyObject, padding: crypto.constants.RSA_NO_PADDING }, block)
const nativeMs = (performance.now() - t0) / 500
const forgeKey = forge.pki.privateKeyFromPem(privateKey)
t0 = performance.now()
for (let i = 0; i < 20; i++) forgeKey.decrypt(block.toString('binary'), 'RSAES-PKCS1-V1_5')
const forgeMs = (performance.now() - t0) / 20
result.rsaBlockMs = { native: Math.round(nativeMs * 1000) / 1000, nodeForge: round(forgeMs) }

/**
 * The merge bomb: a valid one-sheet workbook whose worksheet merges A1:Z1048576
 * (exceljs would build 27 million cells: about 65 s of blocked event loop, then out of memory).
 * /healthz is measured idle, then during five imports of it; the server's resident memory is
 * sampled every 20 ms, and the parse workers' (processes of their own) beside it.
 */
async function mergeBombCase() {
  const ns =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
  const cell = (ref: string, v: string) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns}><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData><row r="1">${cell('A1', '订单号')}${cell('B1', '客户')}</row><row r="2">${cell('A2', 'BOMB-1')}${cell('B2', 'Acme')}</row></sheetData><mergeCells count="1"><mergeCell ref="A1:Z1048576"/></mergeCells></worksheet>`,
    ],
  ]
  const file = storedZip(parts.map(([name, xml]) => ({ name, data: Buffer.from(xml) })))
  const children = () => {
    try {
      return fs
        .readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
    } catch {
      return []
    }
  }
  const rssOf = (pid: string) => {
    try {
      return Math.round(
        Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) /
          1024,
      )
    } catch {
      return 0
    }
  }
  const idle = await healthDuring(() => sleep(2000))
  const before = rssMb()
  let peak = before
  let workerPeak = 0
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb())
    workerPeak = Math.max(
      workerPeak,
      children().reduce((n, pid) => n + rssOf(pid), 0),
    )
  }, 20)
  const answers: { status: number; msg: string }[] = []
  const during = await healthDuring(async () => {
    for (let i = 0; i < 5; i++) answers.push(await upload(file))
  })
  clearInterval(sampler)
  const survived = server.exitCode === null && (await fetch(`${base}/healthz`)).ok
  const p99Ratio = Math.round((during.p99 / idle.p99) * 100) / 100
  const rssGrowthMb = peak - before
  return {
    fileBytes: file.length,
    imports: answers.length,
    statuses: [...new Set(answers.map((a) => a.status))],
    msg: answers[0]?.msg,
    healthIdle: idle,
    healthDuring: during,
    p99Ratio,
    rssBeforeMb: before,
    rssPeakMb: peak,
    rssGrowthMb,
    parseWorkerPeakRssMb: workerPeak,
    survived,
    pass: p99Ratio <= 3 && rssGrowthMb <= 100 && survived,
  }
}

console.log(JSON.stringify(result, null, 2))
stop()
clearTimeout(hardStop)
