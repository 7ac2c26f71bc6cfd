import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PhotoUpload } from '#client/components/upload/photo-upload'
import { apiBase } from '#client/lib/http'
import { activateLocale } from '#client/lib/i18n'
import { renderInProviders } from './render-in-router.tsx'
import { serveDuringTests } from './serve-during-tests.ts'

let answer: () => Response = () => HttpResponse.json({ code: 200, msg: 'ok', data: null })
const server = setupServer(
  http.get(`${apiBase}/Upload/Settings`, () =>
    HttpResponse.json({ code: 200, msg: 'ok', data: { types: ['jpg', 'png'] } }),
  ),
  http.post(`${apiBase}/Upload`, () => answer()),
)
serveDuringTests(server)
beforeEach(() => activateLocale('en'))

const kept = [{ url: '/uploads/kept.webp', thumb: '/uploads/kept-thumb.webp', name: 'kept.webp' }]
const pick = () =>
  fireEvent.change(screen.getByTestId('photo-input'), {
    target: { files: [new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' })] },
  })

describe('photo upload states (SPEC §4)', () => {
  it('a failed upload says why and ends the uploading state, keeping the pictures it had', async () => {
    answer = () => HttpResponse.json({ code: 500, msg: 'The disk is full', data: null })
    const onChange = vi.fn()
    renderInProviders(<PhotoUpload value={kept} onChange={onChange} label="Pictures" />)
    pick()
    expect(await screen.findByText('500: The disk is full')).toBeTruthy()
    const add = screen.getByRole('button', { name: 'Add pictures' })
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false))
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(add.textContent).toBe('+')
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getAllByTestId('photo-card')).toHaveLength(1)
  })

  it('a successful upload adds the picture and goes back to idle', async () => {
    answer = () =>
      HttpResponse.json({
        code: 200,
        msg: 'ok',
        data: {
          url: '/uploads/new.webp',
          thumb: '/uploads/new-thumb.webp',
          name: 'a.png',
          type: 'image/png',
          size: 3,
          width: 1,
          height: 1,
          variants: [],
        },
      })
    const onChange = vi.fn()
    renderInProviders(<PhotoUpload value={kept} onChange={onChange} label="Pictures" />)
    pick()
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1))
    expect(onChange.mock.calls[0]![0]).toEqual([
      ...kept,
      { url: '/uploads/new.webp', thumb: '/uploads/new-thumb.webp', name: 'a.png' },
    ])
    expect(screen.queryByRole('progressbar')).toBeNull()
  })
})
