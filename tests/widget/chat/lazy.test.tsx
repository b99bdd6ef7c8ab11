import { act, cleanup, render, screen } from '@testing-library/preact'
import { render as draw } from 'preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazy } from '../../../widget/chat/components/lazy'
import { REAL_WORK } from '../../support/timeouts'

function Greeting({ name }: { name: string }) {
  return <p>{`Hello, ${name}`}</p>
}

/** A load the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('lazy components (code fetched when first rendered)', () => {
  it('renders nothing until the code arrives, then the component with its props', async () => {
    const load = deferred<typeof Greeting>()
    const loader = vi.fn(() => load.promise)
    const Lazy = lazy(loader)
    const { container } = render(<Lazy name="Anna" />)
    expect(container.innerHTML).toBe('')
    load.resolve(Greeting)
    expect(await screen.findByText('Hello, Anna')).toBeTruthy()
    expect(loader).toHaveBeenCalledTimes(1)
  })

  it('draws the code a preload brought in after its fallback was drawn', async () => {
    // Outside act(): the effects run a frame after the render, the preloaded code before.
    const Lazy = lazy(
      async () => Greeting,
      () => <p>Waiting</p>,
    )
    const container = document.createElement('div')
    document.body.append(container)
    void Lazy.preload()
    draw(<Lazy name="Anna" />, container)
    expect(container.textContent).toBe('Waiting')
    await vi.waitFor(() => expect(container.textContent).toBe('Hello, Anna'), REAL_WORK)
    draw(null, container)
    container.remove()
  })

  it('loads once for every instance, and renders at once after that', async () => {
    const loader = vi.fn(async () => Greeting)
    const Lazy = lazy(loader)
    render(
      <>
        <Lazy name="one" />
        <Lazy name="two" />
      </>,
    )
    expect(await screen.findByText('Hello, two')).toBeTruthy()
    expect(screen.getByText('Hello, one')).toBeTruthy()
    // A later instance needs no load and no second render.
    const { container } = render(<Lazy name="three" />)
    expect(container.textContent).toBe('Hello, three')
    expect(loader).toHaveBeenCalledTimes(1)
  })

  it('preload() fetches the code before anything renders', async () => {
    const loader = vi.fn(async () => Greeting)
    const Lazy = lazy(loader)
    await Lazy.preload()
    const { container } = render(<Lazy name="Anna" />)
    expect(container.textContent).toBe('Hello, Anna')
  })

  it('tries a failed load again while mounted (a network hiccup hides nothing for good)', async () => {
    vi.useFakeTimers()
    const loader = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting)
    const Lazy = lazy(loader)
    const { container } = render(<Lazy name="Anna" />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(container.innerHTML).toBe('')
    expect(loader).toHaveBeenCalledTimes(1)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000)
    })
    expect(loader).toHaveBeenCalledTimes(2)
    expect(container.innerHTML).toBe('')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000)
    })
    expect(loader).toHaveBeenCalledTimes(3)
    expect(container.textContent).toBe('Hello, Anna')
  })

  it('a failed preload() rejects and the next render tries again', async () => {
    const loader = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Greeting)
    const Lazy = lazy(loader)
    await expect(Lazy.preload()).rejects.toThrow('offline')
    render(<Lazy name="Anna" />)
    expect(await screen.findByText('Hello, Anna')).toBeTruthy()
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('stops trying once unmounted', async () => {
    vi.useFakeTimers()
    const loader = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValue(new Error('offline'))
    const Lazy = lazy(loader)
    const { unmount } = render(<Lazy name="Anna" />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
    unmount()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(loader).toHaveBeenCalledTimes(1)
  })
})
