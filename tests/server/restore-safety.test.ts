import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupDataDir } from '#server/maintenance/backup'
import { restoreDataDir } from '#server/maintenance/restore'
import { tarHeader } from '#server/maintenance/tar'

/*
 * A restore writes private files, refuses a folder that is not empty (even with one file in it),
 * with --force leaves no old -wal/-shm beside the restored database, and refuses an archive whose
 * database is not SQLite or fails `PRAGMA quick_check` without changing anything.
 */

const dirs: string[] = []
const temp = (name: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `forgeline-${name}-`))
  dirs.push(d)
  return d
}
let archive = ''
let savedUmask = 0
beforeAll(async () => {
  // the umask of `npm start` or a command run by hand: files would be 0644 if left to it
  savedUmask = process.umask(0o022)
  const data = temp('restore-source')
  const db = new SQLite(path.join(data, 'forgeline.db'))
  db.pragma('journal_mode = WAL')
  db.exec("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('restored row')")
  db.close()
  fs.mkdirSync(path.join(data, 'uploads', '2026-01'), { recursive: true })
  fs.writeFileSync(path.join(data, 'uploads', '2026-01', 'a.png'), 'png bytes', { mode: 0o644 })
  archive = path.join(temp('restore-archive'), 'b.tar.gz')
  await backupDataDir(data, archive)
})
afterAll(() => {
  process.umask(savedUmask)
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

const mode = (p: string) => fs.statSync(p).mode & 0o777
const listing = (dir: string) =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).sort() : null

/** An archive of our format holding `database` as forgeline.db. */
function archiveWith(database: Buffer): string {
  const manifest = Buffer.from('{"format":1,"createdAt":"x","database":"forgeline.db","files":[]}')
  const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)])
  const file = path.join(temp('restore-bad'), 'bad.tar.gz')
  fs.writeFileSync(
    file,
    gzipSync(
      Buffer.concat([
        tarHeader('forgeline-backup.json', manifest.length, 0o600, new Date()),
        pad(manifest),
        tarHeader('forgeline.db', database.length, 0o644, new Date()),
        pad(database),
        Buffer.alloc(1024),
      ]),
    ),
  )
  return file
}

describe('restore', () => {
  it('writes the folder 0700 and every file 0600 whatever the umask and the archive say', async () => {
    const target = path.join(temp('restore-modes'), 'data')
    await restoreDataDir(archive, target)
    expect(mode(target)).toBe(0o700)
    expect(mode(path.join(target, 'forgeline.db'))).toBe(0o600)
    expect(mode(path.join(target, 'uploads', '2026-01', 'a.png'))).toBe(0o600)
    expect(mode(path.join(target, 'uploads'))).toBe(0o700)
  })

  it('refuses a folder holding exactly one file, and leaves that file alone', async () => {
    const target = temp('restore-one-file')
    fs.writeFileSync(path.join(target, 'notes.txt'), 'keep me')
    await expect(restoreDataDir(archive, target)).rejects.toThrow(/is not empty/)
    expect(listing(target)).toEqual(['notes.txt'])
    expect(fs.readFileSync(path.join(target, 'notes.txt'), 'utf8')).toBe('keep me')
  })

  it('with --force removes the old -wal and -shm beside the restored database', async () => {
    const target = temp('restore-force')
    fs.writeFileSync(path.join(target, 'forgeline.db'), 'old database')
    fs.writeFileSync(path.join(target, 'forgeline.db-wal'), 'old write-ahead log')
    fs.writeFileSync(path.join(target, 'forgeline.db-shm'), 'old shared memory')
    await restoreDataDir(archive, target, { force: true })
    expect(fs.existsSync(path.join(target, 'forgeline.db-wal'))).toBe(false)
    expect(fs.existsSync(path.join(target, 'forgeline.db-shm'))).toBe(false)
    const db = new SQLite(path.join(target, 'forgeline.db'), { readonly: true })
    expect(db.prepare('SELECT v FROM t').pluck().get()).toBe('restored row')
    db.close()
  })

  it('refuses a database that is not SQLite with a clear message, creating nothing', async () => {
    const target = path.join(temp('restore-not-sqlite'), 'data')
    const bad = archiveWith(Buffer.from('this is not a database at all'.repeat(40)))
    await expect(restoreDataDir(bad, target)).rejects.toThrow(
      /is not an SQLite database.*Nothing was changed/,
    )
    expect(fs.existsSync(target)).toBe(false)
  })

  it('refuses a damaged database (quick_check) and leaves a --force target as it was', async () => {
    const source = path.join(temp('restore-damaged'), 'x.db')
    const db = new SQLite(source)
    db.exec('CREATE TABLE big (v TEXT)')
    const insert = db.prepare('INSERT INTO big VALUES (?)')
    db.transaction(() => {
      for (let i = 0; i < 400; i++) insert.run(`row ${i} ${'x'.repeat(200)}`)
    })()
    db.close()
    const bytes = fs.readFileSync(source)
    // page 3 onwards overwritten: the header still says SQLite, the b-tree pages are garbage
    bytes.fill(0x5a, 4096 * 2, 4096 * 6)
    const target = temp('restore-damaged-target')
    fs.writeFileSync(path.join(target, 'forgeline.db'), 'the database in use')
    const before = listing(target)
    await expect(restoreDataDir(archiveWith(bytes), target, { force: true })).rejects.toThrow(
      /Nothing was changed/,
    )
    expect(listing(target)).toEqual(before)
    expect(fs.readFileSync(path.join(target, 'forgeline.db'), 'utf8')).toBe('the database in use')
  })
})
