// CPU per save, one save at a time (bench:growth): a new order, a remark changed without a
// RowVersion (as an API client that sends none), and the same with the version the edit started
// from (the compare-and-set fast path the screens take). Server CPU from /proc, so other load on
// the machine does not count; a sequential loop, so no request waits for another.
export type SaveFigure = { name: string; rps: number; p99: number; cpu: number; errors: number }

type Post = (body: unknown) => Promise<{ code: number; data?: unknown }>

export async function saveCpu(
  base: string,
  token: string,
  serverCpuMs: () => number,
  count = 200,
): Promise<SaveFigure[]> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const post: Post = async (body) =>
    (await fetch(`${base}/api/PostData/PostCommon`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }).then((r) => r.json())) as { code: number; data?: unknown }
  const page = (await fetch(`${base}/api/Order/GetList`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ pageIndex: 1, pageSize: 50 }),
  }).then((r) => r.json())) as { data: { result: { Id: number; RowVersion: number }[] } }
  const rows = page.data.result
  const versions = new Map(rows.map((r) => [r.Id, r.RowVersion]))
  const save = (postData: unknown) => ({ postUrl: 'SaveOrder', postData })
  const kinds: [string, (i: number) => unknown][] = [
    [
      'save: a new order',
      (i) =>
        save({
          insertRecords: [
            {
              OrderNo: `SAVE-CPU-${Date.now()}-${i}`,
              Customer: 'Growth Co',
              PartName: 'Bench part',
              Quantity: 1,
              UnitPrice: 1,
            },
          ],
        }),
    ],
    [
      'save: a remark, no RowVersion',
      (i) => save({ updateRecords: [{ Id: rows[i % rows.length]!.Id, Remark: `cpu ${i}` }] }),
    ],
    [
      'save: a remark with RowVersion',
      (i) => {
        const id = rows[i % rows.length]!.Id
        return save({
          updateRecords: [{ Id: id, Remark: `cpu v ${i}`, RowVersion: versions.get(id) }],
        })
      },
    ],
  ]
  const figures: SaveFigure[] = []
  for (const [name, body] of kinds) {
    for (let i = 0; i < 10; i++) await send(post, body(i), versions)
    const times: number[] = []
    let errors = 0
    const cpu0 = serverCpuMs()
    const started = performance.now()
    for (let i = 0; i < count; i++) {
      const t = performance.now()
      if (!(await send(post, body(i + 10), versions))) errors++
      times.push(performance.now() - t)
    }
    const seconds = (performance.now() - started) / 1000
    times.sort((a, b) => a - b)
    figures.push({
      name,
      rps: Math.round(count / seconds),
      p99: Math.round(times[Math.floor(times.length * 0.99)]!),
      cpu: (serverCpuMs() - cpu0) / count,
      errors,
    })
  }
  return figures
}

/** One save; keeps the versions the answer reports, so the next edit starts from them. */
async function send(post: Post, body: unknown, versions: Map<number, number>) {
  const r = await post(body)
  const written = (r.data as { versions?: { Id: number; RowVersion: number }[] } | undefined)
    ?.versions
  for (const v of written ?? []) versions.set(Number(v.Id), v.RowVersion)
  return r.code === 200
}
