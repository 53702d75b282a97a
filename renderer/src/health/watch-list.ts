// Which runs of the open store the user watches, so that their events notify: the runs they
// chose (kept per store in this browser's or app's storage, never in the store), and, with the
// setting on (the default), every run that was running when the store was opened.

import type { RunSummary } from '../../../shared/api/contract.js';

type Listener = () => void;

/** The most runs a store's choices keep: the oldest choices go first. */
const MAX_CHOICES = 5000;
const AUTO_KEY = 'munin-view:watch-running';

/** Where choices are kept: localStorage in the page. */
export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem'>;

export class WatchList {
  private readonly listeners = new Set<Listener>();
  private readonly choices: Map<string, boolean>;
  private runningAtOpen: ReadonlySet<string> | null = null;
  private autoValue: boolean;
  private versionValue = 0;

  constructor(
    private readonly root: string,
    private readonly storage: ChoiceStorage,
  ) {
    this.choices = new Map(readChoices(storage.getItem(this.key)));
    this.autoValue = storage.getItem(AUTO_KEY) !== 'false';
  }

  private get key(): string {
    return `munin-view:watch:${this.root}`;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes with every change of what is watched. */
  getVersion = (): number => this.versionValue;

  /** The runs running when the store opened: the first runs the page was given, taken once. */
  opened(runs: Iterable<RunSummary>): void {
    if (this.runningAtOpen !== null) return;
    const running = new Set<string>();
    for (const run of runs) if (run.status === 'running') running.add(run.id);
    this.runningAtOpen = running;
    this.changed();
  }

  /** Watch every run that is running when the store is opened (kept for every store). */
  get watchRunning(): boolean {
    return this.autoValue;
  }

  set watchRunning(on: boolean) {
    this.autoValue = on;
    this.storage.setItem(AUTO_KEY, String(on));
    this.changed();
  }

  isWatched(runId: string): boolean {
    return this.choices.get(runId) ?? (this.autoValue && (this.runningAtOpen?.has(runId) ?? false));
  }

  /** How many of the runs are watched. */
  countWatched(runIds: Iterable<string>): number {
    let count = 0;
    for (const id of runIds) if (this.isWatched(id)) count++;
    return count;
  }

  setWatched(runIds: Iterable<string>, on: boolean): void {
    for (const id of runIds) {
      // The latest choice goes last, so that trimming drops the oldest.
      this.choices.delete(id);
      this.choices.set(id, on);
    }
    while (this.choices.size > MAX_CHOICES) this.choices.delete(this.choices.keys().next().value!);
    try {
      this.storage.setItem(this.key, JSON.stringify([...this.choices]));
    } catch {
      // Storage full or refused: the choice holds for this page, as a choice not kept would.
    }
    this.changed();
  }

  private changed(): void {
    this.versionValue++;
    for (const listener of this.listeners) listener();
  }
}

/** The choices as kept: [runId, watched] pairs; anything else reads as none. */
function readChoices(text: string | null): [string, boolean][] {
  if (text === null) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (pair): pair is [string, boolean] =>
        Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'boolean',
    );
  } catch {
    return [];
  }
}
