import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * An upload on a full disk: answered 507 with the translated cause, and no file, not even the
 * part of the one being written, is left behind; the next upload once space returns is kept.
 * On the embedded database the files are in DATA_DIR/uploads: the disk fills in the middle of
 * a file (half of it written, then ENOSPC). On PostgreSQL they are rows: the insert fails with
 * disk_full (53100).
 */
let t: TestApp
let token = ''
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  token = await signIn(t.app, 'editor')
})
afterAll(() => t.close())

function multipart(filename: string, type: string, data: Buffer) {
  const boundary = `----forgeline${Date.now()}`
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
const upload = async (data: Buffer) => {
  const body = multipart('red.png', 'image/png', data)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Upload',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, lang: 'en' },
  })
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; cause?: string },
  }
}
const uploadFiles = () => {
  const root = path.join(t.dataDir, 'uploads')
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('demo') && fs.statSync(path.join(root, f)).isFile(),
  )
}
const storedRows = async () =>
  t.db.dialect === 'postgres'
    ? Number(
        (await sql<{ n: number }>`select count(*) as n from upload_file`.execute(t.db.db)).rows[0]!
          .n,
      )
    : 0

/** The disk fills during the next writes; the returned function frees it. */
async function fillDisk(): Promise<() => Promise<void>> {
  if (t.db.dialect === 'postgres') {
    await sql
      .raw(
        `create or replace function fl_test_full() returns trigger language plpgsql as $$
         begin raise exception 'could not extend file' using errcode = 'disk_full'; end $$;
         create trigger fl_test_full before insert on upload_file for each row execute function fl_test_full()`,
      )
      .execute(t.db.db)
    return async () =>
      void (await sql.raw('drop trigger fl_test_full on upload_file').execute(t.db.db))
  }
  const write = fs.promises.writeFile
  const spy = vi.spyOn(fs.promises, 'writeFile').mockImplementation(async (file, data, options) => {
    // half of the file reaches the disk, then it is full
    const bytes = Buffer.from(data as Buffer)
    await write(
      file as string,
      bytes.subarray(0, bytes.length >> 1),
      options as fs.WriteFileOptions,
    )
    throw Object.assign(new Error(`ENOSPC: no space left on device, write`), {
      code: 'ENOSPC',
      errno: -28,
    })
  })
  return async () => void spy.mockRestore()
}

describe('an upload on a full disk', () => {
  it('answers 507 with the cause, leaves no partial file, and works again once space returns', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
      .png()
      .toBuffer()
    const filesBefore = uploadFiles()
    const rowsBefore = await storedRows()
    const free = await fillDisk()
    const refused = await upload(png)
    await free()
    expect(refused.status).toBe(507)
    expect(refused.body).toMatchObject({
      code: 507,
      msg: "The server's storage is full: tell your administrator",
      cause: 'storage',
    })
    expect(uploadFiles()).toEqual(filesBefore)
    expect(await storedRows()).toBe(rowsBefore)

    t.db.state.calmMs = 0
    const kept = await upload(png)
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
    if (t.db.dialect === 'sqlite') expect(uploadFiles().length).toBeGreaterThan(filesBefore.length)
    else expect(await storedRows()).toBeGreaterThan(rowsBefore)
  })
})
