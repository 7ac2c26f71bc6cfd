import { readFileSync } from 'node:fs'
import { act, renderHook } from '@testing-library/react'
import type { PointerEvent } from 'react'
import { describe, expect, it } from 'vitest'
import { dialogZIndex } from '#client/components/feedback/responsive-sheet'
import { useDragOffset } from '#client/components/feedback/use-drag-offset'

/** Presses the pointer on `target` inside the dialog header at (x, y). */
const press = (header: HTMLElement, target: HTMLElement, x: number, y: number) =>
  ({
    button: 0,
    target,
    currentTarget: header,
    clientX: x,
    clientY: y,
    pointerId: 1,
  }) as unknown as PointerEvent<HTMLElement>
const move = (header: HTMLElement, type: string, x: number, y: number) =>
  header.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y }))

describe('dialogs (SPEC §9)', () => {
  it('move with their header while the pointer is down, and stop when it is released', () => {
    const { result } = renderHook(() => useDragOffset())
    const header = document.createElement('header')
    act(() => result.current.onPointerDown(press(header, header, 100, 100)))
    act(() => void move(header, 'pointermove', 160, 130))
    expect(result.current.offset).toEqual({ x: 60, y: 30 })
    act(() => void move(header, 'pointerup', 160, 130))
    act(() => void move(header, 'pointermove', 400, 400))
    expect(result.current.offset).toEqual({ x: 60, y: 30 })
  })

  it('keep their header on screen, and a press on a header button does not drag', () => {
    const { result } = renderHook(() => useDragOffset())
    const header = document.createElement('header')
    const close = header.appendChild(document.createElement('button'))
    act(() => result.current.onPointerDown(press(header, close, 100, 100)))
    act(() => void move(header, 'pointermove', 300, 300))
    expect(result.current.offset).toEqual({ x: 0, y: 0 })
    act(() => result.current.onPointerDown(press(header, header, 0, 0)))
    act(() => void move(header, 'pointermove', 100_000, -100_000))
    expect(result.current.offset).toEqual({
      x: window.innerWidth / 2,
      y: -(window.innerHeight / 2 - 24),
    })
  })

  it('sit at z-index 1978, the confirmations, history sheet and image viewer too', () => {
    expect(dialogZIndex).toBe('1978')
    for (const file of [
      'src/client/features/shell/components/confirm.ts',
      'src/client/components/history/history-sheet.tsx',
      'src/client/features/orders/grid/image-viewer.css',
    ])
      expect(readFileSync(file, 'utf8'), file).toMatch(/z-index['"]?:\s*'?1978/)
  })
})
