import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectFitsScreen } from './dashboard-support';

/**
 * An admin page as every admin spec checks it: axe on the whole page finds nothing serious or
 * critical (the suite's rule, shell included), nothing at all within the page's main part, which
 * is the admin's own (less `exclude`, e.g. a framed store page the shop's own specs check), and on
 * a 390 px phone nothing is wider than the screen.
 */
export async function checkAdminPage(page: Page, where: string, exclude?: string) {
  const whole = await new AxeBuilder({ page }).analyze();
  const serious = whole.violations.filter((v) => ['serious', 'critical'].includes(v.impact!));
  expect(serious, `${where}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
  const main = new AxeBuilder({ page }).include('main');
  const own = await (exclude ? main.exclude(exclude) : main).analyze();
  expect(own.violations, `${where} main: ${JSON.stringify(own.violations, null, 1)}`).toEqual([]);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsScreen(page, where);
  if (size) await page.setViewportSize(size);
}
