import type { Browser as Chromium, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequest, surveyBody } from '../api/support/requests';
import { buildBrowser, createRoom, type Browser } from '../api/support/rooms';
import type { TestServer } from '../api/support/server';
import { launchBrowser, logIn, screenshot } from './support/browser';
import { startAppServer } from './support/server';

// The admin layout in Chromium: the sidebar reaches the bottom of long pages, and at 375 px nothing
// floats over the rows' action icons or pushes them out of view.
let server: TestServer;
let owner: Browser;
let chromium: Chromium;
let page: Page;

beforeAll(async () => {
  server = await startAppServer();
  owner = await buildBrowser(server);
  await createRoom(owner, 'Customer overlap study with a long name');
  for (let i = 0; i < 6; i++) {
    await createRequest(owner, surveyBody(owner.keyId, { title: `Draft survey ${i + 1}`, status: 0 }));
  }
  chromium = await launchBrowser();
  page = await (await chromium.newContext({ viewport: { width: 1440, height: 700 } })).newPage();
  await logIn(page, server.url, owner);
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the admin layout', () => {
  it('draws the sidebar down to the bottom of a long page, and keeps its links in view while scrolling', async () => {
    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole('heading', { name: 'Available Keys' }).waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    // both read in one frame: parts of the page that load late change its height between two reads
    await sidebar.waitFor();
    const { pageHeight, sidebarHeight } = await page.evaluate<{ pageHeight: number; sidebarHeight: number }>(`({
      pageHeight: document.documentElement.scrollHeight,
      sidebarHeight: document.querySelector('aside[aria-label="Sidebar"]').getBoundingClientRect().height,
    })`);
    expect(pageHeight).toBeGreaterThan(1000);
    expect(sidebarHeight).toBeGreaterThanOrEqual(pageHeight - 1);
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    const dashboard = sidebar.getByRole('link', { name: 'Dashboard' });
    const link = await dashboard.boundingBox();
    expect(link!.y).toBeGreaterThanOrEqual(0);
    expect(link!.y + link!.height).toBeLessThanOrEqual(700);
    await screenshot(page, 'layout-sidebar-long-page-1440');
  });

  it('at 375 px keeps the appearance button off the rows, in the footer', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/admin/request/survey/list`);
    const table = page.getByRole('table').first();
    await table
      .getByRole('cell', { name: /^Draft survey/ })
      .first()
      .waitFor();
    const appearance = page.getByRole('button', { name: 'Appearance settings' });
    expect(await page.getByRole('contentinfo').getByRole('button', { name: 'Appearance settings' }).count()).toBe(1);
    // scroll every row's action icons past the bottom of the screen: none is covered
    const actions = table.getByRole('row').locator('button, a[href]');
    const count = await actions.count();
    expect(count).toBeGreaterThan(6);
    for (let i = 0; i < count; i++) {
      await actions.nth(i).scrollIntoViewIfNeeded();
      expect(overlaps(await box(actions.nth(i)), await box(appearance))).toBe(false);
    }
    await screenshot(page, 'layout-survey-list-375');
  });

  it("at 375 px shows the rooms table's delete icon inside the card", async () => {
    await page.goto(`${server.url}/admin/vcr`);
    const table = page.getByRole('table', { name: 'Available Rooms' });
    const remove = table.getByRole('button', { name: /^Delete room / });
    await remove.waitFor();
    const container = await box(table.locator('xpath=..'));
    const icon = await box(remove);
    expect(icon.x).toBeGreaterThanOrEqual(container.x);
    expect(icon.x + icon.width).toBeLessThanOrEqual(container.x + container.width);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // the room type still shows, under the name
    expect(await table.getByText('Owner', { exact: false }).first().isVisible()).toBe(true);
    await screenshot(page, 'layout-rooms-375');
  });
});
