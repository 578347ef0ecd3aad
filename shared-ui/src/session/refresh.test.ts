import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, HttpError, needsRefresh, singleFlight, startRefreshScheduler, withBackoff } from './refresh';

describe('session refresh scheduling (docs/product.md "Sign-in and sessions")', () => {
  it('refreshes only when fewer than 90 s remain', () => {
    const now = 1_000_000_000;
    expect(needsRefresh(now / 1000 + 91, now)).toBe(false);
    expect(needsRefresh(now / 1000 + 90, now)).toBe(false);
    expect(needsRefresh(now / 1000 + 89, now)).toBe(true);
    expect(needsRefresh(now / 1000 - 5, now)).toBe(true);
    expect(needsRefresh(null, now)).toBe(false);
  });

  it('checks every 30 s and refreshes when the token nears expiry', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(0);
      let expiresAt = 15 * 60; // 15 min token
      const refresh = vi.fn(async () => {
        expiresAt = Math.floor(Date.now() / 1000) + 15 * 60;
      });
      const s = startRefreshScheduler({ getExpiresAt: () => expiresAt, refresh });
      expect(refresh).not.toHaveBeenCalled();
      vi.advanceTimersByTime(12 * 60_000); // 3 min left: no refresh yet
      expect(refresh).not.toHaveBeenCalled();
      vi.advanceTimersByTime(60_000); // 2 min left
      expect(refresh).not.toHaveBeenCalled();
      vi.advanceTimersByTime(30_000); // 90 s left: not under
      expect(refresh).not.toHaveBeenCalled();
      vi.advanceTimersByTime(30_000); // 60 s left
      expect(refresh).toHaveBeenCalledTimes(1);
      s.stop();
      vi.advanceTimersByTime(60 * 60_000);
      expect(refresh).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('backs off from 200 ms, doubling, capped', () => {
    expect([0, 1, 2, 3].map(backoffDelay)).toEqual([200, 400, 800, 1600]);
    expect(backoffDelay(20)).toBe(10_000);
  });

  it('retries gateway errors and network errors, not 401', async () => {
    const sleeps: number[] = [];
    const sleep = async (ms: number) => void sleeps.push(ms);
    let calls = 0;
    const r = await withBackoff(
      async () => {
        calls++;
        if (calls === 1) throw new HttpError(503, 'unavailable');
        if (calls === 2) throw new TypeError('Failed to fetch');
        if (calls === 3) throw new HttpError(504, 'timeout');
        return 'ok';
      },
      { sleep },
    );
    expect(r).toBe('ok');
    expect(sleeps).toEqual([200, 400, 800]);
    await expect(withBackoff(async () => Promise.reject(new HttpError(401, 'no')), { sleep })).rejects.toThrow('no');
    expect(sleeps).toHaveLength(3);
  });

  it('gives up after the maximum attempts', async () => {
    const fn = vi.fn(async () => Promise.reject(new HttpError(502, 'bad gateway')));
    await expect(withBackoff(fn, { sleep: async () => {}, maxAttempts: 3 })).rejects.toThrow('bad gateway');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('single-flight shares one refresh between concurrent callers', async () => {
    let resolve!: (v: string) => void;
    const fn = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const refresh = singleFlight(fn);
    const a = refresh();
    const b = refresh();
    resolve('t1');
    expect(await a).toBe('t1');
    expect(await b).toBe('t1');
    expect(fn).toHaveBeenCalledTimes(1);
    const c = refresh();
    resolve('t2');
    expect(await c).toBe('t2');
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
