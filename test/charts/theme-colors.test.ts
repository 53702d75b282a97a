// renderer/src/state/theme: a theme colour is read from the computed style once per theme, and
// read anew once the theme changes.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeColor } from '../../renderer/src/state/theme.js';

describe('theme colours', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads each colour once a theme, and the new theme’s after a change', () => {
    const root = { dataset: { theme: 'light' } as Record<string, string> };
    const palettes: Record<string, Record<string, string>> = {
      light: { '--border': ' #e4e7ec ' },
      dark: { '--border': '#30363d' },
    };
    const reads: string[] = [];
    vi.stubGlobal('document', { documentElement: root });
    vi.stubGlobal('getComputedStyle', () => ({
      getPropertyValue: (name: string) => {
        reads.push(`${root.dataset['theme']}${name}`);
        return palettes[root.dataset['theme']!]![name] ?? '';
      },
    }));
    expect(themeColor('--border')).toBe('#e4e7ec');
    expect(themeColor('--border')).toBe('#e4e7ec');
    expect(reads).toEqual(['light--border']);
    root.dataset['theme'] = 'dark';
    expect(themeColor('--border')).toBe('#30363d');
    root.dataset['theme'] = 'light';
    expect(themeColor('--border')).toBe('#e4e7ec');
    expect(reads).toEqual(['light--border', 'dark--border']);
    // A property the theme lacks falls back to a neutral grey, also read once.
    expect(themeColor('--missing')).toBe('#888');
    expect(themeColor('--missing')).toBe('#888');
    expect(reads).toHaveLength(3);
  });
});
