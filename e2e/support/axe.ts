import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The serious and critical axe violations of the page as it is now (the specs expect none). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** Starts the app in the given theme (before any page script runs). */
export const useTheme = (page: Page, theme: 'light' | 'dark') =>
  page.addInitScript((t) => localStorage.setItem('campaign-studio.theme', JSON.stringify({ state: { theme: t }, version: 0 })), theme);
