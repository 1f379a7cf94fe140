import { describe, expect, it } from 'vitest'

describe('ReactQueryDevtools', () => {
  it('should be able to open and close devtools', async () => {
    expect(1).toBe(1)
  })
})
