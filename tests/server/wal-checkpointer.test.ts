import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { walCheckpointer } from '#server/db/wal-checkpointer'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function database() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-checkpoint-'))
  dirs.push(dir)
  const file = new SQLite(path.join(dir, 'db.sqlite'))
  file.pragma('journal_mode = WAL')
  file.exec('create table t (id integer primary key, v text not null)')
  return { file, dbSize: () => fs.statSync(path.join(dir, 'db.sqlite')).size }
}

/** Writes about `pages` pages of rows in one transaction. */
function write(file: SQLite.Database, pages: number) {
  const insert = file.prepare('insert into t (v) values (?)')
  file.transaction(() => {
    for (let i = 0; i < pages * 4; i++) insert.run('x'.repeat(900))
  })()
}

const until = async (ok: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !ok() && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 20))
}

describe('WAL checkpoints in a worker thread', () => {
  it('copies the WAL into the database file from its own thread once the WAL is large', async () => {
    const { file, dbSize } = database()
    const checkpoints = walCheckpointer(file, { everyMs: 20, pagesOver: 50 })
    const before = dbSize()
    // the connection itself no longer checkpoints: the pages stay in the WAL
    write(file, 20)
    await new Promise((r) => setTimeout(r, 100))
    expect(checkpoints.started()).toBe(false)
    expect(dbSize()).toBe(before)
    write(file, 100)
    await until(() => dbSize() > before + 100 * 4096)
    expect(checkpoints.started()).toBe(true)
    expect(dbSize()).toBeGreaterThan(before + 100 * 4096)
    // later writes are checkpointed too
    const after = dbSize()
    write(file, 100)
    await until(() => dbSize() > after + 50 * 4096)
    expect(dbSize()).toBeGreaterThan(after + 50 * 4096)
    await checkpoints.close()
    expect(file.prepare('select count(*) as n from t').get()).toEqual({ n: 880 })
    file.close()
  })

  it('checkpoints on the connection again when the worker cannot run', async () => {
    const { file } = database()
    const checkpoints = walCheckpointer(file, { everyMs: 20, pagesOver: 10 })
    expect(file.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
    // the worker opens the file by name: gone, its connection fails and it ends
    const moved = `${file.name}.moved`
    fs.renameSync(file.name, moved)
    write(file, 30)
    await until(() => file.pragma('wal_autocheckpoint', { simple: true }) === 1000)
    expect(file.pragma('wal_autocheckpoint', { simple: true })).toBe(1000)
    fs.renameSync(moved, file.name)
    await checkpoints.close()
    file.close()
  })
})
