import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogDedupe, messageId } from '../../scripts/vite-catalog-dedupe.ts'

const po = (entries: [string, string][]) =>
  entries.map(([id, str]) => `msgid "${id}"\nmsgstr "${str}"\n`).join('\n')
const compiled = (m: Record<string, string[]>) =>
  `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(m))})`
const keys = (code: string) =>
  Object.keys(
    JSON.parse(
      JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)![1]!) as string,
    ) as object,
  ).sort()

describe("staff catalog without the site catalog's copies (scripts/vite-catalog-dedupe.ts)", () => {
  it("ids are lingui's", () => {
    // `Scan` in the compiled catalog of the app (lingui extract/compile)
    expect(messageId('Scan')).toBe('I+FvbD')
  })

  it('drops a staff text the site catalog has with the same translation, keeps the others and other files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-po-'))
    fs.mkdirSync(path.join(dir, 'zh'))
    fs.writeFileSync(
      path.join(dir, 'zh/site.po'),
      po([
        ['Close', '关闭'],
        ['Open menu', '打开菜单'],
        ['Name', '名字'],
      ]),
    )
    fs.writeFileSync(
      path.join(dir, 'zh/messages.po'),
      po([
        ['Close', '关闭'],
        ['Name', '姓名'],
        ['Scan', '扫码'],
      ]),
    )
    const code = compiled({
      [messageId('Close')]: ['关闭'],
      [messageId('Name')]: ['姓名'],
      [messageId('Scan')]: ['扫码'],
    })
    const plugin = catalogDedupe(dir) as unknown as {
      transform: (code: string, id: string) => { code: string } | null
    }
    const out = plugin.transform(code, path.join(dir, 'zh/messages.po'))!
    expect(keys(out.code)).toEqual([messageId('Name'), messageId('Scan')].sort())
    expect(plugin.transform(code, path.join(dir, 'zh/site.po'))).toBeNull()
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
