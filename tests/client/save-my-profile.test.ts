import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { postSaveMyProfile } from '#client/features/auth/api/post-save-my-profile'
import { ApiError } from '#client/lib/http'

const api = 'http://localhost:3000/api'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('SaveMyProfile call', () => {
  it('sends one updateRecords entry through PostCommon', async () => {
    let sent: unknown
    server.use(
      mswHttp.post(`${api}/PostData/PostCommon`, async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({
          code: 200,
          msg: 'ok',
          data: { inserted: 0, updated: 1, removed: 0 },
        })
      }),
    )
    await postSaveMyProfile({ RealName: '周建国' })
    expect(sent).toEqual({
      postUrl: 'SaveMyProfile',
      postData: { updateRecords: [{ RealName: '周建国' }] },
    })
  })

  it("names the server's field errors by the form's field names", async () => {
    server.use(
      mswHttp.post(`${api}/PostData/PostCommon`, () =>
        HttpResponse.json(
          {
            code: 400,
            msg: 'bad',
            data: null,
            errors: { 'postData.updateRecords.0.Mobile': 'Please enter a correct phone number' },
          },
          { status: 400 },
        ),
      ),
    )
    const e = await postSaveMyProfile({ RealName: 'x', Mobile: '1' }).catch((err: unknown) => err)
    expect(e).toBeInstanceOf(ApiError)
    expect((e as ApiError).fieldErrors).toEqual({ Mobile: 'Please enter a correct phone number' })
  })
})
