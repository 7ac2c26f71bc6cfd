import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startupSummary } from '#server/startup-summary'

describe('the start-up summary', () => {
  it('names the site, the sign-in page, the generated accounts, the data and the reset command', () => {
    const lines = startupSummary({
      url: 'http://127.0.0.1:8080',
      config: { dataDir: '/srv/forgeline', databaseUrl: undefined, version: '1.2.3' },
      generated: [
        'Forgeline created these accounts with generated passwords (shown only this once):',
        '  admin   pw-1   (set ADMIN_PASSWORD to choose it)',
      ],
      lineLog: true,
    })
    expect(lines[0]).toBe('Forgeline is listening on http://127.0.0.1:8080')
    expect(lines[1]).toBe('  Version:        1.2.3')
    const text = lines.join('\n')
    expect(text).toContain('Staff sign-in:  http://127.0.0.1:8080/login')
    expect(text).toContain('http://127.0.0.1:8080/admin opens the dashboard')
    expect(text).toContain('    admin   pw-1   (set ADMIN_PASSWORD to choose it)')
    expect(text).toContain(`SQLite ${path.join('/srv/forgeline', 'forgeline.db')}`)
    expect(text).toContain('npm run reset-password -- admin')
    expect(text).toContain('one line per request')
  })

  it('names a PostgreSQL database without its password, and JSON logs', () => {
    const text = startupSummary({
      url: 'http://10.0.0.5:8080',
      config: {
        dataDir: '/srv/forgeline',
        databaseUrl: 'postgres://forge:s3cret-pw@db.internal:5433/forgeline',
      },
      generated: [],
      lineLog: false,
    }).join('\n')
    expect(text).toContain('PostgreSQL db.internal:5433/forgeline')
    expect(text).not.toContain('s3cret-pw')
    expect(text).not.toContain('generated passwords')
    expect(text).toContain('Request log: JSON lines, two per request')
  })
})
