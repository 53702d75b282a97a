export type Panel =
  | {
      readonly type: 'curve';
      readonly key: string;
    }
  | {
      readonly type: 'tile';
      readonly key: string;
    }
  | {
      readonly type: 'breakdown';
      readonly prefix: string;
      readonly keys: readonly string[];
    };
export interface Section {
  readonly prefix: string;
  readonly panels: readonly Panel[];
}
/** A matcher for the key filter: /…/ is a regular expression, anything else a substring. */
export declare function keyMatcher(filter: string): {
  test(key: string): boolean;
  error: string | null;
};
/**
 * Lays out keys by their greatest sample count over the runs shown. Keys holding no sample (all
 * orphaned, say) get no panel.
 */
export declare function layoutPanels(
  counts: ReadonlyMap<string, number>,
  filter: (key: string) => boolean,
): Section[];
