import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordChangeLimits } from '#server/modules/auth/modify-password'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'

/* ModifyMyPass locks after repeated wrong current passwords; change and revocation are one transaction. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
})
afterAll(() => t.close())

const bearer = (token: string, lang = 'en') => ({ authorization: `Bearer ${token}`, lang })
const change = (token: string, oldPass: string, newPass: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/User/ModifyMyPass',
    payload: { oldPass, newPass },
    headers: bearer(token, lang),
  })
const passwordWorks = async (password: string) =>
  (
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'staff', password },
      })
    ).json() as { code: number }
  ).code === 200

describe('password change', () => {
  it('locks after repeated wrong current passwords, even for the right one, until the window ends', async () => {
    const token = await signIn(t.app, 'staff')
    for (let i = 0; i < passwordChangeLimits.wrongOldPasswords; i++) {
      expect((await change(token, `wrong-old-${i}`, 'new-pass-123')).json()).toMatchObject({
        code: 500,
        msg: 'The current password is incorrect',
      })
    }
    const locked = await change(token, testPasswords.staff, 'new-pass-123')
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toMatchObject({
      msg: 'Too many wrong current passwords; try changing your password again in 15 minutes',
    })
    expect((await change(token, testPasswords.staff, 'new-pass-123', 'zh')).json()).toMatchObject({
      msg: '原密码错误次数过多，请15分钟后再修改密码',
    })
    expect(await passwordWorks('new-pass-123')).toBe(false)
    expect(await passwordWorks(testPasswords.staff)).toBe(true)
    // the window ends (its counter goes): the right current password changes it again
    const me = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'staff')
      .executeTakeFirstOrThrow()
    await t.app.limits.reset(`login:pw:${me.id}`)
    expect((await change(token, testPasswords.staff, 'new-pass-123')).json()).toMatchObject({
      code: 10000,
    })
    expect((await change(token, 'new-pass-123', testPasswords.staff)).json()).toMatchObject({
      code: 10000,
    })
  })

  it('leaves the password unchanged when revoking the other sessions fails', async () => {
    const other = await signIn(t.app, 'staff')
    const mine = await signIn(t.app, 'staff')
    const db = t.db.db
    if (t.db.dialect === 'sqlite') {
      await sql`create trigger fail_revoke before update of revoked_at on sessions begin select raise(abort, 'injected failure'); end`.execute(
        db,
      )
    } else {
      await sql`create function fail_revoke() returns trigger as $$ begin raise exception 'injected failure'; end $$ language plpgsql`.execute(
        db,
      )
      await sql`create trigger fail_revoke before update of revoked_at on sessions for each row execute function fail_revoke()`.execute(
        db,
      )
    }
    try {
      const res = await change(mine, testPasswords.staff, 'new-pass-456')
      expect(res.statusCode).toBe(500)
      expect(res.body).not.toContain('injected')
    } finally {
      await sql`drop trigger fail_revoke ${sql.raw(t.db.dialect === 'sqlite' ? '' : 'on sessions')}`.execute(
        db,
      )
    }
    expect(await passwordWorks('new-pass-456')).toBe(false)
    expect(await passwordWorks(testPasswords.staff)).toBe(true)
    expect((await t.app.inject({ url: '/api/User/Get', headers: bearer(other) })).statusCode).toBe(
      200,
    )
  })
})
