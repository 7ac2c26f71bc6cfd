import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const repo = path.resolve(import.meta.dirname, '../..')

/** README.md and every docs/*.md there is now (other sessions add more: each is read when the test runs). */
const pages = () => [
  'README.md',
  ...fs
    .readdirSync(path.join(repo, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f)),
]

/** Markdown without code (fenced blocks, inline spans): a link-like text there is not a link. */
const withoutCode = (text: string) =>
  text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to `-`, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const m of text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = m[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(slug) ?? 0
    seen.set(slug, n + 1)
    anchors.add(n ? `${slug}-${n}` : slug)
  }
  for (const m of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1]!)
  return anchors
}

/** Every relative link of `page` that leads nowhere: a missing file, or a missing heading in a .md file. */
function brokenLinks(root: string, page: string): string[] {
  const text = fs.readFileSync(path.join(root, page), 'utf8')
  const broken: string[] = []
  const targets = [
    ...[...withoutCode(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
      (m) => m[1]!,
    ),
    ...[...withoutCode(text).matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]!),
  ]
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue
    const [file = '', anchor] = target.split('#')
    const resolved = file
      ? path.resolve(path.dirname(path.join(root, page)), decodeURIComponent(file))
      : path.join(root, page)
    if (!fs.existsSync(resolved)) {
      broken.push(`${page}: ${target} (no such file)`)
      continue
    }
    if (
      anchor &&
      resolved.endsWith('.md') &&
      !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())
    ) {
      broken.push(`${page}: ${target} (no such heading)`)
    }
  }
  return broken
}

describe('relative links in README.md and docs/*.md', () => {
  it('lead to an existing file and, in a markdown file, an existing heading', () => {
    expect(pages().flatMap((page) => brokenLinks(repo, page))).toEqual([])
  })

  it('a link to a missing file or heading is reported (and code is not a link)', () => {
    const root = fs.mkdtempSync(path.join(repo, '.tmp-links-'))
    try {
      fs.mkdirSync(path.join(root, 'docs'))
      fs.writeFileSync(
        path.join(root, 'README.md'),
        '# Forgeline\n\n## Run it (two commands)\n\nSee [docs](docs/guide.md#for-editors).\n',
      )
      fs.writeFileSync(
        path.join(root, 'docs/guide.md'),
        [
          '# Guide',
          '## For editors',
          '[back](../README.md#run-it-two-commands) [top](#guide) [gone](./missing.md) [bad anchor](../README.md#set-up)',
          '`[not a link](nowhere.md)`',
          '```',
          '[not a link either](nowhere.md)',
          '```',
        ].join('\n'),
      )
      expect(brokenLinks(root, 'README.md')).toEqual([])
      expect(brokenLinks(root, 'docs/guide.md')).toEqual([
        'docs/guide.md: ./missing.md (no such file)',
        'docs/guide.md: ../README.md#set-up (no such heading)',
      ])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
