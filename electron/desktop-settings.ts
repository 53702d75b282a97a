// What the desktop app remembers between launches: window bounds, recent stores and the health
// thresholds, in a JSON file of the app's user-data folder (never in a store).

import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { HealthThresholds } from '../shared/api/health.js';
import { DEFAULT_HEALTH_THRESHOLDS } from '../shared/api/health.js';
import { dirname, join } from 'node:path';
import { log } from './log.js';
import { isAbsent } from './store/file-errors.js';

export interface WindowBounds {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
  readonly maximized: boolean;
}

export interface DesktopSettings {
  window: WindowBounds;
  recent: string[];
  health: HealthThresholds;
}

const DEFAULTS: DesktopSettings = {
  window: { width: 1360, height: 860, maximized: false },
  recent: [],
  health: DEFAULT_HEALTH_THRESHOLDS,
};

/** Why thresholds are no good, or null when they are. */
export function thresholdsProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'thresholds are two numbers';
  const { stallAfter, stallFactor } = value as Record<string, unknown>;
  if (typeof stallAfter !== 'number' || !(stallAfter > 0 && stallAfter <= 7 * 86400))
    return 'a run stalls after more than 0 seconds and at most a week';
  if (typeof stallFactor !== 'number' || !(stallFactor >= 1 && stallFactor <= 1000))
    return 'the multiple of a run’s usual interval is from 1 to 1,000';
  return null;
}
const MAX_RECENT = 10;

export class SettingsFile {
  private settings: DesktopSettings;

  constructor(private readonly path: string) {
    this.settings = SettingsFile.load(path);
  }

  static inFolder(folder: string): SettingsFile {
    return new SettingsFile(join(folder, 'munin-view-settings.json'));
  }

  private static load(path: string): DesktopSettings {
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<DesktopSettings>;
      const window = parsed.window;
      const validWindow =
        window !== undefined && Number.isFinite(window.width) && Number.isFinite(window.height)
          ? window
          : DEFAULTS.window;
      const recent = Array.isArray(parsed.recent)
        ? parsed.recent.filter((r) => typeof r === 'string')
        : [];
      const health = thresholdsProblem(parsed.health) === null ? parsed.health! : DEFAULTS.health;
      return { window: validWindow, recent, health };
    } catch (error) {
      // No file yet: the first launch. Else a file that cannot be read or parsed is replaced.
      if (!isAbsent(error))
        log.warn(
          `${path} cannot be read; the window, recent stores and thresholds start afresh`,
          error,
        );
      return structuredClone(DEFAULTS);
    }
  }

  get window(): WindowBounds {
    return this.settings.window;
  }

  get recent(): readonly string[] {
    return this.settings.recent;
  }

  get health(): HealthThresholds {
    return this.settings.health;
  }

  rememberHealth(thresholds: HealthThresholds): void {
    this.settings.health = {
      stallAfter: thresholds.stallAfter,
      stallFactor: thresholds.stallFactor,
    };
    this.save();
  }

  rememberWindow(bounds: WindowBounds): void {
    this.settings.window = bounds;
    this.save();
  }

  rememberStore(root: string): void {
    this.settings.recent = [root, ...this.settings.recent.filter((r) => r !== root)].slice(
      0,
      MAX_RECENT,
    );
    this.save();
  }

  private save(): void {
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      const temp = `${this.path}.tmp`;
      writeFileSync(temp, JSON.stringify(this.settings, null, 2));
      renameSync(temp, this.path);
    } catch (error) {
      // Settings are a convenience: failing to keep them must not stop the app.
      log.warn(`${this.path} cannot be written; the window and recent stores are not kept`, error);
    }
  }
}
