import { createElement, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, openedPage } from './lazy-page';

const Invoices = () => createElement('h1', null, 'Invoices');
/** A lazy page whose loads are counted; `fail` makes the next load fail. */
function countedPage() {
  const loads = { n: 0, fail: false };
  const page = lazyPage(async () => {
    loads.n++;
    if (loads.fail) throw new Error('chunk failed');
    return { InvoicesPage: Invoices };
  }, 'InvoicesPage');
  return { page, loads };
}
const firstRender = (C: ComponentType) =>
  renderToString(createElement(Suspense, { fallback: 'Loading...' }, createElement(C)));

describe('lazy pages (a remote opened on a lazy page shows it with its first render)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a page not loaded yet suspends on its first render: its loading state comes first', () => {
    const { page } = countedPage();
    expect(firstRender(page)).toContain('Loading...');
  });

  it('a preloaded page renders with the first render, with no loading state, from one load', async () => {
    const { page, loads } = countedPage();
    await page.preload();
    const html = firstRender(page);
    expect(html).toContain('<h1>Invoices</h1>');
    expect(html).not.toContain('Loading...');
    expect(loads.n).toBe(1);
  });

  it('a failed load is asked for again by the next preload', async () => {
    const { page, loads } = countedPage();
    loads.fail = true;
    await expect(page.preload()).rejects.toThrow('chunk failed');
    loads.fail = false;
    await page.preload();
    expect(loads.n).toBe(2);
    expect(firstRender(page)).toContain('<h1>Invoices</h1>');
  });

  it('openedPage loads the lazy pages of the route the visit opened on, nested routes, params and wrappers included, and nothing else', async () => {
    const [list, detail, profile] = [countedPage(), countedPage(), countedPage()];
    const Layout = () => null;
    const routes = createElement(
      Routes,
      null,
      createElement(Route, { path: '/invoices', element: createElement(list.page) }),
      createElement(
        Route,
        { path: '/admin', element: createElement(Layout) },
        createElement(Route, { path: 'invoice/:invoiceId', element: createElement(detail.page) }),
      ),
      createElement(Route, { path: '/profile', element: createElement(Layout, null, createElement(profile.page)) }),
      createElement(Route, { path: '*', element: createElement(Invoices) }),
    );
    vi.stubGlobal('location', { pathname: '/invoices' });
    await openedPage(routes);
    vi.stubGlobal('location', { pathname: '/admin/invoice/42' });
    await openedPage(routes);
    expect([list.loads.n, detail.loads.n, profile.loads.n]).toEqual([1, 1, 0]);
    // a page inside a wrapper of its route's element (a guard)
    vi.stubGlobal('location', { pathname: '/profile' });
    await openedPage(routes);
    expect(profile.loads.n).toBe(1);
    // a page that fails to load still lets the App render (the page's own lazy load shows the failure)
    const failing = countedPage();
    failing.loads.fail = true;
    vi.stubGlobal('location', { pathname: '/broken' });
    await expect(
      openedPage(
        createElement(Routes, null, createElement(Route, { path: '/broken', element: createElement(failing.page) })),
      ),
    ).resolves.toBeUndefined();
    // an eager page (here the catch-all) needs nothing to wait for
    vi.stubGlobal('location', { pathname: '/elsewhere' });
    expect(openedPage(routes)).toBeUndefined();
  });
});
