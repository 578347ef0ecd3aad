import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPortalStore, rootReducer } from './index';

// A counter slice standing in for an RTK Query api: its bookkeeping actions carry Redux Toolkit's
// auto-batch flag ('RTK_autoBatch'), as a query's pending / fulfilled actions do.
rootReducer.inject({
  reducerPath: 'counterForNotifications',
  reducer: (state: number = 0, action: { type: string }) => (action.type === 'count' ? state + 1 : state),
});
const batched = { type: 'count', meta: { RTK_autoBatch: true } };
const plain = { type: 'count' };
/** A new store and the counter's value each time its subscriber was called. */
function watchedStore() {
  const store = createPortalStore();
  const seen: unknown[] = [];
  store.subscribe(() => seen.push(store.getState().counterForNotifications));
  return { store, seen };
}

describe('portal store notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells subscribers about auto-batched changes once, on the next frame, with the state already current', () => {
    const { store, seen } = watchedStore();
    store.dispatch(batched);
    store.dispatch(batched);
    store.dispatch(batched);
    expect(store.getState().counterForNotifications).toBe(3);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([3]);
  });

  it('notifies at once for any other action, taking the pending batched changes with it', () => {
    const { store, seen } = watchedStore();
    store.dispatch(batched);
    store.dispatch(plain);
    expect(seen).toEqual([2]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([2]);
  });

  it('does not notify for an action that changes nothing', () => {
    const store = createPortalStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'nothing', meta: { RTK_autoBatch: true } });
    store.dispatch({ type: 'nothing' });
    vi.advanceTimersByTime(100);
    expect(listener).not.toHaveBeenCalled();
  });
});
