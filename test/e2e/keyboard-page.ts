// What the keyboard's end-to-end tests read and do on the page: keys pressed as the shortcut table
// names them, the palette's active option and a key chosen in it, the runs table's cursor and
// selection, a board's keys.

import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { WAIT, evaluate, goToRoute } from './support.js';

export const PALETTE = '[data-testid="palette"]';
export const SHEET = '[data-testid="shortcut-sheet"]';
export const FILTER = '[data-testid="run-filter"]';
export const TOAST = '[data-testid="toast"]';

/** A stroke as playwright presses it: Mod is Ctrl on Linux; the rest are named alike. */
function playwrightKey(stroke: string): string {
  return stroke.replace(/^Mod\+/, 'Control+');
}

export class KeyboardPage {
  constructor(readonly page: Page) {}

  /** Presses strokes in turn, as the sheet's keycaps name them (data-strokes). */
  async press(strokes: readonly string[]): Promise<void> {
    for (const stroke of strokes) await this.page.keyboard.press(playwrightKey(stroke));
  }

  /** Puts focus on nothing in particular, as after a click on the page's background. */
  async blur(): Promise<void> {
    await evaluate(this.page, '(document.activeElement && document.activeElement.blur(), null)');
  }

  /** The runs, unfiltered, with focus on nothing. */
  async goToRuns(): Promise<void> {
    await goToRoute(this.page, '#/');
    await this.page.waitForSelector(FILTER, WAIT);
    if ((await this.page.inputValue(FILTER)) !== '') await this.page.fill(FILTER, '');
    await this.page.waitForSelector('[data-testid="runs-table"] [data-run-id]', WAIT);
    await this.blur();
  }

  focusedTestId(): Promise<string | null> {
    return evaluate(this.page, "document.activeElement?.getAttribute('data-testid') ?? null");
  }

  /** The option the palette's input points at with aria-activedescendant. */
  activeOption(): Promise<{ label: string; source: string; item: string } | null> {
    return evaluate(
      this.page,
      `(() => {
        const input = document.querySelector('[data-testid="palette-input"]');
        const id = input && input.getAttribute('aria-activedescendant');
        const option = id && document.getElementById(id);
        if (!option || option.getAttribute('aria-selected') !== 'true') return null;
        return {
          label: option.querySelector('.palette-label').textContent,
          source: option.getAttribute('data-source'),
          item: option.getAttribute('data-item'),
        };
      })()`,
    );
  }

  /** Opens the palette with its keys and types a query. */
  async openPalette(query: string): Promise<void> {
    await this.press(['Mod+k']);
    await this.page.waitForSelector(PALETTE, WAIT);
    await expect.poll(() => this.focusedTestId(), WAIT).toBe('palette-input');
    await this.page.keyboard.type(query);
  }

  /** Opens the key the palette puts first for a query, once it is the one labelled `label`. */
  async chooseKey(query: string, label: string): Promise<void> {
    await this.openPalette(query);
    await expect.poll(() => this.activeOption(), WAIT).toMatchObject({ label, source: 'keys' });
    await this.page.keyboard.press('Enter');
  }

  /** The run at the runs table's cursor. */
  cursorId(): Promise<string | null> {
    return evaluate(
      this.page,
      `document.querySelector('[data-testid="runs-table"] .cursor')?.getAttribute('data-run-id') ?? null`,
    );
  }

  selectedIds(): Promise<string[]> {
    return evaluate(
      this.page,
      `[...document.querySelectorAll('[data-testid="runs-table"] [data-run-id].selected')]
        .map((row) => row.getAttribute('data-run-id'))`,
    );
  }

  /** The keys of the panels the board shows, with the key filter's text. */
  async board(): Promise<{ filter: string; panels: string[] }> {
    return {
      filter: await this.page.inputValue('[data-testid="key-filter"]'),
      panels: await evaluate(
        this.page,
        `[...document.querySelectorAll('[data-testid="curve-panel"]')].map((p) => p.getAttribute('data-key'))`,
      ),
    };
  }

  theme(): Promise<string> {
    return evaluate<string>(this.page, 'document.documentElement.dataset.theme');
  }
}
