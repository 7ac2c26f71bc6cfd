import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { myProfileBody } from '#shared/contract/auth'
import {
  imageUrl,
  intIn,
  isContentErrorCode,
  isUploadedImage,
  link,
  optImageUrl,
  optText,
  text,
} from '#shared/contract/content-fields'
import { envelope, looseBoolean, page } from '#shared/contract/envelope'
import { menuInsert, menuShapeError, menuUpdate } from '#shared/contract/system-menu'
import { roleInsert } from '#shared/contract/system-roles'
import { userInsert, userUpdate } from '#shared/contract/system-users'
import { isSystemErrorCode } from '#shared/contract/system-fields'
import { acceptOf } from '#shared/contract/uploads'
import { menuItem } from '#shared/contract/menu'

type Parsed = { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }
const issue = (r: Parsed) => (r.success ? undefined : r.error?.issues[0]?.message)

describe('my profile (SPEC §3)', () => {
  const base = { RealName: '李雷' }
  const code = (extra: Record<string, unknown>) =>
    issue(myProfileBody.safeParse({ ...base, ...extra }))
  it('fills what is left out with ""', () => {
    expect(myProfileBody.parse(base)).toEqual({
      RealName: '李雷',
      NickName: '',
      Mobile: '',
      Email: '',
      Avatar: '',
      SmsCode: '',
    })
  })
  it('checks a mobile, e-mail, code and avatar only when given', () => {
    // sent empty (the form sends every field): nothing to check
    expect(code({ NickName: '', Mobile: '', Email: '', Avatar: '', SmsCode: '' })).toBeUndefined()
    expect(code({ Mobile: ' 13800000001 ' })).toBeUndefined()
    expect(code({ Mobile: '1380000000' })).toBe('phone')
    expect(code({ Email: 'a@b.example' })).toBeUndefined()
    expect(code({ Email: 'a@b' })).toBe('email')
    expect(code({ SmsCode: '1234' })).toBeUndefined()
    expect(code({ SmsCode: '12345678' })).toBeUndefined()
    expect(code({ SmsCode: '123' })).toBe('smsCode')
    expect(code({ SmsCode: '123456789' })).toBe('smsCode')
    expect(code({ SmsCode: 'a1234' })).toBe('smsCode')
    expect(code({ SmsCode: '1234a' })).toBe('smsCode')
  })
  it('an avatar is an uploaded picture under /uploads/', () => {
    for (const Avatar of [
      '/uploads/2026-01/a.jpg',
      '/uploads/a_b-c.jpeg',
      '/uploads/x.png',
      '/uploads/x.gif',
      '/uploads/x.webp',
    ])
      expect(code({ Avatar }), Avatar).toBeUndefined()
    for (const Avatar of [
      '/uploads/x.svg',
      '/uploads/x.jpgx',
      'x/uploads/x.jpg',
      '/uploads/.jpg',
      '/uploads//x.jpg',
      '/uploads/a b.jpg',
      '/uploads/a.b.jpg',
      'https://x.example/uploads/x.jpg',
    ])
      expect(code({ Avatar }), Avatar).toBe('avatar')
  })
})

describe('content fields', () => {
  it('text and optText trim and count characters', () => {
    expect(text(2).parse(' ab ')).toBe('ab')
    expect(issue(text(2).safeParse(' '))).toBe('required')
    expect(issue(text(2).safeParse(undefined))).toBe('required')
    expect(issue(text(2).safeParse('abc'))).toBe('tooLong')
    expect(optText(2).parse(' ')).toBe('')
    expect(issue(optText(2).safeParse('abc'))).toBe('tooLong')
    expect(issue(optText(2).safeParse(5))).toBe('required')
  })
  it('intIn: a whole number from min to max', () => {
    expect(intIn(1, 3).parse(1)).toBe(1)
    expect(intIn(1, 3).parse(3)).toBe(3)
    expect(issue(intIn(1, 3).safeParse(0))).toBe('integerRange')
    expect(issue(intIn(1, 3).safeParse(4))).toBe('integerRange')
    expect(issue(intIn(1, 3).safeParse(1.5))).toBe('integer')
    expect(issue(intIn(1, 3).safeParse('1'))).toBe('integer')
  })
  it('an image is a file uploaded here', () => {
    for (const v of [
      '/uploads/2026-01/a.jpg',
      '/uploads/a.b.png',
      '/uploads/x.jpeg',
      '/uploads/x.webp',
    ])
      expect(isUploadedImage(v), v).toBe(true)
    for (const v of [
      '/uploads/../x.png',
      '/uploads/x.PNG',
      '/uploads/x.svg',
      'http://x/uploads/x.png',
      '/uploads/x.png?',
    ])
      expect(isUploadedImage(v), v).toBe(false)
    expect(imageUrl.parse(' /uploads/x.gif ')).toBe('/uploads/x.gif')
    expect(issue(imageUrl.safeParse(''))).toBe('imageRequired')
    expect(issue(imageUrl.safeParse('/x.gif'))).toBe('imageUrl')
    expect(optImageUrl.parse(' ')).toBe('')
    expect(optImageUrl.parse('/uploads/x.gif')).toBe('/uploads/x.gif')
    expect(issue(optImageUrl.safeParse('/x.gif'))).toBe('imageUrl')
  })
  it('a link is a site path or an http(s) URL', () => {
    for (const v of ['', '/products?sort=1', 'https://x.example/a', 'http://x.example', ' /a '])
      expect(issue(link.safeParse(v)), v).toBeUndefined()
    for (const v of [
      '//evil.example/x',
      '/a b',
      '/a\\b',
      'javascript:alert(1)',
      'ftp://x.example',
      'x.example/a',
    ])
      expect(issue(link.safeParse(v)), v).toBe('link')
    expect(issue(link.safeParse(`/${'a'.repeat(500)}`))).toBe('tooLong')
  })
  it('knows its own codes only', () => {
    expect(isContentErrorCode('link')).toBe(true)
    expect(isContentErrorCode('integerRange')).toBe(true)
    expect(isContentErrorCode('tooLong')).toBe(false)
    expect(isSystemErrorCode('ownAccount')).toBe(true)
    expect(isSystemErrorCode('roleCode')).toBe(true)
    expect(isSystemErrorCode('link')).toBe(false)
  })
})

describe('envelope (SPEC §7)', () => {
  it('wraps data in {code, msg, data}; a page in {result, total}', () => {
    const e = envelope(page(z.number()))
    expect(e.safeParse({ code: 200, msg: 'ok', data: { result: [1], total: 1 } }).success).toBe(
      true,
    )
    expect(e.safeParse({ code: 200, msg: 'ok', data: { result: ['1'], total: 1 } }).success).toBe(
      false,
    )
    expect(e.safeParse({ code: 200, msg: 'ok', data: { result: [], total: -1 } }).success).toBe(
      false,
    )
    expect(e.safeParse({ code: 1.5, msg: 'ok', data: { result: [], total: 0 } }).success).toBe(
      false,
    )
  })
  it('a loose boolean reads true/1 and false/0, as text or number', () => {
    for (const v of [true, 'true', '1', 1]) expect(looseBoolean.parse(v), String(v)).toBe(true)
    for (const v of [false, 'false', '0', 0]) expect(looseBoolean.parse(v), String(v)).toBe(false)
    expect(looseBoolean.safeParse('yes').success).toBe(false)
  })
})

describe('menus (SPEC §3)', () => {
  it('a group has a path of its own; a page is the screen of its component', () => {
    expect(menuShapeError({ Path: '/supplier', Component: 'Layout' })).toBeUndefined()
    expect(menuShapeError({ Path: '/', Component: 'Layout' })).toBeUndefined()
    expect(menuShapeError({ Path: '/my_group-2', Component: 'Layout' })).toBeUndefined()
    expect(menuShapeError({ Path: '/order/order', Component: 'Layout' })).toBe('menuPath')
    expect(menuShapeError({ Path: '/a/b', Component: 'Layout' })).toBe('menuPath')
    expect(menuShapeError({ Path: 'a', Component: 'Layout' })).toBe('menuPath')
    expect(menuShapeError({ Path: '/a b', Component: 'Layout' })).toBe('menuPath')
    expect(menuShapeError({ Path: '/order/order', Component: 'order/order' })).toBeUndefined()
    expect(menuShapeError({ Path: '/ship/ship', Component: 'order/order' })).toBe('menuPath')
    expect(menuShapeError({ Path: 'order/order', Component: 'order/order' })).toBe('menuPath')
    expect(menuShapeError({ Component: 'order/order' })).toBeUndefined()
    expect(menuShapeError({ Path: '/x' })).toBeUndefined()
  })

  const entry = {
    ParentId: null,
    Path: '/order/order',
    Name: 'OrderList',
    Component: 'order/order',
    Hidden: false,
    AlwaysShow: false,
    MenuHidden: false,
    Open: false,
    Meta: { title: 'Orders' },
  }
  it('an entry names a known component and screens; its path agrees with it', () => {
    const r = menuInsert.safeParse(entry)
    expect(r.success && r.data.Redirect).toBe('')
    expect(issue(menuInsert.safeParse({ ...entry, Component: 'nope' }))).toBe('menuComponent')
    expect(issue(menuInsert.safeParse({ ...entry, Redirect: '/ship/ship' }))).toBeUndefined()
    expect(issue(menuInsert.safeParse({ ...entry, Redirect: '/nope' }))).toBe('menuRedirect')
    expect(
      issue(menuInsert.safeParse({ ...entry, Meta: { title: 'x', activeMenu: '/nope' } })),
    ).toBe('menuPath')
    expect(
      issue(menuInsert.safeParse({ ...entry, Meta: { title: 'x', activeMenu: '' } })),
    ).toBeUndefined()
    const wrong = menuInsert.safeParse({ ...entry, Path: '/ship/ship' })
    expect(wrong.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['Path'], message: 'menuPath' }),
    ])
    expect(menuUpdate.safeParse({ Id: 1, Path: '/ship/ship' }).success).toBe(true)
  })

  it('a menu item holds menu items', () => {
    const item = {
      path: '/a',
      name: 'A',
      component: 'Layout',
      hidden: false,
      alwaysShow: false,
      menuHidden: false,
      meta: { title: 'A' },
    }
    expect(menuItem.safeParse({ ...item, children: [item] }).success).toBe(true)
    expect(menuItem.safeParse({ ...item, children: [{ path: '/b' }] }).success).toBe(false)
  })
})

describe('roles and users (SPEC §3, §6)', () => {
  const role = { Code: 'clerk', Name: '文员', NameEn: 'Clerk', Abilities: [], MenuIds: [] }
  it('a role holds grid permission strings only', () => {
    expect(
      roleInsert.safeParse({ ...role, Permissions: [' button-add-show-false '] }).success,
    ).toBe(true)
    expect(issue(roleInsert.safeParse({ ...role, Permissions: ['button-add'] }))).toBe(
      'gridPermission',
    )
  })
  it("an account's mobile and e-mail are checked when given", () => {
    const user = { LoginName: 'clerk1', Role: 'clerk', Password: '12345678' }
    expect(userInsert.parse(user)).toMatchObject({
      RealName: '',
      Mobile: '',
      Email: '',
      DepartmentId: null,
    })
    expect(issue(userUpdate.safeParse({ Id: 1, Mobile: '' }))).toBeUndefined()
    expect(issue(userUpdate.safeParse({ Id: 1, Email: 'ab@cd.example' }))).toBeUndefined()
    expect(issue(userInsert.safeParse({ ...user, Mobile: ' 13800000001 ' }))).toBeUndefined()
    for (const Mobile of ['1380000000', '138000000012', '23800000001', 'a13800000001'])
      expect(issue(userUpdate.safeParse({ Id: 1, Mobile })), Mobile).toBe('phone')
    expect(issue(userUpdate.safeParse({ Id: 1, Email: 'a@b.example' }))).toBeUndefined()
    expect(issue(userUpdate.safeParse({ Id: 1, Email: '' }))).toBeUndefined()
    for (const Email of [
      'a@b',
      'a b@c.example',
      '@b.example',
      'a@.example',
      'a@b.',
      'a@@b.example',
      'a@b.example x',
    ])
      expect(issue(userUpdate.safeParse({ Id: 1, Email })), Email).toBe('email')
  })
})

describe('upload pickers', () => {
  it('accept the extensions and their MIME types, each once', () => {
    expect(acceptOf(['jpg', 'jpeg', 'pdf'])).toBe('.jpg,.jpeg,.pdf,image/jpeg,application/pdf')
    expect(acceptOf(['xls', 'xlsx', 'png', 'gif', 'webp'])).toBe(
      '.xls,.xlsx,.png,.gif,.webp,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,image/png,image/gif,image/webp',
    )
    expect(acceptOf(['jpg'])).toBe('.jpg,image/jpeg')
    expect(acceptOf(['jpeg'])).toBe('.jpeg,image/jpeg')
    expect(acceptOf(['dwg'])).toBe('.dwg')
    expect(acceptOf([])).toBe('')
  })
})
